import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ResourceLimits } from '../../../contract/account';
import { EmptyState } from '../../components/query-state';
import { describeResourceLimits } from '../../lib/resource-limits';

// A native table styled like MUI's small table: the dashboard is within the first-load budget
// only without MUI's table components, which no other part of the first load needs.
const cell = {
  px: 2,
  py: 0.75,
  borderBottom: 1,
  borderColor: 'divider',
  typography: 'body2',
  textAlign: 'left',
} as const;

export function ResourceLimitsTable({ limits }: { limits: ResourceLimits }) {
  const rows = describeResourceLimits(limits);
  return (
    <Box component="section" aria-labelledby="limits-heading">
      <Typography id="limits-heading" variant="h6" component="h2" gutterBottom>
        Resource limits
      </Typography>
      {rows.length === 0 ? (
        <EmptyState title="No resource limits are set for this account." />
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Box
            component="table"
            aria-labelledby="limits-heading"
            sx={{ width: '100%', borderCollapse: 'collapse', '& tr:last-child > *': { border: 0 } }}
          >
            <thead>
              <tr>
                <Box component="th" scope="col" sx={{ ...cell, fontWeight: 600 }}>
                  Resource
                </Box>
                <Box
                  component="th"
                  scope="col"
                  sx={{ ...cell, fontWeight: 600, textAlign: 'right' }}
                >
                  Limit
                </Box>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <Box component="th" scope="row" sx={{ ...cell, fontWeight: 400 }}>
                    {row.label}
                  </Box>
                  <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
                    {row.value}
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Paper>
      )}
    </Box>
  );
}
