import { createColumnHelper } from '@tanstack/react-table';
import type { StorageSummary } from '../../../contract/storage';
import { selectionColumn } from '../../components/bulk-actions';
import { DataTable } from '../../components/data-table';
import type { TableSorting } from '../../components/data-table';
import { stateCell } from '../../components/state-cell';
import { labelsCell, tierCell } from '../../components/value-cells';
import { formatGibibytes } from '../../lib/format';
import { linkCell } from '../../components/link-cell';
import { links } from '../../lib/links';

const column = createColumnHelper<StorageSummary>();

const columns = [
  column.accessor('title', {
    header: 'Title',
    cell: linkCell((row) => links.storageDetail(row.uuid)),
  }),
  column.accessor('state', { header: 'State', cell: stateCell }),
  column.accessor('type', { header: 'Type' }),
  column.accessor('access', { header: 'Access' }),
  column.accessor('zone', { header: 'Zone' }),
  column.accessor('size', { header: 'Size', cell: (info) => formatGibibytes(info.getValue()) }),
  column.accessor('tier', { header: 'Tier', cell: tierCell }),
  column.accessor('labels', {
    header: 'Labels',
    enableSorting: false,
    cell: labelsCell,
    meta: { wrap: true },
  }),
];

const selectableColumns = [
  selectionColumn<StorageSummary>((storage) => storage.title, 'storages'),
  ...columns,
];

interface StorageTableProps {
  storages: StorageSummary[];
  sorting?: TableSorting;
  /** With a checkbox column; render inside a SelectionProvider. */
  selectable?: boolean;
}

export function StorageTable({ storages, sorting, selectable = false }: StorageTableProps) {
  return (
    <DataTable
      label="Storages"
      columns={selectable ? selectableColumns : columns}
      data={storages}
      getRowId={(storage) => storage.uuid}
      rowHeaderColumn="title"
      sorting={sorting}
    />
  );
}
