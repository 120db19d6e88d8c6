import DnsIcon from '@mui/icons-material/Dns';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';

const servers = '/servers';
// UUIDs are lowercase hex and hyphens (api-rules §2.1.3), so they need no encoding; the route table
// passes `:uuid` through the same builders.
const paths = {
  servers: () => servers,
  newServer: () => `${servers}/new`,
  server: (uuid: string) => `${servers}/${uuid}`,
};

declare module '../../lib/links' {
  interface GroupPaths {
    servers: typeof paths;
  }
}

const pages = () => import('./pages');

export const serversGroup: GroupManifest<typeof paths> = {
  name: 'servers',
  paths,
  routes: [
    {
      path: paths.servers(),
      crumb: 'Servers',
      page: lazyPage(pages, (m) => m.ServersPage),
      children: [
        {
          path: paths.newServer(),
          crumb: 'Create server',
          page: lazyPage(pages, (m) => m.CreateServerPage),
        },
        {
          path: paths.server(':uuid'),
          crumb: 'Server',
          page: lazyPage(pages, (m) => m.ServerDetailPage),
        },
      ],
    },
  ],
  navigation: [
    {
      label: 'Servers',
      description: 'Create, start, stop and delete servers.',
      to: paths.servers(),
      icon: DnsIcon,
      shortcut: 's',
    },
  ],
  resource: { kind: 'server', page: paths.server },
};
