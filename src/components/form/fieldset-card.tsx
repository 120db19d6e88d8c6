import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import DeleteIcon from '@mui/icons-material/Delete';

/**
 * One of a repeated set of fields (a node group, a backend member): an outlined fieldset named by
 * its legend, and a remove button when `onRemove` is given (the set may lose one).
 */
export function FieldsetCard({
  legend,
  removeLabel,
  onRemove,
  children,
}: {
  legend: string;
  removeLabel: string;
  onRemove?: () => void;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0, display: 'grid', gap: 2 }}>
      <Box component="legend" sx={{ px: 0.5, typography: 'subtitle1' }}>
        {legend}
      </Box>
      {children}
      {onRemove && (
        <Box>
          <IconButton aria-label={removeLabel} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        </Box>
      )}
    </Paper>
  );
}
