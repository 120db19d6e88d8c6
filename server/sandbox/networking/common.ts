import type { Clock } from '../clock';

/** RFC 3339 without fractions. */
export const timestamp = (clock: Clock) =>
  clock
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');

export const hex = (byte: number) => byte.toString(16).padStart(2, '0');
