/**
 * The server's render of a signed-in page (server/server-render.ts loads the build of
 * src/entry-server.tsx, which `npm run build` writes to dist-server/). A page drawn on the server
 * is on the screen as soon as its HTML arrives, before any of the panel's code has run; the panel
 * then takes it over (src/app/server-render.ts). Only the pages of the groups' manifests render
 * here, with the reads their `prefetch` starts; the rest of the page (the shell's own reads, what
 * loads later) renders as the panel's first render has it, loading.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type {
  RenderRequest,
  RenderedPage,
  ServerRead,
  ServerRequest,
} from '../../contract/render-cookie';
import { StrictMode } from 'react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { apiUrl, setApiFetch, setCredentialProvider } from '../api/http';
import { createSessionStore } from '../auth/session-store';
import { AppRoutes } from './app-routes';
import { WideLayoutContext } from './layout/wide-layout';
import { AppProviders } from './providers';
import { createStyleCache } from './style-cache';
import { createRenderCache } from './render-cache';
import { loadSignedInPage, routes } from './router';
import { setRenderedAt } from '../lib/rendered-at';
import { setReader } from '../lib/intl';
import { memoryStorage } from '../lib/memory-storage';

// Renders of different sessions run at once: each one's session, clock, locale and transport are
// its own.
const current = new AsyncLocalStorage<
  RenderRequest & { renderedAt: number; sent: ServerRequest[] }
>();
setCredentialProvider(() => current.getStore()?.session.token ?? null);
setRenderedAt(() => current.getStore()?.renderedAt ?? Date.now());
setReader(() => {
  const request = current.getStore();
  return { locale: request?.locale, timeZone: request?.timeZone };
});
setApiFetch((url, init) => {
  const request = current.getStore();
  if (!request) return Promise.reject(new Error('An API request outside a server render.'));
  request.sent.push({ method: init.method ?? 'GET', path: url.slice(apiUrl('').length) });
  return request.fetch(url, { ...init, signal: request.signal });
});

/** Pages rendered lately, sent again while what they were rendered from is unchanged. */
const renders = createRenderCache({ maxEntries: 64, maxChars: 8 * 1024 * 1024, maxAgeMs: 30_000 });

/**
 * What a render is drawn from, but for its time (render-cache.ts): the reads' data in full, since
 * any of it may be on the page. Hashed, so the cache holds no session token.
 */
function renderKey(request: RenderRequest, reads: readonly ServerRead[]) {
  const { url, session, wide, locale, timeZone } = request;
  const drawnFrom = [
    url,
    session,
    wide,
    locale,
    timeZone,
    reads.map(({ key, data }) => [key, data]),
  ];
  return createHash('sha256').update(JSON.stringify(drawnFrom)).digest('base64');
}

/** Rounds of reads started by other reads' answers that a render waits for (one today). */
const maxChainedRounds = 3;

/**
 * The page's reads once all have answered, those the prefetch chains on another's answer too
 * (the audit log's names, once its rows are in): whether such a read had started when the first
 * ones were taken was the race of which was quicker, the reads or the page's code, and the page
 * then came with the names or without (a journey holding the server list saw either).
 */
async function settledReads(client: QueryClient) {
  let queries = client.getQueryCache().getAll();
  for (let round = 0; round < maxChainedRounds; round += 1) {
    await Promise.all(queries.map((query) => query.promise?.catch(() => undefined)));
    // A read chained on an answer starts in that answer's callbacks, which have all run by now.
    await new Promise((resolve) => setImmediate(resolve));
    const now = client.getQueryCache().getAll();
    if (now.length === queries.length) break;
    queries = now;
  }
  return queries;
}

/**
 * The query client a page is drawn with: it holds the reads the panel takes the page over with
 * (src/app/server-render.ts) and starts none, so that the page is what those reads draw, as the
 * render cache (keyed by them) assumes, and as the panel's first render draws it.
 */
class ReadsOnlyClient extends QueryClient {
  constructor(reads: readonly ServerRead[]) {
    super({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    for (const read of reads) this.setQueryData(read.key, read.data, { updatedAt: read.updatedAt });
  }

  // The page's route starts its reads as it renders (SignedInRoutes): on the server they were
  // started, and have answered, before.
  override prefetchQuery(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Renders the page at `request.url`, or answers undefined: not a group's page, or a read failed
 * (a refused token, an API error), which the panel then meets and reports itself.
 */
export function render(request: RenderRequest): Promise<RenderedPage | undefined> {
  const renderedAt = Date.now();
  const sent: ServerRequest[] = [];
  return current.run({ ...request, renderedAt, sent }, async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    const { pathname, search } = new URL(request.url, 'http://panel.invalid');
    if (!(await loadSignedInPage(client, { pathname, search }))) return undefined;
    const queries = await settledReads(client);
    if (request.signal.aborted || queries.some((query) => query.state.status !== 'success')) {
      return undefined;
    }
    const reads = queries.map((query) => ({
      key: query.queryKey,
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
    }));
    const key = renderKey(request, reads);
    const cached = renders.get(key);
    if (cached) return { ...cached, reads, sent };
    const drawnFrom = new ReadsOnlyClient(reads);
    const sessionStore = createSessionStore(memoryStorage());
    sessionStore.start(request.session);
    // The page's own styles, as emotion in the browser names them ('css'): it takes those in the
    // head as inserted (@emotion/cache), and they are only those the page's markup uses, not
    // those of what React rendered and then dropped (a boundary's fallback).
    const styles = createStyleCache();
    // Made before the render: it sets the cache to keep styles rather than write them inline.
    const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(styles);
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppProviders queryClient={drawnFrom} sessionStore={sessionStore} styleCache={styles}>
          <WideLayoutContext value={request.wide}>
            <StaticRouter location={request.url}>
              <AppRoutes table={routes} />
            </StaticRouter>
          </WideLayoutContext>
        </AppProviders>
      </StrictMode>,
      // Every boundary inline: React would otherwise send a large one after the rest, to be
      // moved into place by an inline script, which the panel's CSP does not run.
      { signal: request.signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(chunk as Buffer);
    const critical = extractCriticalToChunks(Buffer.concat(chunks).toString('utf8'));
    const page = { html: critical.html, head: constructStyleTagsFromChunks(critical), renderedAt };
    if (!request.signal.aborted) renders.set(key, page);
    return { ...page, reads, sent };
  });
}
