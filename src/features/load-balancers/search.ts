import { getLoadBalancer, loadBalancerQueries } from '../../api/load-balancers';
import { keywords, paletteSource } from '../../lib/group-manifest';
import type { GroupSearch } from '../../lib/group-manifest';
import { links } from '../../lib/links';

/** The command palette's load balancers, and the app bar search's check that one exists. */
export const search: GroupSearch = {
  palette: paletteSource({
    title: 'Load balancers',
    query: () => loadBalancerQueries.list(),
    items: (balancers) =>
      balancers.map((balancer) => ({
        id: `load-balancer:${balancer.uuid}`,
        kind: 'Load balancer',
        label: balancer.name,
        detail: `${balancer.dns_name} · ${balancer.zone}`,
        to: links.loadBalancer(balancer.uuid),
        keywords: keywords([balancer.name, balancer.uuid, balancer.dns_name]),
      })),
  }),
  fetchResource: (uuid) => getLoadBalancer(uuid),
};
