import KeyIcon from '@mui/icons-material/Key';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';

const paths = {
  tokens: () => '/tokens',
};

declare module '../../lib/links' {
  interface GroupPaths {
    tokens: typeof paths;
  }
}

export const tokensGroup: GroupManifest<typeof paths> = {
  name: 'tokens',
  paths,
  routes: [
    {
      path: paths.tokens(),
      crumb: 'API tokens',
      page: lazyPage(
        () => import('./tokens-page'),
        (m) => m.TokensPage,
      ),
    },
  ],
  navigation: [
    {
      label: 'API tokens',
      description: 'Create and revoke tokens for scripts and tools that use the API.',
      to: paths.tokens(),
      icon: KeyIcon,
    },
  ],
};
