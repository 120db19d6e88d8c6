import type { DayRange } from '../../api/usage';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = 86_400_000;
export const defaultRangeDays = 7;

export const today = (now = new Date()) => now.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(day) + days * dayMs).toISOString().slice(0, 10);

const isDay = (text: string | null): text is string =>
  text !== null && dayPattern.test(text) && !Number.isNaN(Date.parse(text));

/** The range the URL asks for, or the last week; a reversed range reads as an error. */
export function readRange(
  search: URLSearchParams,
  now = new Date(),
): { range: DayRange; error: string | null } {
  const end = today(now);
  const fallback = { from: addDays(end, -(defaultRangeDays - 1)), to: end };
  const from = search.get('from');
  const to = search.get('to');
  const range = {
    from: isDay(from) ? from : fallback.from,
    to: isDay(to) ? to : fallback.to,
  };
  if (range.from > range.to) {
    return { range: fallback, error: 'The start date must not be after the end date.' };
  }
  return { range, error: null };
}
