import { countOf } from '../../lib/format';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { Cluster } from '../../../contract/kubernetes';
import { clusterListCall, kubernetesQueries } from '../../api/kubernetes';
import { CreateButton } from '../../components/create-button';
import { PageHeader } from '../../components/page-header';
import { QueryTable } from '../../components/query-table';
import { stateCell } from '../../components/state-cell';
import { labelsCell } from '../../components/value-cells';
import { linkCell } from '../../components/link-cell';
import { links } from '../../lib/links';

const column = createColumnHelper<Cluster>();

const columns = [
  column.accessor('name', { header: 'Name', cell: linkCell((row) => links.cluster(row.uuid)) }),
  column.accessor('state', { header: 'State', cell: stateCell }),
  column.accessor('version', { header: 'Version' }),
  column.accessor('zone', { header: 'Zone' }),
  column.accessor('plan', { header: 'Plan' }),
  column.display({
    id: 'nodes',
    header: 'Worker nodes',
    cell: ({ row }) => {
      const groups = row.original.node_groups;
      const nodes = groups.reduce((sum, group) => sum + group.count, 0);
      return `${nodes} in ${countOf(groups.length, 'group')}`;
    },
  }),
  column.accessor('labels', { header: 'Labels', cell: labelsCell, meta: { wrap: true } }),
];

export function ClusterListPage() {
  const clusters = useQuery(kubernetesQueries.list());
  const create = <CreateButton to={links.newCluster()}>Create cluster</CreateButton>;

  return (
    <>
      <PageHeader
        title="Kubernetes"
        description="Managed Kubernetes clusters: the control plane is run for you, node groups are your workers."
        actions={create}
      />
      <QueryTable
        query={clusters}
        read={clusterListCall}
        loading="Loading clusters"
        failure="The clusters could not be loaded"
        empty={{
          title: 'No Kubernetes clusters yet',
          description:
            'A cluster runs on a private network of its zone, with node groups of servers as workers.',
          action: create,
        }}
        label="Kubernetes clusters"
        columns={columns}
        getRowId="uuid"
        rowHeaderColumn="name"
        virtual
      />
    </>
  );
}
