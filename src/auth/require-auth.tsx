import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from './auth-context';

/** Sends signed-out visitors to sign-in with the page they asked for, to return there after. */
export function RequireAuth({ signInPath }: { signInPath: (next: string) => string }) {
  const { session } = useAuth();
  const location = useLocation();
  if (!session) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  return <Outlet />;
}
