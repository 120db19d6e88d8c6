import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** A heading and its actions at either end of one line; the actions wrap under it on a phone. */
export function TitleRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
      }}
    >
      {children}
    </Box>
  );
}
