import type { ReactNode } from 'react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '../auth/auth-context';
import type { SessionStore } from '../auth/session-store';
import { UndoableActionProvider } from '../components/undoable-action';
import { browserStyleCache } from './style-cache';
import { colorModeStorageKey, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  sessionStore: SessionStore;
  children: ReactNode;
  /** How long a confirmed deletion waits for Undo; tests shorten it. */
  undoGraceMs?: number;
  /** Where the styles go: the browser's one cache, or a server render's own. */
  styleCache?: EmotionCache;
}

export function AppProviders({
  queryClient,
  sessionStore,
  children,
  undoGraceMs,
  styleCache = browserStyleCache(),
}: AppProvidersProps) {
  return (
    <CacheProvider value={styleCache}>
      {/* noSsr: the colour mode is read as the provider first renders. Without it the provider
          reads it in an effect after taking over the server's page (server/server-render.ts), a
          change of its context while the page's parts were still being taken over, which React
          then took over in one task instead of in slices (about 300 ms on Lighthouse's phone).
          Its one reader, the theme switch, shows the mode once the page is taken over. */}
      <ThemeProvider
        theme={theme}
        defaultMode="system"
        modeStorageKey={colorModeStorageKey}
        disableTransitionOnChange
        noSsr
      >
        <CssBaseline enableColorScheme />
        <QueryClientProvider client={queryClient}>
          <AuthProvider store={sessionStore}>
            <UndoableActionProvider graceMs={undoGraceMs}>{children}</UndoableActionProvider>
          </AuthProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
