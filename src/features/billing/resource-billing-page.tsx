import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { billingQueries } from '../../api/billing';
import { SeriesChart, seriesColors } from '../../components/charts/series-chart';
import { PageHeader } from '../../components/page-header';
import { EmptyState, LoadingState } from '../../components/query-state';
import { links } from '../../lib/links';
import { currentMonth, formatMonth, isMonth } from '../../lib/billing-month';
import { formatNumber } from '../../lib/format';
import { BillingError } from './billing-access';
import { MonthField } from './month-field';
import { CurrencySelect, useBillingCurrency } from './use-billing-currency';
import { DescriptionList } from '../../components/description-list';

const typeLabels: Record<string, string> = {
  server: 'Server',
  storage: 'Storage',
  backup: 'Backup',
  template: 'Template',
};

export function ResourceBillingPage() {
  const { resourceId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const thisMonth = currentMonth();
  const requested = search.get('month');
  const month = isMonth(requested) ? requested : thisMonth;
  const billing = useQuery(billingQueries.resource(resourceId, month));
  const accountCurrency = billing.data?.currency ?? 'EUR';
  const money = useBillingCurrency(accountCurrency, search.get('currency'));

  const change = (key: string, value: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });

  const title = billing.data?.details.title || resourceId;
  const days = Object.entries(billing.data?.daily_sums ?? {}).sort(([a], [b]) =>
    a.localeCompare(b),
  );

  return (
    <>
      <PageHeader
        title={`Billing of ${title}`}
        crumb={title}
        description={
          <>
            Daily costs of one resource in {formatMonth(month)}.{' '}
            <Link component={RouterLink} to={links.billing(month)}>
              Back to the month’s bill
            </Link>
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <MonthField
            value={month}
            max={thisMonth}
            onChange={(next) => change('month', next === thisMonth ? null : next)}
          />
          <CurrencySelect
            value={money.currency}
            accountCurrency={accountCurrency}
            onChange={(next) => change('currency', next === accountCurrency ? null : next)}
          />
        </Box>
        {billing.isPending && <LoadingState label="Loading the resource's billing" />}
        {billing.isError && (
          <BillingError
            error={billing.error}
            title={`The billing of ${resourceId} could not be loaded`}
            onRetry={() => void billing.refetch()}
          />
        )}
        {billing.isSuccess && (
          <>
            <Card variant="outlined" component="section" aria-labelledby="resource-bill-heading">
              <CardContent>
                <Typography id="resource-bill-heading" variant="h6" component="h2" gutterBottom>
                  Summary
                </Typography>
                <DescriptionList terms="muted">
                  <dt>Resource</dt>
                  <dd>
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>
                      {billing.data.details.resource_id}
                    </Box>
                  </dd>
                  <dt>Type</dt>
                  <dd>{typeLabels[billing.data.details.type] ?? billing.data.details.type}</dd>
                  <dt>Zone</dt>
                  <dd>{billing.data.details.zone}</dd>
                  {billing.data.details.plan && (
                    <>
                      <dt>Plan</dt>
                      <dd>{billing.data.details.plan}</dd>
                    </>
                  )}
                  <dt>Hours billed</dt>
                  <dd>{formatNumber(billing.data.details.hours)}</dd>
                  <dt>Total</dt>
                  <dd>{money.format(billing.data.total_amount)}</dd>
                </DescriptionList>
              </CardContent>
            </Card>
            {days.length === 0 ? (
              <EmptyState title={`This resource was not billed in ${formatMonth(month)}.`} />
            ) : (
              <SeriesChart
                title="Daily costs"
                description={`The cost of each day of ${formatMonth(month)} in ${money.currency}.`}
                kind="stacked-bar"
                data={days.map(([day, amount]) => ({ day, amount: money.convert(amount) }))}
                xKey="day"
                xLabel="Day"
                series={[{ key: 'amount', label: 'Cost', color: seriesColors[0] ?? '#1e88e5' }]}
                formatValue={(value) =>
                  new Intl.NumberFormat(undefined, {
                    style: 'currency',
                    currency: money.currency,
                  }).format(value)
                }
              />
            )}
          </>
        )}
      </Box>
    </>
  );
}
