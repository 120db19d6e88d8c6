import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { storageQueries } from '../api/storage';
import { authenticateApiRequests, createSessionStore } from '../auth/session-store';
import { storageListParams, storageListUrl } from '../features/storage/storage-list-params';
import { readUrlState } from '../lib/url-state';
import { signInAs } from '../testing/render';
import { startFirstPage } from './router';

/** A fresh client whose requests carry a demo session, as the app's entry makes them. */
async function signedInClient() {
  const store = createSessionStore(window.sessionStorage);
  store.start(await signInAs('demo'));
  authenticateApiRequests(store);
  return createQueryClient({ onUnauthorized: store.expire });
}

const storagePage = (search: string) =>
  storageQueries.page(storageListParams(readUrlState(storageListUrl, new URLSearchParams(search))));

describe('the first page of a visit', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('has its list read under way before the app renders, for the address the visit opened', async () => {
    window.history.replaceState(null, '', '/storage?type=backup');
    const client = await signedInClient();
    await startFirstPage(client);
    // Leaving: the page's own read (same key) joins it instead of asking again.
    expect(client.getQueryState(storagePage('type=backup').queryKey)?.fetchStatus).toBe('fetching');
    expect(client.getQueryState(storagePage('').queryKey)).toBeUndefined();
    await expect(client.fetchQuery(storagePage('type=backup'))).resolves.toMatchObject({
      items: expect.any(Array),
    });
  });
});
