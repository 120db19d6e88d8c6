import { use } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

// index.html's loading indicator (#startup) shows until the app's first commit replaces it. Until
// then a route whose code loads commits no spinner of its own: the first render waits for that
// code, so that the page (a signed-in one with the shell and its header: app-shell.tsx) replaces
// the indicator at once. A spinner committed first would hold the page back, since React reveals
// what follows a fallback no sooner than 300 ms after it showed.
const startupIndicator = new Promise<never>(() => undefined);

/** Shown while the first page's code loads, before any layout exists. */
export function PageLoading() {
  if (typeof document !== 'undefined' && document.getElementById('startup')) use(startupIndicator);
  return (
    <Box aria-busy="true" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading Skydeck" />
    </Box>
  );
}

/**
 * Shown inside the app shell while a page's code loads: the page's `header` when the shell knows
 * it, then a spinner where the page's content will be.
 */
export function ContentLoading({ header }: { header?: ReactNode }) {
  return (
    <>
      {header}
      <Box aria-busy="true" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading page" />
      </Box>
    </>
  );
}
