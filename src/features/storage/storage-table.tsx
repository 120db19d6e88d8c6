import { createColumnHelper } from '@tanstack/react-table';
import type { StorageSummary } from '../../../contract/storage';
import { selectionColumn } from '../../components/bulk-actions';
import { DataTable } from '../../components/data-table';
import type { TableSorting } from '../../components/data-table';
import { StateChip } from '../../components/state-chip';
import { formatGibibytes } from '../../lib/format';
import { linkCell } from '../../components/link-cell';
import { links } from '../../lib/links';
import { tierLabels } from './storage-forms';

const column = createColumnHelper<StorageSummary>();

const columns = [
  column.accessor('title', {
    header: 'Title',
    cell: linkCell((row) => links.storageDetail(row.uuid)),
  }),
  column.accessor('state', {
    header: 'State',
    cell: ({ row }) => <StateChip state={row.original.state} progress={row.original.progress} />,
  }),
  column.accessor('type', { header: 'Type' }),
  column.accessor('access', { header: 'Access' }),
  column.accessor('zone', { header: 'Zone' }),
  column.accessor('size', { header: 'Size', cell: (info) => formatGibibytes(info.getValue()) }),
  column.accessor('tier', {
    header: 'Tier',
    cell: (info) => {
      const tier = info.getValue();
      return tier ? tierLabels[tier] : '—';
    },
  }),
  column.accessor('labels', {
    header: 'Labels',
    enableSorting: false,
    cell: (info) =>
      (info.getValue() ?? [])
        .map(({ key, value }) => (value ? `${key}=${value}` : key))
        .join(', ') || '—',
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
