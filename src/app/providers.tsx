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
      <ThemeProvider
        theme={theme}
        defaultMode="system"
        modeStorageKey={colorModeStorageKey}
        disableTransitionOnChange
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
