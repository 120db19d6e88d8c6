import type { BillingSummary } from '../../../contract/billing';
import type { ChartRow } from '../../components/charts/series-chart';
import { formatMonth, monthsEndingWith } from '../../lib/billing-month';
import { chartedGroups, groupName, groupOrder } from './billing-names';
import { billingGroups } from './billing-table';

/** The months the cost chart compares: the six up to the bill's `month`. */
export const chartMonthsOf = (month: string) => monthsEndingWith(month, 6);

/** The cost chart's title, from its first month to its last. */
export const costChartTitle = (first: string, last: string) =>
  `Costs by category, ${formatMonth(first)} to ${formatMonth(last)}`;

/** "a, b and c" */
const listPhrase = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * The cost chart of some months: one series per group name (the sandbox's `ipv4` and the API's
 * `ipv4_address` are one), the groups it always shows first, then any other group billed in them.
 */
export function costChart(
  summaries: readonly (BillingSummary | undefined)[],
  months: readonly string[],
  convert: (amount: number) => number,
) {
  const billed = summaries.flatMap((summary) => (summary ? billingGroups(summary) : []));
  const keys = [...new Set([...chartedGroups, ...billed.map((group) => group.key)])];
  const named = keys.sort(groupOrder).map((key) => ({ key, ...groupName(key) }));
  const series = named.filter(
    (name, index) => named.findIndex((other) => other.label === name.label) === index,
  );
  const seriesKey = new Map(series.map(({ key, label }) => [label, key]));
  const data: ChartRow[] = summaries.flatMap((summary, index) => {
    if (!summary) return [];
    const row: ChartRow = { month: months[index] ?? '' };
    for (const { key } of series) row[key] = 0;
    for (const { label, group } of billingGroups(summary)) {
      const key = seriesKey.get(label) ?? label;
      row[key] = Number(row[key] ?? 0) + convert(group.total_amount);
    }
    return [row];
  });
  return { series, data, phrase: listPhrase(series.map((item) => item.phrase)) };
}
