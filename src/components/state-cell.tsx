import type { CellContext } from '@tanstack/react-table';
import { StateChip } from './state-chip';

/**
 * A table cell that shows the row's state as a StateChip, with the progress of an operation
 * when the row has one (servers and storages do).
 */
export const stateCell = <Row extends { state: string; progress?: string }>({
  row,
}: CellContext<Row, unknown>) => (
  <StateChip state={row.original.state} progress={row.original.progress} />
);
