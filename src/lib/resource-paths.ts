/**
 * Links to resource pages. Features link to each other's pages but may not import the app
 * (ESLint boundaries), so these builders live here and `app/paths.ts` spreads them in.
 */
// UUIDs are lowercase hex and hyphens (spec §2.1.3), so they need no encoding; the route table
// passes `:uuid` through the same builders.
export const resourcePaths = {
  servers: () => '/servers',
  newServer: () => '/servers/new',
  server: (uuid: string) => `/servers/${uuid}`,
  storage: () => '/storage',
  storageDetail: (uuid: string) => `/storage/${uuid}`,
  networks: () => '/networks',
  network: (uuid: string) => `/networks/${uuid}`,
  routers: () => '/routers',
  ipAddresses: (search?: string) =>
    search ? `/ip-addresses?${new URLSearchParams({ search })}` : '/ip-addresses',
  networkPeerings: () => '/network-peerings',
  newNetworkPeering: (network?: string) =>
    network ? `/network-peerings/new?${new URLSearchParams({ network })}` : '/network-peerings/new',
  networkPeering: (uuid: string) => `/network-peerings/${uuid}`,
};
