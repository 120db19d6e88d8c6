import { z } from 'zod/mini';
import { labelSchema } from '../../../contract/common';
import { createNetworkRequestSchema, networkNameSchema } from '../../../contract/network';
import type {
  CreateNetworkRequest,
  ModifyNetworkRequest,
  Network,
} from '../../../contract/network';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import {
  checkBootfileUrl,
  checkDhcpRoutes,
  checkDnsServers,
  checkGateway,
  checkNetworkCidr,
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
    name: networkNameSchema.check(
      z.refine((name) => name.trim() !== '', 'Give the network a name.'),
    ),
    zone: z.string().check(z.minLength(1, 'Choose a zone.')),
    router: z.string(),
    ipNetworks: z.array(ipNetworkFieldsSchema).check(z.minLength(1, 'Add an IP network.')),
    labels: z.array(labelSchema),
  })
  .check(
    z.superRefine((values, ctx) => {
      let problems = ctx.issues.length;
      const issue = (path: (string | number)[], message: string | null) => {
        if (!message) return;
        problems += 1;
        ctx.addIssue({ code: 'custom', path, message });
      };
      values.ipNetworks.forEach((entry, index) => {
        const at = (field: keyof IpNetworkFields) => ['ipNetworks', index, field];
        const cidrError = checkNetworkCidr(entry.address, entry.family);
        issue(at('address'), cidrError);
        if (!cidrError) issue(at('gateway'), checkGateway(entry.gateway, entry.address));
        issue(at('dhcpDns'), checkDnsServers(entry.dhcpDns, entry.family));
        issue(at('dhcpRoutes'), checkDhcpRoutes(entry.dhcpRoutes, entry.family));
        issue(at('dhcpBootfileUrl'), checkBootfileUrl(entry.dhcpBootfileUrl));
        const sameFamily = values.ipNetworks
          .slice(0, index)
          .some((other) => other.family === entry.family);
        if (sameFamily) issue(at('family'), `A network has at most one ${entry.family} network.`);
      });
      if (values.ipNetworks.length > 2) {
        issue(['ipNetworks'], 'At most one IPv4 and one IPv6 network.');
      }
      // Whatever the checks above let through must also pass the contract the API applies.
      if (problems > 0) return;
      const request = createNetworkRequestSchema.safeParse(toCreateNetworkRequest(values));
      if (request.success) return;
      for (const problem of request.error.issues) {
        issue(formPathOf(problem.path), problem.message);
      }
    }),
  );
export type NetworkFormValues = z.infer<typeof networkFormSchema>;

const formFieldOf: Record<string, keyof IpNetworkFields> = {
  address: 'address',
  family: 'family',
  gateway: 'gateway',
  dhcp: 'dhcp',
  dhcp_default_route: 'dhcpDefaultRoute',
  dhcp_dns: 'dhcpDns',
  dhcp_routes: 'dhcpRoutes',
  dhcp_bootfile_url: 'dhcpBootfileUrl',
};

/** A request issue's path (`network.ip_networks.ip_network.0.gateway`) as the form field's. */
function formPathOf(path: readonly PropertyKey[]): (string | number)[] {
  const [, field, , index, entryField] = path;
  if (field === 'ip_networks' && typeof index === 'number' && typeof entryField === 'string') {
    return ['ipNetworks', index, formFieldOf[entryField] ?? 'address'];
  }
  return typeof field === 'string' && ['name', 'zone', 'router', 'labels'].includes(field)
    ? [field]
    : ['ipNetworks'];
}

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

/**
 * Lists are always sent, so an emptied field clears the option (api-reference-notes §4.3: `[]`); without
 * DHCP nothing hands them out, so they are cleared (the fields are hidden then).
 */
function toIpNetwork(entry: IpNetworkFields) {
  const gateway = entry.gateway.trim();
  const bootfile = entry.dhcpBootfileUrl.trim();
  return {
    address: entry.address.trim(),
    family: entry.family,
    dhcp: yesNo(entry.dhcp),
    dhcp_default_route: yesNo(entry.dhcpDefaultRoute),
    dhcp_dns: entry.dhcp ? splitList(entry.dhcpDns) : [],
    dhcp_routes: entry.dhcp ? splitList(entry.dhcpRoutes) : [],
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
    labels: network.labels ?? [],
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

export function describeLabels(labels: readonly { key: string; value: string }[] = []): string {
  return labels.map(({ key, value }) => (value ? `${key}=${value}` : key)).join(', ');
}
