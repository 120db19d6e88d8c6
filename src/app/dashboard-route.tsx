import { DashboardPage } from '../features/dashboard/dashboard-page';
import { navigationEntries } from './navigation';
import { paths } from './paths';

const sections = navigationEntries.filter((entry) => entry.to !== paths.dashboard());

/**
 * The dashboard with a card per section: every group's navigation entries, which (with their
 * icons) load with the signed-in routes, not with the sign-in page's first load.
 */
export function DashboardRoute() {
  return <DashboardPage sections={sections} />;
}
