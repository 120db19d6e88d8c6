import Box from '@mui/material/Box';
import { ApiCallPanel } from './api-call-panel';
import type { ApiCallRequest } from './api-call-view';
import { QueryStates } from './query-state';
import type { QueryStatesProps } from './query-state';

export interface QueryViewProps<T> extends QueryStatesProps<T> {
  /** The list's read: shown above, in every state, as an "API call" toggle. */
  read?: ApiCallRequest;
}

/** A query's states (`QueryStates`), below its read's "API call" toggle when `read` is given. */
export function QueryView<T>({ read, ...props }: QueryViewProps<T>) {
  if (!read) return <QueryStates {...props} />;
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <ApiCallPanel read={read} />
      </Box>
      <QueryStates {...props} />
    </>
  );
}
