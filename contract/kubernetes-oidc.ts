import { z } from 'zod/mini';
import { checkWith, problemCheck, type ReportIssue, uniqueBy } from './common';

/**
 * OIDC issuer entries of a cluster (api-reference-notes §9.5, `kubernetesAuthenticationIssuerConfig`) and
 * the rules the API server applies to a JWT authenticator (Kubernetes AuthenticationConfiguration
 * v1), so the sandbox and the panel's forms reject the same things.
 */

const namePattern = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
export const issuerNameSchema = z
  .string()
  .check(
    z.minLength(1, 'Give a name.'),
    z.maxLength(63, 'At most 63 characters.'),
    z.regex(namePattern, 'Lowercase letters, digits and hyphens; start and end with one of those.'),
  );

function httpsUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Not a URL.';
  }
  if (url.protocol !== 'https:') return 'The URL must use https.';
  if (url.username || url.password) return 'The URL may not carry a user name or password.';
  if (url.search || text.includes('?')) return 'The URL may not have a query.';
  if (url.hash || text.includes('#')) return 'The URL may not have a fragment.';
  return undefined;
}

const httpsUrlSchema = z
  .string()
  .check(z.maxLength(2048, 'At most 2048 characters.'), problemCheck(httpsUrlProblem));

const expressionSchema = z
  .string()
  .check(z.minLength(1, 'Give a CEL expression.'), z.maxLength(4096, 'At most 4096 characters.'));

function decodesToCertificates(text: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return false;
  try {
    return atob(text).includes('-----BEGIN CERTIFICATE-----');
  } catch {
    return false;
  }
}

const claimNameSchema = z.string().check(z.minLength(1, 'Give a claim name.'), z.maxLength(256));

/**
 * A claim mapping or validation rule takes one of two forms (api-reference-notes §9.5): a `claim`
 * or an `expression`, never both; `formRule` then checks the fields that go with the form given.
 */
const claimOrExpression = <T extends { claim?: string; expression?: string }>(
  both: string,
  formRule: (value: T, report: ReportIssue) => void,
) =>
  checkWith<T>((value, report) => {
    if (value.claim !== undefined && value.expression !== undefined) {
      report(both, 'expression');
    } else if (value.claim === undefined && value.expression === undefined) {
      report('Give a claim or an expression.', 'claim');
    } else {
      formRule(value, report);
    }
  });

/** `claim` + `prefix`, or `expression` (api-reference-notes §9.5). */
const prefixedMappingSchema = z
  .strictObject({
    claim: z.optional(claimNameSchema),
    prefix: z.optional(z.string().check(z.maxLength(256))),
    expression: z.optional(expressionSchema),
  })
  .check(
    claimOrExpression('Give either claim or expression, not both.', (mapping, report) => {
      if (mapping.claim !== undefined && mapping.prefix === undefined) {
        report('A claim mapping needs a prefix (it may be empty).', 'prefix');
      } else if (mapping.expression !== undefined && mapping.prefix !== undefined) {
        report('An expression mapping takes no prefix; build it into the expression.', 'prefix');
      }
    }),
  );

const uidMappingSchema = z
  .strictObject({
    claim: z.optional(claimNameSchema),
    expression: z.optional(expressionSchema),
  })
  .check(
    checkWith((mapping, report) => {
      if ((mapping.claim === undefined) === (mapping.expression === undefined)) {
        report('Give either a claim or an expression.', 'claim');
      }
    }),
  );

const extraKeyPattern = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+\/\S+$/;
const extraMappingSchema = z.strictObject({
  key: z.string().check(
    z.regex(extraKeyPattern, 'A lowercase domain-prefixed key, such as example.org/tenant.'),
    z.refine((key) => !/(^|\.)(kubernetes\.io|k8s\.io)\//.test(key), {
      message: 'Keys under kubernetes.io or k8s.io are reserved.',
    }),
  ),
  value_expression: expressionSchema,
});

export const claimMappingsSchema = z.strictObject({
  username: z.optional(prefixedMappingSchema),
  groups: z.optional(prefixedMappingSchema),
  uid: z.optional(uidMappingSchema),
  extra: z.optional(
    z
      .array(extraMappingSchema)
      .check(uniqueBy((item) => item.key, 'Each extra key may appear only once.', 'key')),
  ),
});

export const claimValidationRuleSchema = z
  .strictObject({
    claim: z.optional(claimNameSchema),
    required_value: z.optional(z.string().check(z.maxLength(1024))),
    expression: z.optional(expressionSchema),
    message: z.optional(z.string().check(z.maxLength(256))),
  })
  .check(
    claimOrExpression(
      'Give either claim and required_value, or expression and message.',
      (rule, report) => {
        if (rule.claim !== undefined && rule.message !== undefined) {
          report('A claim rule takes required_value, not message.', 'message');
        } else if (rule.expression !== undefined && rule.required_value !== undefined) {
          report('An expression rule takes message, not required_value.', 'required_value');
        }
      },
    ),
  );

export const userValidationRuleSchema = z.strictObject({
  expression: expressionSchema,
  message: z.optional(z.string().check(z.maxLength(256))),
});

export const audienceMatchPolicies = ['MatchAny', ''] as const;

/** One OIDC issuer entry; checks that need only the entry itself are here. */
export const issuerSchema = z
  .strictObject({
    name: issuerNameSchema,
    issuer_url: httpsUrlSchema,
    discovery_url: z.optional(httpsUrlSchema),
    audiences: z
      .array(z.string().check(z.minLength(1, 'An audience may not be empty.'), z.maxLength(256)))
      .check(z.minLength(1, 'Give at least one audience (the OIDC client id).')),
    audience_match_policy: z.optional(z.enum(audienceMatchPolicies)),
    certificate_authority: z.optional(
      z.string().check(
        z.maxLength(65_536, 'At most 64 KiB.'),
        z.refine(decodesToCertificates, {
          message: 'Base64 of a PEM bundle of one or more certificates.',
        }),
      ),
    ),
    claim_mappings: z.optional(claimMappingsSchema),
    claim_validation_rules: z.optional(z.array(claimValidationRuleSchema)),
    user_validation_rules: z.optional(z.array(userValidationRuleSchema)),
  })
  .check(
    checkWith((issuer, report) => {
      if (new Set(issuer.audiences).size !== issuer.audiences.length) {
        report('Each audience may appear only once.', 'audiences');
      }
      if (issuer.audiences.length > 1 && issuer.audience_match_policy !== 'MatchAny') {
        report('Several audiences need audience_match_policy "MatchAny".', 'audience_match_policy');
      }
      if (issuer.discovery_url !== undefined && issuer.discovery_url === issuer.issuer_url) {
        report('The discovery URL must differ from the issuer URL.', 'discovery_url');
      }
    }),
  );
export type Issuer = z.infer<typeof issuerSchema>;
export const issuerListSchema = z.array(issuerSchema);

/** Entries per cluster. */
export const maxIssuers = 64;

export interface SetProblem {
  /** Index of the entry at fault, and the attribute. */
  index: number;
  attribute: 'name' | 'issuer_url' | 'authentication';
  message: string;
}

/**
 * Rules of a whole set (the API server refuses a configuration that breaks them): names and
 * issuer URLs are unique, and the set has at most {@link maxIssuers} entries.
 */
export function issuerSetProblems(issuers: readonly Issuer[]): SetProblem[] {
  const problems: SetProblem[] = [];
  if (issuers.length > maxIssuers) {
    problems.push({
      index: maxIssuers,
      attribute: 'authentication',
      message: `A cluster takes at most ${maxIssuers} OIDC issuers.`,
    });
  }
  const names = new Map<string, number>();
  const urls = new Map<string, number>();
  issuers.forEach((issuer, index) => {
    const sameName = names.get(issuer.name);
    if (sameName !== undefined) {
      problems.push({
        index,
        attribute: 'name',
        message: `The name ${issuer.name} is used by entry ${sameName + 1} too.`,
      });
    } else names.set(issuer.name, index);
    const url = issuer.issuer_url.replace(/\/+$/, '');
    const sameUrl = urls.get(url);
    if (sameUrl !== undefined) {
      problems.push({
        index,
        attribute: 'issuer_url',
        message: `The issuer URL ${issuer.issuer_url} is used by entry ${sameUrl + 1} (${issuers[sameUrl]!.name}) too; each issuer may appear once.`,
      });
    } else urls.set(url, index);
  });
  return problems;
}

/** A name for an imported issuer from its URL host (`accounts.example.com` → `accounts-example-com`). */
export function issuerNameFromUrl(url: string): string {
  let host: string;
  try {
    const parsed = new URL(url);
    host = parsed.port ? `${parsed.hostname}-${parsed.port}` : parsed.hostname;
  } catch {
    host = url;
  }
  const name = host
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 59)
    .replace(/-+$/, '');
  return name || 'issuer';
}

export type ImportResult = { ok: true; issuers: Issuer[] } | { ok: false; message: string };

const fail = (message: string): ImportResult => ({ ok: false, message });
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Field names of AuthenticationConfiguration v1 and the entry attribute each maps to. */
const issuerFields: Record<string, string> = {
  url: 'issuer_url',
  discoveryURL: 'discovery_url',
  certificateAuthority: 'certificate_authority',
  audiences: 'audiences',
  audienceMatchPolicy: 'audience_match_policy',
};
const mappingFields: Record<string, string> = {
  claim: 'claim',
  prefix: 'prefix',
  expression: 'expression',
};
const claimRuleFields: Record<string, string> = {
  claim: 'claim',
  requiredValue: 'required_value',
  expression: 'expression',
  message: 'message',
};
const userRuleFields: Record<string, string> = { expression: 'expression', message: 'message' };
const extraFields: Record<string, string> = { key: 'key', valueExpression: 'value_expression' };

class DroppedField extends Error {}

/** Renames the fields of one object; a field the entry cannot hold would be lost, so it fails. */
function renamed(value: unknown, fields: Record<string, string>, where: string) {
  if (!isRecord(value)) throw new DroppedField(`${where} must be a mapping.`);
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const target = fields[key];
    if (target === undefined) {
      throw new DroppedField(
        `${where}.${key} is not supported by the cluster's OIDC entries; importing would drop it.`,
      );
    }
    if (item !== null && item !== undefined) result[target] = item;
  }
  return result;
}

function renamedList(value: unknown, fields: Record<string, string>, where: string) {
  if (value === null || value === undefined) return undefined;
  if (!Array.isArray(value)) throw new DroppedField(`${where} must be a list.`);
  return value.map((item, index) => renamed(item, fields, `${where}[${index}]`));
}

const utf8Base64 = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * The entries an API-server `AuthenticationConfiguration` (apiserver.config.k8s.io/v1) describes
 * (api-rules §4.3 import rules): each JWT authenticator becomes an entry named after its issuer URL
 * host (`-2`, `-3`… for a host seen before); the top-level `anonymous` field is refused; any field
 * the entries cannot hold is refused, as importing would lose it. The entries still need
 * {@link issuerSchema} and {@link issuerSetProblems}.
 */
export function issuersFromAuthenticationConfiguration(document: unknown): ImportResult {
  if (!isRecord(document)) return fail('The document is not an AuthenticationConfiguration.');
  if (document.kind !== 'AuthenticationConfiguration') {
    return fail('kind must be AuthenticationConfiguration.');
  }
  if (document.apiVersion !== 'apiserver.config.k8s.io/v1') {
    return fail('apiVersion must be apiserver.config.k8s.io/v1.');
  }
  if ('anonymous' in document) {
    return fail(
      'The anonymous field is not supported: anonymous authentication cannot be configured on a managed cluster. Remove it and import again.',
    );
  }
  for (const key of Object.keys(document)) {
    if (!['apiVersion', 'kind', 'jwt'].includes(key)) {
      return fail(`${key} is not supported; importing would drop it.`);
    }
  }
  const jwt = document.jwt ?? [];
  if (!Array.isArray(jwt)) return fail('jwt must be a list.');
  const issuers: Issuer[] = [];
  const taken = new Map<string, number>();
  try {
    jwt.forEach((authenticator: unknown, index) => {
      const where = `jwt[${index}]`;
      const fields = renamed(
        authenticator,
        {
          issuer: 'issuer',
          claimMappings: 'claim_mappings',
          claimValidationRules: 'claim_validation_rules',
          userValidationRules: 'user_validation_rules',
        },
        where,
      );
      const issuer = renamed(fields.issuer, issuerFields, `${where}.issuer`);
      if (typeof issuer.certificate_authority === 'string') {
        issuer.certificate_authority = utf8Base64(issuer.certificate_authority);
      }
      const entry: Record<string, unknown> = { ...issuer };
      if (fields.claim_mappings !== undefined) {
        const mappings = renamed(
          fields.claim_mappings,
          { username: 'username', groups: 'groups', uid: 'uid', extra: 'extra' },
          `${where}.claimMappings`,
        );
        const converted: Record<string, unknown> = {};
        for (const key of ['username', 'groups', 'uid'] as const) {
          if (mappings[key] !== undefined) {
            converted[key] = renamed(mappings[key], mappingFields, `${where}.claimMappings.${key}`);
          }
        }
        const extra = renamedList(mappings.extra, extraFields, `${where}.claimMappings.extra`);
        if (extra) converted.extra = extra;
        entry.claim_mappings = converted;
      }
      const claimRules = renamedList(
        fields.claim_validation_rules,
        claimRuleFields,
        `${where}.claimValidationRules`,
      );
      if (claimRules) entry.claim_validation_rules = claimRules;
      const userRules = renamedList(
        fields.user_validation_rules,
        userRuleFields,
        `${where}.userValidationRules`,
      );
      if (userRules) entry.user_validation_rules = userRules;
      const base = issuerNameFromUrl(String(issuer.issuer_url ?? ''));
      const seen = (taken.get(base) ?? 0) + 1;
      taken.set(base, seen);
      const name = seen === 1 ? base : `${base}-${seen}`;
      const parsed = issuerSchema.safeParse({ name, ...entry });
      if (!parsed.success) {
        const first = parsed.error.issues[0]!;
        throw new DroppedField(
          `${where} (${name}): ${first.path.join('.') || 'entry'}: ${first.message}`,
        );
      }
      issuers.push(parsed.data);
    });
  } catch (error) {
    if (error instanceof DroppedField) return fail(error.message);
    throw error;
  }
  const problems = issuerSetProblems(issuers);
  if (problems.length > 0) return fail(problems[0]!.message);
  return { ok: true, issuers };
}
