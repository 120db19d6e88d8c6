/** The sandbox's notion of now; tests pass a controllable one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** RFC 3339 without fractions (`2026-11-24T20:05:02Z`), as the API writes every time. */
export const rfc3339 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
