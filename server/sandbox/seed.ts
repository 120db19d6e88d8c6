import type { Clock } from './clock';
import { hashPassword } from './credentials';
import type { AccountRepository, NewAccount } from './store/accounts';
import type { Db } from './store/database';

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

export function seedSandbox({
  db,
  accounts,
  clock,
}: {
  db: Db;
  accounts: AccountRepository;
  clock: Clock;
}) {
  const now = clock.now().toISOString();
  const base = (username: keyof typeof demoUsers): NewAccount => ({
    username,
    password_hash: hashPassword(demoUsers[username]),
    type: 'main',
    main_account_id: null,
    partner_id: null,
    is_partner: 0,
    account_creation_limit: null,
    allow_api: 1,
    allow_gui: 1,
    roles: JSON.stringify(['billing', 'technical']),
    credits: 1_000_000,
    currency: 'EUR',
    resource_limits: JSON.stringify(defaultLimits),
    contact: '{}',
    labels: '[]',
    created_at: now,
  });
  db.transaction(() => {
    const demo = accounts.insert({
      ...base('demo'),
      contact: contact('Dana', 'Demo', 'dana.demo@example.com', {
        company: 'Demo Oy',
        city: 'Helsinki',
      }),
    });
    accounts.insert({
      ...base('demo_viewer'),
      type: 'sub',
      main_account_id: demo,
      roles: JSON.stringify(['technical']),
      credits: 0,
      contact: contact('Victor', 'Viewer', 'victor.viewer@example.com'),
    });
    accounts.insert({
      ...base('partner'),
      is_partner: 1,
      account_creation_limit: 25,
      credits: 5_000_000,
      contact: contact('Paula', 'Partner', 'paula.partner@example.com', {
        company: 'Partner Cloud Ltd',
        country: 'GBR',
        phone: '+44.2071234567',
        city: 'London',
      }),
    });
    accounts.insert({
      ...base('other'),
      credits: 250_000,
      contact: contact('Otto', 'Other', 'otto.other@example.com'),
    });
  })();
}
