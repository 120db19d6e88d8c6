import { z } from 'zod/mini';

/** The spec's error object (api-rules §2.3); every failure of the API answers with it. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    error_code: z.string(),
    error_message: z.string(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

// C0 and C1 control characters, unpaired surrogates (with the u flag a pair is one code point and
// does not match) and bidirectional embeddings, overrides and isolates, which can make a name read
// differently from what it is.
// eslint-disable-next-line no-control-regex -- these are the characters refused.
const unsafeCharacter = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff\u202a-\u202e\u2066-\u2069]/u;

export const unsafeTextMessage =
  'Control characters, unpaired surrogates and bidirectional overrides are not allowed.';

export const hasUnsafeCharacter = (text: string) => unsafeCharacter.test(text);

/** The one refinement of every name, title, username and password a client sends. */
export const plainText = () =>
  z.refine<string>((text) => !hasUnsafeCharacter(text), { message: unsafeTextMessage });

/** Reports one problem: its message, at the path below the checked value (none: the value). */
export type ReportIssue = (message: string, ...path: PropertyKey[]) => void;

/**
 * A rule a schema cannot state on its own, such as one between fields: `rule` reports each problem
 * it finds, in the order a client sees them.
 */
export const checkWith = <T>(rule: (value: T, report: ReportIssue) => void) =>
  z.superRefine<T>((value, ctx) => {
    rule(value, (message, ...path) => ctx.addIssue({ code: 'custom', message, path }));
  });

/** A check failing with the message `problemOf` gives, where it gives one (null: no problem). */
export const problemCheck = <T>(problemOf: (value: T) => string | null | undefined) =>
  checkWith<T>((value, report) => {
    const problem = problemOf(value);
    if (problem !== null && problem !== undefined) report(problem);
  });

/** A check that reports the later duplicates of a list (by `key`) at their index, or at `field` of it. */
export const uniqueBy = <T>(key: (item: T) => string, message: string, ...field: PropertyKey[]) =>
  checkWith<T[]>((items, report) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const k = key(item);
      if (seen.has(k)) report(message, index, ...field);
      seen.add(k);
    });
  });

/** A name or title a user gives a resource: required (`missing` when empty), plain text. */
export const resourceNameSchema = (max: number, missing: string) =>
  z
    .string()
    .check(z.minLength(1, missing), z.maxLength(max, `At most ${max} characters.`), plainText());

let knownTimezones: Set<string> | undefined;

/** An IANA time zone name the runtime knows, or UTC (api-reference-notes §14: GET /1.3/timezone). */
function isTimezone(name: string): boolean {
  knownTimezones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return knownTimezones.has(name);
}

export const timezoneSchema = z
  .string()
  .check(
    z.maxLength(64),
    z.refine(isTimezone, { message: 'An IANA time zone name, such as UTC or Europe/Helsinki.' }),
  );

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

/**
 * A classic list answer: the array under one record's name, inside an object under the list's
 * name, `{"routers":{"router":[…]}}` (api-reference-notes §1.1).
 */
export const wrappedList = <
  const Plural extends string,
  const Singular extends string,
  Item extends z.ZodMiniType,
>(
  plural: Plural,
  singular: Singular,
  item: Item,
) =>
  // Computed keys widen to a string index; the cast restores the two literal keys.
  z.object({ [plural]: z.object({ [singular]: z.array(item) }) }) as unknown as z.ZodMiniObject<{
    [P in Plural]: z.ZodMiniObject<{ [S in Singular]: z.ZodMiniArray<Item> }>;
  }>;

export const labelSchema = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(32), plainText()),
  value: z.string().check(z.maxLength(255), plainText()),
});
export type Label = z.infer<typeof labelSchema>;

/** Zone id pattern of api-reference-notes (§1.5). */
export const zoneIdSchema = z.string().check(z.regex(/^[a-z][a-z0-9-]{0,14}[a-z0-9]$/));
