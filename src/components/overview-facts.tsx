import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { DescriptionList, Field } from './description-list';

/** One line of a detail page's overview: a term and what it shows. */
export type Fact = [string, ReactNode];

/** A resource's labels as chips ("key=value", or the key alone), or "—" when it has none. */
export function labelChips(labels: readonly { key: string; value?: string }[] | undefined) {
  if (!labels?.length) return '—';
  return labels.map((label) => (
    <Chip
      key={label.key}
      size="small"
      label={label.value ? `${label.key}=${label.value}` : label.key}
      sx={{ mr: 0.5 }}
    />
  ));
}

/** A detail page's "Overview" section; `progress` names a progress bar shown above the facts. */
export function OverviewFacts({ facts, progress }: { facts: Fact[]; progress?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label="Overview" sx={{ p: 2, mb: 3 }}>
      {progress !== undefined && <LinearProgress aria-label={progress} sx={{ mb: 2 }} />}
      <DescriptionList>
        {facts.map(([term, value]) => (
          <Field key={term} term={term}>
            {value}
          </Field>
        ))}
      </DescriptionList>
    </Paper>
  );
}
