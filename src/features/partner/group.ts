import HandshakeIcon from '@mui/icons-material/Handshake';
import { defineGroup } from '../../lib/group-manifest';

export const partnerGroup = defineGroup({
  name: 'partner',
  load: () => import('./partner-page'),
  pages: [
    {
      link: 'partner',
      path: '/partner',
      query: ['month'],
      label: 'Partner console',
      page: 'PartnerPage',
      description: 'Create and manage your customers’ accounts and follow their monthly bills.',
      icon: HandshakeIcon,
      section: 'Account & billing',
      partnerOnly: true,
    },
  ],
});
