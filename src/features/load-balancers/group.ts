import AltRouteIcon from '@mui/icons-material/AltRoute';
import { defineGroup } from '../../lib/group-manifest';

const loadBalancers = '/load-balancers';
const paths = {
  loadBalancers: () => loadBalancers,
  newLoadBalancer: () => `${loadBalancers}/new`,
  loadBalancer: (uuid: string) => `${loadBalancers}/${uuid}`,
};

export const loadBalancersGroup = defineGroup({
  name: 'load-balancers',
  paths,
  resource: { kind: 'loadBalancer', page: paths.loadBalancer },
  load: () => import('./pages'),
  pages: [
    {
      path: paths.loadBalancers(),
      label: 'Load balancers',
      page: 'LoadBalancersPage',
      prefetch: () => import('./prefetch'),
      description: 'Managed load balancers: frontends, rules, backends of your servers, TLS.',
      icon: AltRouteIcon,
      section: 'Network',
      shortcut: 'l',
      children: [
        {
          path: paths.newLoadBalancer(),
          label: 'Create load balancer',
          page: 'CreateLoadBalancerPage',
        },
        {
          path: paths.loadBalancer(':uuid'),
          label: 'Load balancer',
          page: 'LoadBalancerDetailPage',
        },
      ],
    },
  ],
});
