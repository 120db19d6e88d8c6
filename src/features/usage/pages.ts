// The group's pages share one lazy chunk, loaded once by its manifest; recharts loads later
// still, with the first chart (components/charts/series-chart.tsx).
export { DeviceAvailabilityPage } from './device-availability-page';
export { NetworkUsagePage } from './network-usage-page';
