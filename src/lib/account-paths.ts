/**
 * Links to the account, billing and usage pages; features link within their group through these
 * (they may not import the app), and `app/paths.ts` spreads them in.
 */
export const accountPaths = {
  account: () => '/account',
  subaccounts: () => '/subaccounts',
  billing: (month?: string) => (month ? `/billing?${new URLSearchParams({ month })}` : '/billing'),
  // Resource ids are UUIDs (spec §2.1.3), so they need no encoding; the route passes `:resourceId`.
  resourceBilling: (resourceId: string, month?: string) =>
    `/billing/${resourceId}${month ? `?${new URLSearchParams({ month })}` : ''}`,
  networkUsage: () => '/network-usage',
  deviceAvailability: () => '/device-availability',
};
