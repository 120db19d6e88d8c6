import { useQueries, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { billingQueries } from '../../api/billing';
import { serverQueries } from '../../api/servers';
import { storageQueries } from '../../api/storage';
import { SeriesChart, seriesColors } from '../../components/charts/series-chart';
import { PageHeader } from '../../components/page-header';
import { EmptyState } from '../../components/query-state';
import { formatMonth, monthsEndingWith } from '../../lib/billing-month';
import { BillingQuery } from './billing-access';
import { costChart } from './billing-chart';
import { billingGroups, BillingTable } from './billing-table';
import { BillingControls, useBillingMonth, useChosenCurrency } from './billing-controls';

const chartMonths = 6;
// The chart section's height: heading, description and the 320 px plot.
const chartHeight = 420;

export function BillingPage() {
  const month = useBillingMonth();
  const summary = useQuery(billingQueries.summary(month));
  // The rest waits for the month's summary: without the billing role that one request is refused
  // and the page says so once, instead of failing six times.
  const readable = summary.isSuccess;
  const history = useQueries({
    queries: monthsEndingWith(month, chartMonths).map((item) => ({
      ...billingQueries.summary(item),
      enabled: readable,
    })),
  });
  // The summary names resources by id; existing servers and storages lend their titles.
  const servers = useQuery({ ...serverQueries.list(), enabled: readable });
  const storages = useQuery({
    ...storageQueries.list({ access: 'private', limit: 100 }),
    enabled: readable,
  });
  const titles = new Map<string, string>([
    ...(servers.data ?? []).map((server) => [server.uuid, server.title] as const),
    ...(storages.data?.storages ?? []).map((storage) => [storage.uuid, storage.title] as const),
  ]);
  const money = useChosenCurrency(summary.data?.currency);

  const chart = costChart(
    history.map((query) => query.data),
    monthsEndingWith(month, chartMonths),
    money.convert,
  );
  const chartData = chart.data;

  return (
    <>
      <PageHeader
        title="Billing"
        description="What each resource cost in a month, computed from the zone price lists. Pick a resource to see its daily costs."
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <BillingControls month={month} money={money} />
        <BillingQuery
          query={summary}
          loading="Loading the billing summary"
          failure={`The billing summary of ${formatMonth(month)} could not be loaded`}
        >
          {(data) => (
            <>
              {billingGroups(data).length === 0 ? (
                <EmptyState
                  title={`Nothing was billed in ${formatMonth(month)}.`}
                  description="Resources are billed for every hour they exist; pick another month."
                />
              ) : (
                <BillingTable summary={data} month={month} money={money} titles={titles} />
              )}
              {/* After the table and in a box of its height from the start: the months and recharts
                load later, and the table and totals above never move when they come. */}
              <Box sx={{ minHeight: chartHeight }}>
                {chartData.length > 0 && (
                  <SeriesChart
                    title={`Costs by category, ${formatMonth(chartData[0]?.month as string)} to ${formatMonth(month)}`}
                    description={`Stacked monthly costs in ${money.currency} of ${chart.phrase} over the last ${chartData.length} months.`}
                    kind="stacked-bar"
                    data={chartData}
                    xKey="month"
                    xLabel="Month"
                    series={chart.series.map(({ key, label }, index) => ({
                      key,
                      label,
                      color: seriesColors[index % seriesColors.length] ?? '#1e88e5',
                    }))}
                    formatValue={(value) =>
                      new Intl.NumberFormat(undefined, {
                        style: 'currency',
                        currency: money.currency,
                      }).format(value)
                    }
                    formatX={(value) => formatMonth(value)}
                  />
                )}
              </Box>
            </>
          )}
        </BillingQuery>
      </Box>
    </>
  );
}
