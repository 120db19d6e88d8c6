import { accountEndpoints } from '../../contract/account';
import { ApiError, callEndpoint, endpointCall, sessionCredential } from './http';
import type { ApiRequest, RequestOptions } from './http';
import { fetchQuery } from './fetch-query';

export async function getAccount(options?: Pick<RequestOptions, 'authorization' | 'signal'>) {
  const response = await callEndpoint(accountEndpoints.get, {}, options);
  return response.account;
}

/** The main account and its subaccounts, narrowed by `key` or `key=value` label filters. */
export function accountListCall(labels: readonly string[]): ApiRequest {
  return endpointCall(accountEndpoints.list, { query: { label: labels } });
}

export async function listAccounts(labels: readonly string[], signal?: AbortSignal) {
  const response = await callEndpoint(
    accountEndpoints.list,
    { query: { label: labels } },
    { signal },
  );
  return response.accounts.account;
}

/** A partner's account list as the probe received it (parsed by the partner console), or false. */
export type PartnerProbe = false | { answer: unknown };

/**
 * sessionStorage key of the session that the partner account list refused: under
 * `skydeck.session.`, so that signing out removes it (src/auth/session-store.ts).
 */
const notPartnerKey = 'skydeck.session.not-partner';

/**
 * The session, as a digest of its token (FNV-1a): the refusal is remembered for it alone, and the
 * token is not copied into another key. Null when signed out.
 */
function sessionMark(): string | null {
  const token = sessionCredential();
  if (!token) return null;
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) {
    hash = Math.imul(hash ^ token.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The tab's sessionStorage, where there is one (not on the server that renders pages). */
function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Whether the account is a partner (api-rules §4.9): the partner account list answers it, and
 * refuses any other account (403, or 404 where the service does not offer it). A refusal is
 * remembered in the tab for the session, so that a reload does not ask again (and log the 403
 * again): being a partner does not change while signed in.
 */
export function isPartnerAccount(signal?: AbortSignal): Promise<PartnerProbe> {
  const mark = sessionMark();
  if (mark !== null && tabStorage()?.getItem(notPartnerKey) === mark) return Promise.resolve(false);
  return callEndpoint(accountEndpoints.partnerProbe, {}, { signal }).then(
    (answer) => ({ answer }),
    (error: unknown) => {
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
        if (mark !== null) tabStorage()?.setItem(notPartnerKey, mark);
        return false;
      }
      throw error;
    },
  );
}

export function getResourceUsage(signal?: AbortSignal) {
  return callEndpoint(accountEndpoints.resourceUsage, {}, { signal });
}

export const accountQueries = {
  all: () => ['account'] as const,
  detail: () => fetchQuery([...accountQueries.all(), 'detail'], (signal) => getAccount({ signal })),
  /** Asked once a session: being a partner does not change while signed in. */
  partner: () =>
    fetchQuery([...accountQueries.all(), 'partner'], isPartnerAccount, { staleTime: Infinity }),
  lists: () => [...accountQueries.all(), 'list'] as const,
  list: (labels: readonly string[]) =>
    fetchQuery([...accountQueries.lists(), { labels }], (signal) => listAccounts(labels, signal)),
  resourceUsage: () => fetchQuery([...accountQueries.all(), 'resource-usage'], getResourceUsage),
};
