import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import { usageQueries } from '../../api/usage';
import { zoneQueries } from '../../api/zones';
import { FilterRow, SelectFilter } from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { QueryTable } from '../../components/query-table';
import { zoneChoices } from '../../components/zone-options';
import { formatNumber, humanizeKey } from '../../lib/format';
import { useSearchUpdate } from '../../components/use-url-state';

interface DeviceRow {
  zone: string;
  type: string;
  plan: string;
  amount: number;
}

/** Device types the availability operation knows (api-reference-notes §13). */
const deviceTypes = ['gpu_plans'] as const;

const columns: ColumnDef<DeviceRow>[] = [
  { id: 'plan', header: 'Plan', accessorKey: 'plan' },
  { id: 'zone', header: 'Zone', accessorKey: 'zone' },
  { id: 'type', header: 'Type', cell: ({ row }) => humanizeKey(row.original.type) },
  {
    id: 'amount',
    header: 'Available',
    cell: ({ row }) => formatNumber(row.original.amount),
  },
];

export function DeviceAvailabilityPage() {
  const [search, setSearch] = useSearchUpdate();
  const zone = search.get('zone') ?? '';
  const type = search.get('type') ?? '';
  const zones = useQuery(zoneQueries.list());
  const devices = useQuery({
    ...usageQueries.devices({ zone: zone || undefined, type: type || undefined }),
    placeholderData: keepPreviousData,
  });

  const change = (key: string, value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  const rows: DeviceRow[] = Object.entries(devices.data ?? {}).flatMap(([zoneId, types]) =>
    Object.entries(types).flatMap(([typeId, plans]) =>
      Object.entries(plans).map(([plan, { amount }]) => ({
        zone: zoneId,
        type: typeId,
        plan,
        amount,
      })),
    ),
  );

  return (
    <>
      <PageHeader
        title="Device availability"
        description="How many servers with special devices, such as GPUs, each zone can still start."
      />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <FilterRow>
          <SelectFilter
            label="Zone"
            value={zone}
            options={[{ value: '', label: 'All zones' }, ...zoneChoices(zones.data, zone)]}
            onChange={(value) => change('zone', value)}
            minWidth={220}
          />
          <SelectFilter
            label="Device type"
            value={type}
            options={[
              { value: '', label: 'All types' },
              ...deviceTypes.map((item) => ({ value: item, label: humanizeKey(item) })),
            ]}
            onChange={(value) => change('type', value)}
            minWidth={180}
          />
        </FilterRow>
        <QueryTable
          query={devices}
          loading="Loading device availability"
          failure="Device availability could not be loaded"
          empty={{
            title: 'No devices are available with these filters.',
            description: 'Pick another zone or show all zones.',
          }}
          rows={rows}
          label="Device availability"
          columns={columns}
          getRowId={(row) => `${row.zone}|${row.type}|${row.plan}`}
          rowHeaderColumn="plan"
        />
      </Box>
    </>
  );
}
