import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod/mini';
import { accountResponseSchema } from '../../contract/account';
import { signInAs } from '../testing/render';
import { ApiError, request, setApiBaseUrl } from './http';

const bearer = (token: string) => `Bearer ${token}`;

describe('request against the sandbox', () => {
  it('returns the parsed body', async () => {
    const session = await signInAs('demo');
    const body = await request('/1.3/account', accountResponseSchema, {
      authorization: bearer(session.token),
    });
    expect(body.account.username).toBe('demo');
  });

  it('throws the API error object as an ApiError', async () => {
    const error = await request('/1.3/account', accountResponseSchema, {
      authorization: bearer('ucat_not_a_token'),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'AUTHENTICATION_FAILED' });
  });

  it('reports a body that does not match the schema as RESPONSE_INVALID', async () => {
    const session = await signInAs('demo');
    const error = await request('/1.3/account', z.object({ accounts: z.array(z.string()) }), {
      authorization: bearer(session.token),
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 200, code: 'RESPONSE_INVALID' });
  });

  it('returns undefined for 204 No Content', async () => {
    const session = await signInAs('demo');
    await expect(
      request(`/1.3/account/tokens/${session.tokenId}`, null, {
        method: 'DELETE',
        authorization: bearer(session.token),
      }),
    ).resolves.toBeUndefined();
  });

  it('turns an unreachable API into NETWORK_ERROR', async () => {
    setApiBaseUrl('http://127.0.0.1:9');
    try {
      await expect(request('/1.3/account', accountResponseSchema)).rejects.toMatchObject({
        status: 0,
        code: 'NETWORK_ERROR',
      });
    } finally {
      setApiBaseUrl(inject('sandboxUrl'));
    }
  });
});
