import { matchPath, useLocation } from 'react-router';
import { PageHeader } from '../../components/page-header';
import type { GroupRoute } from '../../lib/group-manifest';
import { groups } from '../groups';
import { ContentLoading } from '../page-loading';

const withChildren = (routes: readonly GroupRoute[]): GroupRoute[] =>
  routes.flatMap((route) => [route, ...withChildren(route.children ?? [])]);

const headedRoutes = withChildren(groups.flatMap((group) => group.routes)).filter(
  (route) => route.heading,
);

/**
 * What the app shell shows while a page's code loads: the page's header when its manifest gives
 * one (`heading`), in the same `PageHeader`, at the same place and with the same words as the
 * page's own, which then takes over without a change. The page's largest text, its description,
 * no longer waits for the page's chunks to paint.
 */
export function PageFallback() {
  const { pathname } = useLocation();
  const heading = headedRoutes.find((route) => matchPath(route.path, pathname))?.heading;
  return <ContentLoading header={heading && <PageHeader {...heading} />} />;
}
