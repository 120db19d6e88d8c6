import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod/mini';
import { accountEndpoints } from '../../contract/account';
import { endpointPath } from '../../contract/endpoint';
import { tokenEndpoints } from '../../contract/tokens';
import { signInAs } from '../testing/render';
import { tenantUser } from '../testing/tenant';
import { readErrorBody } from './error-bodies';
import { ApiError, request, setApiBaseUrl } from './http';

const bearer = (token: string) => `Bearer ${token}`;
const { get: getAccount } = accountEndpoints;
const accountPath = endpointPath(getAccount);

describe('request against the sandbox', () => {
  it('returns the parsed body', async () => {
    const session = await signInAs('demo');
    const body = await request(accountPath, getAccount.response, {
      authorization: bearer(session.token),
    });
    expect(body.account.username).toBe(tenantUser('demo').username);
  });

  it('throws the API error object as an ApiError', async () => {
    const error = await request(accountPath, getAccount.response, {
      authorization: bearer('ucat_not_a_token'),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'AUTHENTICATION_FAILED' });
  });

  it('reports a body that does not match the schema as RESPONSE_INVALID', async () => {
    const session = await signInAs('demo');
    const error = await request(accountPath, z.object({ accounts: z.array(z.string()) }), {
      authorization: bearer(session.token),
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 200, code: 'RESPONSE_INVALID' });
    expect((error as ApiError).details).toEqual([
      expect.stringMatching(/^accounts: .* \(got nothing\)$/),
    ]);
  });

  it('names the field an answer got wrong, with its value', async () => {
    const session = await signInAs('demo');
    const error = await request(
      accountPath,
      z.object({ account: z.object({ username: z.number() }) }),
      { authorization: bearer(session.token) },
    ).catch((caught: unknown) => caught);
    expect((error as ApiError).details).toEqual([
      expect.stringMatching(
        new RegExp(`^account\\.username: .* \\(got "${tenantUser('demo').username}"\\)$`),
      ),
    ]);
  });

  it('returns undefined for 204 No Content', async () => {
    const session = await signInAs('demo');
    await expect(
      request(endpointPath(tokenEndpoints.delete, { id: session.tokenId ?? '' }), null, {
        method: tokenEndpoints.delete.method,
        authorization: bearer(session.token),
      }),
    ).resolves.toBeUndefined();
  });

  it('turns an unreachable API into NETWORK_ERROR', async () => {
    setApiBaseUrl('http://127.0.0.1:9');
    try {
      await expect(request(accountPath, getAccount.response)).rejects.toMatchObject({
        status: 0,
        code: 'NETWORK_ERROR',
      });
    } finally {
      setApiBaseUrl(inject('sandboxUrl'));
    }
  });
});

describe('readErrorBody', () => {
  it('reads the error object of the classic services', () => {
    expect(
      readErrorBody(404, {
        error: { error_code: 'STORAGE_NOT_FOUND', error_message: 'The storage does not exist.' },
      }),
    ).toEqual({
      code: 'STORAGE_NOT_FOUND',
      message: 'The storage does not exist.',
      details: [],
    });
  });

  it('reads RFC 7807 problem details: the type fragment is the code, invalid params the details', () => {
    expect(
      readErrorBody(422, {
        type: 'https://developers.upcloud.com/1.3/errors#ERROR_INVALID_REQUEST',
        title: 'Validation error.',
        detail: 'The plan is not offered.',
        status: 422,
        correlation_id: '01HQ',
        invalid_params: [{ name: 'plan', reason: 'Not an offered plan.' }],
      }),
    ).toEqual({
      code: 'INVALID_REQUEST',
      message: 'The plan is not offered.',
      details: ['plan: Not an offered plan.'],
    });
    expect(
      readErrorBody(404, {
        type: 'https://developers.upcloud.com/1.3/errors#ERROR_RESOURCE_NOT_FOUND',
        title: 'Cluster not found.',
        status: 404,
      }),
    ).toMatchObject({ code: 'RESOURCE_NOT_FOUND', message: 'Cluster not found.' });
  });

  it('says so when an error body is neither', () => {
    expect(readErrorBody(502, '<html>Bad gateway</html>')).toMatchObject({
      code: 'RESPONSE_INVALID',
      message: 'The API answered with status 502 and an unrecognised error body.',
    });
  });
});
