import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Fields under a legend: a fieldset without its frame, so that assistive technology names the
 * group. With `gap` the fields stand in a grid that far apart; without it they flow as they are.
 */
export function FieldGroup({
  legend,
  gap,
  children,
}: {
  legend: string;
  gap?: number;
  children: ReactNode;
}) {
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, ...(gap === undefined ? {} : { display: 'grid', gap }) }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      {children}
    </Box>
  );
}
