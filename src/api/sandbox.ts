import { demoAccountsPath, demoAccountsSchema } from '../../contract/sandbox';
import { fetchQuery } from './fetch-query';
import { request } from './http';

/** The sandbox's demo sign-ins; a 404 (proxy mode: no sandbox) is an error, not retried. */
export async function getDemoAccounts(signal?: AbortSignal) {
  return (await request(demoAccountsPath, demoAccountsSchema, { signal })).accounts;
}

export const sandboxQueries = {
  demoAccounts: () =>
    fetchQuery(['sandbox', 'demo-accounts'], getDemoAccounts, {
      retry: false,
      staleTime: Infinity,
    }),
};
