import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { defineGroup } from '../../lib/group-manifest';

const kubernetes = '/kubernetes';
const paths = {
  kubernetes: () => kubernetes,
  newCluster: () => `${kubernetes}/new`,
  cluster: (uuid: string) => `${kubernetes}/${uuid}`,
  clusterAuthentication: (uuid: string) => `${kubernetes}/${uuid}/authentication`,
};

export const kubernetesGroup = defineGroup({
  name: 'kubernetes',
  paths,
  resource: { kind: 'kubernetes', page: paths.cluster },
  load: () => import('./pages'),
  pages: [
    {
      path: paths.kubernetes(),
      label: 'Kubernetes',
      page: 'ClusterListPage',
      prefetch: () => import('./prefetch'),
      description: 'Managed Kubernetes clusters, node groups, upgrades and OIDC sign-in.',
      icon: ViewInArIcon,
      section: 'Kubernetes',
      shortcut: 'k',
      children: [
        { path: paths.newCluster(), label: 'Create cluster', page: 'CreateClusterPage' },
        {
          path: paths.cluster(':uuid'),
          label: 'Cluster',
          page: 'ClusterDetailPage',
          children: [
            {
              path: paths.clusterAuthentication(':uuid'),
              label: 'OIDC authentication',
              page: 'ClusterOidcPage',
            },
          ],
        },
      ],
    },
  ],
});
