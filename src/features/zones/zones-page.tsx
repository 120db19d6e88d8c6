import { useQuery } from '@tanstack/react-query';
import { zoneQueries } from '../../api/zones';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { ZoneTable } from './zone-table';

export function ZonesPage() {
  const zones = useQuery(zoneQueries.list());

  return (
    <>
      <PageHeader
        title="Zones"
        description="Zones are the data centres where servers and storage run. Storage attaches only to servers in its own zone."
      />
      {zones.isPending && <LoadingState label="Loading zones" />}
      {zones.isError && (
        <ErrorState
          error={zones.error}
          title="Zones could not be loaded"
          onRetry={() => void zones.refetch()}
        />
      )}
      {zones.isSuccess &&
        (zones.data.length === 0 ? (
          <EmptyState title="No zones are available to this account." />
        ) : (
          <ZoneTable zones={zones.data} />
        ))}
    </>
  );
}
