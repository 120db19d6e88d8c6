import KeyIcon from '@mui/icons-material/Key';
import { defineGroup } from '../../lib/group-manifest';

const paths = {
  tokens: () => '/tokens',
};

export const tokensGroup = defineGroup({
  name: 'tokens',
  paths,
  load: () => import('./tokens-page'),
  pages: [
    {
      path: paths.tokens(),
      label: 'API tokens',
      page: 'TokensPage',
      prefetch: () => import('./prefetch'),
      description: 'Create and revoke tokens for scripts and tools that use the API.',
      icon: KeyIcon,
      section: 'Security',
    },
  ],
});
