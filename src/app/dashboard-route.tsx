import { DashboardPage } from '../features/dashboard/dashboard-page';
import { navigationEntries } from './navigation';
import { paths } from './paths';

const sections = navigationEntries.filter((entry) => entry.to !== paths.dashboard());

/**
 * The dashboard with a card per section. It lives outside router.tsx so the navigation entries
 * and their icons load with the signed-in pages, not with the sign-in page's first load.
 */
export function DashboardRoute() {
  return <DashboardPage sections={sections} />;
}
