import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountEndpoints } from './account';
import { answerSchema } from './answer';
import { clusterListSchema, nodeGroupDetailsSchema } from './kubernetes';
import { ipAddressListResponseSchema } from './ip-address';
import { priceListResponseSchema } from './price';
import { routerListResponseSchema } from './router';
import { serverListResponseSchema, serverResponseSchema } from './server';
import { storageEndpoints, storageResponseSchema } from './storage';

/** The real-shaped answers of the proxy-mode e2e test (e2e/fixtures/real-api). */
function fixture(file: string, method: string, pathPattern: string): unknown {
  const exchanges = JSON.parse(
    fs.readFileSync(path.resolve('e2e/fixtures/real-api', `${file}.json`), 'utf8'),
  ) as { method: string; path: string; body: unknown }[];
  const exchange = exchanges.find((item) => item.method === method && item.path === pathPattern);
  if (!exchange) throw new Error(`No fixture ${method} ${pathPattern} in ${file}.json`);
  return exchange.body;
}

const runningServer = '00b1c2d3-0000-4000-8000-00000000a001';
const stoppedServer = '00b1c2d3-0000-4000-8000-00000000a002';
const templateDisk = '01b1c2d3-0000-4000-8000-00000000b001';
const plainDisk = '01b1c2d3-0000-4000-8000-00000000b002';

describe('answerSchema', () => {
  it.each([
    [
      'a stopped server without host',
      serverResponseSchema,
      fixture('servers', 'GET', `/1.3/server/${stoppedServer}`),
    ],
    [
      'a server list with a stopped server',
      serverListResponseSchema,
      fixture('servers', 'GET', '/1.3/server'),
    ],
    [
      'a storage without labels',
      storageResponseSchema,
      fixture('storages', 'GET', `/1.3/storage/${plainDisk}`),
    ],
    [
      'IP addresses without part_of_plan, floating or release_policy',
      ipAddressListResponseSchema,
      fixture('networking', 'GET', '/1.3/ip_address'),
    ],
    [
      'routers without attached_network_gateways or labels',
      routerListResponseSchema,
      fixture('networking', 'GET', '/1.3/router'),
    ],
    [
      'a Kubernetes cluster with the 2023 field set',
      clusterListSchema,
      fixture('kubernetes', 'GET', '/1.3/kubernetes'),
    ],
    [
      'nodes without kubelet_version',
      nodeGroupDetailsSchema,
      fixture(
        'kubernetes-nodes',
        'GET',
        '/1.3/kubernetes/0db1c2d3-0000-4000-8000-00000000e001/node-groups/workers',
      ),
    ],
    [
      'an account list without labels',
      accountEndpoints.list.response,
      fixture('account', 'GET', '/1.3/account/list'),
    ],
  ])('reads %s, which the strict schema refuses', (_name, schema, body) => {
    expect(schema.safeParse(body).success).toBe(false);
    expect(answerSchema(schema).safeParse(body).success).toBe(true);
  });

  // The sandbox puts the same system labels on template-made disks (issue 18, item 9), so its
  // strict answer check reads them too; requests still refuse `_` keys (api-rules §2.8.4).
  it.each([
    [
      'a template-made server with _os_* labels on its disk',
      serverResponseSchema,
      fixture('servers', 'GET', `/1.3/server/${runningServer}`),
    ],
    [
      'a template-made disk with system labels',
      storageResponseSchema,
      fixture('storages', 'GET', `/1.3/storage/${templateDisk}`),
    ],
  ])('reads %s, as the strict schema does', (_name, schema, body) => {
    expect(schema.safeParse(body).success).toBe(true);
    expect(answerSchema(schema).safeParse(body).success).toBe(true);
  });

  it('keeps the values it reads: system labels, unknown states, fields besides', () => {
    const server = answerSchema(serverResponseSchema).parse({
      ...(fixture('servers', 'GET', `/1.3/server/${runningServer}`) as { server: object }),
    }).server;
    expect(server.storage_devices.storage_device[0]!.labels).toContainEqual({
      key: '_os_brand_name',
      value: 'Debian',
    });
    expect(server.host).toBe(5939413635);
    const stopped = answerSchema(serverResponseSchema).parse(
      fixture('servers', 'GET', `/1.3/server/${stoppedServer}`),
    ).server;
    expect(stopped.host).toBeUndefined();
    const renamed = answerSchema(serverResponseSchema).parse({
      server: { ...server, state: 'hibernating', tomorrow: 'a new field' },
    }).server;
    expect(renamed.state).toBe('hibernating');
    expect(renamed).not.toHaveProperty('tomorrow');
  });

  it('still refuses what the panel cannot read, naming where', () => {
    const result = answerSchema(storageResponseSchema).safeParse({
      storage: { uuid: plainDisk, title: 'no size' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('storage.size');
  });

  it('reads the resize answer, and keeps the named keys of a price list', () => {
    expect(
      answerSchema(storageEndpoints.resize.response).parse(
        fixture('storages', 'POST', `/1.3/storage/${plainDisk}/resize`),
      ).resize_backup.title,
    ).toBe('Resize Backup');
    const prices = fixture('catalog', 'GET', '/1.3/price');
    const zone = answerSchema(priceListResponseSchema).parse(prices).prices.zone[0]!;
    expect(zone['server_plan_1xCPU-1GB']).toEqual({ amount: 1, price: 0.744 });
  });
});
