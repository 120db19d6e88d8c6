import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';

/** A list page's main action: the link to its create page, as a contained button with a plus. */
export function CreateLinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={to}>
      {children}
    </Button>
  );
}
