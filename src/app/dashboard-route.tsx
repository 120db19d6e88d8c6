import { DashboardPage } from '../features/dashboard/dashboard-page';

/** The dashboard: the account and the widgets that summarise its resources, costs and activity. */
export function DashboardRoute() {
  return <DashboardPage />;
}
