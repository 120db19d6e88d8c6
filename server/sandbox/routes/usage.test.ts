import { describe, expect, it } from 'vitest';
import {
  currentNetworkUsageResponseSchema,
  networkUsageResponseSchema,
  resourceNetworkUsageResponseSchema,
} from '../../../contract/usage';
import { serverListResponseSchema } from '../../../contract/server';
import { demoAuth, expectProblem, manualClock } from '../testing';
import { sandboxSuite } from './test-helpers';

// Seeded demo servers: web-1 30 days old, build-box 20, db-1 10 days (before 2026-03-01).
const { call } = sandboxSuite({ clock: manualClock('2026-03-01T00:00:00Z') });

const get = (url: string, accept = 'application/json') =>
  call('GET', url, undefined, demoAuth, { accept });

const range = (from: string, to: string) =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

describe('network usage', () => {
  it('gives deterministic hourly traffic only for hours a resource existed', async () => {
    const url = `/1.3/account/resource_network_usage?${range('2026-02-18T00:00:00Z', '2026-02-21T00:00:00Z')}&service=server_public`;
    const first = resourceNetworkUsageResponseSchema.parse((await get(url)).json());
    expect((await get(url)).body).toBe(JSON.stringify(first));
    const perServer = new Map<string, number>();
    for (const stat of first.stats.stat)
      perServer.set(stat.resource_id, (perServer.get(stat.resource_id) ?? 0) + 1);
    // web-1 and build-box all 72 hours; db-1 only from 2026-02-19T00:00Z (48 hours).
    expect([...perServer.values()].sort((a, b) => a - b)).toEqual([48, 72, 72]);
    const daily = resourceNetworkUsageResponseSchema.parse(
      (await get(`${url}&accumulate=day`)).json(),
    );
    expect(daily.stats.stat).toHaveLength(3 + 3 + 2);
  });

  it('gives a stopped server no traffic: only the hours it ran (issue 24 item 5)', async () => {
    const servers = serverListResponseSchema.parse(
      (await call('GET', '/1.3/server', undefined, demoAuth)).json(),
    ).servers.server;
    const build = servers.find((server) => server.title === 'build-box')!;
    expect(build.state).toBe('stopped');
    const url = `/1.3/account/resource_network_usage?${range('2026-02-27T00:00:00Z', '2026-03-01T00:00:00Z')}&service=server_public&resource_id=${build.uuid}`;
    const stats = resourceNetworkUsageResponseSchema.parse((await get(url)).json()).stats.stat;
    // build-box was shut down a day before 2026-03-01: it sent nothing after 2026-02-28T00:00Z.
    expect(stats).toHaveLength(24);
    expect(stats.every((stat) => stat.start_time < '2026-02-28T00:00:00Z')).toBe(true);
  });

  it('answers 400 for a JSON window over 31 days but serves it as CSV', async () => {
    const query = range('2026-01-01T00:00:00Z', '2026-02-02T00:00:00Z');
    for (const path of ['network_usage', 'resource_network_usage', 'network_top_usage']) {
      expectProblem(await get(`/1.3/account/${path}?${query}`), 400, 'TIME_RANGE_TOO_LONG');
      const csv = await get(`/1.3/account/${path}?${query}`, 'text/csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.body.split('\n')[0]).toMatch(/^start_time,/);
    }
    const csv = await get(`/1.3/account/resource_network_usage?${query}`, 'text/csv');
    expect(csv.body.split('\n')[0]).toBe('start_time,resource_id,service,zone,sent_bytes');
  });

  it('requires from and to', async () => {
    for (const [query, code] of [
      ['', 'FROM_MISSING'],
      ['?from=yesterday&to=today', 'FROM_INVALID'],
    ] as const) {
      expectProblem(await get(`/1.3/account/network_usage${query}`), 400, code);
    }
  });

  it('sums account traffic and reports the current pool', async () => {
    const body = networkUsageResponseSchema.parse(
      (
        await get(
          `/1.3/account/network_usage?${range('2026-02-27T00:00:00Z', '2026-03-01T00:00:00Z')}&accumulate=day`,
        )
      ).json(),
    );
    expect(body.stats.stat).toHaveLength(2);
    expect(body.stats.stat[1]!.total_sent_bytes).toBe(
      body.stats.stat[0]!.sent_bytes + body.stats.stat[1]!.sent_bytes,
    );
    const current = currentNetworkUsageResponseSchema.parse(
      (await get('/1.3/account/current_network_usage')).json(),
    );
    expect(current.stats.current_network_usage.updated).toBe('2026-03-01T00:00:00Z');
  });
});
