import { Suspense, lazy, useId, useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CodeIcon from '@mui/icons-material/Code';
import { apiCallLog } from '../api/http';
import type { ApiCall } from '../api/http';
import type { ApiCallRequest } from './api-call-view';

const ApiCallView = lazy(() => import('./api-call-view'));

const pathOf = (path: string) => path.split('?')[0];

/** Changes (anything but GET) sent while the panel is shown: what a dialog sent. */
export const isChange = (call: ApiCall) => call.method !== 'GET';

/** The recorded sending of exactly this request: what a list page with these filters read. */
export const sameAs = (request: ApiCallRequest) => (call: ApiCall) =>
  call.method === request.method && call.path === request.path;

/** Reads of one collection, whatever the filters in the query: what a list page fetched. */
export const readsOf = (path: string) => (call: ApiCall) =>
  call.method === 'GET' && pathOf(call.path) === path;

interface ApiCallPanelProps {
  /** The request the form will send with its current values (null while they are invalid). */
  preview?: ApiCallRequest | null;
  /** Which recorded requests belong here; the latest one sent since the panel mounted is shown. */
  match?: (call: ApiCall) => boolean;
  /** Include requests sent before the panel mounted (a list's current read). */
  includeEarlier?: boolean;
  /** A list's read with its current filters: shown as sent once the panel has sent it. */
  read?: ApiCallRequest;
}

/**
 * An "API call" toggle: the exact request behind a dialog or a list as curl and JSON, the token
 * redacted. A request sent wins over the preview, since it is what the API received.
 */
export function ApiCallPanel(props: ApiCallPanelProps) {
  const { read } = props;
  const preview = read ?? props.preview;
  const match = read ? sameAs(read) : (props.match ?? isChange);
  const includeEarlier = read !== undefined || props.includeEarlier === true;
  const contentId = useId();
  const [open, setOpen] = useState(false);
  const calls = useSyncExternalStore(apiCallLog.subscribe, apiCallLog.get, apiCallLog.get);
  const [since] = useState(() => (includeEarlier ? 0 : (apiCallLog.get().at(-1)?.seq ?? 0)));
  const sent = calls.findLast((call) => call.seq > since && match(call));
  const call = sent ?? preview ?? null;

  return (
    <Box>
      <Button
        size="small"
        startIcon={<CodeIcon />}
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => setOpen((value) => !value)}
      >
        API call
      </Button>
      {open && (
        <Box id={contentId} role="region" aria-label="API call" sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {call === null
              ? preview === undefined
                ? 'The request appears here once it is sent.'
                : 'The request appears here once the form is complete.'
              : sent
                ? `The request the panel sent: ${sent.method} ${pathOf(sent.path)}.`
                : 'The request the panel will send with these values.'}
          </Typography>
          {call && (
            <Suspense fallback={<Typography variant="body2">Loading…</Typography>}>
              <ApiCallView call={call} />
            </Suspense>
          )}
        </Box>
      )}
    </Box>
  );
}
