import { afterEach, describe, expect, it } from 'vitest';
import { accountEndpoints } from '../../contract/account';
import { endpointPath } from '../../contract/endpoint';
import { signInAs } from '../testing/render';
import { tenantUser } from '../testing/tenant';
import { apiCallLog, request, setCredentialProvider, setSessionRenewal } from './http';
import { deleteToken } from './tokens';

const { get: getAccount } = accountEndpoints;
const accountPath = endpointPath(getAccount);

let unregister = () => {};
afterEach(() => {
  unregister();
  setCredentialProvider(() => null);
});

describe('request and session renewal', () => {
  it('holds every request refused with 401 on one renewal and sends them again', async () => {
    const old = await signInAs('demo');
    const fresh = await signInAs('demo');
    await deleteToken(old.tokenId ?? '', { authorization: `Bearer ${old.token}` });
    let token = old.token;
    setCredentialProvider(() => token);
    let renewals = 0;
    let finish: (renewed: boolean) => void = () => {};
    const asked = new Promise<void>((signal) => {
      unregister = setSessionRenewal({
        due: () => false,
        renew: () => {
          renewals += 1;
          signal();
          return new Promise<boolean>((resolve) => (finish = resolve));
        },
      });
    });

    const first = request(accountPath, getAccount.response);
    const second = request(accountPath, getAccount.response);
    await asked;
    token = fresh.token;
    finish(true);

    expect((await first).account.username).toBe(tenantUser('demo').username);
    expect((await second).account.username).toBe(tenantUser('demo').username);
    expect(renewals).toBe(1);
    // Recorded without the credential.
    expect(JSON.stringify(apiCallLog.get())).not.toContain(old.token);
    expect(apiCallLog.get().at(-1)).toMatchObject({ method: 'GET', path: accountPath });
  });

  it('fails with the 401 when the user gives up, and never renews explicit credentials', async () => {
    const old = await signInAs('demo');
    await deleteToken(old.tokenId ?? '', { authorization: `Bearer ${old.token}` });
    setCredentialProvider(() => old.token);
    let renewals = 0;
    unregister = setSessionRenewal({
      due: () => false,
      renew: () => {
        renewals += 1;
        return Promise.resolve(false);
      },
    });

    await expect(request(accountPath, getAccount.response)).rejects.toMatchObject({
      status: 401,
    });
    expect(renewals).toBe(1);
    await expect(
      request(accountPath, getAccount.response, { authorization: 'Bearer ucat_wrong' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(renewals).toBe(1);
  });

  it('renews a session about to expire before sending, so it is sent once', async () => {
    const fresh = await signInAs('demo');
    let token = 'ucat_expiring';
    setCredentialProvider(() => token);
    unregister = setSessionRenewal({
      due: () => token === 'ucat_expiring',
      renew: () => {
        token = fresh.token;
        return Promise.resolve(true);
      },
    });
    const before = apiCallLog.get().at(-1)?.seq ?? 0;
    expect((await request(accountPath, getAccount.response)).account.username).toBe(
      tenantUser('demo').username,
    );
    // Sent after renewal only: a send with the expiring token would be a second, refused call.
    expect(apiCallLog.get().filter((call) => call.seq > before)).toHaveLength(1);
  });
});
