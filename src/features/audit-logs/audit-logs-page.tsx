import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useLocation, useSearchParams } from 'react-router';
import { auditExportMaxDays } from '../../../contract/audit-log';
import type { AuditExportFormat, AuditLog } from '../../../contract/audit-log';
import { useExportAuditLogs } from '../../api/audit-log-export';
import { auditLogListCall, auditLogQueries } from '../../api/audit-logs';
import { ApiCallPanel, readsOf } from '../../components/api-call-panel';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { AuditEventDrawer } from '../../components/audit-event-drawer';
import { AuditLogTable, AuditPageControls } from '../../components/audit-log-table';
import { TextInput } from '../../components/form/text-input';
import { FilterRow, SearchBox, SelectFilter } from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { EmptyState } from '../../components/query-state';
import { QueryView } from '../../components/query-view';
import { saveFile } from '../../lib/download';
import {
  auditFilters,
  auditListParams,
  exportBlocker,
  pageSizes,
  readAuditLogView,
  thisVisitMs,
} from './audit-log-params';
import type { AuditLogView } from './audit-log-params';
import { updateSearch } from '../../lib/list-params';
import { useAuditResourceNames } from './audit-resource-names';
import { auditLogsHeading } from './headings';

/** Set by the app bar's search when a pasted UUID names a resource that no longer exists. */
interface MissingResourceState {
  missingResource?: { uuid: string; kind: string };
}

const noRows: AuditLog[] = [];

const pageSizeOptions = pageSizes.map((size) => ({ value: String(size), label: String(size) }));

/** The date range's two ends: each is its URL parameter and the view's field of that name. */
const dateFilters = [
  { param: 'from', label: 'From (UTC)' },
  { param: 'to', label: 'To (UTC)' },
] as const;

export function AuditLogsPage() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const view = readAuditLogView(search);
  const logs = useQuery({
    ...auditLogQueries.list(auditListParams(view)),
    placeholderData: keepPreviousData,
    // Every visit asks again, but the read the route started beside this page's code (its
    // prefetch, moments ago) is this visit's own.
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > thisVisitMs,
  });
  const options = useQuery(auditLogQueries.filterOptions());

  const change = (changes: Record<string, string | string[] | null>, keepOffset = false) =>
    setSearch((current) => updateSearch(current, changes, { keepOffset }));
  const filtered =
    view.q !== '' ||
    view.actions.length + view.origins.length + view.types.length > 0 ||
    view.from !== undefined ||
    view.to !== undefined;
  const missing = (location.state as MissingResourceState | null)?.missingResource;
  const names = useAuditResourceNames(logs.data?.rows ?? noRows);
  const openRow = logs.data?.rows.find((row) => row.cloud_event_id === view.event);

  return (
    <>
      <PageHeader {...auditLogsHeading} />
      {missing && missing.uuid === view.q && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {`The ${missing.kind.toLowerCase()} ${missing.uuid} no longer exists. These are its recorded events.`}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'grid', gap: 2 }}>
        <FilterRow>
          <SearchBox
            label="Resource UUID, username or IP address"
            value={view.q}
            onSearch={(text) => change({ q: text.trim() || null })}
            sx={{ flex: '1 1 300px', maxWidth: 420, minWidth: 0 }}
          />
          <MultiSelect
            label="Actions"
            value={view.actions}
            choices={options.data?.actions}
            onChange={(values) => change({ action: values })}
          />
          <MultiSelect
            label="Resource types"
            value={view.types}
            choices={options.data?.resource_types}
            onChange={(values) => change({ type: values })}
          />
          <MultiSelect
            label="Origins"
            value={view.origins}
            choices={options.data?.origins}
            onChange={(values) => change({ origin: values })}
          />
        </FilterRow>
        <FilterRow>
          {dateFilters.map(({ param, label }) => (
            <Box key={param} sx={{ width: 180 }}>
              <TextInput
                size="small"
                type="date"
                label={label}
                shrinkLabel
                value={view[param] ?? ''}
                onChange={(event) => change({ [param]: event.target.value || null })}
              />
            </Box>
          ))}
          {filtered && (
            <Button
              onClick={() =>
                change({ q: null, action: null, origin: null, type: null, from: null, to: null })
              }
            >
              Clear filters
            </Button>
          )}
        </FilterRow>
        {options.isError && (
          <ApiErrorAlert error={options.error} title="The filter choices could not be loaded" />
        )}
        <ExportControls view={view} />
        <ApiCallPanel match={readsOf(auditLogListCall.path)} includeEarlier />
      </Paper>
      <QueryView
        query={logs}
        loading="Loading the audit log"
        failure="The audit log could not be loaded"
      >
        {({ rows, total }) => (
          <>
            {rows.length === 0 ? (
              <EmptyState
                title={
                  view.offset > 0 && total > 0
                    ? 'No rows on this page.'
                    : filtered
                      ? 'No events match these filters.'
                      : 'No events recorded yet.'
                }
                description={
                  view.offset > 0 && total > 0
                    ? `The filters match ${total} rows; go back to an earlier page.`
                    : filtered
                      ? 'Widen the dates or clear some filters.'
                      : 'Changes to resources and panel sign-ins appear here.'
                }
              />
            ) : (
              <AuditLogTable
                label="Audit log"
                rows={rows}
                names={names}
                onOpen={(row) => change({ event: row.cloud_event_id }, true)}
              />
            )}
            <AuditPageControls
              offset={view.offset}
              limit={view.limit}
              total={total}
              shown={rows.length}
              onOffset={(offset) => change({ offset: String(offset) }, true)}
            >
              <SelectFilter
                label="Rows per page"
                value={String(view.limit)}
                options={pageSizeOptions}
                onChange={(limit) => change({ limit })}
                minWidth={140}
              />
            </AuditPageControls>
          </>
        )}
      </QueryView>
      <AuditEventDrawer
        eventId={view.event ?? null}
        initial={openRow}
        onClose={() => change({ event: null }, true)}
      />
    </>
  );
}

function MultiSelect({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string[];
  choices: string[] | undefined;
  onChange: (values: string[]) => void;
}) {
  // Values from the URL stay selectable while the choices load (or if they are not offered).
  const all = [...new Set([...(choices ?? []), ...value])];
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        const next = event.target.value as unknown as string[] | string;
        onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected as string[]).join(', ') || 'Any',
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
      sx={{ minWidth: 180, maxWidth: 320 }}
    >
      {all.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choice}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ExportControls({ view }: { view: AuditLogView }) {
  const exporter = useExportAuditLogs();
  const [saved, setSaved] = useState<string | null>(null);
  const blocker = exportBlocker(view, new Date());
  const run = (format: AuditExportFormat) => {
    setSaved(null);
    exporter.mutate(
      { filters: auditFilters(view), format },
      {
        onSuccess: ({ blob, filename }) => {
          saveFile(blob, filename);
          setSaved(filename);
        },
      },
    );
  };
  return (
    <Box component="section" aria-labelledby="audit-export" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="audit-export" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Export
      </Typography>
      <Typography id="audit-export-rule" variant="body2" color="text.secondary">
        {`An export holds every event these filters match, for at most ${auditExportMaxDays} days. Without a start date it covers the ${auditExportMaxDays} days up to the end date (or today).`}
      </Typography>
      {blocker && (
        <Alert severity="warning" id="audit-export-blocked">
          {blocker}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {(['csv', 'json'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={blocker !== null || exporter.isPending}
            aria-describedby={blocker ? 'audit-export-blocked' : 'audit-export-rule'}
            onClick={() => run(format)}
          >
            {`Export ${format.toUpperCase()}`}
          </Button>
        ))}
        <Typography role="status" variant="body2" color="text.secondary">
          {exporter.isPending ? 'Preparing the export…' : saved ? `Downloaded ${saved}.` : ''}
        </Typography>
      </Box>
      {exporter.error && (
        <ApiErrorAlert error={exporter.error} title="The export could not be made" />
      )}
    </Box>
  );
}
