import HandshakeIcon from '@mui/icons-material/Handshake';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';
import { withQuery } from '../../lib/links';

const paths = {
  partner: (month?: string) => withQuery('/partner', { month }),
};

declare module '../../lib/links' {
  interface GroupPaths {
    partner: typeof paths;
  }
}

export const partnerGroup: GroupManifest<typeof paths> = {
  name: 'partner',
  paths,
  routes: [
    {
      path: paths.partner(),
      crumb: 'Partner console',
      page: lazyPage(
        () => import('./partner-page'),
        (m) => m.PartnerPage,
      ),
    },
  ],
  navigation: [
    {
      label: 'Partner console',
      description: 'Create and manage your customers’ accounts and follow their monthly bills.',
      to: paths.partner(),
      icon: HandshakeIcon,
      partnerOnly: true,
    },
  ],
};
