import { z } from 'zod/mini';
import type { Issuer } from '../../../contract/kubernetes-oidc';
import { issuerSchema, issuerSetProblems } from '../../../contract/kubernetes-oidc';
import { fieldForErrorCode } from '../../lib/api-error-fields';

/** The entry as the form edits it; settings the form has no field for are carried over unchanged. */
export const issuerFormSchema = z.object({
  name: z.string(),
  issuer_url: z.string(),
  discovery_url: z.string(),
  audiences: z.string(),
  audience_match_policy: z.enum(['MatchAny', '']),
  username_claim: z.string(),
  username_prefix: z.string(),
  groups_claim: z.string(),
  groups_prefix: z.string(),
  certificate_authority: z.string(),
});
export type IssuerFormValues = z.infer<typeof issuerFormSchema>;
export type IssuerField = keyof IssuerFormValues;

const utf8ToBase64 = (text: string) => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
};
const base64ToUtf8 = (text: string) => {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
  } catch {
    return text;
  }
};

export function issuerFormValues(issuer?: Issuer): IssuerFormValues {
  const username = issuer?.claim_mappings?.username;
  const groups = issuer?.claim_mappings?.groups;
  return {
    name: issuer?.name ?? '',
    issuer_url: issuer?.issuer_url ?? '',
    discovery_url: issuer?.discovery_url ?? '',
    audiences: issuer?.audiences.join(', ') ?? '',
    audience_match_policy: issuer?.audience_match_policy ?? '',
    username_claim: username?.claim ?? (issuer ? '' : 'email'),
    username_prefix: username?.prefix ?? '',
    groups_claim: groups?.claim ?? '',
    groups_prefix: groups?.prefix ?? '',
    certificate_authority: issuer?.certificate_authority
      ? base64ToUtf8(issuer.certificate_authority)
      : '',
  };
}

/** The entry the form describes, keeping what `previous` has beyond the form's fields. */
export function issuerFromForm(values: IssuerFormValues, previous?: Issuer): Issuer {
  const mappings = { ...previous?.claim_mappings };
  if (values.username_claim.trim()) {
    mappings.username = { claim: values.username_claim.trim(), prefix: values.username_prefix };
  } else if (mappings.username?.claim !== undefined) delete mappings.username;
  if (values.groups_claim.trim()) {
    mappings.groups = { claim: values.groups_claim.trim(), prefix: values.groups_prefix };
  } else if (mappings.groups?.claim !== undefined) delete mappings.groups;
  const issuer: Issuer = {
    ...previous,
    name: values.name.trim(),
    issuer_url: values.issuer_url.trim(),
    audiences: values.audiences
      .split(',')
      .map((audience) => audience.trim())
      .filter(Boolean),
  };
  delete issuer.discovery_url;
  delete issuer.audience_match_policy;
  delete issuer.certificate_authority;
  delete issuer.claim_mappings;
  if (values.discovery_url.trim()) issuer.discovery_url = values.discovery_url.trim();
  if (values.audience_match_policy) issuer.audience_match_policy = values.audience_match_policy;
  if (values.certificate_authority.trim()) {
    issuer.certificate_authority = utf8ToBase64(`${values.certificate_authority.trim()}\n`);
  }
  if (Object.keys(mappings).length > 0) issuer.claim_mappings = mappings;
  return issuer;
}

/** The form field a path of {@link issuerSchema} is about. */
function fieldOfPath(path: readonly PropertyKey[]): IssuerField {
  const [first, second, third] = path.map(String);
  if (first === 'claim_mappings' && (second === 'username' || second === 'groups')) {
    return `${second}_${third === 'prefix' ? 'prefix' : 'claim'}`;
  }
  if (first === 'audience_match_policy') return 'audience_match_policy';
  const direct: IssuerField[] = [
    'name',
    'issuer_url',
    'discovery_url',
    'audiences',
    'certificate_authority',
  ];
  return direct.find((field) => field === first) ?? 'name';
}

/**
 * Checks the entry alone and beside the cluster's other entries, as the API will (api-rules §4.3):
 * the problems found, each on the form field it is about.
 */
export function checkIssuer(
  issuer: Issuer,
  others: readonly Issuer[],
): { field: IssuerField; message: string }[] {
  const parsed = issuerSchema.safeParse(issuer);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      field: fieldOfPath(issue.path),
      message: issue.message,
    }));
  }
  const problems = issuerSetProblems([...others, issuer]).filter(
    (problem) => problem.index === others.length,
  );
  return problems.map((problem) => ({
    field: problem.attribute === 'issuer_url' ? 'issuer_url' : 'name',
    message: problem.message,
  }));
}

const fieldsByCode: Record<string, IssuerField> = {
  NAME: 'name',
  RESOURCE_ALREADY_EXISTS: 'name',
  ISSUER_URL: 'issuer_url',
  DISCOVERY_URL: 'discovery_url',
  AUDIENCES: 'audiences',
  AUDIENCE_MATCH_POLICY: 'audience_match_policy',
  CERTIFICATE_AUTHORITY: 'certificate_authority',
};

export const issuerFieldForError = (code: string) => fieldForErrorCode(code, fieldsByCode);
