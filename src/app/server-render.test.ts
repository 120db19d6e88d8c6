import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, queryOptions } from '@tanstack/react-query';
import { apiCallLog } from '../api/http';
import { readRenderedAt } from '../lib/rendered-at';
import { endpointPath } from '../../contract/endpoint';
import { serverReadsId } from '../../contract/render-cookie';
import { storageEndpoints } from '../../contract/storage';
import { adoptServerRender } from './server-render';

const session = { token: 't', username: 'demo', viaPassword: false };

/** #root as the server answers it, with the reads beside it. */
function serverPage(renderedFor: string, reads: string) {
  const container = document.createElement('div');
  container.dataset.renderedFor = renderedFor;
  container.dataset.renderedAt = '1700000000000';
  container.innerHTML = '<table><tr><td>web-1 OS</td></tr></table>';
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = serverReadsId;
  script.textContent = reads;
  document.body.append(container, script);
  return container;
}

/** The storage list's first page, as the server reads it for the page. */
const listRead = endpointPath(storageEndpoints.list, {}, { limit: 25 });
const list = queryOptions<{ items: string[] }>({ queryKey: ['storage', 'list'] });
const reads = JSON.stringify({
  reads: [{ key: list.queryKey, data: { items: ['web-1 OS'] }, updatedAt: 1700000000000 }],
  sent: [{ method: 'GET', path: listRead }],
});

describe('taking over the server’s page', () => {
  afterEach(() => {
    document.body.replaceChildren();
    apiCallLog.clear();
  });

  it('puts the reads into the cache at the time they were made, and keeps the page', () => {
    const client = new QueryClient();
    const container = serverPage('demo', reads);
    expect(adoptServerRender(container, client, session)).toBe(true);
    expect(client.getQueryData(list.queryKey)).toEqual({ items: ['web-1 OS'] });
    expect(client.getQueryState(list.queryKey)?.dataUpdatedAt).toBe(1700000000000);
    expect(readRenderedAt()).toBe(1700000000000);
    // The request the server read the list with is the page's API call, as sent.
    expect(apiCallLog.get().map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET ${listRead}`,
    ]);
    expect(container.textContent).toBe('web-1 OS');
    expect(document.getElementById(serverReadsId)).toBeNull();
  });

  it.each([
    ['rendered for another account', 'other', reads, session],
    ['in a tab without a session', 'demo', reads, null],
    ['with reads that are not JSON', 'demo', '[{', session],
  ])('removes a page %s at once, and takes none of its reads', (_case, renderedFor, text, tab) => {
    const client = new QueryClient();
    const container = serverPage(renderedFor, text);
    expect(adoptServerRender(container, client, tab)).toBe(false);
    expect(container.childNodes).toHaveLength(0);
    expect(client.getQueryData(list.queryKey)).toBeUndefined();
    expect(apiCallLog.get()).toEqual([]);
  });
});
