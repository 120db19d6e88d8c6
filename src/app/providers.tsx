import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '../auth/auth-context';
import type { SessionStore } from '../auth/session-store';
import { colorModeStorageKey, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  sessionStore: SessionStore;
  children: ReactNode;
}

export function AppProviders({ queryClient, sessionStore, children }: AppProvidersProps) {
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      modeStorageKey={colorModeStorageKey}
      disableTransitionOnChange
    >
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <AuthProvider store={sessionStore}>{children}</AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
