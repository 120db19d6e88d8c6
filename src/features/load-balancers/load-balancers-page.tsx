import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import type { LoadBalancer } from '../../../contract/load-balancer';
import { loadBalancerListCall, loadBalancerQueries } from '../../api/load-balancers';
import { CreateButton } from '../../components/create-button';
import { PageHeader } from '../../components/page-header';
import { QueryTable } from '../../components/query-table';
import { linkCell } from '../../components/link-cell';
import { StateChip } from '../../components/state-chip';
import { HostName } from '../../components/host-name';
import { links } from '../../lib/links';

const column = createColumnHelper<LoadBalancer>();

const columns = [
  column.accessor('name', {
    header: 'Name',
    cell: linkCell((row) => links.loadBalancer(row.uuid)),
  }),
  column.accessor('operational_state', {
    header: 'State',
    cell: (info) => <StateChip state={info.getValue()} />,
  }),
  column.accessor('configured_status', { header: 'Configured' }),
  column.accessor('plan', { header: 'Plan' }),
  column.accessor('zone', { header: 'Zone' }),
  column.accessor('dns_name', {
    header: 'DNS name',
    cell: (info) => (
      <Box sx={{ overflowWrap: 'anywhere' }}>
        <HostName name={info.getValue()} />
      </Box>
    ),
  }),
];

export function LoadBalancersPage() {
  const balancers = useQuery(loadBalancerQueries.list());
  const create = <CreateButton to={links.newLoadBalancer()}>Create load balancer</CreateButton>;

  return (
    <>
      <PageHeader
        title="Load balancers"
        description="Managed load balancers spread traffic over your servers: frontends listen, rules route, backends hold the servers."
        actions={create}
      />
      <QueryTable
        query={balancers}
        read={loadBalancerListCall}
        loading="Loading load balancers"
        failure="The load balancers could not be loaded"
        empty={{
          title: 'No load balancers yet',
          description:
            'A load balancer gets a public DNS name and forwards its frontends’ traffic to the members of its backends.',
          action: create,
        }}
        label="Load balancers"
        columns={columns}
        getRowId="uuid"
        rowHeaderColumn="name"
      />
    </>
  );
}
