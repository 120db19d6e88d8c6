import Box from '@mui/material/Box';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { hoursPerMonth } from '../../lib/pricing';
import { PriceTables } from './price-tables';
import { usePriceCatalog } from './use-price-catalog';
import type { PriceCatalog } from './use-price-catalog';
import { ZoneSelect } from './zone-select';
import { useSearchUpdate } from '../../components/use-url-state';

const zoneParam = 'zone';

export function PricesPage() {
  const state = usePriceCatalog();

  return (
    <>
      <PageHeader
        title="Prices"
        description={`Prices in each zone: resources by the hour, traffic and storage I/O by use. Monthly figures are estimates for ${hoursPerMonth} hours of use.`}
      />
      {state.status === 'pending' && <LoadingState label="Loading prices" />}
      {state.status === 'error' && (
        <ErrorState error={state.error} title="Prices could not be loaded" onRetry={state.retry} />
      )}
      {state.status === 'success' && <ZonePrices catalog={state.catalog} />}
    </>
  );
}

function ZonePrices({ catalog }: { catalog: PriceCatalog }) {
  const [searchParams, setSearchParams] = useSearchUpdate();
  const { priceZones } = catalog;

  if (priceZones.length === 0) {
    return <EmptyState title="No price lists are published." />;
  }

  // The zone lives in the URL so a price view can be shared and survives a reload.
  const zoneId = searchParams.get(zoneParam) ?? priceZones[0]?.name ?? '';
  const priceZone = priceZones.find((zone) => zone.name === zoneId);
  const selectZone = (next: string) =>
    setSearchParams((params) => {
      params.set(zoneParam, next);
      return params;
    });

  return (
    // minmax(0, 1fr): a wide price table scrolls inside its card instead of widening the page.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <ZoneSelect
        value={zoneId}
        priceZones={priceZones}
        zones={catalog.zones}
        onChange={selectZone}
      />
      {priceZone ? (
        <PriceTables priceZone={priceZone} plans={catalog.plans} currency={catalog.currency} />
      ) : (
        <EmptyState
          title={`There is no price list for the zone “${zoneId}”.`}
          description="Choose one of the zones above."
        />
      )}
    </Box>
  );
}
