import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { createContext, useContext } from 'react';
import { Link as RouterLink } from 'react-router';

/** Route `handle` of the route table: a route with a `crumb` appears in the breadcrumbs. */
export interface RouteHandle {
  crumb: string;
}

export interface Crumb {
  label: string;
  to: string;
}

const TrailContext = createContext<Crumb[]>([]);

/** Provided by the app's route renderer: the crumbs of the routes matching the location. */
export const BreadcrumbTrail = TrailContext.Provider;

/**
 * The trail of the matched routes, so pages need not know where they sit in the app.
 * `current` names the last crumb when only the page knows it, such as a resource's title.
 */
export function Breadcrumbs({ current: currentLabel }: { current?: string }) {
  const crumbs = useContext(TrailContext);
  if (crumbs.length === 0) return null;
  const last = crumbs[crumbs.length - 1];
  const current = last && currentLabel ? { ...last, label: currentLabel } : last;
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
