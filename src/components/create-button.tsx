import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { RouterLink } from './router-link';

/**
 * A list page's main action, in its header (and in its empty state): it opens the create page
 * `to` links to, or runs `onClick` to open a create dialog.
 */
export function CreateButton({
  children,
  ...target
}: { children: ReactNode } & ({ to: string } | { onClick: () => void })) {
  return 'to' in target ? (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={target.to}>
      {children}
    </Button>
  ) : (
    <Button variant="contained" startIcon={<AddIcon />} onClick={target.onClick}>
      {children}
    </Button>
  );
}
