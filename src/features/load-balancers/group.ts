import AltRouteIcon from '@mui/icons-material/AltRoute';
import { defineGroup } from '../../lib/group-manifest';

export const loadBalancersGroup = defineGroup({
  name: 'load-balancers',
  load: () => import('./pages'),
  pages: [
    {
      link: 'loadBalancers',
      path: '/load-balancers',
      label: 'Load balancers',
      page: 'LoadBalancersPage',
      prefetch: () => import('./prefetch'),
      description: 'Managed load balancers: frontends, rules, backends of your servers, TLS.',
      icon: AltRouteIcon,
      section: 'Network',
      shortcut: 'l',
      children: [
        {
          link: 'newLoadBalancer',
          path: 'new',
          label: 'Create load balancer',
          page: 'CreateLoadBalancerPage',
        },
        {
          link: 'loadBalancer',
          path: ':uuid',
          label: 'Load balancer',
          page: 'LoadBalancerDetailPage',
          kind: 'loadBalancer',
        },
      ],
    },
  ],
});
