import { lazy, useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import type { BillingSummary } from '../../../contract/billing';
import { billingQueries } from '../../api/billing';
import { DeferredChart, loadSeriesChartCanvas } from '../../components/charts/deferred-chart';
import { PageHeader } from '../../components/page-header';
import { EmptyState, LoadingState } from '../../components/query-state';
import { formatMonth } from '../../lib/billing-month';
import { BillingQuery } from './billing-access';
import { chartMonthsOf, costChartTitle } from './billing-chart';
import { billingGroups, BillingTable } from './billing-table';
import type { ChosenMoney } from './billing-controls';
import { BillingControls, useBillingMonth, useChosenCurrency } from './billing-controls';
import { useResourceTitles } from './resource-titles';
import { usePlanInclusions } from './plan-inclusions';
import { billingHeading } from './headings';

// The cost chart's code, with recharts beside it (both at once, not one after the other).
const CostChart = lazy(async () => {
  const [chart] = await Promise.all([import('./cost-chart'), loadSeriesChartCanvas()]);
  return { default: chart.CostChart };
});

// The chart section's height: heading, switch, description (three lines on a phone, two on a
// tablet) and the drawing, as measured at 412 px, 768 px and 1280 px.
const chartHeight = { xs: 464, sm: 416, md: 396 };

const loading = 'Loading the billing summary';

export function BillingPage() {
  const month = useBillingMonth();
  const summary = useQuery(billingQueries.summary(month));
  const money = useChosenCurrency(summary.data?.currency);

  return (
    <>
      <PageHeader {...billingHeading} />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <BillingControls month={month} money={money} />
        <BillingQuery
          query={summary}
          loading={loading}
          failure={`The billing summary of ${formatMonth(month)} could not be loaded`}
        >
          {(data) => <MonthBill summary={data} month={month} money={money} />}
        </BillingQuery>
      </Box>
    </>
  );
}

/** The month's table with its totals, then the cost chart once it nears the viewport. */
function MonthBill({
  summary,
  month,
  money,
}: {
  summary: BillingSummary;
  month: string;
  money: ChosenMoney;
}) {
  const titles = useResourceTitles(summary.managed_kubernetes !== undefined);
  const included = usePlanInclusions(summary, titles);
  // The table is the page's longest render: deferred from the first render on, React draws it in
  // a background pass that yields to the browser every few milliseconds instead of in one long
  // task that blocks taps and scrolling on a phone. It waits for nothing but the summary: the
  // titles that name its resources fill in when their lists answer, in places the rows keep.
  const ready = useDeferredValue(true, false);
  if (!ready) return <LoadingState label={loading} />;
  return (
    <>
      {billingGroups(summary).length === 0 ? (
        <EmptyState
          title={`Nothing was billed in ${formatMonth(month)}.`}
          description="Resources are billed for every hour they exist; pick another month."
        />
      ) : (
        <BillingTable
          summary={summary}
          month={month}
          money={money}
          titles={titles}
          included={included}
        />
      )}
      {/* On a phone the chart is a scroll away: its months and recharts load when it nears, and
        the table and totals above neither wait for them nor move when they come. */}
      <DeferredChart
        height={chartHeight}
        caption={costChartTitle(chartMonthsOf(month)[0] ?? month, month)}
        label="Loading the cost chart"
      >
        <CostChart month={month} money={money} height={chartHeight} />
      </DeferredChart>
    </>
  );
}
