import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { createQueryClient } from './query-client';

const retryOf = () => {
  const retry = createQueryClient({ onUnauthorized: () => undefined }).getDefaultOptions().queries
    ?.retry as (failureCount: number, error: ApiError) => boolean;
  return retry;
};

describe('query retries', () => {
  it('retries a read after a failure on the service side', () => {
    expect(retryOf()(0, new ApiError(502, 'BAD_GATEWAY', 'The upstream failed.'))).toBe(true);
  });

  it('never retries an answer the panel cannot read: it would come back the same', () => {
    const unreadable = new ApiError(200, 'RESPONSE_INVALID', 'The API answered GET /x with data…');
    expect(retryOf()(0, unreadable)).toBe(false);
  });

  it('never retries a client error', () => {
    expect(retryOf()(0, new ApiError(404, 'SERVER_NOT_FOUND', 'No such server.'))).toBe(false);
  });
});
