import { createColumnHelper } from '@tanstack/react-table';
import type { Zone } from '../../../contract/zone';
import { DataTable } from '../../components/data-table';

const column = createColumnHelper<Zone>();

const columns = [
  column.accessor('description', { header: 'Zone' }),
  column.accessor('id', {
    header: 'ID',
    cell: (info) => <code>{info.getValue()}</code>,
  }),
  column.accessor('public', {
    header: 'Public',
    cell: (info) => (info.getValue() === 'yes' ? 'Yes' : 'No, private cloud'),
  }),
];

export function ZoneTable({ zones }: { zones: Zone[] }) {
  return (
    <DataTable
      label="Zones"
      columns={columns}
      data={zones}
      getRowId="id"
      rowHeaderColumn="description"
    />
  );
}
