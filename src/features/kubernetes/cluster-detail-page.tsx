import { countOf } from '../../lib/format';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import type { Cluster } from '../../../contract/kubernetes';
import {
  deleteClusterCall,
  isClusterBusy,
  kubernetesQueries,
  useDeleteCluster,
} from '../../api/kubernetes';
import { ConfirmDialog, confirmMutation, confirmWords } from '../../components/confirm-dialog';
import { useSuccessNotice } from '../../components/success-notice';
import { routeDetailPage } from '../../components/detail-query';
import { OverviewFacts, labelChips } from '../../components/overview-facts';
import type { Fact } from '../../components/overview-facts';
import { PageHeader } from '../../components/page-header';
import { ResourceTabs, useOverviewPanel } from '../../components/resource-tabs';
import { StateChip } from '../../components/state-chip';
import { links } from '../../lib/links';
import { KubeconfigDialog, UpgradeDialog } from './cluster-dialogs';
import { NodeGroupSection } from './node-group-section';
import { networkQueries } from '../../api/networks';
import { factWidth, ReservedName } from '../../components/reserved-name';
import { CopyUuidButton } from '../../components/resource-name';
import { RouterLink } from '../../components/router-link';

export const ClusterDetailPage = routeDetailPage(kubernetesQueries.detail, 'Cluster', (cluster) => (
  <ClusterView cluster={cluster} />
));

type OpenDialog = 'kubeconfig' | 'upgrade' | 'delete' | null;

function ClusterView({ cluster }: { cluster: Cluster }) {
  const overviewPanel = useOverviewPanel();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { notify, notice } = useSuccessNotice();
  const upgraded = () => {
    setDialog(null);
    notify({ message: 'Upgrade started' });
  };
  const remove = useDeleteCluster(cluster.uuid);
  const kubeconfig = useQuery({
    ...kubernetesQueries.kubeconfig(cluster.uuid),
    enabled: dialog === 'kubeconfig',
  });
  const network = useQuery(networkQueries.detail(cluster.network));
  const terminating = cluster.state === 'terminating';
  const nodes = cluster.node_groups.reduce((sum, group) => sum + group.count, 0);

  const facts: Fact[] = [
    ['State', <StateChip key="state" state={cluster.state} />],
    ['Kubernetes version', cluster.version ?? '—'],
    ['Zone', cluster.zone],
    ['Control-plane plan', cluster.plan ?? '—'],
    [
      'Network',
      // The network's name comes after the cluster's: its box keeps the facts below in place. On a
      // phone the copy button and the range wrap under it, name or UUID alike.
      <Box
        key="network"
        component="span"
        sx={{
          display: 'inline-flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 0.5,
        }}
      >
        <ReservedName uuid={cluster.network} name={network.data?.name} width={factWidth} />
        <CopyUuidButton uuid={cluster.network} />
        {`(${cluster.network_cidr})`}
      </Box>,
    ],
    ['Worker nodes', `${nodes} in ${countOf(cluster.node_groups.length, 'node group')}`],
    [
      'Control-plane access',
      !cluster.control_plane_ip_filter?.length
        ? 'No IP filter'
        : cluster.control_plane_ip_filter.join(', '),
    ],
    [
      'Private node groups',
      cluster.private_node_groups === undefined ? '—' : cluster.private_node_groups ? 'Yes' : 'No',
    ],
    ['Labels', labelChips(cluster.labels)],
    ['UUID', cluster.uuid],
  ];

  return (
    <>
      <PageHeader
        title={cluster.name}
        crumb={cluster.name}
        description={
          cluster.state === 'pending'
            ? 'The cluster is being created; its node groups come up with it.'
            : cluster.state === 'upgrading'
              ? 'The control plane is being upgraded.'
              : terminating
                ? 'The cluster is being deleted.'
                : undefined
        }
        actions={
          <>
            <Button
              variant="outlined"
              onClick={() => setDialog('kubeconfig')}
              disabled={terminating}
            >
              Kubeconfig
            </Button>
            <Button
              variant="outlined"
              onClick={() => setDialog('upgrade')}
              disabled={cluster.state !== 'running'}
            >
              Upgrade
            </Button>
            <Button
              variant="outlined"
              component={RouterLink}
              to={links.clusterAuthentication(cluster.uuid)}
            >
              OIDC authentication
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={() => setDialog('delete')}
              disabled={terminating}
            >
              Delete
            </Button>
          </>
        }
      />
      <ResourceTabs resourceId={cluster.uuid} />
      <Box {...overviewPanel}>
        <OverviewFacts
          facts={facts}
          progress={isClusterBusy(cluster) ? `Cluster ${cluster.state}` : undefined}
        />
        <NodeGroupSection cluster={cluster} />
      </Box>
      {dialog === 'kubeconfig' && (
        <KubeconfigDialog
          title={`Kubeconfig of ${cluster.name}`}
          fileName={`${cluster.name}-kubeconfig.yaml`}
          description="Administrator access with the cluster's client certificate. Keep it secret: whoever has it controls the cluster."
          kubeconfig={kubeconfig}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'upgrade' && (
        <UpgradeDialog cluster={cluster} onClose={() => setDialog(null)} onDone={upgraded} />
      )}
      {notice}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete cluster ${cluster.name}?`}
        {...confirmWords('delete', 'cluster')}
        {...confirmMutation(remove, undefined, () => void navigate(links.kubernetes()))}
        typedConfirmation={{ expected: cluster.name, what: 'the cluster’s name' }}
        apiCall={deleteClusterCall(cluster.uuid)}
        onClose={() => setDialog(null)}
      >
        {`The control plane and all ${nodes} worker nodes are deleted, with everything running on them. This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}
