import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { defineGroup } from '../../lib/group-manifest';

export const kubernetesGroup = defineGroup({
  name: 'kubernetes',
  load: () => import('./pages'),
  pages: [
    {
      link: 'kubernetes',
      path: '/kubernetes',
      label: 'Kubernetes',
      page: 'ClusterListPage',
      prefetch: () => import('./prefetch'),
      description: 'Managed Kubernetes clusters, node groups, upgrades and OIDC sign-in.',
      icon: ViewInArIcon,
      section: 'Kubernetes',
      shortcut: 'k',
      children: [
        { link: 'newCluster', path: 'new', label: 'Create cluster', page: 'CreateClusterPage' },
        {
          link: 'cluster',
          path: ':uuid',
          label: 'Cluster',
          page: 'ClusterDetailPage',
          kind: 'kubernetes',
          children: [
            {
              link: 'clusterAuthentication',
              path: 'authentication',
              label: 'OIDC authentication',
              page: 'ClusterOidcPage',
            },
          ],
        },
      ],
    },
  ],
});
