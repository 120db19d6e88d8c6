import { z } from 'zod/mini';
import { labelSchema } from '../../../contract/common';
import type { CreateNetworkRequest, ModifyNetworkRequest, Network } from '../../../contract/network';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import {
  checkBootfileUrl,
  checkDhcpRoutes,
  checkDnsServers,
  checkGateway,
  checkNetworkCidr,
  cidrsOverlap,
  parseCidr,
  splitList,
} from '../../lib/ip-networks';

const ipNetworkFieldsSchema = z.object({
  family: z.enum(['IPv4', 'IPv6']),
  address: z.string(),
  gateway: z.string(),
  dhcp: z.boolean(),
  dhcpDefaultRoute: z.boolean(),
  dhcpDns: z.string(),
  dhcpRoutes: z.string(),
  dhcpBootfileUrl: z.string(),
});
export type IpNetworkFields = z.infer<typeof ipNetworkFieldsSchema>;

export const networkFormSchema = z
  .object({
    name: z
      .string()
      .check(
        z.refine((name) => name.trim() !== '', 'Give the network a name.'),
        z.maxLength(255, 'At most 255 characters.'),
      ),
    zone: z.string().check(z.minLength(1, 'Choose a zone.')),
    router: z.string(),
    ipNetworks: z.array(ipNetworkFieldsSchema).check(z.minLength(1, 'Add an IP network.')),
    labels: z.array(labelSchema),
  })
  .check(
    z.superRefine((values, ctx) => {
      const issue = (path: (string | number)[], message: string | null) => {
        if (message) ctx.addIssue({ code: 'custom', path, message });
      };
      values.ipNetworks.forEach((entry, index) => {
        const at = (field: keyof IpNetworkFields) => ['ipNetworks', index, field];
        const cidrError = checkNetworkCidr(entry.address, entry.family);
        issue(at('address'), cidrError);
        if (!cidrError) issue(at('gateway'), checkGateway(entry.gateway, entry.address));
        issue(at('dhcpDns'), checkDnsServers(entry.dhcpDns, entry.family));
        issue(at('dhcpRoutes'), checkDhcpRoutes(entry.dhcpRoutes, entry.family));
        issue(at('dhcpBootfileUrl'), checkBootfileUrl(entry.dhcpBootfileUrl));
        const cidr = parseCidr(entry.address);
        const earlier = values.ipNetworks
          .slice(0, index)
          .find((other) => {
            const otherCidr = parseCidr(other.address);
            return cidr && otherCidr && cidrsOverlap(cidr, otherCidr);
          });
        if (!cidrError && earlier) {
          issue(at('address'), `Overlaps ${earlier.address.trim()} above.`);
        }
      });
    }),
  );
export type NetworkFormValues = z.infer<typeof networkFormSchema>;

export const emptyIpNetwork = (family: IpNetworkFields['family'] = 'IPv4'): IpNetworkFields => ({
  family,
  address: '',
  gateway: '',
  dhcp: true,
  dhcpDefaultRoute: false,
  dhcpDns: '',
  dhcpRoutes: '',
  dhcpBootfileUrl: '',
});

export const createNetworkDefaults: NetworkFormValues = {
  name: '',
  zone: '',
  router: '',
  ipNetworks: [emptyIpNetwork()],
  labels: [],
};

const yesNo = (value: boolean) => (value ? ('yes' as const) : ('no' as const));

/** Lists are always sent, so an emptied field clears the option (reference §4.3: `[]`). */
function toIpNetwork(entry: IpNetworkFields) {
  const gateway = entry.gateway.trim();
  const bootfile = entry.dhcpBootfileUrl.trim();
  return {
    address: entry.address.trim(),
    family: entry.family,
    dhcp: yesNo(entry.dhcp),
    dhcp_default_route: yesNo(entry.dhcpDefaultRoute),
    dhcp_dns: splitList(entry.dhcpDns),
    dhcp_routes: splitList(entry.dhcpRoutes),
    ...(gateway ? { gateway } : {}),
    ...(bootfile ? { dhcp_bootfile_url: bootfile } : {}),
  };
}

export function toCreateNetworkRequest(values: NetworkFormValues): CreateNetworkRequest {
  return {
    network: {
      name: values.name.trim(),
      zone: values.zone,
      ...(values.router ? { router: values.router } : {}),
      ip_networks: { ip_network: values.ipNetworks.map(toIpNetwork) },
      labels: values.labels,
    },
  };
}

export function toModifyNetworkRequest(values: NetworkFormValues): ModifyNetworkRequest {
  return {
    network: {
      name: values.name.trim(),
      ip_networks: { ip_network: values.ipNetworks.map(toIpNetwork) },
      labels: values.labels,
    },
  };
}

/** The edit form starts from the network as it is. */
export function networkFormValues(network: Network): NetworkFormValues {
  return {
    name: network.name,
    zone: network.zone,
    router: network.router ?? '',
    ipNetworks: network.ip_networks.ip_network.map((entry) => ({
      family: entry.family,
      address: entry.address,
      gateway: entry.gateway ?? '',
      dhcp: entry.dhcp === 'yes',
      dhcpDefaultRoute: entry.dhcp_default_route === 'yes',
      dhcpDns: (entry.dhcp_dns ?? []).join(', '),
      dhcpRoutes: (entry.dhcp_routes ?? []).join(', '),
      dhcpBootfileUrl: entry.dhcp_bootfile_url ?? '',
    })),
    labels: network.labels,
  };
}

const networkErrorFields = {
  NAME: 'name',
  ZONE: 'zone',
  ROUTER: 'router',
  LABEL: 'labels',
  LABELS: 'labels',
  IP_NETWORKS: 'ipNetworks',
  IP_NETWORK: 'ipNetworks',
} as const;

type NetworkFormField = (typeof networkErrorFields)[keyof typeof networkErrorFields];

export function networkFieldForError(code: string): NetworkFormField | null {
  return fieldForErrorCode(code, networkErrorFields);
}

export function describeLabels(labels: readonly { key: string; value: string }[]): string {
  return labels.map(({ key, value }) => (value ? `${key}=${value}` : key)).join(', ');
}
