import { dateTimeFormat } from './intl';

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month `now` falls in (UTC, as the API bills), as `YYYY-MM`. */
export function currentMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

export const isMonth = (text: string | null): text is string =>
  text !== null && monthPattern.test(text);

/** `count` months ending with `month`, oldest first. */
export function monthsEndingWith(month: string, count: number): string[] {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, offset) => {
    const date = new Date(Date.UTC(year, index - 1 - (count - 1 - offset), 1));
    return date.toISOString().slice(0, 7);
  });
}

/**
 * A month ("2026-11") as "Nov 2026"; with `length` long, as a month field shows it:
 * "November 2026".
 */
export function formatMonth(
  month: string,
  locale?: string,
  length: 'short' | 'long' = 'short',
): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return dateTimeFormat(locale, {
    month: length,
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, index - 1, 1)));
}
