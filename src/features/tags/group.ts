import LabelIcon from '@mui/icons-material/Label';
import { defineGroup } from '../../lib/group-manifest';

const paths = {
  tags: () => '/tags',
};

export const tagsGroup = defineGroup({
  name: 'tags',
  paths,
  load: () => import('./tags-page'),
  pages: [
    {
      path: paths.tags(),
      label: 'Tags',
      page: 'TagsPage',
      prefetch: () => import('./prefetch'),
      description: 'Name groups of servers: tags are shared by the whole account.',
      icon: LabelIcon,
      section: 'Compute',
    },
  ],
});
