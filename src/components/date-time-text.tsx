import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatRelativeTime } from '../lib/format';
import { useNow } from './use-now';

/**
 * A moment as people scan it ("in 8 hours") with the exact date and time beneath. `past` marks
 * something that has happened (a creation, a last use): a server clock a little ahead of the
 * browser's, or the shared clock's last tick, must not make it "in 7 seconds", so a moment from
 * the last second or later reads "just now".
 */
export function DateTimeText({ iso, past = false }: { iso: string; past?: boolean }) {
  const now = useNow();
  const justNow = past && new Date(iso).getTime() > now - 1000;
  return (
    <Box component="time" dateTime={iso} sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      {justNow ? 'just now' : formatRelativeTime(iso, now)}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {formatDateTime(iso)}
      </Typography>
    </Box>
  );
}
