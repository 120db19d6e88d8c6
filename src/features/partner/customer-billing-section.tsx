import { useQueries } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { PartnerAccount } from '../../../contract/partner';
import { partnerQueries } from '../../api/partner';
import { TextInput } from '../../components/form/text-input';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { TitleRow } from '../../components/title-row';
import { downloadCsv, toCsv } from '../../lib/csv';
import { formatMoney } from '../../lib/format';
import { billingCsvRows, billingRow, monthPattern, totalsByCurrency } from './customer-billing';
import type { CustomerBillingRow } from './customer-billing';

interface CustomerBillingSectionProps {
  accounts: readonly PartnerAccount[];
  month: string;
  onMonthChange: (month: string) => void;
}

/** Every customer's bill for one month, rolled up into one row per customer (api-rules §4.9). */
export function CustomerBillingSection({
  accounts,
  month,
  onMonthChange,
}: CustomerBillingSectionProps) {
  const summaries = useQueries({
    queries: accounts.map((account) => partnerQueries.customerBilling(account.username, month)),
  });
  const failed = summaries.find((query) => query.isError);
  const loading = summaries.some((query) => query.isPending);
  const rows: CustomerBillingRow[] = accounts.flatMap((account, index) => {
    const data = summaries[index]?.data;
    return data ? [billingRow(account, data)] : [];
  });

  const exportCsv = () =>
    downloadCsv(`customer-billing-${month}.csv`, toCsv(billingCsvRows(month, rows)));

  return (
    <Box
      component="section"
      aria-labelledby="customer-billing-heading"
      sx={{ display: 'grid', gap: 2 }}
    >
      <TitleRow>
        <Typography id="customer-billing-heading" variant="h6" component="h2">
          Customer billing
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Box sx={{ width: '12rem' }}>
            <TextInput
              type="month"
              label="Month"
              shrinkLabel
              value={month}
              onChange={(event) => {
                if (monthPattern.test(event.target.value)) onMonthChange(event.target.value);
              }}
            />
          </Box>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={exportCsv}
            disabled={loading || failed !== undefined || rows.length === 0}
          >
            Export CSV
          </Button>
        </Box>
      </TitleRow>
      {accounts.length === 0 ? (
        <EmptyState
          title="No customer bills yet."
          description="Bills appear here once you have created customer accounts."
        />
      ) : failed?.error ? (
        <ErrorState
          error={failed.error}
          title={`Customer bills for ${month} could not be loaded`}
          onRetry={() =>
            summaries.filter((query) => query.isError).forEach((query) => void query.refetch())
          }
        />
      ) : loading ? (
        <LoadingState label={`Loading customer bills for ${month}`} />
      ) : (
        <BillingTable month={month} rows={rows} />
      )}
    </Box>
  );
}

function BillingTable({ month, rows }: { month: string; rows: CustomerBillingRow[] }) {
  const money = (amount: number, currency: string) => formatMoney(amount, currency);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={`Customer billing for ${month}`}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Username</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Customer</TableCell>
            <TableCell sx={{ fontWeight: 600 }} align="right">
              Servers
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }} align="right">
              Storage
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }} align="right">
              Total
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.username}>
              <TableCell component="th" scope="row">
                {row.username}
              </TableCell>
              <TableCell>{row.customer}</TableCell>
              <TableCell align="right">{money(row.servers, row.currency)}</TableCell>
              <TableCell align="right">{money(row.storages, row.currency)}</TableCell>
              <TableCell align="right">{money(row.total, row.currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          {totalsByCurrency(rows).map((total) => (
            <TableRow key={total.currency}>
              <TableCell component="th" scope="row" colSpan={2} sx={{ fontWeight: 600 }}>
                Total ({total.currency})
              </TableCell>
              <TableCell align="right">{money(total.servers, total.currency)}</TableCell>
              <TableCell align="right">{money(total.storages, total.currency)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {money(total.total, total.currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
