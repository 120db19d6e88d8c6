import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { AddButton } from '../../components/add-button';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type {
  LoadBalancer,
  LoadBalancerBackend,
  LoadBalancerMember,
  LoadBalancerMemberCreate,
  LoadBalancerMemberStatus,
} from '../../../contract/load-balancer';
import {
  createMemberCall,
  deleteMemberCall,
  isLoadBalancerBusy,
  loadBalancerQueries,
  modifyMemberCall,
  useCreateMember,
  useDeleteMember,
  useModifyMember,
} from '../../api/load-balancers';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { ConfirmDialog, confirmWords } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { DescriptionList, Field } from '../../components/description-list';
import { FormTextInput } from '../../components/form/form-fields';
import { useApiFailure } from '../../components/form/use-api-failure';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { addWords, FormDialog } from '../../components/form-dialog';
import { rowActionsColumn } from '../../components/row-actions-column';
import { SectionCard } from '../../components/section-card';
import { useSuccessNotice } from '../../components/success-notice';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import { links } from '../../lib/links';
import { memberFormSchema, membersSchema, newMember, toMember } from './load-balancer-form';
import type { MemberFormValues } from './load-balancer-form';
import { MemberFields, useServerAddresses } from './member-fields';
import type { ServerAddress } from './member-fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { RouterLink } from '../../components/router-link';

const healthColors: Record<LoadBalancerMemberStatus, ChipProps['color']> = {
  up: 'success',
  down: 'error',
  maint: 'default',
};
const healthLabels: Record<LoadBalancerMemberStatus, string> = {
  up: 'up',
  down: 'down',
  maint: 'maintenance',
};

export function BackendsTab({ balancer }: { balancer: LoadBalancer }) {
  const addresses = useServerAddresses(balancer.zone);
  const memberIps = new Set(
    balancer.backends.flatMap((backend) => backend.members.map((member) => member.ip)),
  );
  // Health changes when the service or a member's server changes state: only then read it again.
  const watch =
    isLoadBalancerBusy(balancer) ||
    addresses.some((option) => memberIps.has(option.address) && option.state === 'maintenance');
  const metrics = useQuery(loadBalancerQueries.metrics(balancer.uuid, watch));
  const health = (backend: string, member: string) =>
    metrics.data?.backends
      .find((item) => item.name === backend)
      ?.members.find((item) => item.name === member)?.status;
  return (
    <Stack spacing={3}>
      {metrics.isError && (
        <ApiErrorAlert error={metrics.error} title="The members’ health could not be read" />
      )}
      {balancer.backends.map((backend) => (
        <BackendCard
          key={backend.name}
          balancer={balancer}
          backend={backend}
          addresses={addresses}
          health={(member) => health(backend.name, member)}
        />
      ))}
    </Stack>
  );
}

type Pending = { kind: 'delete' | 'weight'; member: LoadBalancerMember } | { kind: 'add' } | null;

function BackendCard({
  balancer,
  backend,
  addresses,
  health,
}: {
  balancer: LoadBalancer;
  backend: LoadBalancerBackend;
  addresses: readonly ServerAddress[];
  health: (member: string) => LoadBalancerMemberStatus | undefined;
}) {
  const { uuid } = balancer;
  const [pending, setPending] = useState<Pending>(null);
  const { notify, notice } = useSuccessNotice();
  const modify = useModifyMember(uuid, backend.name);
  const remove = useDeleteMember(uuid, backend.name);
  const serverOf = (ip: string | null) => addresses.find((option) => option.address === ip);

  const column = createColumnHelper<LoadBalancerMember>();
  const columns = [
    column.accessor('name', { header: 'Member' }),
    column.display({
      id: 'address',
      header: 'Address',
      cell: ({ row }) => `${row.original.ip ?? '—'}:${row.original.port ?? '—'}`,
    }),
    column.display({
      id: 'server',
      header: 'Server',
      cell: ({ row }) => {
        const server = serverOf(row.original.ip);
        return server ? (
          <Link component={RouterLink} to={links.server(server.server)}>
            {`${server.hostname} (${server.state})`}
          </Link>
        ) : (
          '—'
        );
      },
    }),
    column.accessor('weight', { header: 'Weight' }),
    column.display({
      id: 'health',
      header: 'Health',
      cell: ({ row }) => {
        const status = health(row.original.name);
        return status ? (
          <Chip
            size="small"
            color={healthColors[status]}
            label={healthLabels[status]}
            sx={{ transition: 'none' }}
          />
        ) : (
          '—'
        );
      },
    }),
    column.accessor('enabled', {
      header: 'Enabled',
      cell: ({ row }) => (
        <Switch
          checked={row.original.enabled}
          disabled={modify.isPending}
          slotProps={{ input: { 'aria-label': `Member ${row.original.name} enabled` } }}
          onChange={(event) =>
            modify.mutate({ member: row.original.name, body: { enabled: event.target.checked } })
          }
        />
      ),
    }),
    rowActionsColumn((member: LoadBalancerMember) => [
      {
        label: `Change the weight of ${member.name}`,
        icon: EditIcon,
        onClick: () => setPending({ kind: 'weight', member }),
      },
      {
        label: `Delete member ${member.name}`,
        icon: DeleteIcon,
        onClick: () => setPending({ kind: 'delete', member }),
      },
    ]),
  ];

  const deleting = pending?.kind === 'delete' ? pending.member.name : null;
  return (
    <SectionCard title={`Backend ${backend.name}`}>
      <Stack spacing={2}>
        <DescriptionList>
          <Field term="Health check">
            {`${backend.properties.health_check_type.toUpperCase()} every ${backend.properties.health_check_interval} s`}
          </Field>
          <Field term="Resolver">{backend.resolver || '—'}</Field>
        </DescriptionList>
        {modify.error && (
          <ApiErrorAlert error={modify.error} title="The member could not be changed" />
        )}
        {backend.members.length > 0 ? (
          <DataTable
            label={`Members of backend ${backend.name}`}
            columns={columns}
            data={backend.members}
            getRowId="name"
            rowHeaderColumn="name"
          />
        ) : (
          <Typography color="text.secondary">
            No members: this backend has nowhere to send traffic.
          </Typography>
        )}
        <AddButton onClick={() => setPending({ kind: 'add' })}>Add member</AddButton>
      </Stack>
      {pending?.kind === 'add' && (
        <AddMemberDialog
          uuid={uuid}
          backend={backend}
          addresses={addresses}
          onClose={() => setPending(null)}
        />
      )}
      {pending?.kind === 'weight' && (
        <WeightDialog
          uuid={uuid}
          backend={backend.name}
          member={pending.member}
          onClose={() => setPending(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete member ${deleting ?? ''}?`}
        {...confirmWords('delete', 'member')}
        mutation={remove}
        apiCall={deleteMemberCall(uuid, backend.name, deleting ?? '')}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              setPending(null);
              notify({ message: `Member ${deleting} deleted` });
            },
          })
        }
        onClose={() => setPending(null)}
      >
        {`Backend ${backend.name} stops sending traffic to ${deleting ?? ''}. The server itself is not touched.`}
      </ConfirmDialog>
      {notice}
    </SectionCard>
  );
}

const memberFields = {
  NAME: 'members.0.name',
  IP: 'members.0.ip',
  PORT: 'members.0.port',
  RESOURCE_ALREADY_EXISTS: 'members.0.name',
} as const;
const addMemberSchema = z.pipe(
  z.object({ members: membersSchema.check(z.length(1)) }),
  z.transform((values): LoadBalancerMemberCreate =>
    toMember(values.members[0] as MemberFormValues),
  ),
);

function AddMemberDialog({
  uuid,
  backend,
  addresses,
  onClose,
}: {
  uuid: string;
  backend: LoadBalancerBackend;
  addresses: readonly ServerAddress[];
  onClose: () => void;
}) {
  const create = useCreateMember(uuid, backend.name);
  const { control, dialog } = useDialogForm(
    addMemberSchema,
    { members: [newMember(backend.members.length)] },
    {
      mutation: create,
      fields: memberFields,
      call: (body) => createMemberCall(uuid, backend.name, body),
      onClose,
    },
  );
  return (
    <FormDialog
      title={`Add a member to ${backend.name}`}
      {...addWords('member')}
      maxWidth="md"
      {...dialog}
    >
      <MemberFields control={control} index={0} addresses={addresses} />
    </FormDialog>
  );
}

const weightSchema = z.pick(memberFormSchema, { weight: true });

function WeightDialog({
  uuid,
  backend,
  member,
  onClose,
}: {
  uuid: string;
  backend: string;
  member: LoadBalancerMember;
  onClose: () => void;
}) {
  const modify = useModifyMember(uuid, backend);
  const { control, handleSubmit, setError } = useZodForm(weightSchema, {
    weight: String(member.weight),
  });
  const { failure, clear, onError } = useApiFailure(setError, (error) =>
    fieldForErrorCode(error.code, { WEIGHT: 'weight' } as const),
  );
  const weight = useWatch({ control, name: 'weight' });
  return (
    <FormDialog
      title={`Weight of ${member.name}`}
      submitLabel="Save weight"
      pendingLabel="Saving…"
      pending={modify.isPending}
      failure={failure}
      failureTitle="The weight could not be changed"
      apiCall={modifyMemberCall(uuid, backend, member.name, { weight: Number(weight) })}
      onSubmit={handleSubmit((values) => {
        clear();
        modify.mutate(
          { member: member.name, body: { weight: Number(values.weight) } },
          { onSuccess: onClose, onError },
        );
      })}
      onClose={onClose}
    >
      <FormTextInput
        control={control}
        name="weight"
        label="Weight"
        inputMode="numeric"
        required
        hint="0–100: a member gets traffic in proportion to its weight; 0 sends it none."
      />
    </FormDialog>
  );
}
