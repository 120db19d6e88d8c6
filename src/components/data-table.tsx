import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, ColumnMeta, RowData } from '@tanstack/react-table';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { valueCellSx } from './value-cells';
import { useRowWindow } from './virtual-rows';

declare module '@tanstack/react-table' {
  // The type parameters are react-table's; this addition uses none of them.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** `right` for amounts (money, counts), so that their digits line up. */
    align?: 'right';
    /**
     * For free text (labels, descriptions, lists of names): its lines wrap. Other cells hold
     * short values (a zone, a plan, a time) and keep each on one line (`cellSx`).
     */
    wrap?: true;
    /**
     * A header longer than any of its column's values ("Can create tokens" over "Yes"): it may
     * take two lines, rather than the column its whole width. Other headers keep one line.
     */
    wrapHeader?: true;
  }
}

/** Server-side sorting: the caller keeps the order (in the URL) and refetches. */
export interface TableSorting {
  /** Column ids that the server can sort by. */
  sortable: readonly string[];
  sortBy?: string;
  order: 'asc' | 'desc';
  onSort: (columnId: string) => void;
}

type StringKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

export interface DataTableProps<TData> {
  /** The table's accessible name. */
  label: string;
  // `any` is react-table's own choice: columns of differing value types share one array.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<TData, any>[];
  data: TData[];
  /** A row's id, or the field that holds it. */
  getRowId: ((row: TData) => string) | StringKey<TData>;
  /** The column whose cell names the row; rendered as the row header. */
  rowHeaderColumn?: string;
  sorting?: TableSorting;
  /**
   * For lists the API does not page: a long list renders only the rows in view, in a box that
   * scrolls (virtual-rows.tsx).
   */
  virtual?: boolean;
}

const nameSx = { minWidth: '8rem' } as const;

/**
 * A body cell's lines. A short value (a zone, a plan, a time, an amount) stays on one line: on a
 * phone a wide table scrolls inside its card rather than squeezing its columns to their narrowest,
 * which broke `de-fra1` after its hyphen and made rows three lines tall. The row's name wraps
 * (long titles are common), but not below `8rem`, so that a short one stays whole; a free-text
 * column (`meta.wrap`) wraps freely. A number (`align: 'right'`) is a value, even as a row's name.
 */
function cellSx(isRowHeader: boolean, meta: ColumnMeta<unknown, unknown> | undefined) {
  if (meta?.wrap) return undefined;
  return isRowHeader && meta?.align !== 'right' ? nameSx : valueCellSx;
}

/** MUI's table rendered from a headless @tanstack/react-table model (docs/architecture.md, Budgets). */
export function DataTable<TData>({
  label,
  columns,
  data,
  getRowId,
  rowHeaderColumn,
  sorting,
  virtual = false,
}: DataTableProps<TData>) {
  // react-table returns fresh functions each render, which the React Compiler must not memoise.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    getRowId: typeof getRowId === 'function' ? getRowId : (row: TData) => row[getRowId] as string,
    getCoreRowModel: getCoreRowModel(),
  });
  const rows = table.getRowModel().rows;
  const rowWindow = useRowWindow(rows.length, virtual, label);
  return (
    <TableContainer component={Paper} variant="outlined" {...rowWindow.container}>
      <Table aria-label={label} size="small" {...rowWindow.table}>
        <TableHead>
          {table.getHeaderGroups().map((headerGroup) => (
            <TableRow key={headerGroup.id} {...rowWindow.rowIndex(-1)}>
              {headerGroup.headers.map((header) => {
                const content = header.isPlaceholder
                  ? null
                  : flexRender(header.column.columnDef.header, header.getContext());
                const sortable = sorting?.sortable.includes(header.column.id);
                const active = sortable && sorting?.sortBy === header.column.id;
                const direction = sorting?.order ?? 'asc';
                return (
                  <TableCell
                    key={header.id}
                    align={header.column.columnDef.meta?.align}
                    sx={{
                      fontWeight: 600,
                      whiteSpace: header.column.columnDef.meta?.wrapHeader ? 'normal' : 'nowrap',
                    }}
                    aria-sort={
                      active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined
                    }
                  >
                    {sortable ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? direction : 'asc'}
                        onClick={() => sorting?.onSort(header.column.id)}
                      >
                        {content}
                      </TableSortLabel>
                    ) : (
                      content
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableHead>
        <TableBody>
          {rowWindow.before(columns.length)}
          {rowWindow.visible(rows).map((row, index) => (
            <TableRow key={row.id} hover {...rowWindow.rowIndex(rowWindow.first + index)}>
              {row.getVisibleCells().map((cell) => {
                const isRowHeader = cell.column.id === rowHeaderColumn;
                const meta = cell.column.columnDef.meta;
                return (
                  <TableCell
                    key={cell.id}
                    align={meta?.align}
                    sx={cellSx(isRowHeader, meta)}
                    component={isRowHeader ? 'th' : 'td'}
                    scope={isRowHeader ? 'row' : undefined}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          {rowWindow.after(columns.length)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
