import { describe, expect, it } from 'vitest';
import { accountResponseSchema, resourceUsageSchema } from '../../../contract/account';
import { endpointPath } from '../../../contract/endpoint';
import { serverEndpoints } from '../../../contract/server';
import { tagEndpoints } from '../../../contract/tag';
import { publicImageUuid } from '../seed';
import { demoAuth, expectProblem, manualClock, viewerAuth } from '../testing';
import { networkBody, sandboxSuite } from './test-helpers';

const clock = manualClock('2026-03-01T12:00:00.000Z');
const suite = sandboxSuite({ clock });
const { app, call, ok, getBody, auditCount, createStorage, createNetwork, createRouter } = suite;

const usage = async (auth = demoAuth) =>
  getBody(resourceUsageSchema, '/1.3/account/resource-usage', auth);

/** Sets one of demo's limits to what it uses now plus `headroom`. */
async function limitTo(key: string, headroom: number) {
  const used = (await usage())[key] ?? 0;
  app()
    .sandbox!.db.prepare(
      `UPDATE accounts SET resource_limits = json_set(resource_limits, '$.' || ?, ?) WHERE username = 'demo'`,
    )
    .run(key, used + headroom);
  return used + headroom;
}

/** Runs `refused`, expecting 409 `code`, with nothing changed: no audit row, the same usage. */
async function refusedUnchanged(code: string, refused: () => ReturnType<typeof call>) {
  const before = { audit: auditCount(), usage: await usage() };
  expectProblem(await refused(), 409, code);
  expect(auditCount()).toBe(before.audit);
  expect(await usage()).toEqual(before.usage);
}

const serverBody = (fields: Record<string, unknown> = {}) => ({
  server: {
    zone: 'de-fra1',
    title: 'quota test',
    hostname: 'quota-test',
    plan: 'custom',
    core_number: 1,
    memory_amount: 1024,
    storage_devices: {
      storage_device: [
        { action: 'clone', storage: publicImageUuid('de-fra1', 0), size: 10, tier: 'maxiops' },
      ],
    },
    ...fields,
  },
});

describe('resource usage counts every limited resource (issue 24 item 1)', () => {
  it('has a count for every key of resource_limits, matching the lists', async () => {
    const { account } = accountResponseSchema.parse(
      (await ok('GET', '/1.3/account', undefined, 200)).json(),
    );
    const counts = await usage();
    for (const key of Object.keys(account.resource_limits)) {
      expect(counts, key).toHaveProperty(key);
    }
    const listed = async (url: string) => (await ok('GET', url, undefined, 200)).json();
    const networks = (await listed('/1.3/network')) as {
      networks: { network: { type: string }[] };
    };
    expect(counts.networks).toBe(
      networks.networks.network.filter((network) => network.type === 'private').length,
    );
    const routers = (await listed('/1.3/router')) as { routers: { router: { type: string }[] } };
    expect(counts.routers).toBe(
      routers.routers.router.filter((router) => router.type === 'normal').length,
    );
    const clusters = (await listed('/1.3/kubernetes')) as unknown[];
    expect(counts.managed_kubernetes).toBe(clusters.length);

    const before = await usage();
    await createRouter({ name: 'counted' });
    await createNetwork({ name: 'counted' });
    const after = await usage();
    expect(after.routers).toBe(before.routers! + 1);
    expect(after.networks).toBe(before.networks! + 1);
  });

  it('counts the main account’s resources for a subaccount too', async () => {
    expect(await usage(viewerAuth)).toEqual(await usage());
  });
});

describe('limits are enforced, with nothing changed on refusal (issue 19 item 10)', () => {
  it('cores and memory on server create: SERVER_CORE_LIMIT_REACHED, SERVER_MEMORY_LIMIT_REACHED', async () => {
    await limitTo('cores', 1);
    await refusedUnchanged('SERVER_CORE_LIMIT_REACHED', () =>
      call('POST', '/1.3/server', serverBody({ core_number: 2 })),
    );
    await limitTo('cores', 100);
    await limitTo('memory', 1024);
    await refusedUnchanged('SERVER_MEMORY_LIMIT_REACHED', () =>
      call('POST', '/1.3/server', serverBody({ memory_amount: 2048 })),
    );
    // Within the limits the same server is made.
    const made = await call('POST', '/1.3/server', serverBody());
    expect(made.statusCode).toBe(202);
    await limitTo('memory', 100_000);
  });

  it('memory on server modify (resize)', async () => {
    const server = await suite.stoppedServer('quota-resize');
    await limitTo('memory', 1024);
    await refusedUnchanged('SERVER_MEMORY_LIMIT_REACHED', () =>
      call('PUT', `/1.3/server/${server.uuid}`, {
        server: {
          plan: 'custom',
          core_number: Number(server.core_number),
          // A size the API offers (api-reference-notes §2.3), above the limit.
          memory_amount: 4096,
        },
      }),
    );
    expect((await suite.server(server.uuid)).memory_amount).toBe(server.memory_amount);
    await limitTo('memory', 100_000);
  });

  it('storage per tier and in total on create, modify, clone and templatize', async () => {
    await limitTo('storage_maxiops', 20);
    await refusedUnchanged('MAXIOPS_STORAGE_LIMIT_REACHED', () =>
      call('POST', '/1.3/storage', {
        storage: { zone: 'fi-hel1', size: 21, title: 'too big', tier: 'maxiops' },
      }),
    );
    const disk = await createStorage({ size: 15, tier: 'maxiops' });
    await refusedUnchanged('MAXIOPS_STORAGE_LIMIT_REACHED', () =>
      call('PUT', `/1.3/storage/${disk.uuid}`, { storage: { size: 30 } }),
    );
    await refusedUnchanged('MAXIOPS_STORAGE_LIMIT_REACHED', () =>
      call('POST', `/1.3/storage/${disk.uuid}/clone`, {
        storage: { zone: 'fi-hel1', title: 'copy' },
      }),
    );
    await refusedUnchanged('MAXIOPS_STORAGE_LIMIT_REACHED', () =>
      call('POST', `/1.3/storage/${disk.uuid}/templatize`, { storage: { title: 'tpl' } }),
    );
    expect((await suite.storage(disk.uuid)).size).toBe(15);

    await limitTo('storage_maxiops', 1000);
    await limitTo('storage_hdd', 5);
    await refusedUnchanged('HDD_STORAGE_LIMIT_REACHED', () =>
      call('POST', '/1.3/storage', {
        storage: { zone: 'fi-hel1', size: 10, title: 'hdd', tier: 'hdd' },
      }),
    );
    await limitTo('storage_hdd', 1000);
    await limitTo('storage_total', 5);
    await refusedUnchanged('STORAGE_LIMIT_REACHED', () =>
      call('POST', '/1.3/storage', { storage: { zone: 'fi-hel1', size: 10, title: 'any' } }),
    );
    await limitTo('storage_total', 100_000);
  });

  it('networks, routers and peerings on create', async () => {
    await limitTo('networks', 0);
    await refusedUnchanged('NETWORK_LIMIT_REACHED', () =>
      call('POST', '/1.3/network', networkBody({ name: 'one too many' })),
    );
    await limitTo('networks', 2);
    await limitTo('routers', 2);
    const localRouter = await createRouter({ name: 'peer router a' });
    const peerRouter = await createRouter({ name: 'peer router b' });
    await limitTo('routers', 0);
    await refusedUnchanged('ROUTER_LIMIT_REACHED', () =>
      call('POST', '/1.3/router', { router: { name: 'one too many' } }),
    );
    const local = await createNetwork({ name: 'peer a', router: localRouter.uuid });
    const peer = await createNetwork({
      name: 'peer b',
      router: peerRouter.uuid,
      ip_networks: { ip_network: [{ address: '172.21.0.0/24', family: 'IPv4', dhcp: 'yes' }] },
    });
    await limitTo('network_peerings', 0);
    await refusedUnchanged('NETWORK_PEERING_LIMIT_REACHED', () =>
      call('POST', '/1.3/network-peering', {
        network_peering: {
          name: 'one too many',
          network: { uuid: local.uuid },
          peer_network: { uuid: peer.uuid },
        },
      }),
    );
  });

  it('tags on tag create and on tagging a server: TAG_LIMIT_REACHED; a tag no server carries counts too', async () => {
    const before = (await usage()).tags!;
    const newTag = endpointPath(tagEndpoints.create);
    await ok('POST', newTag, { tag: { name: 'counted_alone' } }, 201);
    expect((await usage()).tags).toBe(before + 1);
    await limitTo('tags', 0);
    await refusedUnchanged('TAG_LIMIT_REACHED', () =>
      call('POST', newTag, { tag: { name: 'one_too_many' } }),
    );
    const { uuid } = await suite.serverNamed('web-1');
    const tagged = (tags: string) => endpointPath(serverEndpoints.tag, { uuid, tags });
    await refusedUnchanged('TAG_LIMIT_REACHED', () =>
      call('POST', tagged('counted_alone,one_too_many')),
    );
    // A name the account has already is no new tag.
    await ok('POST', tagged('counted_alone'), undefined, 200);
  });

  it('an account already over a limit may still shrink and change other things', async () => {
    const disk = await createStorage({ size: 10, tier: 'maxiops', title: 'over' });
    await limitTo('storage_maxiops', -5);
    const renamed = await call('PUT', `/1.3/storage/${disk.uuid}`, {
      storage: { title: 'renamed while over' },
    });
    expect(renamed.statusCode).toBe(202);
    expect((await call('DELETE', `/1.3/storage/${disk.uuid}`)).statusCode).toBe(204);
  });
});
