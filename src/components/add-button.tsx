import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';

/** Adds one more of a repeated set of fields (a node group, a member), off at the API's limit. */
export function AddButton({
  disabled,
  onClick,
  children,
}: {
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Box>
      <Button startIcon={<AddIcon />} disabled={disabled} onClick={onClick}>
        {children}
      </Button>
    </Box>
  );
}
