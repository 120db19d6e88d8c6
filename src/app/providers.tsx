import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '../auth/auth-context';
import type { SessionStore } from '../auth/session-store';
import { UndoableActionProvider } from '../components/undoable-action';
import { colorModeStorageKey, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  sessionStore: SessionStore;
  children: ReactNode;
  /** How long a confirmed deletion waits for Undo; tests shorten it. */
  undoGraceMs?: number;
}

export function AppProviders({
  queryClient,
  sessionStore,
  children,
  undoGraceMs,
}: AppProvidersProps) {
  return (
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
  );
}
