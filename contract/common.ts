import { z } from 'zod/mini';

/** The spec's error object (api-rules §2.3); every failure of the API answers with it. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    error_code: z.string(),
    error_message: z.string(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Classic resources encode booleans as "yes"/"no" (api-reference-notes §1.2). */
export const yesNoSchema = z.enum(['yes', 'no']);
export type YesNo = z.infer<typeof yesNoSchema>;

/** UUID type prefixes (api-rules §2.1). */
export const uuidPrefixes = {
  server: '00',
  storage: '01',
  network: '03',
  router: '04',
  zone: '05',
  storageImport: '07',
  networkTransferPool: '08',
  managedDatabase: '09',
  loadBalancer: '0a',
  serverGroup: '0b',
  token: '0c',
  kubernetes: '0d',
  ipAddress: '0e',
  networkPeering: '0f',
  gateway: '10',
  objectStorage: '12',
  fileStorage: '17',
} as const;
export type UuidKind = keyof typeof uuidPrefixes;

/** Lowercase 8-4-4-4-12 hexadecimal UUID (api-rules §2.1.3). */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const uuidSchema = z.string().check(z.regex(uuidPattern));

export const labelSchema = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(32)),
  value: z.string().check(z.maxLength(255)),
});
export type Label = z.infer<typeof labelSchema>;

/** Zone id pattern of api-reference-notes (§1.5). */
export const zoneIdSchema = z.string().check(z.regex(/^[a-z][a-z0-9-]{0,14}[a-z0-9]$/));
