import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';

const stateColors: Record<string, ChipProps['color']> = {
  online: 'success',
  started: 'success',
  stopped: 'default',
  maintenance: 'warning',
  backuping: 'warning',
  cloning: 'warning',
  error: 'error',
};

const busyStates = new Set(['maintenance', 'backuping', 'cloning', 'syncing']);

interface StateChipProps {
  state: string;
  /** Percent as the API sends it, while an operation runs. */
  progress?: string;
  /** Shows a progress bar under the chip (detail pages). */
  showProgress?: boolean;
}

/** A resource state as a coloured chip; a running operation adds its progress. */
export function StateChip({ state, progress, showProgress }: StateChipProps) {
  const busy = busyStates.has(state);
  const percent = progress === undefined ? undefined : Number(progress);
  const label = busy && percent !== undefined ? `${state} ${percent}%` : state;
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', gap: 0.5, minWidth: 96 }}>
      <Chip
        size="small"
        label={label}
        color={stateColors[state] ?? 'default'}
        // The text colour flips at once when the state changes; a fading background would leave
        // it briefly unreadable (and axe catches that moment).
        sx={{ transition: 'none' }}
      />
      {busy && showProgress && (
        <LinearProgress
          aria-label={`Progress of ${state}`}
          variant={percent === undefined ? 'indeterminate' : 'determinate'}
          value={percent}
        />
      )}
    </Box>
  );
}
