import { useRef, useState } from 'react';
import type { UIEvent } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Shorter lists render every row, as a plain table that scrolls with the page. */
const windowFrom = 100;
/** A small table row of one line, until rows have been measured. */
const estimatedRowHeight = 41;
/** The scroll box's height until it has been measured (jsdom measures nothing). */
const estimatedViewport = 720;
/** Rows rendered beyond each edge of the view, so that Tab and arrow keys find the next row. */
const overscan = 10;

interface View {
  top: number;
  height: number;
  rowHeight: number;
}

/** The average height of the body rows on screen, or the estimate while none has a height. */
function measuredRowHeight(box: HTMLElement, fallback: number): number {
  const rows = [...box.querySelectorAll<HTMLElement>('tbody > tr[aria-rowindex]')];
  const total = rows.reduce((sum, row) => sum + row.offsetHeight, 0);
  return total > 0 ? total / rows.length : fallback;
}

/**
 * A window over a long table's rows, for lists the API does not page: only the rows in view (and
 * a few beyond) are in the DOM, the others are spacers of their measured height. The table scrolls
 * in a box of its own, focusable so that the keyboard scrolls it; rows keep their place in the
 * whole list for screen readers (aria-rowcount on the table, aria-rowindex on each row). Rows out
 * of the window are not in the page, so the browser's find does not reach them.
 */
export function useRowWindow(count: number, enabled: boolean, label: string) {
  const active = enabled && count >= windowFrom;
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({
    top: 0,
    height: estimatedViewport,
    rowHeight: estimatedRowHeight,
  });
  const { top, height, rowHeight } = view;
  const start = Math.min(Math.max(0, Math.floor(top / rowHeight) - overscan), count);
  const end = active ? Math.min(count, Math.ceil((top + height) / rowHeight) + overscan) : count;
  const first = active ? start : 0;

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    setView((current) => ({
      top: target.scrollTop,
      height: target.clientHeight || estimatedViewport,
      rowHeight: measuredRowHeight(target, current.rowHeight),
    }));
  };

  const spacer = (rows: number, columns: number) =>
    rows > 0 && (
      <TableRow aria-hidden sx={{ height: rows * rowHeight }}>
        <TableCell colSpan={columns} sx={{ p: 0, border: 0 }} />
      </TableRow>
    );

  return {
    /** Props of the box around the table. */
    container: active
      ? {
          ref: box,
          onScroll,
          tabIndex: 0,
          role: 'region',
          'aria-label': `${label}, ${count} rows`,
          sx: { maxHeight: 'min(70vh, 900px)', overflowY: 'auto' },
        }
      : {},
    /** Props of the table: its whole row count, header row included. */
    table: active ? { stickyHeader: true, 'aria-rowcount': count + 1 } : {},
    /** The place in the whole table of the header row (`-1`) or of a body row. */
    rowIndex: (index: number) => (active ? { 'aria-rowindex': index + 2 } : {}),
    /** The rows to render out of the whole list. */
    visible: <T,>(rows: T[]) => rows.slice(first, end),
    first,
    before: (columns: number) => active && spacer(start, columns),
    after: (columns: number) => active && spacer(count - end, columns),
  };
}
