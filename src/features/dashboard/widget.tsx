import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LoadingState } from '../../components/query-state';

/** How many lines the activity widget lists. */
export const activityCount = 8;
/**
 * How many audit events it reads for them: consecutive sign-ins make one line, so that a few
 * sign-ins do not push the changes out of the widget.
 */
export const activityRead = 50;

/** The month `date` is in as the API bills it (UTC); the billing pages' month helpers stay off the dashboard. */
export const billedMonth = (date: Date) => date.toISOString().slice(0, 7);

/** The account answer leaves out the credits for a user without the billing role. */
export const mayReadBilling = (account: { credits?: unknown } | undefined) =>
  account?.credits !== undefined;

/** Whether the user may read billing, `undefined` while the account's answer is on its way. */
export const billingOf = (account: { isPending: boolean; data?: { credits?: unknown } }) =>
  account.isPending ? undefined : mayReadBilling(account.data);

/**
 * How many one-line rows the "In progress or failing" widget has, whatever it lists: more items
 * than that show as the first ones and a "Show N more" row. On a phone the widgets stand one above
 * the other, so a list that grew with its answer would push every widget below it down.
 */
export const attentionRows = 3;

/**
 * The servers' summary ("7 servers: 2 started, 1 stopped, 4 maintenance") is given two lines: on
 * a phone one line holds three states at most.
 */
const serverSummaryLines = 2;

/** Body text `lines` lines high at least: what fills it needs no more, unless the user asks. */
export function BodyLines({ lines, children }: { lines: number; children: ReactNode }) {
  return (
    <Typography component="div" sx={{ minHeight: `${lines}lh` }}>
      {children}
    </Typography>
  );
}

/** The servers' summary in its lines. */
export const ServerSummary = ({ children }: { children: ReactNode }) => (
  <BodyLines lines={serverSummaryLines}>{children}</BodyLines>
);

const titles = {
  servers: 'Servers',
  attention: 'In progress or failing',
  resources: 'Resources',
  spend: 'Spend this month',
  activity: 'Recent activity',
};

/** The dashboard's widgets, in their order. */
export type WidgetName = keyof typeof titles;

/**
 * A line of text on its way: a bar in a line of that text's own height, so that the text takes
 * its place without moving what is below.
 */
function Line({ variant = 'body1', width }: { variant?: 'body1' | 'body2' | 'h4'; width: string }) {
  return (
    <Typography variant={variant} component="p">
      <Box
        component="span"
        sx={{
          display: 'inline-block',
          width,
          maxWidth: '100%',
          height: '0.75em',
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      />
    </Typography>
  );
}

const lines = (count: number, width: string) => (
  <Box sx={{ display: 'grid', gap: 0.5 }}>
    {Array.from({ length: count }, (_, line) => (
      <Line key={line} width={width} />
    ))}
  </Box>
);

/**
 * What each widget shows while its answer is on its way: the lines its answer fills, of the same
 * heights (the spend's forecast and the servers' summary are given two lines either way, the
 * attention list its rows), so that nothing on the dashboard
 * moves when the widgets' code or answers arrive. Activity, the only list of no fixed length,
 * comes last.
 */
export const placeholders: Record<WidgetName, ReactNode> = {
  servers: (
    <ServerSummary>
      <Line width="14em" />
    </ServerSummary>
  ),
  attention: (
    <BodyLines lines={attentionRows}>
      <Line width="16em" />
    </BodyLines>
  ),
  resources: lines(4, '100%'),
  spend: (
    <>
      <Line variant="h4" width="4em" />
      <Typography variant="body2" component="div" sx={{ minHeight: '2lh' }}>
        <Line variant="body2" width="100%" />
      </Typography>
    </>
  ),
  activity: lines(activityCount, '100%'),
};

export function Widget({ name, children }: { name: WidgetName; children: ReactNode }) {
  return (
    // Paper is in the shell already (the app bar and drawer are Papers); Card would be bytes more.
    <Paper variant="outlined" component="section" aria-label={titles[name]} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {titles[name]}
      </Typography>
      {children}
    </Paper>
  );
}

export function WidgetGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))',
      }}
    >
      {children}
    </Box>
  );
}

/** A widget whose answer is on its way. */
function PendingWidget({ name }: { name: WidgetName }) {
  return (
    <Widget name={name}>
      <LoadingState label="Loading">{placeholders[name]}</LoadingState>
    </Widget>
  );
}

/**
 * The widgets a user sees, in their order, once the account's answer says whether they may read
 * billing (`undefined` while it is on its way). Until then only the widgets every user has are
 * placed: the spend's place, kept for a user without billing, would be taken away and move the
 * activity below it up (about 170 px on a phone); left out for a user with billing, its arrival
 * would move the activity down. The two that depend on it come last, so that they are added
 * below what is in place and move nothing.
 */
export const widgetNames = (billing: boolean | undefined): WidgetName[] => [
  'servers',
  'attention',
  'resources',
  ...(billing === undefined ? [] : [...(billing ? (['spend'] as const) : []), 'activity' as const]),
];

/** The widgets while their code loads, each as it is while its answer is on its way. */
export function PendingWidgets({ billing }: { billing: boolean | undefined }) {
  return (
    <WidgetGrid>
      {widgetNames(billing).map((name) => (
        <PendingWidget key={name} name={name} />
      ))}
    </WidgetGrid>
  );
}
