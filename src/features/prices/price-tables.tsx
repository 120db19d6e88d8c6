import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Plan } from '../../../contract/plan';
import type { PriceZone } from '../../../contract/price';
import { DataTable } from '../../components/data-table';
import type { DataTableProps } from '../../components/data-table';
import { formatMoney } from '../../lib/format';
import { buildPriceTable } from '../../lib/pricing';
import type { HourlyPriceRow, UsagePriceRow } from '../../lib/pricing';

const column = createColumnHelper<HourlyPriceRow>();
const usageColumn = createColumnHelper<UsagePriceRow>();
/** Amounts line up on the right, as in every table with money. */
const money = { align: 'right' } as const;

function priceColumns(currency: string) {
  return [
    column.accessor('label', {
      header: 'Item',
      cell: ({ row }) => (
        <>
          {row.original.label}
          {row.original.details && (
            <Typography variant="body2" color="text.secondary">
              {row.original.details}
            </Typography>
          )}
        </>
      ),
    }),
    column.accessor('unit', { header: 'Unit' }),
    column.accessor('perHour', {
      header: 'Per hour',
      cell: (info) => formatMoney(info.getValue(), currency),
      meta: money,
    }),
    column.accessor('perMonth', {
      header: 'Per month',
      cell: (info) => formatMoney(info.getValue(), currency),
      meta: money,
    }),
  ];
}

function usageColumns(currency: string) {
  return [
    usageColumn.accessor('label', { header: 'Item' }),
    usageColumn.accessor('unit', { header: 'Unit' }),
    usageColumn.accessor('perUnit', {
      header: 'Price',
      cell: (info) => formatMoney(info.getValue(), currency),
      meta: money,
    }),
  ];
}

interface PriceTablesProps {
  priceZone: PriceZone;
  plans: Plan[];
  currency: string;
}

export function PriceTables({ priceZone, plans, currency }: PriceTablesProps) {
  const table = buildPriceTable(priceZone, plans);
  const columns = priceColumns(currency);
  return (
    <>
      <PriceSection
        title="Resources"
        zone={priceZone.name}
        rows={table.resources}
        columns={columns}
      />
      {table.usage.length > 0 && (
        <PriceSection
          title="Traffic and storage I/O"
          description="Charged for what is transferred or requested, not by the hour."
          zone={priceZone.name}
          rows={table.usage}
          columns={usageColumns(currency)}
        />
      )}
      {table.plans.length > 0 && (
        <PriceSection
          title="Server plans"
          zone={priceZone.name}
          rows={table.plans}
          columns={columns}
        />
      )}
    </>
  );
}

interface PriceSectionProps<Row> {
  title: string;
  description?: string;
  zone: string;
  rows: Row[];
  columns: DataTableProps<Row>['columns'];
}

function PriceSection<Row extends { key: string }>({
  title,
  description,
  zone,
  rows,
  columns,
}: PriceSectionProps<Row>) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {description}
        </Typography>
      )}
      <DataTable
        label={`${title} in ${zone}`}
        columns={columns}
        data={rows}
        getRowId={(row) => row.key}
        rowHeaderColumn="label"
      />
    </Box>
  );
}
