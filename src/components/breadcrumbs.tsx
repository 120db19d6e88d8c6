import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment, createContext, useContext } from 'react';
import { RouterLink } from './router-link';

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
 * The markup and look of MUI's Breadcrumbs (a nav of body text around a list, "/" between
 * crumbs, hidden from assistive technology), without its collapsing of long trails, which a trail
 * of two or three never needs: every page's first load carries this, and MUI's component was
 * ~1.1 KB of it gzipped (docs/architecture.md, Budgets).
 */
export function Breadcrumbs({ current: currentLabel }: { current?: string }) {
  const crumbs = useContext(TrailContext);
  if (crumbs.length === 0) return null;
  const last = crumbs[crumbs.length - 1];
  const current = last && currentLabel ? { ...last, label: currentLabel } : last;
  const separator = (
    <Typography component="li" variant="inherit" aria-hidden sx={{ mx: 1, userSelect: 'none' }}>
      /
    </Typography>
  );
  return (
    <Typography component="nav" aria-label="Breadcrumbs" color="text.secondary" sx={{ mb: 1 }}>
      <Typography
        component="ol"
        variant="inherit"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          p: 0,
          m: 0,
          listStyle: 'none',
        }}
      >
        {crumbs.slice(0, -1).map((crumb) => (
          <Fragment key={crumb.to}>
            <li>
              <Link component={RouterLink} to={crumb.to} underline="hover" color="inherit">
                {crumb.label}
              </Link>
            </li>
            {separator}
          </Fragment>
        ))}
        <li>
          <Typography color="text.primary" aria-current="page">
            {current?.label}
          </Typography>
        </li>
      </Typography>
    </Typography>
  );
}
