import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { DashboardItem, dashboardEndpoints } from '../../../contract/dashboard';
import type { ResponseOf } from '../../../contract/endpoint';
import { accountQueries } from '../../api/account';
import { dashboardQueries } from '../../api/dashboard';
import { QueryStates } from '../../components/query-state';
import { describeAuditAction } from '../../lib/audit-words';
import {
  countOf,
  formatDateTime,
  formatGibibytes,
  formatMoney,
  stateLabel,
} from '../../lib/format';
import { links } from '../../lib/links';
import {
  activityCount,
  activityRead,
  billedMonth,
  BodyLines,
  attentionRows,
  billingOf,
  placeholders,
  ServerSummary,
  Widget,
  WidgetGrid,
  widgetNames,
} from './widget';
import type { WidgetName } from './widget';
import { RouterLink } from '../../components/router-link';

const hourMs = 3_600_000;

/** A figure the API did not send is unknown, not 0. */
const figure = (value: number | undefined, format: (value: number) => string = String) =>
  value === undefined ? '—' : format(value);

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
    <Widget name="resources">
      <QueryStates
        query={usage}
        loading="Loading resources"
        placeholder={placeholders.resources}
        failure="Resources could not be loaded"
      >
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
      </QueryStates>
    </Widget>
  );
}

const rank = (state: string) => ['started', 'stopped', state].indexOf(state);

/** How many servers there are, and how many in each state: "5 servers: 3 started, 2 stopped". */
function ServersWidget() {
  const servers = useQuery(dashboardQueries.servers());
  return (
    <Widget name="servers">
      <QueryStates
        query={servers}
        loading="Loading servers"
        placeholder={placeholders.servers}
        failure="Servers could not be loaded"
      >
        {(list) => {
          const counts: Record<string, number> = {};
          for (const { state } of list) counts[state] = (counts[state] ?? 0) + 1;
          // Running first, then stopped, then whatever else.
          const states = Object.entries(counts)
            .sort(([a], [b]) => rank(a) - rank(b))
            .map(([state, count]) => `${count} ${stateLabel(state)}`);
          return (
            <ServerSummary>
              <Link component={RouterLink} to={links.servers()}>
                {countOf(list.length, 'server')}
              </Link>
              {states.length > 0 && `: ${states.join(', ')}`}
            </ServerSummary>
          );
        }}
      </QueryStates>
    </Widget>
  );
}

// The states a server or storage rests in; any other is an operation under way or a failure.
const settled = new Set(['started', 'stopped', 'online']);

const unsettled = (list: DashboardItem[], kind: string, page: (uuid: string) => string) =>
  list
    .filter((item) => !settled.has(item.state))
    .map((item) => ({ ...item, kind, to: page(item.uuid) }));

type AttentionItem = ReturnType<typeof unsettled>[number];

/**
 * The items in `attentionRows` one-line rows, however many there are: when they need more rows,
 * the last row offers the rest, which the user then opens (a shift the user asked for).
 */
function AttentionList({ items }: { items: AttentionItem[] }) {
  const [expanded, setExpanded] = useState(false);
  // The button goes once pressed: the keyboard goes on from the first item it showed.
  const firstShown = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (expanded) firstShown.current?.focus();
  }, [expanded]);
  if (items.length === 0) {
    return (
      <BodyLines lines={attentionRows}>
        <Typography color="text.secondary">Nothing in progress or failing.</Typography>
      </BodyLines>
    );
  }
  const shown =
    expanded || items.length <= attentionRows ? items : items.slice(0, attentionRows - 1);
  return (
    <BodyLines lines={attentionRows}>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {shown.map((item, index) => (
          // One line each: a long title is cut short, its kind and state stay whole.
          <Box component="li" key={item.uuid} sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
            <Link
              component={RouterLink}
              to={item.to}
              ref={index === attentionRows - 1 ? firstShown : undefined}
              sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {item.title}
            </Link>
            {`, ${item.kind}: ${stateLabel(item.state)}`}
          </Box>
        ))}
      </Box>
      {shown.length < items.length && (
        // A block of one line: an inline button's middle alignment would make its line taller.
        <Link
          component="button"
          type="button"
          sx={{ display: 'block' }}
          onClick={() => setExpanded(true)}
        >
          Show {items.length - shown.length} more
        </Link>
      )}
    </BodyLines>
  );
}

/** Servers and storages under way or failing, each linked to its page. */
function AttentionWidget() {
  const servers = useQuery(dashboardQueries.servers());
  const storages = useQuery(dashboardQueries.storages());
  return (
    <Widget name="attention">
      <QueryStates
        query={servers}
        loading="Loading servers"
        placeholder={placeholders.attention}
        failure="Servers could not be loaded"
      >
        {(serverList) => (
          <QueryStates
            query={storages}
            loading="Loading storage"
            placeholder={placeholders.attention}
            failure="Storage could not be loaded"
          >
            {(storageList) => (
              <AttentionList
                items={[
                  ...unsettled(serverList, 'server', links.server),
                  ...unsettled(storageList, 'storage', links.storageDetail),
                ]}
              />
            )}
          </QueryStates>
        )}
      </QueryStates>
    </Widget>
  );
}

/** This month's spend so far and, at the same hourly rate, by the month's end. */
function SpendWidget() {
  const now = new Date();
  const summary = useQuery(dashboardQueries.spend(billedMonth(now)));
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const elapsed = Math.max(1, Math.ceil((now.getTime() - start) / hourMs));
  return (
    <Widget name="spend">
      <QueryStates
        query={summary}
        loading="Loading this month's costs"
        placeholder={placeholders.spend}
        failure="This month's costs could not be loaded"
      >
        {(data) => (
          <>
            <Typography variant="h4" component="p">
              {formatMoney(data.total_amount, data.currency)}
            </Typography>
            {/* Two lines, as its placeholder has, however many it needs at this width. */}
            <Typography variant="body2" color="text.secondary" sx={{ minHeight: '2lh' }}>
              so far; about{' '}
              {formatMoney((data.total_amount / elapsed) * ((end - start) / hourMs), data.currency)}{' '}
              by the end of the month at this rate
            </Typography>
          </>
        )}
      </QueryStates>
    </Widget>
  );
}

type ActivityRow = ResponseOf<typeof dashboardEndpoints.activity>['audit_logs'][number];

/**
 * The latest `count` lines of activity, newest first: a run of one user's sign-ins is one line (the
 * newest of them, with how many), so sign-ins do not crowd the changes out. The audit log page
 * lists each.
 */
function activityLines(rows: ActivityRow[], count: number) {
  const lines: { row: ActivityRow; signIns: number }[] = [];
  for (const row of rows) {
    const last = lines.at(-1);
    const signIn = row.action === 'login';
    if (
      signIn &&
      last?.row.action === 'login' &&
      last.row.account_username === row.account_username
    ) {
      last.signIns += 1;
    } else if (lines.length < count) {
      lines.push({ row, signIns: signIn ? 1 : 0 });
    } else {
      break;
    }
  }
  return lines;
}

function ActivityWidget() {
  const activity = useQuery(dashboardQueries.activity(activityRead));
  return (
    <Widget name="activity">
      <QueryStates
        query={activity}
        loading="Loading recent activity"
        placeholder={placeholders.activity}
        failure="Recent activity could not be loaded"
        empty={{ title: 'No activity yet.' }}
      >
        {(rows) => (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {activityLines(rows, activityCount).map(({ row, signIns }) => (
              <li key={row.cloud_event_id}>
                <Link component={RouterLink} to={links.auditLogs({ event: row.cloud_event_id })}>
                  {describeAuditAction(row)}
                  {signIns > 1 && ` ${countOf(signIns, 'time')}`}
                </Link>{' '}
                {`by ${row.account_username}, ${signIns > 1 ? 'last ' : ''}${formatDateTime(row.time)}`}
              </li>
            ))}
          </Box>
        )}
      </QueryStates>
    </Widget>
  );
}

const widgets: Record<WidgetName, () => ReactNode> = {
  servers: ServersWidget,
  attention: AttentionWidget,
  resources: ResourcesWidget,
  spend: SpendWidget,
  activity: ActivityWidget,
};

/**
 * The dashboard's widgets, a lazy chunk of their own (the dashboard is on the first-load budget):
 * each reads its own query and shows its own loading, empty and failed states, so one failing
 * leaves the others. Spend shows only to users who may read billing, so others send no request
 * the API would refuse; it and the activity after it are placed once the account's answer says
 * which the user sees (`widgetNames`).
 */
export default function DashboardWidgets() {
  const account = useQuery(accountQueries.detail());
  return (
    <WidgetGrid>
      {widgetNames(billingOf(account)).map((name) => {
        const Named = widgets[name];
        return <Named key={name} />;
      })}
    </WidgetGrid>
  );
}
