import { memo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BillingSummary } from '../../../contract/billing';
import { valueCellSx } from '../../components/value-cells';
import { links } from '../../lib/links';
import {
  countOf,
  formatGibibytes,
  formatMebibytes,
  formatNumber,
  humanizeKey,
} from '../../lib/format';
import { groupName, groupOrder } from './billing-names';
import { titledGroups } from './resource-titles';
import type { Money } from './use-billing-currency';
import { RouterLink } from '../../components/router-link';

type Group = NonNullable<NonNullable<BillingSummary['servers']>['server']>;
type Detail = Group['resources'][number]['details'][number];

export interface BillingGroup {
  key: string;
  label: string;
  /** The name inside a sentence. */
  phrase: string;
  group: Group;
}

const isGroup = (value: unknown): value is Group =>
  typeof value === 'object' && value !== null && 'resources' in value;

/**
 * Every resource group of every category in the answer, named, in the bill's order; empty ones are
 * absent (api-reference-notes §10.3).
 */
export function billingGroups(summary: BillingSummary): BillingGroup[] {
  const groups = Object.values(summary).flatMap((category) =>
    typeof category === 'object'
      ? Object.entries(category).flatMap(([key, group]) => (isGroup(group) ? [{ key, group }] : []))
      : [],
  );
  return groups
    .sort((a, b) => groupOrder(a.key, b.key))
    .map(({ key, group }) => ({ key, ...groupName(key), group }));
}

/** A server's paid extras, by the amount each adds to a stretch (api-reference-notes §10.3). */
const extras = [
  ['licenses', 'licence'],
  ['firewall', 'firewall'],
  ['simple_backup', 'simple backups'],
] as const;

function describeSize(detail: Detail): string {
  if (detail.plan && detail.plan !== 'custom') return detail.plan;
  if (detail.cores !== undefined && detail.memory !== undefined) {
    return `${countOf(detail.cores, 'core')}, ${formatMebibytes(detail.memory)}`;
  }
  if (detail.size !== undefined) {
    return `${formatGibibytes(detail.size)}${detail.tier ? ` ${humanizeKey(detail.tier)}` : ''}`;
  }
  return '—';
}

/** A stretch's configuration: its plan or size, and what the server paid for beside it. */
const describe = (detail: Detail) =>
  [
    describeSize(detail),
    ...extras.flatMap(([key, name]) => ((detail[key] ?? 0) > 0 ? [name] : [])),
  ].join(' + ');

/**
 * A resource's configurations in the month, in order: a stretch that reads like the one before (a
 * change the text does not show starts one too: another simple-backup plan, the size backed up)
 * is not said twice; the count of changes says there were more.
 */
const describeAll = (details: readonly Detail[]) =>
  details
    .map(describe)
    .filter((text, index, all) => index === 0 || text !== all[index - 1])
    .join(' → ');

// A line of a resource's name, the title's or the UUID's.
const lineHeight = '1.25rem';

/**
 * A resource's name in the bill: its title (a link to its own bill) over its UUID, or only its
 * UUID (the link) until a title list has named it, or when none does: a resource since deleted,
 * or a list that failed. A resource a list may name (`named`) keeps the place of both from the
 * start, a title line and the UUID's (two lines on a phone, one from a tablet up), in a box as wide
 * as its UUID's lines whatever it holds: a title that comes late (or is long) changes neither the
 * row's height nor the columns' widths, so nothing moves under the reader.
 */
function BilledResourceName({
  id,
  title,
  named,
  to,
}: {
  id: string;
  title: string | undefined;
  named: boolean;
  to: string;
}) {
  return (
    <Box
      sx={{
        // A UUID's font, without letter spacing: a `ch` is one of its characters.
        fontFamily: 'monospace',
        fontSize: '0.75rem',
        letterSpacing: 0,
        lineHeight,
        overflowWrap: 'anywhere',
        width: { xs: '24.5ch', sm: '36.5ch' },
        overflow: 'hidden',
        height: named
          ? { xs: `calc(3 * ${lineHeight})`, sm: `calc(2 * ${lineHeight})` }
          : undefined,
      }}
    >
      <Link
        component={RouterLink}
        to={to}
        variant={title ? 'body2' : 'inherit'}
        sx={[
          { display: 'block' },
          Boolean(title) && {
            lineHeight,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          },
        ]}
      >
        {title ?? id}
      </Link>
      {title && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', font: 'inherit', letterSpacing: 0 }}
        >
          {id}
        </Typography>
      )}
    </Box>
  );
}

/**
 * A resource's row. Memo: a title list answering draws again only the rows it names, not the
 * whole bill.
 */
const BilledResourceRow = memo(function BilledResourceRow({
  resource,
  title,
  named,
  included,
  month,
  money,
}: {
  resource: Group['resources'][number];
  title: string | undefined;
  named: boolean;
  /** Why the line costs nothing: the plan that includes it (plan-inclusions.ts). */
  included: string | undefined;
  month: string;
  money: Money;
}) {
  const last = resource.details[resource.details.length - 1];
  const configuration = describeAll(resource.details);
  return (
    <TableRow hover>
      <TableCell component="th" scope="row">
        <BilledResourceName
          id={resource.resource_id}
          title={title}
          named={named}
          to={links.resourceBilling(resource.resource_id, month, money.param)}
        />
      </TableCell>
      <TableCell sx={valueCellSx}>{last?.zone ?? '—'}</TableCell>
      <TableCell>
        {configuration}
        {/* One detail entry per stretch: a change starts the next one (api-reference-notes §10.3). */}
        {resource.details.length > 1 && ` (${countOf(resource.details.length - 1, 'change')})`}
        {/* A line at no cost keeps the place of its note from the start, at the cell's width
          whatever it says (two lines up to a tablet, one on a desktop): the note comes with other
          lists and moves nothing. A note longer than its place ends in an ellipsis (a long server
          title, a narrow column) and is whole in its tooltip. */}
        {resource.amount === 0 && (
          <Typography
            variant="caption"
            color="text.secondary"
            title={included}
            sx={{
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: { xs: 2, lg: 1 },
              overflowWrap: 'anywhere',
              width: 0,
              minWidth: '100%',
              height: { xs: '2lh', lg: '1lh' },
              overflow: 'hidden',
            }}
          >
            {included ?? '\u00a0'}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={valueCellSx}>
        {formatNumber(resource.hours)}
      </TableCell>
      <TableCell align="right" sx={valueCellSx}>
        {money.format(resource.amount)}
      </TableCell>
    </TableRow>
  );
});

interface BillingTableProps {
  summary: BillingSummary;
  month: string;
  money: Money;
  /**
   * Titles of the resources that still exist, as far as their lists have answered; the summary
   * names resources by id only.
   */
  titles: ReadonlyMap<string, string>;
  /** The notes of the lines at no cost that a plan includes, by resource id. */
  included: ReadonlyMap<string, string>;
}

/**
 * Resources grouped by kind with the API's group and month totals, linked to their own bill. The
 * longest render of the page on a phone: memo, so that it draws again only when its data change.
 */
export const BillingTable = memo(function BillingTable({
  summary,
  month,
  money,
  titles,
  included,
}: BillingTableProps) {
  const head = { fontWeight: 600 };
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Billing by resource">
        <TableHead>
          <TableRow>
            <TableCell sx={head}>Resource</TableCell>
            <TableCell sx={head}>Zone</TableCell>
            <TableCell sx={head}>Configuration</TableCell>
            <TableCell sx={head} align="right">
              Hours
            </TableCell>
            <TableCell sx={head} align="right">
              Amount
            </TableCell>
          </TableRow>
        </TableHead>
        {billingGroups(summary).map(({ key, label, group }) => (
          <TableBody key={key}>
            <TableRow sx={{ bgcolor: 'action.hover' }}>
              <TableCell component="th" scope="rowgroup" colSpan={4} sx={head}>
                {label} ({group.resources.length})
              </TableCell>
              <TableCell align="right" sx={head}>
                {money.format(group.total_amount)}
              </TableCell>
            </TableRow>
            {group.resources.map((resource) => (
              <BilledResourceRow
                key={resource.resource_id}
                resource={resource}
                title={titles.get(resource.resource_id)}
                named={titledGroups.has(key)}
                included={included.get(resource.resource_id)}
                month={month}
                money={money}
              />
            ))}
          </TableBody>
        ))}
        <TableFooter>
          <TableRow>
            <TableCell
              component="th"
              scope="row"
              colSpan={4}
              sx={{ ...head, color: 'text.primary', fontSize: '0.875rem' }}
            >
              Total for the month
            </TableCell>
            <TableCell align="right" sx={{ ...head, color: 'text.primary', fontSize: '0.875rem' }}>
              {money.format(summary.total_amount)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
});
