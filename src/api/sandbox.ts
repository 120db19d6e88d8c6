import { demoAccountsPath, demoAccountsSchema } from '../../contract/sandbox';
import { request } from './http';

/** The sandbox's demo sign-ins; in proxy mode (no sandbox) the API error of a 404. */
export async function getDemoAccounts(signal?: AbortSignal) {
  return (await request(demoAccountsPath, demoAccountsSchema, { signal })).accounts;
}
