import { BrowserRouter } from 'react-router';
import { expectSessionRenewal } from '../api/http';
import { createQueryClient } from '../api/query-client';
import { shareSession } from '../auth/share-session';
import { keepRenderCookie } from '../auth/render-cookie';
import { authenticateApiRequests, createSessionStore } from '../auth/session-store';
import { AppProviders } from './providers';
import { AppRoutes } from './app-routes';
import { TakenOverContext } from './take-over';
import { WideLayoutContext } from './layout/wide-layout';
import { routes, startFirstPage } from './router';
import { colorModeStorageKey, theme } from './theme';
import type * as ServerRender from './server-render';

const sessionStore = createSessionStore();
authenticateApiRequests(sessionStore);
// A 401 first asks the user to sign in again over the page (AuthProvider); only giving up ends
// the session, and the route guard then sends the user to sign-in and back afterwards.
const queryClient = createQueryClient({ onUnauthorized: sessionStore.expire });
// A tab opened from a link takes the session of the tab used last (session-sharing.ts).
const sessionShared = shareSession(sessionStore, { onEndedElsewhere: () => queryClient.clear() });

/** The code that takes the server's page over, once it has come (only on such a page). */
let takingOver: typeof ServerRender | undefined;

/**
 * Starts a signed-in visit's first page; settles when it may render (its reads have started),
 * with whether #root holds the server's render of that page to take over.
 */
async function startVisit(container: HTMLElement): Promise<boolean> {
  await sessionShared;
  keepRenderCookie(sessionStore, {
    wideQuery: theme.breakpoints.up('md').replace(/^@media\s*/, ''),
    colorModeKey: colorModeStorageKey,
  });
  const { session } = sessionStore.getState();
  // Only a page the server rendered names whom for (server/server-render.ts); the code that takes
  // it over is not in every first load (the server's page names it as a preload).
  const serverRendered =
    container.dataset.renderedFor !== undefined &&
    (await import('./server-render').then(
      (module) => (takingOver = module).adoptServerRender(container, queryClient, session),
      // Its code did not come: drawn anew, as the first render replaces what #root holds.
      () => false,
    ));
  // Drawn anew: nothing done on the server's page applies to the new one, and clicks go through.
  if (!serverRendered) window.skydeckHeld?.();
  if (!session) return false;
  // A refusal of those reads waits for the sign-in layer to ask over the page.
  expectSessionRenewal();
  await startFirstPage(queryClient);
  return serverRendered;
}

/** Resolves when the app may render into `container`: true to take over the server's page there. */
export const startApp = (container: HTMLElement) => startVisit(container);

/**
 * How long after the take-over starts what was held on the server's page is done at the latest,
 * should the page never be taken over (its code failed to load): held, clicks would do nothing.
 */
const takeOverDeadlineMs = 10_000;

/**
 * Called as the panel starts taking the server's page over; answers what to do once it has: what
 * the user did on the page meanwhile (src/app/server-render.ts). Once, though StrictMode (in
 * development) runs a first commit's effects twice.
 */
export function afterTakeOver(container: HTMLElement) {
  let done = false;
  const replay = () => {
    if (done) return;
    done = true;
    clearTimeout(deadline);
    void takingOver?.replayHeld(container);
  };
  const deadline = setTimeout(replay, takeOverDeadlineMs);
  return replay;
}

/**
 * `onTakenOver`: given when taking over the server's page, called once the page is the panel's.
 * The tree down to the routes is the server's (src/app/render-page.tsx) but for providers: a
 * sibling added on one side only would change every `useId` below it, and the ids the server
 * wrote (an `aria-controls`) would name no element in the panel's.
 */
export function App({
  onTakenOver,
  renderedWide = false,
}: {
  onTakenOver?: () => void;
  /** Taking over: whether the server rendered the page for a wide screen (wide-layout.ts). */
  renderedWide?: boolean;
}) {
  return (
    <AppProviders queryClient={queryClient} sessionStore={sessionStore}>
      <TakenOverContext value={onTakenOver}>
        <WideLayoutContext value={renderedWide}>
          <BrowserRouter>
            <AppRoutes table={routes} />
          </BrowserRouter>
        </WideLayoutContext>
      </TakenOverContext>
    </AppProviders>
  );
}
