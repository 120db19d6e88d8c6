import KeyIcon from '@mui/icons-material/Key';
import { defineGroup } from '../../lib/group-manifest';

export const tokensGroup = defineGroup({
  name: 'tokens',
  load: () => import('./tokens-page'),
  pages: [
    {
      link: 'tokens',
      path: '/tokens',
      label: 'API tokens',
      page: 'TokensPage',
      prefetch: () => import('./prefetch'),
      description: 'Create and revoke tokens for scripts and tools that use the API.',
      icon: KeyIcon,
      section: 'Security',
    },
  ],
});
