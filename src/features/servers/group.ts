import DnsIcon from '@mui/icons-material/Dns';
import { defineGroup } from '../../lib/group-manifest';

const servers = '/servers';
// UUIDs are lowercase hex and hyphens (api-rules §2.1.3), so they need no encoding; the route table
// passes `:uuid` through the same builders.
const paths = {
  servers: () => servers,
  newServer: () => `${servers}/new`,
  server: (uuid: string) => `${servers}/${uuid}`,
};

export const serversGroup = defineGroup({
  name: 'servers',
  paths,
  resource: { kind: 'server', page: paths.server },
  load: () => import('./pages'),
  pages: [
    {
      path: paths.servers(),
      label: 'Servers',
      page: 'ServersPage',
      prefetch: () => import('./prefetch'),
      description: 'Create, start, stop and delete servers.',
      icon: DnsIcon,
      section: 'Compute',
      shortcut: 's',
      children: [
        { path: paths.newServer(), label: 'Create server', page: 'CreateServerPage' },
        { path: paths.server(':uuid'), label: 'Server', page: 'ServerDetailPage' },
      ],
    },
  ],
});
