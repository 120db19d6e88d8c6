import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Breadcrumbs } from './breadcrumbs';
import { TitleRow } from './title-row';
import { useDocumentTitle } from './use-document-title';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The last breadcrumb, when the route's crumb is generic (a resource's title). */
  crumb?: string;
}

/** Breadcrumbs, the page's only h1, and the document title, so every page gets all three. */
export function PageHeader({ title, description, actions, crumb }: PageHeaderProps) {
  useDocumentTitle(title);

  return (
    <Box sx={{ mb: 3 }}>
      <Breadcrumbs current={crumb} />
      <TitleRow>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
      </TitleRow>
      {description && (
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: '70ch' }}>
          {description}
        </Typography>
      )}
    </Box>
  );
}
