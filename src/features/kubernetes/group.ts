import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';

const kubernetes = '/kubernetes';
const paths = {
  kubernetes: () => kubernetes,
  newCluster: () => `${kubernetes}/new`,
  cluster: (uuid: string) => `${kubernetes}/${uuid}`,
  clusterAuthentication: (uuid: string) => `${kubernetes}/${uuid}/authentication`,
};

declare module '../../lib/links' {
  interface GroupPaths {
    kubernetes: typeof paths;
  }
}

const pages = () => import('./pages');

export const kubernetesGroup: GroupManifest<typeof paths> = {
  name: 'kubernetes',
  paths,
  routes: [
    {
      path: paths.kubernetes(),
      crumb: 'Kubernetes',
      page: lazyPage(pages, (m) => m.ClusterListPage),
      children: [
        {
          path: paths.newCluster(),
          crumb: 'Create cluster',
          page: lazyPage(pages, (m) => m.CreateClusterPage),
        },
        {
          path: paths.cluster(':uuid'),
          crumb: 'Cluster',
          page: lazyPage(pages, (m) => m.ClusterDetailPage),
          children: [
            {
              path: paths.clusterAuthentication(':uuid'),
              crumb: 'OIDC authentication',
              page: lazyPage(pages, (m) => m.ClusterOidcPage),
            },
          ],
        },
      ],
    },
  ],
  navigation: [
    {
      label: 'Kubernetes',
      description: 'Managed Kubernetes clusters, node groups, upgrades and OIDC sign-in.',
      to: paths.kubernetes(),
      icon: ViewInArIcon,
      shortcut: 'k',
    },
  ],
  resource: { kind: 'kubernetes', page: paths.cluster },
};
