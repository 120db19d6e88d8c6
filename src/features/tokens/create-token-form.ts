import { z } from 'zod/mini';
import {
  allowedIpRangesSchema,
  ipRangeSchema,
  maxTokenLifetimeSeconds,
  tokenDurationSchema,
  tokenNameSchema,
} from '../../../contract/tokens';
import type { TokenCreateRequest } from '../../../contract/tokens';

export const expiryChoiceSchema = z.enum(['1h', '24h', '168h', '720h', '8760h', 'custom', 'date']);
export type ExpiryChoice = z.infer<typeof expiryChoiceSchema>;

export const expiryChoiceLabels: Record<ExpiryChoice, string> = {
  '1h': '1 hour',
  '24h': '24 hours',
  '168h': '7 days',
  '720h': '30 days',
  '8760h': '1 year',
  custom: 'Custom duration',
  date: 'Until a date and time',
};

/** Non-blank lines, trimmed: one allowed IP range per line. */
export function ipRangeLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function validateIpRanges(text: string): string | null {
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const result = ipRangeSchema.safeParse(line);
    if (!result.success) {
      return `Line ${index + 1} (“${line}”): ${result.error.issues[0]?.message ?? 'invalid'}`;
    }
  }
  const list = allowedIpRangesSchema.safeParse(ipRangeLines(text));
  return list.success ? null : (list.error.issues[0]?.message ?? 'Invalid ranges.');
}

function validateExpiryDate(value: string, now: number): string | null {
  const time = new Date(value).getTime();
  if (value === '' || Number.isNaN(time)) return 'Choose a date and time.';
  if (time <= now) return 'Choose a moment in the future.';
  if (time > now + maxTokenLifetimeSeconds * 1000) return 'At most one year ahead.';
  return null;
}

/**
 * The create form in the shape people fill it (a preset or custom expiry, ranges one per line),
 * validated with the contract's field schemas and turned into the contract's request body.
 */
export const createTokenFormSchema = z.pipe(
  z
    .object({
      name: tokenNameSchema,
      expiry: expiryChoiceSchema,
      customDuration: z.string(),
      expiresAt: z.string(),
      anyAddress: z.boolean(),
      ipRanges: z.string(),
      canCreateTokens: z.boolean(),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (values.expiry === 'custom') {
          const duration = tokenDurationSchema.safeParse(values.customDuration.trim());
          if (!duration.success) {
            const message = duration.error.issues[0]?.message ?? 'Invalid duration.';
            ctx.addIssue({ code: 'custom', path: ['customDuration'], message });
          }
        }
        if (values.expiry === 'date') {
          const message = validateExpiryDate(values.expiresAt, Date.now());
          if (message) ctx.addIssue({ code: 'custom', path: ['expiresAt'], message });
        }
        if (!values.anyAddress) {
          const message = validateIpRanges(values.ipRanges);
          if (message) ctx.addIssue({ code: 'custom', path: ['ipRanges'], message });
        }
      }),
    ),
  z.transform((values): TokenCreateRequest => ({
    name: values.name,
    ...(values.expiry === 'date'
      ? { expires_at: new Date(values.expiresAt).toISOString() }
      : {
          expires_in: values.expiry === 'custom' ? values.customDuration.trim() : values.expiry,
        }),
    can_create_tokens: values.canCreateTokens,
    // Omitting the list lets the account's IP filters decide; an empty list blocks every address.
    ...(values.anyAddress ? {} : { allowed_ip_ranges: ipRangeLines(values.ipRanges) }),
  })),
);

export type CreateTokenFormValues = z.input<typeof createTokenFormSchema>;

export const createTokenFormDefaults: CreateTokenFormValues = {
  name: '',
  expiry: '720h',
  customDuration: '',
  expiresAt: '',
  anyAddress: true,
  ipRanges: '',
  canCreateTokens: false,
};

/**
 * The form field that an API error code of the create request is about (api-reference-notes §17.1:
 * `<ATTRIBUTE>_INVALID` / `_MISSING`), so the message appears next to what must change.
 */
export function fieldForErrorCode(
  code: string,
  values: CreateTokenFormValues,
): keyof CreateTokenFormValues | null {
  const attribute = /^(.*)_(?:INVALID|MISSING)$/.exec(code)?.[1];
  switch (attribute) {
    case 'NAME':
      return 'name';
    case 'EXPIRES_IN':
      return values.expiry === 'custom' ? 'customDuration' : 'expiry';
    case 'EXPIRES_AT':
      return 'expiresAt';
    case 'ALLOWED_IP_RANGES':
      return values.anyAddress ? null : 'ipRanges';
    default:
      return null;
  }
}
