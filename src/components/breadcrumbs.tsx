import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useMatches } from 'react-router';

/** Route `handle` of the route table: a route with a `crumb` appears in the breadcrumbs. */
export interface RouteHandle {
  crumb: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as Partial<RouteHandle>).crumb === 'string'
  );
}

/** The trail of the matched routes, so pages need not know where they sit in the app. */
export function Breadcrumbs() {
  const crumbs = useMatches().flatMap((match) =>
    isRouteHandle(match.handle) ? [{ label: match.handle.crumb, to: match.pathname }] : [],
  );
  if (crumbs.length === 0) return null;
  const current = crumbs[crumbs.length - 1];
  return (
    <MuiBreadcrumbs aria-label="Breadcrumbs" sx={{ mb: 1 }}>
      {crumbs.slice(0, -1).map((crumb) => (
        <Link key={crumb.to} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
          {crumb.label}
        </Link>
      ))}
      <Typography color="text.primary" aria-current="page">
        {current?.label}
      </Typography>
    </MuiBreadcrumbs>
  );
}
