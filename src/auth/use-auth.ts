import { createContext, use } from 'react';
import type { AuthState } from './session-store';

export interface Auth extends AuthState {
  signInWithToken: (token: string) => Promise<void>;
  signInWithPassword: (username: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** Ends a session whose token is already gone (nothing to revoke), saying why on sign-in. */
  endSession: (notice: string) => void;
}

// A leaf module: the sign-in forms use the session without importing the provider, which lazily
// loads the renewal dialog that shows those forms.
export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it.');
  return auth;
}
