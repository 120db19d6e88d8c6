import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Plan } from '../../../contract/plan';
import type { PriceZone } from '../../../contract/price';
import { DataTable } from '../../components/data-table';
import { formatMoney } from '../../lib/format';
import { buildPriceTable } from '../../lib/pricing';
import type { PriceRow } from '../../lib/pricing';

const column = createColumnHelper<PriceRow>();

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
    }),
    column.accessor('perMonth', {
      header: 'Per month',
      cell: (info) => formatMoney(info.getValue(), currency),
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

interface PriceSectionProps {
  title: string;
  zone: string;
  rows: PriceRow[];
  columns: ReturnType<typeof priceColumns>;
}

function PriceSection({ title, zone, rows, columns }: PriceSectionProps) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
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
