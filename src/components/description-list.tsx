import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Facts as terms beside their values (a `dl` grid): detail pages, summaries, an audit event.
 * `terms="muted"` greys the terms where the values are what the reader scans for.
 */
export function DescriptionList({
  terms = 'strong',
  children,
}: {
  terms?: 'strong' | 'muted';
  children: ReactNode;
}) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 3,
        rowGap: 1,
        m: 0,
        '& dt': terms === 'strong' ? { fontWeight: 600 } : { color: 'text.secondary' },
        // UUIDs and addresses wrap anywhere rather than widen the page on a phone.
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {children}
    </Box>
  );
}

/** One term and its value in a DescriptionList. */
export function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
