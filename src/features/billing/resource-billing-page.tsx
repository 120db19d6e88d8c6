import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useParams } from 'react-router';
import { billingQueries } from '../../api/billing';
import { SeriesChart, seriesColors } from '../../components/charts/series-chart';
import { PageHeader } from '../../components/page-header';
import { ResourceName } from '../../components/resource-name';
import { EmptyState, LoadingState } from '../../components/query-state';
import { links } from '../../lib/links';
import { formatMonth } from '../../lib/billing-month';
import { formatCurrency, formatNumber, formatShortDay } from '../../lib/format';
import { BillingQuery } from './billing-access';
import { typeName } from './billing-names';
import { controlsRow, useBillingMonth, useChosenCurrency } from './billing-controls';
import { BillingPickers } from './billing-pickers';
import { DescriptionList } from '../../components/description-list';
import { SectionCard } from '../../components/section-card';
import { usePlanInclusion } from './plan-inclusions';
import { RouterLink } from '../../components/router-link';

export function ResourceBillingPage() {
  const { resourceId = '' } = useParams();
  const month = useBillingMonth();
  const billing = useQuery(billingQueries.resource(resourceId, month));
  const money = useChosenCurrency(billing.data?.currency);

  const title = billing.data?.details.title || resourceId;
  const days = Object.entries(billing.data?.daily_sums ?? {}).sort(([a], [b]) =>
    a.localeCompare(b),
  );
  const inclusion = usePlanInclusion(
    resourceId,
    billing.data?.details.type,
    billing.data !== undefined && billing.data.total_amount === 0 && billing.data.details.hours > 0,
  );

  return (
    <>
      <PageHeader
        title={`Billing of ${title}`}
        crumb={title}
        description={
          <>
            Daily costs of one resource in {formatMonth(month)}.{' '}
            <Link component={RouterLink} to={links.billing(month, money.param)}>
              Back to the month’s bill
            </Link>
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        {/* With the page, not after it as on the month's bill: this chunk has the tooltip of
          ResourceName, and MUI's menu and tooltip share chunks with the other pages only where the
          lazy chunks that reach one reach the other (rolldown groups modules by who loads them);
          apart, the storage and server lists would each load three more chunks. */}
        <Box sx={controlsRow}>
          <BillingPickers month={month} money={money} />
        </Box>
        <BillingQuery
          query={billing}
          loading="Loading the resource's billing"
          failure={`The billing of ${resourceId} could not be loaded`}
        >
          {(data) => (
            <>
              <SectionCard title="Summary">
                <DescriptionList terms="muted">
                  <dt>Resource</dt>
                  <dd>
                    <ResourceName
                      uuid={data.details.resource_id}
                      name={data.details.title || undefined}
                    />
                  </dd>
                  <dt>Type</dt>
                  <dd>{typeName(data.details.type)}</dd>
                  <dt>Zone</dt>
                  <dd>{data.details.zone}</dd>
                  {data.details.plan && (
                    <>
                      <dt>Plan</dt>
                      <dd>{data.details.plan}</dd>
                    </>
                  )}
                  <dt>Hours billed</dt>
                  <dd>{formatNumber(data.details.hours)}</dd>
                  <dt>Total</dt>
                  <dd>{money.format(data.total_amount)}</dd>
                </DescriptionList>
              </SectionCard>
              {days.length === 0 ? (
                <NothingToPay
                  month={month}
                  hours={data.details.hours}
                  pending={inclusion.pending}
                  included={inclusion.note}
                />
              ) : (
                <SeriesChart
                  title="Daily costs"
                  description={`The cost of each day of ${formatMonth(month)} in ${money.currency}.`}
                  kind="stacked-bar"
                  data={days.map(([day, amount]) => ({ day, amount: money.convert(amount) }))}
                  xKey="day"
                  xLabel="Day"
                  series={[{ key: 'amount', label: 'Cost', color: seriesColors[0] ?? '#1e88e5' }]}
                  formatTick={(day) => formatShortDay(day)}
                  formatValue={(value) => formatCurrency(value, money.currency)}
                />
              )}
            </>
          )}
        </BillingQuery>
      </Box>
    </>
  );
}

/**
 * A month without a cost: hours billed at no price are a plan's part (its disk or address) when
 * the resource's details say so, and cost nothing otherwise; no hours, not billed at all.
 */
function NothingToPay({
  month,
  hours,
  pending,
  included,
}: {
  month: string;
  hours: number;
  pending: boolean;
  included: string | undefined;
}) {
  if (hours === 0) {
    return <EmptyState title={`This resource was not billed in ${formatMonth(month)}.`} />;
  }
  if (pending) return <LoadingState label="Loading why the resource cost nothing" />;
  if (included) {
    return (
      <EmptyState
        title={`${included}.`}
        description={`Its price is part of the plan’s, so it cost nothing of its own in ${formatMonth(month)}.`}
      />
    );
  }
  return <EmptyState title={`This resource cost nothing in ${formatMonth(month)}.`} />;
}
