import HandshakeIcon from '@mui/icons-material/Handshake';
import { defineGroup } from '../../lib/group-manifest';
import { withQuery } from '../../lib/links';

const paths = {
  partner: (month?: string) => withQuery('/partner', { month }),
};

export const partnerGroup = defineGroup({
  name: 'partner',
  paths,
  load: () => import('./partner-page'),
  pages: [
    {
      path: paths.partner(),
      label: 'Partner console',
      page: 'PartnerPage',
      description: 'Create and manage your customers’ accounts and follow their monthly bills.',
      icon: HandshakeIcon,
      section: 'Account & billing',
      partnerOnly: true,
    },
  ],
});
