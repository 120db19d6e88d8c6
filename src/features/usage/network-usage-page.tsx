import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { ApiError } from '../../api/http';
import {
  downloadResourceNetworkUsageCsv,
  maxJsonWindowDays,
  needsCsv,
  rangeDays,
  usageQueries,
} from '../../api/usage';
import type { DayRange, getCurrentNetworkUsage, NetworkStat } from '../../api/usage';
import { serverQueries } from '../../api/servers';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { SeriesChart, seriesColors } from '../../components/charts/series-chart';
import type { ChartRow } from '../../components/charts/series-chart';
import { TextInput } from '../../components/form/text-input';
import { PageHeader } from '../../components/page-header';
import { CopyUuidButton } from '../../components/resource-name';
import { ReservedName } from '../../components/reserved-name';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { QueryView } from '../../components/query-view';
import { QueryTable } from '../../components/query-table';
import { SectionCard } from '../../components/section-card';
import { formatBytes } from '../../lib/bytes';
import { downloadCsv } from '../../lib/csv';
import { countOf, formatDateTime, formatShortDay, humanizeKey } from '../../lib/format';
import { links } from '../../lib/links';
import { readRange } from './usage-range';
import { useSearchUpdate } from '../../components/use-url-state';

/** Daily bytes per service, the shape the chart and its table share. */
export function trafficByDay(stats: readonly NetworkStat[]) {
  const services = [...new Set(stats.map((stat) => stat.service))].sort();
  const days = new Map<string, ChartRow>();
  for (const stat of stats) {
    const day = stat.start_time.slice(0, 10);
    const row = days.get(day) ?? { day, ...Object.fromEntries(services.map((s) => [s, 0])) };
    row[stat.service] = Number(row[stat.service] ?? 0) + stat.sent_bytes;
    days.set(day, row);
  }
  const rows = [...days.values()].sort((a, b) => String(a.day).localeCompare(String(b.day)));
  return { services, rows };
}

type CurrentPool = Awaited<ReturnType<typeof getCurrentNetworkUsage>>;

function CurrentPoolUsage({ current }: { current: UseQueryResult<CurrentPool, ApiError> }) {
  return (
    <SectionCard title="Network Transfer Pool this month">
      <QueryView
        query={current}
        loading="Loading the transfer pool"
        failure="The transfer pool usage could not be loaded"
      >
        {(pool) => {
          const percent =
            pool.accumulated_quota_bytes === 0
              ? 0
              : Math.min(100, (pool.total_sent_bytes / pool.accumulated_quota_bytes) * 100);
          const text = `${formatBytes(pool.total_sent_bytes)} sent of ${formatBytes(pool.accumulated_quota_bytes)} accumulated quota`;
          return (
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Typography>{text}</Typography>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label="Transfer pool used"
                aria-valuetext={text}
                sx={{ height: 8, borderRadius: 4 }}
              />
              <Typography variant="body2" color="text.secondary">
                The pool grows by {formatBytes(pool.hourly_quota_increase_bytes)} an hour, about{' '}
                {formatBytes(pool.projected_monthly_quota_bytes)} a month. Updated{' '}
                {formatDateTime(pool.updated)}.
              </Typography>
            </Box>
          );
        }}
      </QueryView>
    </SectionCard>
  );
}

/**
 * Top usage's columns; the servers' names where the list knows them, else (another resource, a
 * deleted server, or the list yet to answer) the UUID.
 */
const topColumns = (names: ReadonlyMap<string, string>): ColumnDef<NetworkStat>[] => [
  {
    id: 'resource',
    header: 'Resource',
    accessorKey: 'resource_id',
    cell: ({ row }) => {
      const uuid = row.original.resource_id;
      const name = names.get(uuid);
      // A named resource is a server, which has a page; the box keeps its size (ReservedName).
      return (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <ReservedName uuid={uuid} name={name} to={name ? links.server(uuid) : undefined} />
          <CopyUuidButton uuid={uuid} />
        </Box>
      );
    },
  },
  { id: 'service', header: 'Service', cell: ({ row }) => humanizeKey(row.original.service) },
  { id: 'zone', header: 'Zone', accessorKey: 'zone' },
  { id: 'sent', header: 'Sent', cell: ({ row }) => formatBytes(row.original.sent_bytes) },
];

function CsvDownload({ range }: { range: DayRange }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const download = async () => {
    setPending(true);
    setError(null);
    try {
      const text = await downloadResourceNetworkUsageCsv(range);
      downloadCsv(`network-usage-${range.from}-to-${range.to}.csv`, text);
    } catch (failure) {
      setError(failure as ApiError);
    } finally {
      setPending(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={() => void download()}
        disabled={pending}
      >
        {pending ? 'Preparing CSV…' : 'Download CSV'}
      </Button>
      {error && <ApiErrorAlert error={error} title="The CSV file could not be downloaded" />}
    </Box>
  );
}

export function NetworkUsagePage() {
  const [search, setSearch] = useSearchUpdate();
  const { range, error: rangeError } = readRange(search);
  const current = useQuery(usageQueries.currentNetwork());
  // Network usage is the main account's: without the billing role the first request is refused
  // (403 BILLING_FORBIDDEN) and the page says so once instead of asking again for each part.
  const forbidden = current.error?.status === 403 && current.error.code === 'BILLING_FORBIDDEN';
  const usage = useQuery({
    ...usageQueries.resourceNetwork(range),
    placeholderData: keepPreviousData,
    enabled: current.isSuccess,
  });
  const top = useQuery({
    ...usageQueries.topNetwork(range),
    placeholderData: keepPreviousData,
    enabled: current.isSuccess,
  });
  // Services are mostly servers' (api-reference-notes §10.4): one server list names them; another
  // resource, or a deleted server, keeps its UUID. The names only decorate the rows, which show
  // their UUIDs meanwhile: the list is read with the pool's usage, not after top usage answers.
  const servers = useQuery({ ...serverQueries.list(), enabled: !forbidden });
  const columns = useMemo(
    () => topColumns(new Map(servers.data?.map((server) => [server.uuid, server.title]))),
    [servers.data],
  );
  const days = rangeDays(range);
  const csv = needsCsv(range);

  const setDay = (key: 'from' | 'to', value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set('from', range.from);
      next.set('to', range.to);
      if (value) next.set(key, value);
      return next;
    });

  const traffic = usage.data ? trafficByDay(usage.data) : null;

  return (
    <>
      <PageHeader
        title="Network usage"
        description="Outbound traffic of your resources per service, the heaviest users and the Network Transfer Pool."
        actions={forbidden ? undefined : <CsvDownload range={range} />}
      />
      {forbidden ? (
        <Alert severity="info">
          <AlertTitle>No permission to read network usage</AlertTitle>
          Network usage belongs to the main account and needs the billing role. The main account’s
          owner can give this account that role.
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <CurrentPoolUsage current={current} />
          <Box
            component="form"
            aria-label="Date range"
            onSubmit={(event) => event.preventDefault()}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
          >
            {(['from', 'to'] as const).map((end) => (
              <TextInput
                key={end}
                type="date"
                label={end === 'from' ? 'From' : 'To'}
                shrinkLabel
                size="small"
                fullWidth={false}
                value={search.get(end) ?? range[end]}
                onChange={(event) => setDay(end, event.target.value)}
                {...(end === 'from'
                  ? { error: rangeError !== null, helperText: rangeError ?? undefined }
                  : { helperText: `${countOf(days, 'day')}, in UTC` })}
              />
            ))}
          </Box>
          {csv && (
            <Alert severity="info">
              This range is {days} days long. The API answers JSON for at most {maxJsonWindowDays}{' '}
              days, so the panel reads it as CSV instead; the numbers are the same.
            </Alert>
          )}
          {usage.isPending && <LoadingState label="Loading network usage" />}
          {usage.isError && (
            <ErrorState
              error={usage.error}
              title="Network usage could not be loaded"
              onRetry={() => void usage.refetch()}
            />
          )}
          {traffic &&
            (traffic.rows.length === 0 ? (
              <EmptyState
                title="No traffic in this range."
                description="Only servers that existed in the range send traffic."
              />
            ) : (
              <SeriesChart
                title="Traffic out by service"
                description={`Bytes your resources sent each day from ${range.from} to ${range.to}, stacked by service.`}
                kind="stacked-area"
                data={traffic.rows}
                xKey="day"
                xLabel="Day"
                series={traffic.services.map((service, index) => ({
                  key: service,
                  label: humanizeKey(service),
                  color: seriesColors[index % seriesColors.length] ?? '#1e88e5',
                }))}
                formatTick={(day) => formatShortDay(day)}
                formatValue={(value) => formatBytes(value)}
              />
            ))}
          <Box component="section" aria-labelledby="top-heading" sx={{ display: 'grid', gap: 1 }}>
            <Typography id="top-heading" variant="h6" component="h2">
              Top usage
            </Typography>
            <QueryTable
              query={top}
              loading="Loading top usage"
              failure="Top usage could not be loaded"
              empty={{ title: 'No resource sent traffic in this range.' }}
              label="Top usage"
              columns={columns}
              getRowId={(row) => `${row.resource_id}|${row.service}`}
              rowHeaderColumn="resource"
            />
          </Box>
        </Box>
      )}
    </>
  );
}
