import { z } from 'zod/mini';

/**
 * The sandbox's seeded accounts (demo credentials for local use only, listed in the README), for
 * the sign-in page to offer. Not part of the API: only the sandbox answers it, so in proxy mode
 * the address is not found and the sign-in page offers nothing.
 */
export const demoAccountsPath = '/_sandbox/demo-accounts';

export const demoAccountsSchema = z.object({
  accounts: z.array(
    z.object({ username: z.string(), password: z.string(), description: z.string() }),
  ),
});

export type DemoAccounts = z.infer<typeof demoAccountsSchema>;
