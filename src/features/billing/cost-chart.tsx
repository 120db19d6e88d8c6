import { memo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { billingQueries } from '../../api/billing';
import { ChartLoading } from '../../components/charts/deferred-chart';
import type { ChartHeight } from '../../components/charts/deferred-chart';
import { SeriesChart, seriesColors } from '../../components/charts/series-chart';
import { formatMonth } from '../../lib/billing-month';
import { formatCurrency } from '../../lib/format';
import { chartMonthsOf, costChart, costChartTitle } from './billing-chart';
import type { Money } from './use-billing-currency';

/**
 * The costs of the six months up to `month`, stacked by category. Its own lazy chunk with
 * recharts: the billing page shows its table without it, and loads it as it nears the viewport.
 * Drawn once every month has been read, not once per month, and again only when its data change
 * (memo: recharts takes long to draw on a phone).
 */
export const CostChart = memo(function CostChart({
  month,
  money,
  height,
}: {
  month: string;
  money: Money;
  /** The chart's height, kept while the months load. */
  height: ChartHeight;
}) {
  const months = chartMonthsOf(month);
  const history = useQueries({ queries: months.map((item) => billingQueries.summary(item)) });
  if (history.some((query) => query.isPending)) {
    return <ChartLoading label="Loading the cost chart" height={height} />;
  }
  const chart = costChart(
    history.map((query) => query.data),
    months,
    money.convert,
  );
  const data = chart.data;
  if (data.length === 0) return null;
  return (
    <SeriesChart
      title={costChartTitle(data[0]?.month as string, month)}
      description={`Stacked monthly costs in ${money.currency} of ${chart.phrase} over the last ${data.length} months.`}
      kind="stacked-bar"
      data={data}
      xKey="month"
      xLabel="Month"
      series={chart.series.map(({ key, label }, index) => ({
        key,
        label,
        color: seriesColors[index % seriesColors.length] ?? '#1e88e5',
      }))}
      formatValue={(value) => formatCurrency(value, money.currency)}
      formatX={(value) => formatMonth(value)}
    />
  );
});
