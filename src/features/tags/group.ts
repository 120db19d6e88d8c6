import LabelIcon from '@mui/icons-material/Label';
import { defineGroup } from '../../lib/group-manifest';

export const tagsGroup = defineGroup({
  name: 'tags',
  load: () => import('./tags-page'),
  pages: [
    {
      link: 'tags',
      path: '/tags',
      label: 'Tags',
      page: 'TagsPage',
      prefetch: () => import('./prefetch'),
      description: 'Name groups of servers: tags are shared by the whole account.',
      icon: LabelIcon,
      section: 'Compute',
    },
  ],
});
