import type { QueryClient } from '@tanstack/react-query';
import { serverReadsId } from '../../contract/render-cookie';
import type { ServerReads } from '../../contract/render-cookie';
import { apiCallLog } from '../api/http';
import type { Session } from '../auth/session-store';
import { setRenderedAt } from '../lib/rendered-at';

/**
 * Whether the page in `container` is the server's render of this visit's page for this tab's
 * session (server/server-render.ts). If so, the reads it was rendered from go into `client` (and
 * the requests that made them into the log of requests sent), so
 * that the app's first render is that page again and React takes it over (hydration) instead of
 * drawing it anew. If not (no session, or a page rendered for another account: the cookie holds
 * the session of the tab in front), the server's page is removed at once.
 */
export function adoptServerRender(
  container: HTMLElement,
  client: QueryClient,
  session: Session | null,
): boolean {
  const script = document.getElementById(serverReadsId);
  if (!script) return false;
  script.remove();
  try {
    const renderedAt = Number(container.dataset.renderedAt);
    if (session && container.dataset.renderedFor === session.username && renderedAt > 0) {
      setRenderedAt(() => renderedAt);
      const { reads, sent } = JSON.parse(script.textContent ?? '') as ServerReads;
      for (const read of reads) {
        client.setQueryData(read.key, read.data, { updatedAt: read.updatedAt });
      }
      // Sent by the server for this page: what its "API call" shows as the request it was read by.
      apiCallLog.add(sent);
      return true;
    }
  } catch {
    // Unreadable: drawn anew below.
  }
  container.replaceChildren();
  return false;
}
