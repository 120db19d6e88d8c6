import { describe, expect, it } from 'vitest';
import { ipAddressesGroup } from '../../features/ip-addresses/group';
import { serversGroup } from '../../features/servers/group';
import { searchOf } from '../group-search';
import { navigationEntries } from '../navigation';
import { matchItems, paletteItems, uuidItem } from './palette-items';
import type { PaletteItem } from './palette-items';

const item = (label: string, keywords = [label.toLowerCase()]): PaletteItem => ({
  id: label,
  kind: 'Server',
  label,
  to: `/${label}`,
  keywords,
});

describe('palette items', () => {
  it('reads the type of a pasted UUID from its prefix', () => {
    expect(uuidItem(' 0D6C8A3E-1111-4222-8333-444455556666 ')).toMatchObject({
      kind: 'Kubernetes cluster',
      label: 'Open kubernetes cluster 0d6c8a3e-1111-4222-8333-444455556666',
      to: '/kubernetes/0d6c8a3e-1111-4222-8333-444455556666',
    });
    // A type without a page in the panel: its audit events.
    expect(uuidItem('04aaaaaa-1111-4222-8333-444455556666')).toMatchObject({
      kind: 'Router',
      to: '/audit-logs?q=04aaaaaa-1111-4222-8333-444455556666',
    });
    expect(uuidItem('web-1')).toBeNull();
  });

  it('matches every word, exact and prefix matches first', () => {
    const items = [item('old web-1 copy'), item('web-10'), item('web-1'), item('db-1')];
    expect(matchItems(items, 'web-1').map((entry) => entry.label)).toEqual([
      'web-1',
      'web-10',
      'old web-1 copy',
    ]);
    expect(matchItems(items, 'COPY old').map((entry) => entry.label)).toEqual(['old web-1 copy']);
    expect(matchItems(items, '   ')).toEqual([]);
  });

  it('leads an IP address to the server using it, or to the IP address page', () => {
    const base = {
      access: 'public',
      family: 'IPv4',
      part_of_plan: 'no',
      ptr_record: 'host.example.com',
      floating: 'no',
      zone: 'de-fra1',
      release_policy: 'release',
    } as const;
    const source = (group: Parameters<typeof searchOf>[0]) => searchOf(group)?.palette;
    const servers = source(serversGroup);
    const addresses = source(ipAddressesGroup);
    if (!servers || !addresses) throw new Error('The palette lists servers and IP addresses');
    const server = { uuid: '00aaaaaa-1111-4222-8333-444455556666', title: 'web-1' };
    const items = paletteItems(navigationEntries, [
      { source: servers, data: [{ ...server, hostname: 'web-1.example.com', zone: 'de-fra1' }] },
      {
        source: addresses,
        data: [
          { ...base, address: '192.0.2.10', server: server.uuid },
          { ...base, address: '192.0.2.11' },
        ],
      },
    ]);
    expect(matchItems(items, '192.0.2.10')[0]).toMatchObject({
      to: '/servers/00aaaaaa-1111-4222-8333-444455556666',
      detail: 'Server web-1',
    });
    expect(matchItems(items, '192.0.2.11')[0]).toMatchObject({
      to: '/ip-addresses?search=192.0.2.11',
    });
  });
});
