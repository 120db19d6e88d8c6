import { useRef } from 'react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Shorter lists render every row, as a plain table that scrolls with the page. */
const windowFrom = 100;
/** A small table row of one line, until rows have been measured. */
const estimatedRowHeight = 41;
/** The scroll box's height until it has one (jsdom measures nothing). */
const estimatedViewport = 720;
/** Rows rendered beyond each edge of the view, so that Tab and arrow keys find the next row. */
const overscan = 10;

/**
 * A window over a long table's rows (`@tanstack/react-virtual`), for lists the API does not page:
 * only the rows in view (and a few beyond) are in the DOM, the others are spacers of their
 * measured height. The table scrolls in a box of its own, focusable so that the keyboard scrolls
 * it; rows keep their place in the whole list for screen readers (aria-rowcount on the table,
 * aria-rowindex on each row). Rows out of the window are not in the page, so the browser's find
 * does not reach them.
 */
export function useRowWindow(count: number, enabled: boolean, label: string) {
  const active = enabled && count >= windowFrom;
  const box = useRef<HTMLDivElement>(null);
  // The virtualizer is a mutable instance, which the React Compiler must not memoise.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: active ? count : 0,
    enabled: active,
    getScrollElement: () => box.current,
    estimateSize: () => estimatedRowHeight,
    // A row without a height (not laid out yet, or jsdom) keeps the estimate.
    measureElement: (row) => row.getBoundingClientRect().height || estimatedRowHeight,
    overscan,
    observeElementRect: (instance, notify) =>
      observeElementRect(instance, (rect) =>
        notify(rect.height > 0 ? rect : { ...rect, height: estimatedViewport }),
      ),
  });
  const items = virtualizer.getVirtualItems();
  const first = active ? (items[0]?.index ?? 0) : 0;
  const end = active ? (items.at(-1)?.index ?? -1) + 1 : count;
  const leading = items[0]?.start ?? 0;
  const trailing = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  const spacer = (height: number, columns: number) =>
    height > 0 && (
      <TableRow aria-hidden sx={{ height }}>
        <TableCell colSpan={columns} sx={{ p: 0, border: 0 }} />
      </TableRow>
    );

  return {
    /** Props of the box around the table. */
    container: active
      ? {
          ref: box,
          tabIndex: 0,
          role: 'region',
          'aria-label': `${label}, ${count} rows`,
          sx: { maxHeight: 'min(70vh, 900px)', overflowY: 'auto' },
        }
      : {},
    /** Props of the table: its whole row count, header row included. */
    table: active ? { stickyHeader: true, 'aria-rowcount': count + 1 } : {},
    /** The header row (`-1`) or a body row: its place in the whole table, and its measurement. */
    rowIndex: (index: number) =>
      !active
        ? {}
        : index < 0
          ? { 'aria-rowindex': 1 }
          : { 'aria-rowindex': index + 2, 'data-index': index, ref: virtualizer.measureElement },
    /** The rows to render out of the whole list. */
    visible: <T,>(rows: T[]) => rows.slice(first, end),
    first,
    before: (columns: number) => active && spacer(leading, columns),
    after: (columns: number) => active && spacer(trailing, columns),
  };
}
