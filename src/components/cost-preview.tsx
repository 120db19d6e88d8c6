import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../lib/format';
import { hoursPerMonth } from '../lib/pricing';
import type { ServerCost } from '../lib/pricing';

/**
 * A create form's "Cost preview" section: each priced line, the hourly and monthly totals and
 * what the zone's price list leaves out; `placeholder` until there is a cost to show.
 */
export function CostPreview({
  cost,
  placeholder,
}: {
  cost: ServerCost | null;
  placeholder: string;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Cost preview"
      sx={{ p: 2, display: 'grid', gap: 1 }}
    >
      <Typography variant="h6" component="h2">
        Cost preview
      </Typography>
      <Box role="status" sx={{ display: 'grid', gap: 1 }}>
        {cost ? (
          <>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {cost.lines.map((line) => (
                <li key={line.label}>{`${line.label}: ${formatMoney(line.perHour)} per hour`}</li>
              ))}
            </Box>
            <Typography
              sx={{ fontWeight: 600 }}
            >{`${formatMoney(cost.perHour)} per hour`}</Typography>
            <Typography sx={{ fontWeight: 600 }}>
              {`${formatMoney(cost.perMonth)} per month (${hoursPerMonth} hours)`}
            </Typography>
            {cost.unpriced.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {`Not in this zone's price list, so not included: ${cost.unpriced.join('; ')}.`}
              </Typography>
            )}
          </>
        ) : (
          <Typography color="text.secondary">{placeholder}</Typography>
        )}
      </Box>
    </Paper>
  );
}
