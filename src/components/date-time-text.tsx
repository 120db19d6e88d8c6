import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatRelativeTime } from '../lib/format';
import { useNow } from './use-now';

/** A moment as people scan it ("in 8 hours") with the exact date and time beneath. */
export function DateTimeText({ iso }: { iso: string }) {
  const now = useNow();
  return (
    <Box component="time" dateTime={iso} sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      {formatRelativeTime(iso, now)}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {formatDateTime(iso)}
      </Typography>
    </Box>
  );
}
