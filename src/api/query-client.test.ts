import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { createQueryClient } from './query-client';

const queryDefaults = () =>
  createQueryClient({ onUnauthorized: () => undefined }).getDefaultOptions().queries!;
const retryOf = () => queryDefaults().retry as (failureCount: number, error: ApiError) => boolean;
const delayOf = () => queryDefaults().retryDelay as (attempt: number, error: ApiError) => number;

describe('query retries', () => {
  it('retries a read after a failure on the service side', () => {
    expect(retryOf()(0, new ApiError(502, 'BAD_GATEWAY', 'The upstream failed.'))).toBe(true);
  });

  it('never retries a successful answer the panel cannot read: it would come back the same', () => {
    const unreadable = new ApiError(200, 'RESPONSE_INVALID', 'The API answered GET /x with data…');
    expect(retryOf()(0, unreadable)).toBe(false);
  });

  it("retries a gateway's failure page, which has no error body the panel can read", () => {
    const gateway = new ApiError(
      502,
      'RESPONSE_INVALID',
      'The API answered with status 502 and an unrecognised error body.',
    );
    expect([0, 1, 2].map((failures) => retryOf()(failures, gateway))).toEqual([true, true, false]);
  });

  it('never retries a client error', () => {
    expect(retryOf()(0, new ApiError(404, 'SERVER_NOT_FOUND', 'No such server.'))).toBe(false);
  });

  it.each([408, 425, 429])(
    'retries a %i, as the Retry button offers to, twice at most',
    (status) => {
      const error = new ApiError(status, 'TRY_LATER', 'Ask again later.');
      expect([0, 1, 2].map((failures) => retryOf()(failures, error))).toEqual([true, true, false]);
    },
  );

  it('waits as long as Retry-After asks, else backs off, never past 30 s', () => {
    const busy = (seconds?: number) =>
      new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many requests.', seconds && seconds * 1000);
    expect(delayOf()(1, busy(3))).toBe(3_000);
    expect(delayOf()(1, busy(600))).toBe(30_000);
    expect([0, 1, 2].map((attempt) => delayOf()(attempt, busy()))).toEqual([1_000, 2_000, 4_000]);
    expect(delayOf()(0, new ApiError(503, 'MAINTENANCE', 'Under maintenance.'))).toBe(5_000);
  });
});
