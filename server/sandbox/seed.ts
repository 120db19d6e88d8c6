import type { Label } from '../../contract/common';
import { uuidPrefixes } from '../../contract/common';
import type { ServerEvent } from '../../contract/server';
import type { AuditLog } from './audit';
import { zones } from './catalog';
import type { Clock } from './clock';
import { newUuid } from './credentials';
import type { Networking } from './networking';
import { rfc3339 } from './clock';
import { actorOf } from './resources';
import type { AccountRepository, NewAccount } from './store/accounts';
import { newAccountDefaults } from './store/accounts';
import type { Db } from './store/database';
import type { DeviceRow, ServerRepository, ServerRow } from './store/servers';
import { serverSettingDefaults } from './store/servers';
import type { StorageRepository, StorageRow } from './store/storages';
import { newStorageDefaults } from './store/storages';

/** Demo credentials for local use only; the README lists them. */
export const demoUsers = {
  demo: 'DemoPassw0rd',
  demo_viewer: 'ViewerPassw0rd',
  partner: 'PartnerPassw0rd',
  other: 'OtherPassw0rd',
} as const;

const defaultLimits = {
  cores: 200,
  memory: 1_048_576,
  networks: 100,
  network_peerings: 100,
  public_ipv4: 100,
  public_ipv6: 100,
  detached_floating_ips: 10,
  storage_hdd: 10_240,
  storage_maxiops: 10_240,
  storage_total: 40_960,
  managed_kubernetes: 5,
  routers: 20,
  tags: 200,
};

function contact(first: string, last: string, email: string, extra: Record<string, string> = {}) {
  return JSON.stringify({
    first_name: first,
    last_name: last,
    company: '',
    address: '',
    postal_code: '',
    city: '',
    state: '',
    country: 'FIN',
    phone: '+358.401234567',
    email,
    vat_number: '',
    ...extra,
  });
}

/**
 * Public templates and CD-ROM images of every zone (api-reference-notes §18). A storage has one zone, so
 * each zone's copy has its own well-known id: the zone's number in the fourth group and the
 * image in the last digits; Frankfurt's Debian template is the well-known
 * 01000000-0000-4000-8000-000020060100.
 */
type PublicImage = Pick<StorageRow, 'title' | 'type' | 'size' | 'license' | 'template_type'>;
const template = (title: string, size: number, license = 0): PublicImage => ({
  title,
  type: 'template',
  size,
  license,
  template_type: license > 0 ? 'native' : 'cloud-init',
});
const cdrom = (title: string, size: number): PublicImage => ({
  title,
  type: 'cdrom',
  size,
  license: 0,
  template_type: null,
});
/** The licence is credits per hour per core (api-rules §2.5). */
const publicImages: PublicImage[] = [
  template('Debian GNU/Linux 12 (Bookworm)', 4),
  cdrom('Debian GNU/Linux 12 (Bookworm) installation CD', 1),
  template('Ubuntu Server 24.04 LTS (Noble Numbat)', 4),
  cdrom('Ubuntu Server 24.04 LTS installation CD', 3),
  template('Rocky Linux 9', 4),
  template('Windows Server 2022 Standard', 30, 1.6),
];

export const publicImageUuid = (zone: string, image: number) => {
  const zoneNumber = zones
    .findIndex((item) => item.id === zone)
    .toString(16)
    .padStart(2, '0');
  return `01000000-0000-4000-80${zoneNumber}-0000200601${image.toString(16).padStart(2, '0')}`;
};

const labelList = (labels: Record<string, string> = {}): Label[] =>
  Object.entries(labels).map(([key, value]) => ({ key, value }));

interface SeedStorage {
  title: string;
  size: number;
  zone: string;
  tier?: StorageRow['tier'];
  /** Keys to values, in order. */
  labels?: Record<string, string>;
  backupRule?: object;
  license?: number;
  partOfPlan?: boolean;
}

/** The public images every account reads (no owner): seeded once per database. */
function seedPublicImages(storages: StorageRepository, clock: Clock) {
  const daysAgo = (days: number) => new Date(clock.now().getTime() - days * 86_400_000);
  for (const zone of zones) {
    publicImages.forEach((image, index) =>
      storages.insert({
        ...image,
        uuid: publicImageUuid(zone.id, index),
        account_id: null,
        access: 'public',
        tier: image.type === 'template' ? 'maxiops' : null,
        state: 'online',
        zone: zone.id,
        encrypted: 'no',
        created: rfc3339(daysAgo(400)),
        origin: null,
        part_of_plan: 0,
        backup_rule: '{}',
        copy_of: null,
        resize_pending: 0,
      }),
    );
  }
}

function seedResources(
  {
    storages,
    servers,
    clock,
    networking,
    audit,
  }: Omit<SeedRepositories, 'accounts' | 'hashPassword'>,
  demo: NewAccount & { id: number },
  other: NewAccount & { id: number },
) {
  const now = clock.now().getTime();
  const daysAgo = (days: number) => new Date(now - days * 86_400_000);
  const ownerOf = (accountId: number) => (accountId === demo.id ? demo : other);
  /** The audit row of a seeded change, by the account that owns the resource. */
  const audited = (
    accountId: number,
    at: Date,
    entry: Omit<Parameters<AuditLog['seeded']>[2], 'resourceId'> & { resourceId: string },
  ) => audit.seeded(at, { id: accountId, username: ownerOf(accountId).username }, entry);
  const storage = (accountId: number, spec: SeedStorage, days: number): StorageRow => {
    const row: StorageRow = {
      uuid: newUuid(uuidPrefixes.storage),
      account_id: accountId,
      ...newStorageDefaults,
      title: spec.title,
      type: 'normal',
      size: spec.size,
      tier: spec.tier ?? 'maxiops',
      state: 'online',
      zone: spec.zone,
      license: spec.license ?? 0,
      created: rfc3339(daysAgo(days)),
      part_of_plan: spec.partOfPlan ? 1 : 0,
      backup_rule: JSON.stringify(spec.backupRule ?? {}),
    };
    storages.insert(row, labelList(spec.labels));
    audited(accountId, daysAgo(days), {
      action: 'create',
      resourceType: 'storage',
      resourceId: row.uuid,
      current: { uuid: row.uuid, title: row.title, size: row.size, zone: row.zone },
    });
    return row;
  };

  const server = (
    account: NewAccount & { id: number },
    fields: Pick<
      ServerRow,
      'title' | 'hostname' | 'zone' | 'plan' | 'core_number' | 'memory_amount' | 'state'
    > & { labels?: Record<string, string> },
    disks: SeedStorage[],
    days: number,
  ) => {
    const row: ServerRow = {
      ...fields,
      uuid: newUuid(uuidPrefixes.server),
      account_id: account.id,
      created: Math.floor(daysAgo(days).getTime() / 1000),
      host: 5_872_304_771 + days,
      ...serverSettingDefaults,
      metadata: 'yes',
      remote_access_password: 'Dem0Vnc1',
      labels: JSON.stringify(labelList(fields.labels)),
    };
    servers.insert(row);
    networking.createServerInterfaces(row);
    const rows = disks.map((disk, index) => {
      const created = storage(account.id, disk, days);
      const device: Omit<DeviceRow, 'position'> = {
        server_uuid: row.uuid,
        address: `virtio:${index}`,
        type: 'disk',
        storage_uuid: created.uuid,
        boot_disk: index === 0 ? '1' : '0',
      };
      servers.addDevice(device);
      return created;
    });
    const actor = actorOf(account);
    const event = (type: ServerEvent['type'], at: Date) =>
      servers.addEvent({
        server_uuid: row.uuid,
        time: rfc3339(at),
        type,
        email: actor.email ?? null,
        first_name: actor.first_name ?? null,
        last_name: actor.last_name ?? null,
      });
    const created = daysAgo(days);
    const started = new Date(created.getTime() + 30_000);
    event('server_create', created);
    event('server_start', started);
    const id = { resourceType: 'server', resourceId: row.uuid } as const;
    audited(account.id, created, {
      ...id,
      action: 'create',
      current: { uuid: row.uuid, title: row.title, zone: row.zone, plan: row.plan },
    });
    audited(account.id, started, {
      ...id,
      action: 'start',
      previous: { state: 'stopped' },
      current: { state: 'started' },
    });
    if (row.state === 'stopped') {
      event('server_shutdown', daysAgo(1));
      audited(account.id, daysAgo(1), {
        ...id,
        action: 'stop',
        previous: { state: 'started' },
        current: { state: 'stopped' },
      });
    }
    return rows;
  };

  const [webDisk] = server(
    demo,
    {
      title: 'web-1',
      hostname: 'web-1.demo.example.com',
      zone: 'de-fra1',
      plan: '2xCPU-4GB',
      core_number: 2,
      memory_amount: 4096,
      state: 'started',
      labels: { env: 'prod', team: 'web' },
    },
    [
      {
        title: 'web-1 OS',
        size: 80,
        zone: 'de-fra1',
        partOfPlan: true,
        labels: { env: 'prod', team: 'web', os: 'debian' },
        backupRule: { interval: 'daily', time: '0430', retention: '7' },
      },
    ],
    30,
  );
  server(
    demo,
    {
      title: 'build-box',
      hostname: 'build.demo.example.com',
      zone: 'fi-hel1',
      plan: 'custom',
      core_number: 2,
      memory_amount: 4096,
      state: 'stopped',
      labels: { env: 'dev', team: 'platform' },
    },
    [
      {
        title: 'build-box OS',
        size: 50,
        zone: 'fi-hel1',
        tier: 'standard',
        labels: { env: 'dev', team: 'platform' },
      },
    ],
    20,
  );
  server(
    demo,
    {
      title: 'db-1',
      hostname: 'db-1.demo.example.com',
      zone: 'uk-lon1',
      plan: 'custom',
      core_number: 4,
      memory_amount: 8192,
      state: 'started',
      labels: { env: 'prod', team: 'data' },
    },
    [
      { title: 'db-1 OS', size: 40, zone: 'uk-lon1', labels: { env: 'prod' } },
      {
        title: 'db-1 data',
        size: 200,
        zone: 'uk-lon1',
        labels: { env: 'prod', team: 'data', role: 'database' },
      },
    ],
    10,
  );
  storage(
    demo.id,
    {
      title: 'web assets archive',
      size: 500,
      zone: 'de-fra1',
      tier: 'hdd',
      labels: { env: 'prod', team: 'web' },
    },
    5,
  );
  storages.insert({
    ...webDisk!,
    uuid: newUuid(uuidPrefixes.storage),
    title: 'web-1 OS before upgrade',
    type: 'backup',
    tier: null,
    part_of_plan: 0,
    backup_rule: '{}',
    origin: webDisk!.uuid,
    created: rfc3339(daysAgo(2)),
  });

  server(
    other,
    {
      title: 'other-app',
      hostname: 'app.other.example.com',
      zone: 'de-fra1',
      plan: 'custom',
      core_number: 1,
      memory_amount: 1024,
      state: 'started',
    },
    [{ title: 'other-app OS', size: 25, zone: 'de-fra1' }],
    15,
  );
  storage(other.id, { title: 'other data', size: 100, zone: 'de-fra1' }, 15);

  // One private network with a router per account, in non-overlapping blocks of one zone, so the
  // two accounts can peer them (api-rules §4.7).
  const privateNetwork = (
    accountId: number,
    spec: Parameters<Networking['seedPrivateNetwork']>[1],
  ) => {
    const network = networking.seedPrivateNetwork(accountId, spec);
    const at = new Date(network.created_at);
    audited(accountId, at, {
      action: 'create',
      resourceType: 'router',
      resourceId: network.router_uuid!,
      current: { uuid: network.router_uuid, name: spec.routerName },
    });
    audited(accountId, at, {
      action: 'create',
      resourceType: 'network',
      resourceId: network.uuid,
      current: { uuid: network.uuid, name: network.name, zone: network.zone },
    });
  };
  privateNetwork(demo.id, {
    name: 'demo private network',
    zone: 'de-fra1',
    block: '172.16.10.0/24',
    routerName: 'demo router',
    labels: JSON.stringify([{ key: 'env', value: 'prod' }]),
    createdAt: rfc3339(daysAgo(30)),
  });
  privateNetwork(other.id, {
    name: 'other private network',
    zone: 'de-fra1',
    block: '172.16.20.0/24',
    routerName: 'other router',
    labels: '[]',
    createdAt: rfc3339(daysAgo(15)),
  });
}

/** The four accounts of a seeded tenant, by their role in the demo data. */
export type SeedUser = keyof typeof demoUsers;
export type SeedCredentials = Record<SeedUser, { username: string; password: string }>;

interface SeedRepositories {
  accounts: AccountRepository;
  storages: StorageRepository;
  servers: ServerRepository;
  clock: Clock;
  networking: Networking;
  audit: AuditLog;
  /** Hashes a password at the sandbox's cost. */
  hashPassword: (password: string) => string;
}

/**
 * One tenant of the demo data, in the caller's transaction: a main account (`demo`) with a viewer
 * subaccount, a partner and an unrelated main account (`other`), named and protected by `users`,
 * with the servers, storages, networks and routers the README describes. The sandbox seeds it
 * once as `demo`; `/_sandbox/tenants` (control.ts) seeds more under other names for tests.
 */
export function seedTenant(
  { accounts, hashPassword, ...repositories }: SeedRepositories,
  users: SeedCredentials,
  beforeResources?: () => void,
) {
  const now = repositories.clock.now().toISOString();
  // A test tenant's users have addresses of their own, so what one of them does (a server event,
  // say) is credited to that user and not to the demo user it was modelled on.
  const email = (user: SeedUser, demoName: string) =>
    `${users[user].username === user ? demoName : users[user].username}@example.com`;
  const base = (user: SeedUser): NewAccount => ({
    username: users[user].username,
    password_hash: hashPassword(users[user].password),
    ...newAccountDefaults,
    credits: 1_000_000,
    resource_limits: JSON.stringify(defaultLimits),
    created_at: now,
  });
  const demoAccount = {
    ...base('demo'),
    contact: contact('Dana', 'Demo', email('demo', 'dana.demo'), {
      company: 'Demo Oy',
      city: 'Helsinki',
    }),
  };
  const demo = accounts.insert(demoAccount);
  accounts.insert({
    ...base('demo_viewer'),
    type: 'sub',
    main_account_id: demo,
    roles: JSON.stringify(['technical']),
    credits: 0,
    contact: contact('Victor', 'Viewer', email('demo_viewer', 'victor.viewer')),
  });
  accounts.insert({
    ...base('partner'),
    is_partner: 1,
    account_creation_limit: 25,
    credits: 5_000_000,
    contact: contact('Paula', 'Partner', email('partner', 'paula.partner'), {
      company: 'Partner Cloud Ltd',
      country: 'GBR',
      phone: '+44.2071234567',
      city: 'London',
    }),
  });
  const otherAccount = {
    ...base('other'),
    credits: 250_000,
    contact: contact('Otto', 'Other', email('other', 'otto.other')),
  };
  const other = accounts.insert(otherAccount);
  beforeResources?.();
  seedResources(repositories, { ...demoAccount, id: demo }, { ...otherAccount, id: other });
}

export function seedSandbox({ db, ...repositories }: SeedRepositories & { db: Db }) {
  const users = Object.fromEntries(
    Object.entries(demoUsers).map(([username, password]) => [username, { username, password }]),
  ) as SeedCredentials;
  db.transaction(() =>
    seedTenant(repositories, users, () =>
      seedPublicImages(repositories.storages, repositories.clock),
    ),
  )();
}
