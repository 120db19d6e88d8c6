import { networkResponseSchema } from '../../contract/network';
import type { CreateNetworkRequest } from '../../contract/network';
import { routerResponseSchema } from '../../contract/router';
import { serverResponseSchema } from '../../contract/server';
import { request } from '../api/http';
import type { Session } from '../auth/session-store';
import { as } from './resources';

/** A private network made straight through the API, as a script (or another account) would. */
export async function createNetworkAs(
  session: Session,
  network: Partial<CreateNetworkRequest['network']> & { name: string; block: string },
) {
  const { block, ...rest } = network;
  const body: CreateNetworkRequest = {
    network: {
      zone: 'de-fra1',
      ip_networks: { ip_network: [{ address: block, family: 'IPv4', dhcp: 'yes' }] },
      ...rest,
    },
  };
  return (
    await request('/1.3/network', networkResponseSchema, { method: 'POST', body, ...as(session) })
  ).network;
}

export async function createRouterAs(session: Session, name: string) {
  return (
    await request('/1.3/router', routerResponseSchema, {
      method: 'POST',
      body: { router: { name } },
      ...as(session),
    })
  ).router;
}

/** A /24 no other test uses, so networks of one test never overlap another's. */
export function uniqueBlock(): string {
  const n = Math.floor(Math.random() * 250 * 250);
  return `10.${100 + (n % 150)}.${Math.floor(n / 150) % 250}.0/24`;
}

/** A server in de-fra1 with a public interface and one on `network`. */
export async function createServerOnNetworkAs(session: Session, title: string, network: string) {
  const body = {
    server: {
      zone: 'de-fra1',
      title,
      hostname: 'net-test.example.com',
      plan: '1xCPU-1GB',
      storage_devices: {
        storage_device: [{ action: 'create', size: 10, title: `${title} disk` }],
      },
      networking: {
        interfaces: { interface: [{ type: 'public' }, { type: 'private', network }] },
      },
    },
  };
  return (
    await request('/1.3/server', serverResponseSchema, { method: 'POST', body, ...as(session) })
  ).server;
}
