import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { z } from 'zod/mini';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type {
  CertificateBundle,
  LoadBalancer,
  LoadBalancerFrontend,
  LoadBalancerFrontendCreate,
  LoadBalancerRule,
} from '../../../contract/load-balancer';
import { lbModeSchema, lbNameSchema } from '../../../contract/load-balancer';
import {
  byRuleOrder,
  createFrontendCall,
  createTlsConfigCall,
  deleteFrontendCall,
  deleteRuleCall,
  deleteTlsConfigCall,
  loadBalancerQueries,
  reorderedPriorities,
  useCreateFrontend,
  useCreateTlsConfig,
  useDeleteFrontend,
  useDeleteRule,
  useDeleteTlsConfig,
  useReorderRules,
} from '../../api/load-balancers';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { DescriptionList, Field } from '../../components/description-list';
import { FormSelect, FormTextInput } from '../../components/form/form-fields';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { addWords, FormDialog } from '../../components/form-dialog';
import { rowActionsColumn } from '../../components/row-actions-column';
import { SectionCard } from '../../components/section-card';
import { useSuccessNotice } from '../../components/success-notice';
import { portText } from './load-balancer-form';
import { RuleDialog } from './rule-dialog';
import { describeAction, describeMatcher } from './rule-form';

export function FrontendsTab({ balancer }: { balancer: LoadBalancer }) {
  const [adding, setAdding] = useState(false);
  return (
    <Stack spacing={3}>
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add frontend
        </Button>
      </Box>
      {balancer.frontends.length === 0 && (
        <Typography color="text.secondary">
          No frontends: the load balancer listens on no port.
        </Typography>
      )}
      {balancer.frontends.map((frontend) => (
        <FrontendCard key={frontend.name} balancer={balancer} frontend={frontend} />
      ))}
      {adding && <FrontendDialog balancer={balancer} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

type Pending =
  { kind: 'frontend' } | { kind: 'rule'; rule: string } | { kind: 'tls'; name: string } | null;

function FrontendCard({
  balancer,
  frontend,
}: {
  balancer: LoadBalancer;
  frontend: LoadBalancerFrontend;
}) {
  const { uuid } = balancer;
  const [ruleDialog, setRuleDialog] = useState<{ rule?: LoadBalancerRule } | null>(null);
  const [tlsDialog, setTlsDialog] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const { notify, notice } = useSuccessNotice();
  /** Closes the confirmation and says what was removed. */
  const removed = (message: string) => () => {
    setPending(null);
    notify({ message });
  };
  const removeFrontend = useDeleteFrontend(uuid);
  const removeRule = useDeleteRule(uuid, frontend.name);
  const removeTls = useDeleteTlsConfig(uuid, frontend.name);
  const reorder = useReorderRules(uuid, frontend.name);
  const rules = [...frontend.rules].sort(byRuleOrder);
  const https = frontend.tls_configs.length > 0;

  const move = (index: number, by: -1 | 1) => {
    const next = [...rules];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    reorder.mutate(reorderedPriorities(next));
  };

  const column = createColumnHelper<LoadBalancerRule>();
  const columns = [
    column.accessor('name', { header: 'Rule' }),
    column.accessor('priority', { header: 'Priority' }),
    column.display({
      id: 'matchers',
      header: 'When',
      cell: ({ row }) =>
        row.original.matchers.length === 0
          ? 'always'
          : row.original.matchers
              .map(describeMatcher)
              .join(row.original.matching_condition === 'and' ? ' and ' : ' or '),
    }),
    column.display({
      id: 'actions',
      header: 'Then',
      cell: ({ row }) => row.original.actions.map(describeAction).join(', '),
    }),
    rowActionsColumn((rule: LoadBalancerRule, index: number) => [
      {
        label: `Move rule ${rule.name} up`,
        icon: ArrowUpwardIcon,
        disabled: index === 0 || reorder.isPending,
        onClick: () => move(index, -1),
      },
      {
        label: `Move rule ${rule.name} down`,
        icon: ArrowDownwardIcon,
        disabled: index === rules.length - 1 || reorder.isPending,
        onClick: () => move(index, 1),
      },
      { label: `Edit rule ${rule.name}`, icon: EditIcon, onClick: () => setRuleDialog({ rule }) },
      {
        label: `Delete rule ${rule.name}`,
        icon: DeleteIcon,
        onClick: () => setPending({ kind: 'rule', rule: rule.name }),
      },
    ]),
  ];

  const deletion =
    pending?.kind === 'rule'
      ? {
          title: `Delete rule ${pending.rule}?`,
          label: 'Delete rule',
          text: `Traffic of frontend ${frontend.name} no longer goes through rule ${pending.rule}.`,
          mutation: removeRule,
          apiCall: deleteRuleCall(uuid, frontend.name, pending.rule),
          run: () =>
            removeRule.mutate(pending.rule, { onSuccess: removed(`Rule ${pending.rule} deleted`) }),
        }
      : pending?.kind === 'tls'
        ? {
            title: `Remove certificate ${pending.name}?`,
            label: 'Remove certificate',
            text: `Frontend ${frontend.name} stops serving this certificate. The bundle itself is kept.`,
            mutation: removeTls,
            apiCall: deleteTlsConfigCall(uuid, frontend.name, pending.name),
            run: () =>
              removeTls.mutate(pending.name, {
                onSuccess: removed(`Certificate ${pending.name} removed`),
              }),
          }
        : {
            title: `Delete frontend ${frontend.name}?`,
            label: 'Delete frontend',
            text: `The load balancer stops listening on port ${frontend.port}, and the frontend’s rules are deleted with it.`,
            mutation: removeFrontend,
            apiCall: deleteFrontendCall(uuid, frontend.name),
            run: () => removeFrontend.mutate(frontend.name, { onSuccess: () => setPending(null) }),
          };

  return (
    <SectionCard title={`Frontend ${frontend.name}`}>
      <Stack spacing={2}>
        <DescriptionList>
          <Field term="Listens on">
            {`${https ? 'HTTPS' : frontend.mode.toUpperCase()} port ${frontend.port}`}
          </Field>
          <Field term="Default backend">{frontend.default_backend}</Field>
          <Field term="Networks">
            {frontend.networks.map((network) => network.name).join(', ') || '—'}
          </Field>
          <Field term="Certificates">
            {https
              ? frontend.tls_configs.map((tls) => (
                  <Chip
                    key={tls.name}
                    size="small"
                    label={tls.name}
                    sx={{ mr: 0.5 }}
                    onDelete={() => setPending({ kind: 'tls', name: tls.name })}
                    deleteIcon={<DeleteIcon aria-label={`Remove certificate ${tls.name}`} />}
                  />
                ))
              : '—'}
          </Field>
        </DescriptionList>
        {reorder.error && (
          <ApiErrorAlert error={reorder.error} title="The rules could not be reordered" />
        )}
        {rules.length > 0 ? (
          <DataTable
            label={`Rules of frontend ${frontend.name}`}
            columns={columns}
            data={rules}
            getRowId="name"
            rowHeaderColumn="name"
          />
        ) : (
          <Typography color="text.secondary">
            {`No rules: all traffic goes to backend ${frontend.default_backend}.`}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button startIcon={<AddIcon />} onClick={() => setRuleDialog({})}>
            Add rule
          </Button>
          <Button onClick={() => setTlsDialog(true)}>Add certificate</Button>
          <Button color="error" onClick={() => setPending({ kind: 'frontend' })}>
            Delete frontend
          </Button>
        </Box>
      </Stack>
      {ruleDialog && (
        <RuleDialog
          balancer={balancer}
          frontend={frontend}
          rule={ruleDialog.rule}
          onClose={() => setRuleDialog(null)}
        />
      )}
      {tlsDialog && (
        <TlsConfigDialog uuid={uuid} frontend={frontend} onClose={() => setTlsDialog(false)} />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={deletion.title}
        confirmLabel={deletion.label}
        pendingLabel="Deleting…"
        mutation={deletion.mutation}
        errorTitle={`${deletion.label}: the request failed`}
        apiCall={deletion.apiCall}
        onConfirm={deletion.run}
        onClose={() => setPending(null)}
      >
        {deletion.text}
      </ConfirmDialog>
      {notice}
    </SectionCard>
  );
}

const frontendFormSchema = z.pipe(
  z.object({
    name: lbNameSchema,
    mode: lbModeSchema,
    port: portText,
    defaultBackend: z.string().check(z.minLength(1, 'Choose a backend.')),
    bundle: z.string(),
  }),
  z.transform((values): LoadBalancerFrontendCreate => ({
    name: values.name,
    mode: values.mode,
    port: Number(values.port),
    default_backend: values.defaultBackend,
    networks: [{ name: 'public' }],
    ...(values.bundle
      ? { tls_configs: [{ name: 'certificate', certificate_bundle_uuid: values.bundle }] }
      : {}),
  })),
);
const frontendFields: Record<string, 'name' | 'port' | 'bundle'> = {
  NAME: 'name',
  RESOURCE_ALREADY_EXISTS: 'name',
  PORT: 'port',
  PORT_IN_USE: 'port',
  CERTIFICATE_BUNDLE_UUID: 'bundle',
};

/** A new frontend: HTTP with a certificate bundle is HTTPS. */
function FrontendDialog({ balancer, onClose }: { balancer: LoadBalancer; onClose: () => void }) {
  const create = useCreateFrontend(balancer.uuid);
  const bundles = useQuery(loadBalancerQueries.certificateBundles());
  const { control, dialog } = useDialogForm(
    frontendFormSchema,
    {
      name: '',
      mode: 'http',
      port: '443',
      defaultBackend: balancer.backends[0]?.name ?? '',
      bundle: '',
    },
    {
      mutation: create,
      fields: frontendFields,
      call: (body) => createFrontendCall(balancer.uuid, body),
      onClose,
    },
  );
  return (
    <FormDialog title="Add frontend" {...addWords('frontend')} {...dialog}>
      <FormTextInput control={control} name="name" label="Frontend name" required />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <FormSelect control={control} name="mode" label="Mode" required>
          <MenuItem value="http">HTTP</MenuItem>
          <MenuItem value="tcp">TCP</MenuItem>
        </FormSelect>
        <FormTextInput control={control} name="port" label="Port" inputMode="numeric" required />
      </Box>
      <FormSelect control={control} name="defaultBackend" label="Default backend" required>
        {balancer.backends.map((backend) => (
          <MenuItem key={backend.name} value={backend.name}>
            {backend.name}
          </MenuItem>
        ))}
      </FormSelect>
      <FormSelect
        control={control}
        name="bundle"
        label="Certificate bundle"
        hint="With a bundle, the frontend terminates TLS (HTTPS). Add bundles on the Certificates tab."
      >
        <MenuItem value="">None</MenuItem>
        {bundleOptions(bundles.data)}
      </FormSelect>
    </FormDialog>
  );
}

/** The certificate bundles a frontend can serve, as a select's options. */
const bundleOptions = (bundles: readonly CertificateBundle[] = []) =>
  bundles.map((bundle) => (
    <MenuItem key={bundle.uuid} value={bundle.uuid}>
      {`${bundle.name} (${bundle.type})`}
    </MenuItem>
  ));

const tlsFormSchema = z.object({
  name: lbNameSchema,
  certificate_bundle_uuid: z.string().check(z.minLength(1, 'Choose a certificate bundle.')),
});

function TlsConfigDialog({
  uuid,
  frontend,
  onClose,
}: {
  uuid: string;
  frontend: LoadBalancerFrontend;
  onClose: () => void;
}) {
  const create = useCreateTlsConfig(uuid, frontend.name);
  const bundles = useQuery(loadBalancerQueries.certificateBundles());
  const { control, dialog } = useDialogForm(
    tlsFormSchema,
    { name: `certificate-${frontend.tls_configs.length + 1}`, certificate_bundle_uuid: '' },
    {
      mutation: create,
      fields: { NAME: 'name', CERTIFICATE_BUNDLE_UUID: 'certificate_bundle_uuid' },
      call: (body) => createTlsConfigCall(uuid, frontend.name, body),
      onClose,
    },
  );
  return (
    <FormDialog
      title={`Add a certificate to ${frontend.name}`}
      {...addWords('certificate')}
      {...dialog}
    >
      <FormTextInput control={control} name="name" label="TLS config name" required />
      <FormSelect
        control={control}
        name="certificate_bundle_uuid"
        label="Certificate bundle"
        required
      >
        {bundleOptions(bundles.data)}
      </FormSelect>
    </FormDialog>
  );
}
