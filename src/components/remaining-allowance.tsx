import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ResourceLimits } from '../../contract/account';
import { formatLimit, resourceLabel } from '../lib/resource-limits';

/**
 * What the account may still add of each resource a create form uses: its limit
 * (`resource_limits` of GET /1.3/account) less its use (GET /1.3/account/resource-usage). The
 * sandbox refuses growth past a limit with 409, so the form says beforehand how much is left.
 * Resources without a limit are left out; a count the API did not give reads "—", never 0.
 */
export function RemainingAllowance({
  resources,
  limits,
  usage: used,
  sx,
}: {
  resources: readonly string[];
  /** From `useAllowance()` (src/api/account.ts); nothing is shown until both have loaded. */
  limits: ResourceLimits | undefined;
  usage: Record<string, number> | undefined;
  /** Its place on the page: above a form's first field, the space between fields below it. */
  sx?: SxProps<Theme>;
}) {
  if (!limits || !used) return null;
  const parts = resources.flatMap((key) => {
    const limit = limits[key];
    if (typeof limit !== 'number') return [];
    const count = used[key];
    const left = count === undefined ? '—' : formatLimit(key, Math.max(0, limit - count));
    return [`${resourceLabel(key)} ${left} of ${formatLimit(key, limit)}`];
  });
  if (parts.length === 0) return null;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      role="note"
      aria-label="Remaining allowance"
      sx={sx}
    >
      Remaining allowance: {parts.join(' · ')}
    </Typography>
  );
}
