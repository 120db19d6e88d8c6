import { useQuery } from '@tanstack/react-query';
import { zoneQueries } from '../../api/zones';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { ZoneTable } from './zone-table';

export function ZonesPage() {
  const zones = useQuery(zoneQueries.list());

  return (
    <>
      <PageHeader
        title="Zones"
        description="Zones are the data centres where servers and storage run. Storage attaches only to servers in its own zone."
      />
      <QueryView
        query={zones}
        loading="Loading zones"
        failure="Zones could not be loaded"
        empty={{ title: 'No zones are available to this account.' }}
      >
        {(data) => <ZoneTable zones={data} />}
      </QueryView>
    </>
  );
}
