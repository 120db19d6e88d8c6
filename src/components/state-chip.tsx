import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import { stateLabel } from '../lib/format';

type Tone = 'running' | 'stopped' | 'busy' | 'waiting' | 'failed';

/**
 * Every group's states in one place, so a state looks the same everywhere: running green,
 * stopped grey, an operation under way blue, waiting on something amber, failed red. A state not
 * listed is grey.
 */
const stateTones: Record<string, Tone> = {
  started: 'running',
  running: 'running',
  online: 'running',
  active: 'running',
  complete: 'running',
  stopped: 'stopped',
  idle: 'stopped',
  disabled: 'stopped',
  terminated: 'stopped',
  suspended: 'stopped',
  maintenance: 'busy',
  backuping: 'busy',
  cloning: 'busy',
  syncing: 'busy',
  upgrading: 'busy',
  terminating: 'busy',
  'scaling-up': 'busy',
  'scaling-down': 'busy',
  checkup: 'busy',
  'pull-config': 'busy',
  'setup-agent': 'busy',
  'setup-server': 'busy',
  'setup-network': 'busy',
  'setup-lb': 'busy',
  'setup-dns': 'busy',
  'delete-dns': 'busy',
  'delete-network': 'busy',
  'delete-server': 'busy',
  'delete-service': 'busy',
  'agent-upgrade-starting': 'busy',
  'agent-upgrade-finishing': 'busy',
  pending: 'waiting',
  'pending-peer': 'waiting',
  'upgrade-pending': 'waiting',
  'setup-challenge': 'waiting',
  'complete-challenge': 'waiting',
  error: 'failed',
  failed: 'failed',
  failing: 'failed',
  'upgrade-failed': 'failed',
  'not-responding': 'failed',
};

const toneColors: Record<Tone, ChipProps['color']> = {
  running: 'success',
  stopped: 'default',
  busy: 'info',
  waiting: 'warning',
  failed: 'error',
};

// The states during which the API reports an operation's progress.
const busyStates = new Set(['maintenance', 'backuping', 'cloning', 'syncing']);

export { stateLabel };

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
  const words = stateLabel(state);
  const label = busy && percent !== undefined ? `${words} ${percent}%` : words;
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', gap: 0.5, minWidth: 96 }}>
      <Chip
        size="small"
        label={label}
        color={toneColors[stateTones[state] ?? 'stopped']}
        // The text colour flips at once when the state changes; a fading background would leave
        // it briefly unreadable (and axe catches that moment).
        sx={{ transition: 'none' }}
      />
      {busy && showProgress && (
        <LinearProgress
          aria-label={`Progress of ${words}`}
          variant={percent === undefined ? 'indeterminate' : 'determinate'}
          value={percent}
        />
      )}
    </Box>
  );
}
