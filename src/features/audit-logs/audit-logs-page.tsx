import type { ComponentProps } from 'react';
import {
  Suspense,
  lazy,
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useLocation } from 'react-router';
import { auditExportMaxDays } from '../../../contract/audit-log';
import type { AuditExportFormat, AuditLog } from '../../../contract/audit-log';
import { useExportAuditLogs } from '../../api/audit-log-export';
import { auditLogListCall, auditLogQueries } from '../../api/audit-logs';
import type { AuditLogPage } from '../../api/audit-logs';
import { ApiCallPanel, readsOf } from '../../components/api-call-panel';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { AuditLogTable, AuditPageControls } from '../../components/audit-log-table';
import { TextInput } from '../../components/form/text-input';
import { FilterRow, SearchBox, SelectFilter } from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { PickerPlaceholder } from '../../components/picker-placeholder';
import { EmptyState, LoadingState } from '../../components/query-state';
import { QueryView } from '../../components/query-view';
import { saveFile } from '../../lib/download';
import {
  auditFilters,
  auditListParams,
  dateRangeError,
  exportBlocker,
  pageSizes,
  readAuditLogView,
  thisVisitMs,
} from './audit-log-params';
import type { AuditLogView } from './audit-log-params';
import { updateSearch } from '../../lib/list-params';
import { pickers, pickerText, pickerWidth } from './picker-size';
import { useAuditResourceNames } from './audit-resource-names';
import { auditLogsHeading } from './headings';
import { usePainted } from '../../components/use-painted';
import { useSearchUpdate } from '../../components/use-url-state';

/** Set by the app bar's search when a pasted UUID names a resource that no longer exists. */
interface MissingResourceState {
  missingResource?: { uuid: string; kind: string };
}

const noRows: AuditLog[] = [];

// Only an opened event needs the drawer (MUI's Drawer, Modal and transitions): its code loads then.
const AuditEventDrawer = lazy(async () => ({
  default: (await import('../../components/audit-event-drawer')).AuditEventDrawer,
}));

/**
 * The rows of the first commit: a phone's screen of them. A row is cells, a link and a copy button
 * with its tooltip, and 50 in one commit made it the page's longest task.
 */
const firstRows = 10;

/**
 * How many of `count` rows to render: the first ten, then three times as many after each commit
 * (30, then the 50 of a page), each step in a transition that React renders in slices. The rows
 * already in render again at each step, so the steps are few. It never shrinks: the next page
 * renders whole at once.
 */
function useRowsShown(count: number) {
  const [shown, setShown] = useState(firstRows);
  useEffect(() => {
    if (shown < count) startTransition(() => setShown(shown * 3));
  }, [shown, count]);
  return shown;
}

// MUI's select with its menu, popover and transitions: the rows paint without it, and the
// pickers take their places when their code comes, asked for after the first paint.
const FilterPickers = lazy(async () => ({
  default: (await import('./audit-filter-pickers')).FilterPickers,
}));

/** Where the three pickers come, each showing its label and what it will show. */
function PickersLoading({ view }: { view: AuditLogView }) {
  return (
    <Box aria-busy="true" sx={{ display: 'contents' }}>
      {pickers.map(({ label, values }) => (
        <PickerPlaceholder
          key={label}
          label={label}
          value={pickerText(values(view))}
          width={pickerWidth}
        />
      ))}
    </Box>
  );
}

/** The filter pickers once the page has painted, their boxes until then. */
function Pickers(props: ComponentProps<typeof FilterPickers>) {
  const painted = usePainted();
  if (!painted) return <PickersLoading view={props.view} />;
  return (
    <Suspense fallback={<PickersLoading view={props.view} />}>
      <FilterPickers {...props} />
    </Suspense>
  );
}

const pageSizeOptions = pageSizes.map((size) => ({ value: String(size), label: String(size) }));

/** The date range's two ends: each is its URL parameter and the view's field of that name. */
const dateFilters = [
  { param: 'from', label: 'From (UTC)' },
  { param: 'to', label: 'To (UTC)' },
] as const;

/** The From field's helper text, which holds what is wrong with the dates. */
const rangeErrorId = 'audit-from-helper';

export function AuditLogsPage() {
  const [search, setSearch] = useSearchUpdate();
  const location = useLocation();
  // One object per URL, which the memoised results compare.
  const view = useMemo(() => readAuditLogView(search), [search]);
  const rangeError = dateRangeError(view);
  const logs = useQuery({
    ...auditLogQueries.list(auditListParams(view)),
    // Dates the wrong way round are refused (400): no read, and the rows shown before stay.
    enabled: rangeError === null,
    placeholderData: keepPreviousData,
    // Every visit asks again, but the read the route started beside this page's code (its
    // prefetch, moments ago) is this visit's own.
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > thisVisitMs,
  });
  const options = useQuery(auditLogQueries.filterOptions());

  // Stable while the URL stays, so that the rows (memoised) do not render again when a read of
  // the page changes state.
  const change = useCallback(
    (changes: Record<string, string | string[] | null>, keepOffset = false) =>
      setSearch((current) => updateSearch(current, changes, { keepOffset })),
    [setSearch],
  );
  const filtered =
    view.q !== '' ||
    view.actions.length + view.origins.length + view.types.length > 0 ||
    view.from !== undefined ||
    view.to !== undefined;
  const missing = (location.state as MissingResourceState | null)?.missingResource;
  const names = useAuditResourceNames(logs.data?.rows ?? noRows);
  const openRow = logs.data?.rows.find((row) => row.cloud_event_id === view.event);
  // Mounted from the first opened event on, so that closing it still plays the drawer's exit.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (view.event !== undefined && !drawerUsed) setDrawerUsed(true);

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
          <Pickers view={view} options={options.data} onChange={change} />
        </FilterRow>
        <FilterRow>
          {dateFilters.map(({ param, label }) => (
            <Box key={param} sx={{ width: 180 }}>
              <TextInput
                id={`audit-${param}`}
                size="small"
                type="date"
                label={label}
                shrinkLabel
                error={rangeError !== null}
                helperText={param === 'from' ? rangeError : undefined}
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
        <ExportControls view={view} rangeError={rangeError} />
        <ApiCallPanel match={readsOf(auditLogListCall.path)} includeEarlier />
      </Paper>
      {(rangeError === null || logs.data !== undefined) && (
        <QueryView
          query={logs}
          loading="Loading the audit log"
          failure="The audit log could not be loaded"
        >
          {(list) => (
            <AuditResults
              list={list}
              view={view}
              filtered={filtered}
              names={names}
              change={change}
            />
          )}
        </QueryView>
      )}
      {drawerUsed && (
        <Suspense>
          <AuditEventDrawer
            eventId={view.event ?? null}
            initial={openRow}
            onClose={() => change({ event: null }, true)}
          />
        </Suspense>
      )}
    </>
  );
}

interface AuditResultsProps {
  list: AuditLogPage;
  view: AuditLogView;
  filtered: boolean;
  names: ReadonlyMap<string, string>;
  change: (changes: Record<string, string | string[] | null>, keepOffset?: boolean) => void;
}

/**
 * The rows and the pager. An answer arrives through a store, which React renders at once, in one
 * task: the page's longest, with 50 rows of cells, links and copy buttons. Deferred, the rows
 * render in the background in slices that yield to the browser, the first ones first.
 */
const AuditResults = memo(function AuditResults({
  list,
  view,
  filtered,
  names,
  change,
}: AuditResultsProps) {
  const deferred = useDeferredValue<AuditLogPage | null>(list, null);
  const rows = deferred?.rows ?? noRows;
  const count = useRowsShown(rows.length);
  // Below the rows: it comes with the last of the first answer's, then stays (it holds the
  // rows-per-page picker, which may have the focus while a longer page renders).
  const [pagerShown, setPagerShown] = useState(false);
  if (deferred !== null && count >= rows.length && !pagerShown) setPagerShown(true);
  const onOpen = useCallback(
    (row: AuditLog) => change({ event: row.cloud_event_id }, true),
    [change],
  );
  const shown = useMemo(() => rows.slice(0, count), [rows, count]);
  if (deferred === null) return <LoadingState label="Loading the audit log" />;
  const { total } = deferred;
  return (
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
        <AuditRows label="Audit log" rows={shown} names={names} onOpen={onOpen} />
      )}
      {pagerShown && (
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
      )}
    </>
  );
});

/** The table renders again only when its rows, their names or the opener change. */
const AuditRows = memo(AuditLogTable);

function ExportControls({ view, rangeError }: { view: AuditLogView; rangeError: string | null }) {
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
      {/* Wrong dates are said once, at the dates. */}
      {blocker && !rangeError && (
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
            aria-describedby={
              rangeError ? rangeErrorId : blocker ? 'audit-export-blocked' : 'audit-export-rule'
            }
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
