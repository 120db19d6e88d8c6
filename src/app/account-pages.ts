// The account, billing and usage pages share one lazy chunk, like resource-pages.ts, so the
// modules they share with the shell stay in the entry chunk; recharts loads later still, with the
// first chart (components/charts/series-chart.tsx).
export { AccountPage } from '../features/account/account-page';
export { SubaccountsPage } from '../features/account/subaccounts-page';
export { BillingPage } from '../features/billing/billing-page';
export { ResourceBillingPage } from '../features/billing/resource-billing-page';
export { NetworkUsagePage } from '../features/usage/network-usage-page';
export { DeviceAvailabilityPage } from '../features/usage/device-availability-page';
