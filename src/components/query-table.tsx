import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../api/http';
import { DataTable } from './data-table';
import type { DataTableProps } from './data-table';
import { QueryView } from './query-view';
import type { QueryViewProps } from './query-view';

type QueryTableProps<Row> = Omit<DataTableProps<Row>, 'data'> &
  Pick<QueryViewProps<unknown>, 'loading' | 'failure' | 'empty' | 'read'> &
  (
    | { query: UseQueryResult<Row[], ApiError>; rows?: undefined }
    | {
        query: UseQueryResult<unknown, ApiError>;
        /** The rows, when they derive from the answer (filtered, or joined with another list). */
        rows: Row[];
      }
  );

/** A list as a table, in its query's loading, failed and empty (no rows) states. */
export function QueryTable<Row>({
  query,
  rows,
  loading,
  failure,
  empty,
  read,
  ...table
}: QueryTableProps<Row>) {
  const rowsOf = (data: unknown) => rows ?? (data as Row[]);
  return (
    <QueryView
      query={query}
      loading={loading}
      failure={failure}
      empty={empty}
      read={read}
      isEmpty={(data) => rowsOf(data).length === 0}
    >
      {(data) => <DataTable {...table} data={rowsOf(data)} />}
    </QueryView>
  );
}
