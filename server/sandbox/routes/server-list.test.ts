import { describe, expect, it } from 'vitest';
import { expectProblem, manualClock } from '../testing';
import { sandboxSuite } from './test-helpers';

/** `GET /1.3/server` filters, sorting and pages (api-reference-notes §1.6). */

const { call, servers } = sandboxSuite({ clock: manualClock('2026-11-21T10:00:00.000Z') });
const titles = async (query: string) =>
  (
    (await call('GET', `/1.3/server${query}`)).json() as {
      servers: { server: { title: string }[] };
    }
  ).servers.server.map((server) => server.title);

describe('the server list', () => {
  it('lists every server without a limit, oldest first', async () => {
    expect(await titles('')).toEqual((await servers()).map((server) => server.title));
    expect((await titles('')).sort()).toEqual(['build-box', 'db-1', 'web-1']);
  });

  it('filters by state, zone, search text and tag', async () => {
    expect(await titles('?state=stopped')).toEqual(['build-box']);
    expect(await titles('?zone=uk-lon1')).toEqual(['db-1']);
    expect(await titles('?search=WEB')).toEqual(['web-1']);
    expect(await titles('?search=nothing-like-it')).toEqual([]);
    expect(await titles('?state=started&zone=de-fra1')).toEqual(['web-1']);
  });

  it('sorts by a field in either order and pages with limit and offset', async () => {
    expect(await titles('?sort_by=title')).toEqual(['build-box', 'db-1', 'web-1']);
    expect(await titles('?sort_by=title&order_by=desc')).toEqual(['web-1', 'db-1', 'build-box']);
    expect(await titles('?sort_by=title&limit=2')).toEqual(['build-box', 'db-1']);
    expect(await titles('?sort_by=title&limit=2&offset=2')).toEqual(['web-1']);
    expect(await titles('?sort_by=title&offset=5')).toEqual([]);
  });

  it('refuses malformed queries with the attribute named', async () => {
    expectProblem(await call('GET', '/1.3/server?limit=0'), 400, 'LIMIT_INVALID');
    expectProblem(await call('GET', '/1.3/server?limit=1001'), 400, 'LIMIT_INVALID');
    expectProblem(await call('GET', '/1.3/server?offset=-1'), 400, 'OFFSET_INVALID');
    expectProblem(await call('GET', '/1.3/server?sort_by=secret'), 400, 'SORT_BY_INVALID');
    expectProblem(await call('GET', '/1.3/server?order_by=desc'), 400, 'ORDER_BY_INVALID');
    expectProblem(await call('GET', '/1.3/server?state=flying'), 400, 'STATE_INVALID');
  });
});
