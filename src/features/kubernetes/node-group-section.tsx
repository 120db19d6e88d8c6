import { countOf } from '../../lib/format';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { Cluster, KubernetesNode, NodeGroup } from '../../../contract/kubernetes';
import { maxNodeGroups } from '../../../contract/kubernetes';
import {
  deleteNodeCall,
  deleteNodeGroupCall,
  kubernetesQueries,
  useDeleteNode,
  useDeleteNodeGroup,
} from '../../api/kubernetes';
import { ConfirmDialog, confirmWords } from '../../components/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { StateChip } from '../../components/state-chip';
import { useSuccessNotice } from '../../components/success-notice';
import type { Notice } from '../../components/success-notice';
import { visuallyHidden } from '../../components/visually-hidden';
import { AddNodeGroupDialog, ScaleDialog } from './cluster-dialogs';

/** The cluster's node groups, each with its nodes and what can be done to it. */
export function NodeGroupSection({ cluster }: { cluster: Cluster }) {
  const [adding, setAdding] = useState(false);
  const { notify, notice } = useSuccessNotice();
  return (
    <Box
      component="section"
      aria-labelledby="node-groups-heading"
      // minmax(0, 1fr): a wide nodes table scrolls inside its group's card, not the page.
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography id="node-groups-heading" variant="h5" component="h2">
          Node groups
        </Typography>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={cluster.state !== 'running' || cluster.node_groups.length >= maxNodeGroups}
          onClick={() => setAdding(true)}
        >
          Add node group
        </Button>
      </Box>
      {adding && (
        <AddNodeGroupDialog
          cluster={cluster}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            notify({ message: 'Node group created: its nodes are starting' });
          }}
        />
      )}
      {cluster.node_groups.length === 0 ? (
        <EmptyState title="No node groups" description="The cluster has no worker nodes." />
      ) : (
        cluster.node_groups.map((group) => (
          <NodeGroupCard key={group.name} cluster={cluster} group={group} notify={notify} />
        ))
      )}
      {notice}
    </Box>
  );
}

function NodeGroupCard({
  cluster,
  group,
  notify,
}: {
  cluster: Cluster;
  group: NodeGroup;
  notify: (notice: Notice) => void;
}) {
  const [dialog, setDialog] = useState<'scale' | 'delete' | null>(null);
  const [nodeToDelete, setNodeToDelete] = useState<KubernetesNode | null>(null);
  const details = useQuery(kubernetesQueries.nodeGroup(cluster.uuid, group.name));
  const deleteGroup = useDeleteNodeGroup(cluster.uuid);
  const deleteNode = useDeleteNode(cluster.uuid, group.name);
  const terminating = group.state === 'terminating' || cluster.state === 'terminating';
  const headingId = `node-group-${group.name}`;

  let nodes;
  if (details.isPending) nodes = <LoadingState label={`Loading the nodes of ${group.name}`} />;
  else if (details.isError) {
    nodes = (
      <ErrorState
        error={details.error}
        title="The nodes could not be loaded"
        onRetry={() => void details.refetch()}
      />
    );
  } else if (details.data.nodes.length === 0) {
    nodes = <Typography color="text.secondary">No nodes.</Typography>;
  } else {
    nodes = (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={`Nodes of ${group.name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Node</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Kubelet</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {details.data.nodes.map((node) => (
              <TableRow key={node.uuid}>
                <TableCell component="th" scope="row">
                  {node.name}
                </TableCell>
                <TableCell>
                  <StateChip state={node.state} />
                </TableCell>
                <TableCell>{node.kubelet_version ?? '—'}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    color="error"
                    aria-label={`Delete node ${node.name} (experimental)`}
                    disabled={node.state === 'terminating' || terminating}
                    onClick={() => setNodeToDelete(node)}
                  >
                    Delete node
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Typography id={headingId} variant="h6" component="h3">
          {group.name}
        </Typography>
        {group.state && <StateChip state={group.state} />}
        <Typography color="text.secondary">
          {`${countOf(group.count, 'node')} · ${group.plan}${group.anti_affinity ? ' · anti-affinity' : ''}`}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          size="small"
          disabled={(group.state ?? 'running') !== 'running' || terminating}
          onClick={() => setDialog('scale')}
          aria-label={`Scale ${group.name}`}
        >
          Scale
        </Button>
        <Button
          variant="outlined"
          size="small"
          color="error"
          disabled={terminating}
          onClick={() => setDialog('delete')}
          aria-label={`Delete node group ${group.name}`}
        >
          Delete group
        </Button>
      </Box>
      {group.state && group.state !== 'running' && group.state !== 'failed' && (
        <LinearProgress aria-label={`Node group ${group.name} ${group.state}`} />
      )}
      {(group.labels.length > 0 || !!group.taints?.length) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {group.labels.map((label) => (
            <Chip key={`l-${label.key}`} size="small" label={`${label.key}=${label.value}`} />
          ))}
          {group.taints?.map((taint) => (
            <Chip
              key={`t-${taint.key}-${taint.effect}`}
              size="small"
              variant="outlined"
              label={`taint ${taint.key}=${taint.value}:${taint.effect}`}
            />
          ))}
        </Box>
      )}
      {nodes}
      {dialog === 'scale' && (
        <ScaleDialog
          cluster={cluster}
          group={group}
          onClose={() => setDialog(null)}
          onDone={(count) => {
            setDialog(null);
            notify({ message: `Node group ${group.name} scaled to ${count} nodes` });
          }}
        />
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete node group ${group.name}?`}
        confirmLabel="Delete group"
        pendingLabel="Deleting…"
        mutation={deleteGroup}
        errorTitle="The node group could not be deleted"
        apiCall={deleteNodeGroupCall(cluster.uuid, group.name)}
        onConfirm={() =>
          deleteGroup.mutate(group.name, {
            onSuccess: () => {
              setDialog(null);
              notify({ message: `Node group ${group.name} deleted` });
            },
          })
        }
        onClose={() => setDialog(null)}
      >
        {`All ${group.count} nodes of the group terminate; workloads on them move to other nodes if they can.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={nodeToDelete !== null}
        title={`Delete node ${nodeToDelete?.name ?? ''}?`}
        {...confirmWords('delete', 'node')}
        mutation={deleteNode}
        apiCall={deleteNodeCall(cluster.uuid, group.name, nodeToDelete?.name ?? '')}
        onConfirm={() =>
          nodeToDelete &&
          deleteNode.mutate(nodeToDelete.name, {
            onSuccess: () => {
              setNodeToDelete(null);
              notify({ message: `Node ${nodeToDelete.name} is terminating` });
            },
          })
        }
        onClose={() => setNodeToDelete(null)}
      >
        Experimental: deleting one node is a preview feature of the API and may change. The node
        terminates and the group replaces it with a new one, so the group keeps its size.
      </ConfirmDialog>
    </Paper>
  );
}
