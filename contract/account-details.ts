import { z } from 'zod/mini';
import { yesNoSchema } from './common';
import { defineEndpoint } from './endpoint';

/*
 * `GET /1.3/account/details/{username}` (api-reference-notes §10.1): the account's contact
 * details, currency and rights, as UpCloud's Go SDK reads them (upcloud/account.go,
 * AccountDetails). Apart from contract/account.ts: only the pages that show money load it.
 */

export const accountDetailsSchema = z.object({
  main_account: z.string(),
  type: z.enum(['main', 'sub']),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  email: z.string(),
  /** `+<country code>.<national part>` */
  phone: z.string(),
  state: z.string(),
  /** ISO 3166-1 alpha-3. */
  country: z.string(),
  currency: z.string(),
  language: z.string(),
  vat_number: z.string(),
  timezone: z.string(),
  allow_api: yesNoSchema,
  allow_gui: yesNoSchema,
  simple_backup: yesNoSchema,
  enable_3rd_party_services: yesNoSchema,
  campaigns: z.object({ campaign: z.array(z.string()) }),
  roles: z.object({ role: z.array(z.string()) }),
  /** `*` grants every server, storage or network. */
  server_access: z.object({
    server: z.array(z.object({ uuid: z.string(), storage: yesNoSchema })),
  }),
  storage_access: z.object({ storage: z.array(z.string()) }),
  network_access: z.object({ network: z.array(z.string()) }),
  tag_access: z.object({ tag: z.array(z.object({ name: z.string(), storage: yesNoSchema })) }),
  ip_filters: z.object({ ip_filter: z.array(z.string()) }),
});

export const accountDetailsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/account/details/:username',
  response: z.object({ account: accountDetailsSchema }),
  errors: [403, 404],
});
