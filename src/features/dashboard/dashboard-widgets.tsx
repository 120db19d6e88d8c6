import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { accountQueries } from '../../api/account';
import { auditLogQueries } from '../../api/audit-logs';
import { billingQueries } from '../../api/billing';
import { QueryView } from '../../components/query-view';
import { formatDateTime, formatGibibytes, formatMoney } from '../../lib/format';
import { links } from '../../lib/links';

const hourMs = 3_600_000;

/** A figure the API did not send is unknown, not 0. */
const figure = (value: number | undefined, format: (value: number) => string = String) =>
  value === undefined ? '—' : format(value);
const activityCount = 8;

function Widget({ title, children }: { title: string; children: ReactNode }) {
  return (
    // Paper is in the shell already (the app bar and drawer are Papers); Card would be bytes more.
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The account's resources, counted by the API itself (`resource-usage`, the counts the
 * limits apply to): one small read instead of every group's list and schemas on the dashboard.
 */
function ResourcesWidget() {
  const usage = useQuery(accountQueries.resourceUsage());
  const rows = [
    { key: 'storage_total', label: 'Storage', to: links.storage(), format: formatGibibytes },
    { key: 'networks', label: 'Private networks', to: links.networks() },
    { key: 'public_ipv4', label: 'Public IPv4', to: links.ipAddresses() },
    { key: 'managed_kubernetes', label: 'Kubernetes clusters', to: links.kubernetes() },
  ];
  return (
    <Widget title="Resources">
      <QueryView query={usage} loading="Loading resources" failure="Resources could not be loaded">
        {(data) => (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
            {rows.map((row) => (
              <Box component="li" key={row.key} sx={{ display: 'flex', gap: 1 }}>
                <Link component={RouterLink} to={row.to} sx={{ flex: 1 }}>
                  {row.label}
                </Link>
                <span>{figure(data[row.key], row.format)}</span>
              </Box>
            ))}
          </Box>
        )}
      </QueryView>
    </Widget>
  );
}

/** This month's spend so far and, at the same hourly rate, by the month's end. */
function SpendWidget() {
  const now = new Date();
  // This month as the API bills it (UTC); the billing pages' month helpers stay off the dashboard.
  const summary = useQuery(billingQueries.summary(now.toISOString().slice(0, 7)));
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const elapsed = Math.max(1, Math.ceil((now.getTime() - start) / hourMs));
  return (
    <Widget title="Spend this month">
      <QueryView
        query={summary}
        loading="Loading this month's costs"
        failure="This month's costs could not be loaded"
      >
        {(data) => (
          <>
            <Typography variant="h4" component="p">
              {formatMoney(data.total_amount, data.currency)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              so far; about{' '}
              {formatMoney((data.total_amount / elapsed) * ((end - start) / hourMs), data.currency)}{' '}
              by the end of the month at this rate
            </Typography>
          </>
        )}
      </QueryView>
    </Widget>
  );
}

function ActivityWidget() {
  const activity = useQuery(auditLogQueries.list({ limit: activityCount }));
  return (
    <Widget title="Recent activity">
      <QueryView
        query={activity}
        loading="Loading recent activity"
        failure="Recent activity could not be loaded"
        isEmpty={(page) => page.rows.length === 0}
        empty={{ title: 'No activity yet.' }}
      >
        {({ rows }) => (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {rows.map((row) => (
              <li key={row.cloud_event_id}>
                <Link component={RouterLink} to={links.auditLogs({ event: row.cloud_event_id })}>
                  {row.action} {row.resource_type}
                </Link>{' '}
                {`by ${row.account_username}, ${formatDateTime(row.time)}`}
              </li>
            ))}
          </Box>
        )}
      </QueryView>
    </Widget>
  );
}

/**
 * The dashboard's widgets, a lazy chunk of their own (the dashboard is on the first-load budget):
 * each reads its own query and shows its own loading, empty and failed states, so one failing
 * leaves the others. Spend shows only to users who may read billing, so others send no request
 * the API would refuse.
 */
export default function DashboardWidgets() {
  // The account answer leaves out the credits for a user without the billing role.
  const credits = useQuery(accountQueries.detail()).data?.credits;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))',
      }}
    >
      <ResourcesWidget />
      {credits !== undefined && <SpendWidget />}
      <ActivityWidget />
    </Box>
  );
}
