import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ResourceLimits } from '../../../contract/account';
import { EmptyState } from '../../components/query-state';
import { describeResourceLimits } from '../../lib/resource-limits';

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
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby="limits-heading">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Resource</TableCell>
                <TableCell sx={{ fontWeight: 600 }} align="right">
                  Limit
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  <TableCell component="th" scope="row">
                    {row.label}
                  </TableCell>
                  <TableCell align="right">{row.value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
