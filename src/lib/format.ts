import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';

/** The API omits `currency` for accounts billed in euros. */
export const defaultCurrency = 'EUR';

const maxPriceFractionDigits = 6;

/** Account credits are hundredths of the account currency (api-reference-notes §1.2). */
export function creditsToCurrency(credits: number): number {
  return credits / 100;
}

/** Credits the API left out (a subaccount without the billing role) show as "—", never as 0. */
export function formatCredits(
  credits: number | undefined,
  currency = defaultCurrency,
  locale?: string,
) {
  if (credits === undefined) return '—';
  return formatCurrency(creditsToCurrency(credits), currency, locale);
}

/** An amount in a currency, with the currency's usual fraction digits. */
export function formatCurrency(amount: number, currency = defaultCurrency, locale?: string) {
  return numberFormat(locale, { style: 'currency', currency }).format(amount);
}

/**
 * Money with enough fraction digits to keep three significant digits of small amounts
 * (hourly storage prices are fractions of a cent), never fewer than two.
 */
export function formatMoney(amount: number, currency = defaultCurrency, locale?: string) {
  const magnitude = amount === 0 ? 0 : Math.ceil(-Math.log10(Math.abs(amount)));
  const fractionDigits = Math.min(maxPriceFractionDigits, Math.max(2, magnitude + 2));
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}

/** A count and its noun, singular for one: `countOf(2, 'node')` is "2 nodes". */
export function countOf(count: number, noun: string, plural = `${noun}s`) {
  return `${count} ${count === 1 ? noun : plural}`;
}

export function formatNumber(value: number, locale?: string) {
  return numberFormat(locale).format(value);
}

const binaryUnits = ['MiB', 'GiB', 'TiB', 'PiB'] as const;

/** A size given in MiB, in the largest binary unit that keeps the number at or above one. */
export function formatMebibytes(mebibytes: number, locale?: string) {
  let value = mebibytes;
  let unitIndex = 0;
  while (Math.abs(value) >= 1024 && unitIndex < binaryUnits.length - 1) {
    value /= 1024;
    unitIndex += 1;
  }
  const number = numberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  return `${number} ${binaryUnits[unitIndex]}`;
}

export function formatGibibytes(gibibytes: number, locale?: string) {
  return formatMebibytes(gibibytes * 1024, locale);
}

export function formatDateTime(iso: string, locale?: string) {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A calendar day (`2026-11-23`) as a chart's axis names it: "Nov 23". */
export function formatShortDay(day: string, locale?: string) {
  return dateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Each unit with how many of the previous unit it takes. */
const relativeUnits: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
  ['month', 30],
  ['year', 12],
];

/** "in 8 hours", "3 days ago": the largest unit in which the distance is at least one. */
export function formatRelativeTime(iso: string, now = Date.now(), locale?: string) {
  let value = (new Date(iso).getTime() - now) / 1000;
  let unit: Intl.RelativeTimeFormatUnit = 'second';
  for (const [nextUnit, size] of relativeUnits) {
    if (Math.abs(value) < size) break;
    value /= size;
    unit = nextUnit;
  }
  return relativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(value), unit);
}

// API words that are not English words.
const stateWords: Record<string, string> = { backuping: 'backing up' };

/** A state as words: `backuping` → "backing up", `scaling-up` → "scaling up". */
export const stateLabel = (state: string) => stateWords[state] ?? state.replace(/[-_]/g, ' ');

/** "public_ipv4_addresses" → "Public ipv4 addresses", for keys the panel has no words for. */
// API words a person writes otherwise: abbreviations in capitals, the storage tier by its name.
const spelledWords: Record<string, string> = {
  api: 'API',
  cpu: 'CPU',
  gpu: 'GPU',
  gui: 'GUI',
  ip: 'IP',
  ipv4: 'IPv4',
  ipv6: 'IPv6',
  hdd: 'HDD',
  ssd: 'SSD',
  maxiops: 'MaxIOPS',
  vat: 'VAT',
};

export function humanizeKey(key: string) {
  const words = key
    .replace(/_/g, ' ')
    .trim()
    .split(' ')
    .map((word) => spelledWords[word] ?? word)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
