import { accountGroup } from '../features/account/group';
import { auditLogsGroup } from '../features/audit-logs/group';
import { billingGroup } from '../features/billing/group';
import { ipAddressesGroup } from '../features/ip-addresses/group';
import { kubernetesGroup } from '../features/kubernetes/group';
import { loadBalancersGroup } from '../features/load-balancers/group';
import { networkPeeringsGroup } from '../features/network-peerings/group';
import { networksGroup } from '../features/networks/group';
import { partnerGroup } from '../features/partner/group';
import { pricesGroup } from '../features/prices/group';
import { serverGroupsGroup } from '../features/server-groups/group';
import { serversGroup } from '../features/servers/group';
import { storageGroup } from '../features/storage/group';
import { tagsGroup } from '../features/tags/group';
import { tokensGroup } from '../features/tokens/group';
import { usageGroup } from '../features/usage/group';
import { zonesGroup } from '../features/zones/group';
import type { GroupManifest } from '../lib/group-manifest';
import { links } from '../lib/links';

/**
 * Every panel group, in the drawer's order: routes, navigation, palette, resource lookup,
 * recent detail pages and `g` shortcuts derive from this list. A new group is a folder with a
 * `group.ts` manifest (and a `search.ts` if the palette lists it) plus one line here.
 * Loaded with the signed-in shell, never with the sign-in page (the icons would not fit).
 */
const manifests = [
  serversGroup,
  serverGroupsGroup,
  tagsGroup,
  storageGroup,
  networksGroup,
  ipAddressesGroup,
  networkPeeringsGroup,
  kubernetesGroup,
  loadBalancersGroup,
  zonesGroup,
  pricesGroup,
  tokensGroup,
  partnerGroup,
  accountGroup,
  billingGroup,
  usageGroup,
  auditLogsGroup,
] as const;

export const groups: readonly GroupManifest[] = manifests;

// `links` is typed from the manifests' own path builders.
declare module '../lib/links' {
  interface GroupPaths {
    groups: (typeof manifests)[number]['paths'];
  }
}

// Features and components link across groups through `links`; pages render only after this.
Object.assign(links, ...groups.map((group) => group.paths));

/** The group whose detail page `pathname` is, with the UUID it shows; undefined otherwise. */
export function detailPageOf(pathname: string) {
  const uuid = pathname.slice(pathname.lastIndexOf('/') + 1);
  const group = groups.find((candidate) => candidate.resource?.page(uuid) === pathname);
  return group?.resource && /^[0-9a-f-]{36}$/.test(uuid) ? group.resource : undefined;
}
