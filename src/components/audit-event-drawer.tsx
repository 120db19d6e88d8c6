import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { AuditLog } from '../../contract/audit-log';
import { auditLogQueries } from '../api/audit-logs';
import { links } from '../lib/links';
import { formatDateTime } from '../lib/format';
import { uuidKind } from '../lib/uuid-kind';
import { ErrorState, LoadingState } from './query-state';
import { DescriptionList, Field } from './description-list';
import { RouterLink } from './router-link';

interface AuditEventDrawerProps {
  /** The open event's cloud_event_id; null keeps the drawer closed. */
  eventId: string | null;
  /** The row as a list showed it, so the drawer opens without another request. */
  initial?: AuditLog;
  onClose: () => void;
}

/** One audit event in full: who, from where, how, and the resource before and after. */
export function AuditEventDrawer({ eventId, initial, onClose }: AuditEventDrawerProps) {
  const headingId = useId();
  return (
    <Drawer
      anchor="right"
      open={eventId !== null}
      onClose={onClose}
      // Above the app bar, which sits over the navigation drawer and would cover this one's top.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: { width: { xs: '100%', sm: 600 }, p: 3 },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id={headingId} variant="h5" component="h2">
          Audit event
        </Typography>
        <IconButton aria-label="Close event details" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {eventId !== null && <EventContent eventId={eventId} initial={initial} />}
    </Drawer>
  );
}

function EventContent({ eventId, initial }: { eventId: string; initial?: AuditLog }) {
  const event = useQuery({
    ...auditLogQueries.detail(eventId),
    ...(initial?.cloud_event_id === eventId ? { initialData: initial } : {}),
  });
  if (event.isPending) return <LoadingState label="Loading the event" />;
  if (event.isError) {
    return (
      <ErrorState
        error={event.error}
        title="The event could not be loaded"
        onRetry={() => void event.refetch()}
      />
    );
  }
  return <EventDetails event={event.data} />;
}

function resourcePage(id: string): string | null {
  const kind = uuidKind(id);
  if (kind === 'server') return links.server(id);
  if (kind === 'storage') return links.storageDetail(id);
  return null;
}

function EventDetails({ event }: { event: AuditLog }) {
  const page = event.resource_id ? resourcePage(event.resource_id) : null;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <DescriptionList>
        <Field term="Time">
          <time dateTime={event.time}>{formatDateTime(event.time)}</time> ({event.time})
        </Field>
        <Field term="Action">{event.action}</Field>
        <Field term="Resource type">
          {event.resource_type}
          {event.resource_sub_type ? ` (${event.resource_sub_type})` : ''}
        </Field>
        <Field term="Resource">
          {event.resource_id ? (
            <Box sx={{ display: 'grid', gap: 0.5 }}>
              <code>{event.resource_id}</code>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                {page && (
                  <Link component={RouterLink} to={page}>
                    Open the resource
                  </Link>
                )}
                <Link component={RouterLink} to={links.auditLogs({ q: event.resource_id })}>
                  All events of this resource
                </Link>
              </Box>
            </Box>
          ) : (
            '—'
          )}
        </Field>
        <Field term="Account">{event.account_username}</Field>
        <Field term="IP address">{event.ip_address ?? '—'}</Field>
        <Field term="Origin">{event.origin}</Field>
        <Field term="Authentication">{event.auth_type}</Field>
        <Field term="Event ID">
          <code>{event.cloud_event_id}</code>
        </Field>
        <Field term="Correlation ID">
          <code>{event.upcloud_correlation_id}</code>
        </Field>
      </DescriptionList>
      <StateChanges previous={event.previous_state} current={event.current_state} />
      <StateBlock title="Previous state" state={event.previous_state} />
      <StateBlock title="Current state" state={event.current_state} />
    </Box>
  );
}

type State = Record<string, unknown> | undefined;

const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** The top-level fields an update changed, side by side; only when both states exist. */
function StateChanges({ previous, current }: { previous: State; current: State }) {
  if (!previous || !current) return null;
  const keys = [...new Set([...Object.keys(previous), ...Object.keys(current)])].filter(
    (key) => JSON.stringify(previous[key]) !== JSON.stringify(current[key]),
  );
  return (
    <Box component="section">
      <Typography variant="h6" component="h3" gutterBottom>
        Changes
      </Typography>
      {keys.length === 0 ? (
        <Typography color="text.secondary">No field changed.</Typography>
      ) : (
        <Table size="small" aria-label="Changes">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Field</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Before</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>After</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.map((key) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row">
                  {key}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{show(previous[key])}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{show(current[key])}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

function StateBlock({ title, state }: { title: string; state: State }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      {state ? (
        <Box
          component="pre"
          tabIndex={0}
          role="region"
          aria-label={title}
          sx={{
            m: 0,
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
            overflow: 'auto',
            fontSize: '0.8125rem',
          }}
        >
          {JSON.stringify(state, null, 2)}
        </Box>
      ) : (
        <Typography color="text.secondary">Not recorded for this event.</Typography>
      )}
    </Box>
  );
}
