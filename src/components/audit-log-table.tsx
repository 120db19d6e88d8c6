import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AuditLog } from '../../contract/audit-log';
import { formatDateTime, formatNumber } from '../lib/format';
import { DataTable } from './data-table';
import { PageButtons } from './list-controls';
import { ReservedName } from './reserved-name';
import { CopyUuidButton } from './resource-name';

const column = createColumnHelper<AuditLog>();

interface AuditLogTableProps {
  label: string;
  rows: AuditLog[];
  onOpen: (row: AuditLog) => void;
  /** One resource's activity needs no resource columns. */
  showResource?: boolean;
  /** Names of the rows' resources where known; the others show their UUID. */
  names?: ReadonlyMap<string, string>;
}

/** Audit rows, newest first; the time opens the full event. */
export function AuditLogTable({
  label,
  rows,
  onOpen,
  showResource = true,
  names,
}: AuditLogTableProps) {
  // A cell renderer is a component to the table: a new one each render would remount the cells
  // (and lose a copy button's state), so the resource columns change only with the names.
  const resourceColumns = useMemo(
    () =>
      showResource
        ? [
            column.accessor('resource_type', {
              header: 'Resource type',
              cell: (info) =>
                info.row.original.resource_sub_type
                  ? `${info.getValue()} (${info.row.original.resource_sub_type})`
                  : info.getValue(),
            }),
            column.accessor('resource_id', {
              header: 'Resource',
              cell: (info) => {
                const id = info.getValue();
                if (!id) return '—';
                if (!names) return <code>{id}</code>;
                // A name a list lends comes after the row: its box keeps the row and the columns
                // in place (e2e/detail-names-layout.spec.ts).
                return (
                  <Box
                    component="span"
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                  >
                    <ReservedName uuid={id} name={names.get(id)} />
                    <CopyUuidButton uuid={id} />
                  </Box>
                );
              },
            }),
          ]
        : [],
    [showResource, names],
  );
  const columns = [
    column.accessor('time', {
      header: 'Time',
      cell: (info) => (
        <Link
          component="button"
          type="button"
          onClick={() => onOpen(info.row.original)}
          aria-label={`Event details: ${info.row.original.action} ${info.row.original.resource_type} at ${formatDateTime(info.getValue())}`}
          sx={{ textAlign: 'left', whiteSpace: 'nowrap' }}
        >
          <time dateTime={info.getValue()}>{formatDateTime(info.getValue())}</time>
        </Link>
      ),
    }),
    column.accessor('action', { header: 'Action' }),
    ...resourceColumns,
    column.accessor('account_username', { header: 'Account' }),
    column.accessor('origin', { header: 'Origin' }),
    column.accessor('ip_address', { header: 'IP address', cell: (info) => info.getValue() ?? '—' }),
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      data={rows}
      getRowId={(row) => row.cloud_event_id}
      rowHeaderColumn="time"
    />
  );
}

interface PageControlsProps {
  offset: number;
  limit: number;
  /** Service-Total-Count of the current filters. */
  total: number;
  shown: number;
  onOffset: (offset: number) => void;
  children?: ReactNode;
}

/** Previous and next page, and where this page sits among every matching row. */
export function AuditPageControls({
  offset,
  limit,
  total,
  shown,
  onOffset,
  children,
}: PageControlsProps) {
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Box
      component="nav"
      aria-label="Pages"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}
    >
      {children}
      <Typography role="status" color="text.secondary">
        {shown > 0
          ? `Rows ${formatNumber(offset + 1)}–${formatNumber(offset + shown)} of ${formatNumber(total)} · page ${formatNumber(page)} of ${formatNumber(pages)}`
          : `${formatNumber(total)} rows`}
      </Typography>
      <PageButtons
        onPrevious={offset === 0 ? null : () => onOffset(Math.max(0, offset - limit))}
        onNext={offset + limit >= total ? null : () => onOffset(offset + limit)}
      />
    </Box>
  );
}
