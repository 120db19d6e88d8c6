import { useId } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { Control } from 'react-hook-form';
import { z } from 'zod/mini';
import type { Cluster, NodeGroup, NodeGroupCreate } from '../../../contract/kubernetes';
import { upgradeStrategySchema } from '../../../contract/kubernetes';
import type { ApiError } from '../../api/http';
import {
  kubernetesQueries,
  useCreateNodeGroup,
  useModifyNodeGroup,
  useUpgradeCluster,
} from '../../api/kubernetes';
import { planQueries } from '../../api/prices';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { CopyButton } from '../../components/copy-button';
import { addWords, FormDialog } from '../../components/form-dialog';
import { useSubmitForm } from '../../components/form/use-request-form';
import { FormCheckbox, FormSelect, FormTextInput } from '../../components/form/form-fields';
import { LoadingState } from '../../components/query-state';
import { planOptions } from '../../components/plan-options';
import { newNodeGroup, nodeCountRange, nodeCountSchema, nodeGroupFormSchema } from './cluster-form';
import { saveFile } from '../../lib/download';

const scaleSchema = z.pipe(
  z.object({ count: nodeCountSchema }),
  z.transform((values) => ({ count: Number(values.count) })),
);

const countRefused = (error: ApiError) =>
  error.code === 'COUNT_INVALID' || error.code === 'NODE_LIMIT_REACHED';

/** Sets a node group's node count; the group scales on the service's clock. */
export function ScaleDialog({
  cluster,
  group,
  onClose,
  onDone,
}: {
  cluster: Cluster;
  group: NodeGroup;
  onClose: () => void;
  /** Once the API has taken the new count. */
  onDone: (count: number) => void;
}) {
  const modify = useModifyNodeGroup(cluster.uuid, group.name);
  const { control, submission } = useSubmitForm(
    scaleSchema,
    { count: String(group.count) },
    {
      mutation: modify,
      fieldOf: (error) => (countRefused(error) ? 'count' : null),
      onSuccess: (updated) => onDone(updated.count),
    },
  );
  return (
    <FormDialog
      title={`Scale node group ${group.name}`}
      submitLabel="Scale"
      pendingLabel="Scaling…"
      {...submission}
      failureTitle="The node group could not be scaled"
      onClose={onClose}
    >
      <NodeCountField
        control={control}
        hint={`Now ${group.count}. New nodes start pending; removed nodes terminate. ${nodeCountRange}`}
      />
    </FormDialog>
  );
}

const upgradeSchema = z.object({
  version: z.string().check(z.minLength(1, 'Choose a version.')),
  strategy: upgradeStrategySchema,
});

/** A dialog acting on a cluster: `onDone` once the API has taken the action. */
interface ClusterDialogProps {
  cluster: Cluster;
  onClose: () => void;
  onDone: () => void;
}

/** Upgrades the cluster to one of the versions the service offers for it, and no other. */
export function UpgradeDialog({ cluster, onClose, onDone }: ClusterDialogProps) {
  const upgrades = useQuery(kubernetesQueries.upgrades(cluster.uuid));
  const upgrade = useUpgradeCluster(cluster.uuid);
  const { control, submission } = useSubmitForm(
    upgradeSchema,
    { version: '', strategy: 'manual' },
    {
      mutation: upgrade,
      request: ({ version, strategy }) => ({ version, strategy: { type: strategy } }),
      onSuccess: onDone,
    },
  );
  const offered = upgrades.data ?? [];

  let body;
  if (upgrades.isPending) body = <LoadingState label="Loading available versions" />;
  else if (upgrades.isError) {
    body = (
      <ApiErrorAlert error={upgrades.error} title="The available versions could not be loaded" />
    );
  } else if (offered.length === 0) {
    body = (
      <Typography>
        {cluster.state === 'running'
          ? `No newer version is offered for ${cluster.version}.`
          : `Upgrades are offered while the cluster is running; it is ${cluster.state}.`}
      </Typography>
    );
  } else {
    body = (
      <>
        <Typography>{`The cluster runs Kubernetes ${cluster.version}. Versions move up one minor release at a time.`}</Typography>
        <FormSelect control={control} name="version" label="Upgrade to" required>
          {offered.map((version) => (
            <MenuItem key={version} value={version}>
              {version}
            </MenuItem>
          ))}
        </FormSelect>
        <FormSelect
          control={control}
          name="strategy"
          label="Node upgrade strategy"
          hint="Manual: nodes keep their version until you replace them. Rolling update: nodes are replaced one by one."
        >
          <MenuItem value="manual">Manual</MenuItem>
          <MenuItem value="rolling-update">Rolling update</MenuItem>
        </FormSelect>
      </>
    );
  }

  return (
    <FormDialog
      title={`Upgrade ${cluster.name}`}
      submitLabel="Upgrade"
      pendingLabel="Starting upgrade…"
      {...submission}
      submitDisabled={offered.length === 0}
      failureTitle="The upgrade could not be started"
      onClose={onClose}
    >
      {body}
    </FormDialog>
  );
}

/** A kubeconfig to read, copy or download. */
export function KubeconfigDialog({
  title,
  fileName,
  description,
  kubeconfig,
  onClose,
  children,
}: {
  title: string;
  fileName: string;
  description: ReactNode;
  /** Choices that shape the kubeconfig, shown above it. */
  children?: ReactNode;
  kubeconfig: { data?: string; error: ApiError | null; isPending: boolean };
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>{description}</Typography>
          {children}
          {kubeconfig.isPending && <LoadingState label="Loading the kubeconfig" />}
          {kubeconfig.error && (
            <ApiErrorAlert error={kubeconfig.error} title="The kubeconfig could not be loaded" />
          )}
          {kubeconfig.data !== undefined && (
            <>
              <TextField
                label="Kubeconfig"
                value={kubeconfig.data}
                multiline
                minRows={8}
                maxRows={20}
                slotProps={{
                  input: { readOnly: true, sx: { fontFamily: 'monospace', fontSize: 13 } },
                }}
              />
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  startIcon={<DownloadIcon />}
                  onClick={() =>
                    saveFile(new Blob([kubeconfig.data!], { type: 'application/yaml' }), fileName)
                  }
                >
                  Download
                </Button>
                <CopyButton text={kubeconfig.data} label="Copy" />
              </Box>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** How many nodes a node group has: scaling one and adding one ask the same. */
function NodeCountField<T extends { count: string }, Output>({
  control,
  hint,
}: {
  control: Control<T, unknown, Output>;
  hint: string;
}) {
  // Both forms carry the field; react-hook-form cannot narrow a generic path.
  const countControl = control as unknown as Control<{ count: string }>;
  return (
    <FormTextInput
      control={countControl}
      name="count"
      label="Number of nodes"
      inputMode="numeric"
      required
      hint={hint}
    />
  );
}

const addGroupSchema = z.pipe(
  nodeGroupFormSchema,
  z.transform((values): NodeGroupCreate => ({
    name: values.name,
    count: Number(values.count),
    plan: values.plan,
    anti_affinity: values.antiAffinity,
  })),
);

/** Adds a node group to a running cluster; its nodes come up on the service's clock. */
export function AddNodeGroupDialog({ cluster, onClose, onDone }: ClusterDialogProps) {
  const plans = useQuery(planQueries.list());
  const create = useCreateNodeGroup(cluster.uuid);
  const { control, submission } = useSubmitForm(
    addGroupSchema,
    newNodeGroup(cluster.node_groups.length),
    {
      mutation: create,
      fieldOf: (error) =>
        error.code === 'RESOURCE_ALREADY_EXISTS' || error.code === 'NAME_INVALID'
          ? 'name'
          : countRefused(error)
            ? 'count'
            : null,
      onSuccess: onDone,
    },
  );
  return (
    <FormDialog
      title={`Add a node group to ${cluster.name}`}
      {...addWords('node group')}
      {...submission}
      onClose={onClose}
    >
      <FormTextInput control={control} name="name" label="Node group name" required />
      <NodeCountField control={control} hint={nodeCountRange} />
      <FormSelect control={control} name="plan" label="Server plan" required>
        {planOptions(plans.data)}
      </FormSelect>
      <FormCheckbox
        control={control}
        name="antiAffinity"
        label="Spread the nodes over different hosts (anti-affinity)"
      />
    </FormDialog>
  );
}
