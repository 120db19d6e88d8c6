import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountDetailsEndpoint } from '../../contract/account-details';
import { accountQueries } from './account';
import { callEndpoint } from './http';

export async function getAccountDetails(username: string, signal?: AbortSignal) {
  const response = await callEndpoint(accountDetailsEndpoint, { params: { username } }, { signal });
  return response.account;
}

export const accountDetailsQueries = {
  detail: (username: string) =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'details', username],
      queryFn: ({ signal }) => getAccountDetails(username, signal),
      staleTime: Infinity,
    }),
};

/**
 * The account's currency, undefined until known. The real `GET /1.3/account` does not name it
 * (only the sandbox's does); the account's details do (api-reference-notes §10.1), and are asked
 * only when needed, by the pages that show money.
 */
export function useAccountCurrency(): string | undefined {
  const account = useQuery(accountQueries.detail());
  const named = account.data?.currency;
  const details = useQuery({
    ...accountDetailsQueries.detail(account.data?.username ?? ''),
    enabled: account.isSuccess && named === undefined,
  });
  return named ?? details.data?.currency;
}
