import { expect } from 'vitest';
import type { ServerDetails } from '../../../contract/server';
import { serverListResponseSchema, serverResponseSchema } from '../../../contract/server';
import type { StorageDetails } from '../../../contract/storage';
import { storageListResponseSchema, storageResponseSchema } from '../../../contract/storage';
import type { SkydeckServer } from '../../app';
import { demoAuth } from '../testing';

/** Request helpers shared by the storage, server and event suites; never used in production. */
export function resourceClient(app: () => SkydeckServer) {
  const call = (method: string, url: string, payload?: unknown, auth = demoAuth) =>
    app().inject({
      method: method as 'GET',
      url,
      headers: { authorization: auth },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function ok(
    method: string,
    url: string,
    payload: unknown,
    status: number,
    auth = demoAuth,
  ) {
    const response = await call(method, url, payload, auth);
    expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
    return response;
  }

  const storage = async (uuid: string, auth = demoAuth): Promise<StorageDetails> =>
    storageResponseSchema.parse(
      (await ok('GET', `/1.3/storage/${uuid}`, undefined, 200, auth)).json(),
    ).storage;
  const server = async (uuid: string, auth = demoAuth): Promise<ServerDetails> =>
    serverResponseSchema.parse(
      (await ok('GET', `/1.3/server/${uuid}`, undefined, 200, auth)).json(),
    ).server;
  const storages = async (query: string, auth = demoAuth) =>
    storageListResponseSchema.parse(
      (await ok('GET', `/1.3/storage${query}`, undefined, 200, auth)).json(),
    ).storages.storage;
  const servers = async (auth = demoAuth) =>
    serverListResponseSchema.parse((await ok('GET', '/1.3/server', undefined, 200, auth)).json())
      .servers.server;
  const serverNamed = async (title: string, auth = demoAuth) => {
    const found = (await servers(auth)).find((item) => item.title === title);
    if (!found) throw new Error(`no server ${title}`);
    return server(found.uuid, auth);
  };
  const createStorage = async (fields: Record<string, unknown> = {}, auth = demoAuth) =>
    storageResponseSchema.parse(
      (
        await ok(
          'POST',
          '/1.3/storage',
          { storage: { zone: 'fi-hel1', size: 10, title: 'test disk', ...fields } },
          201,
          auth,
        )
      ).json(),
    ).storage;
  const auditCount = () =>
    (app().sandbox!.db.prepare('SELECT COUNT(*) AS n FROM audit_logs').get() as { n: number }).n;

  return { call, ok, storage, server, storages, servers, serverNamed, createStorage, auditCount };
}
