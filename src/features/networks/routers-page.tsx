import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import type { BoxProps } from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { z } from 'zod/mini';
import { labelSchema } from '../../../contract/common';
import type { Network } from '../../../contract/network';
import { routerNameSchema } from '../../../contract/router';
import type { Router } from '../../../contract/router';
import type { ApiError } from '../../api/http';
import { networkQueries } from '../../api/networks';
import {
  deleteRouterCall,
  routerListCall,
  routerQueries,
  useCreateRouter,
  useDeleteRouter,
  useModifyRouter,
} from '../../api/routers';
import { ConfirmDialog, confirmMutation, confirmWords } from '../../components/confirm-dialog';
import { CreateButton } from '../../components/create-button';
import { FormTextInput } from '../../components/form/form-fields';
import { LabelFields } from '../../components/form/label-fields';
import { FormDialog } from '../../components/form-dialog';
import { useSuccessNotice } from '../../components/success-notice';
import { useApiFailure } from '../../components/form/use-api-failure';
import { PageHeader } from '../../components/page-header';
import { ReservedName } from '../../components/reserved-name';
import { QueryTable } from '../../components/query-table';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import { links } from '../../lib/links';
import { describeLabels } from './network-forms';
import { RemainingAllowance } from '../../components/remaining-allowance';
import { useAllowance } from '../../api/allowance';
import { useZodForm } from '../../components/form/use-zod-form';
import { RouterLink } from '../../components/router-link';

type Action = { kind: 'rename' | 'delete'; router: Router };

const column = createColumnHelper<Router>();

export function RoutersPage() {
  const routers = useQuery(routerQueries.list());
  const networks = useQuery(networkQueries.list());
  const [creating, setCreating] = useState(false);
  const [action, setAction] = useState<Action | null>(null);
  const networkByUuid = new Map((networks.data ?? []).map((network) => [network.uuid, network]));
  const close = () => setAction(null);
  const { notify, notice } = useSuccessNotice();
  /** Closes the dialog and confirms what its action did. */
  const done = (message: string) => () => {
    setCreating(false);
    close();
    notify({ message });
  };

  const columns = [
    column.accessor('name', { header: 'Name' }),
    column.accessor('type', { header: 'Type' }),
    column.display({
      id: 'networks',
      header: 'Attached networks',
      cell: ({ row }) => <AttachedNetworks router={row.original} networkByUuid={networkByUuid} />,
    }),
    column.accessor((router) => String(router.static_routes.length), {
      id: 'routes',
      header: 'Static routes',
    }),
    column.accessor((router) => describeLabels(router.labels) || '—', {
      id: 'labels',
      header: 'Labels',
      meta: { wrap: true },
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        row.original.type === 'service' ? (
          <Typography variant="body2" color="text.secondary">
            Managed by the platform
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              size="small"
              aria-label={`Rename ${row.original.name}`}
              onClick={() => setAction({ kind: 'rename', router: row.original })}
            >
              Rename
            </Button>
            <Button
              size="small"
              color="error"
              aria-label={`Delete ${row.original.name}`}
              onClick={() => setAction({ kind: 'delete', router: row.original })}
            >
              Delete
            </Button>
          </Box>
        ),
    }),
  ];

  return (
    <>
      <PageHeader
        title="Routers"
        description="Routers connect private networks to each other; a network peering needs a router on both networks."
        actions={<CreateButton onClick={() => setCreating(true)}>Create router</CreateButton>}
      />
      <QueryTable
        query={routers}
        read={routerListCall}
        loading="Loading routers"
        failure="Routers could not be loaded"
        empty={{
          title: 'No routers yet.',
          description:
            "Create a router, then attach it to a private network from the network's page.",
        }}
        label="Routers"
        columns={columns}
        getRowId="uuid"
        rowHeaderColumn="name"
        virtual
      />
      {creating && (
        <CreateRouterDialog onClose={() => setCreating(false)} onSaved={done('Router created')} />
      )}
      {action?.kind === 'rename' && (
        <RenameRouterDialog router={action.router} onClose={close} onSaved={done('Router saved')} />
      )}
      {action?.kind === 'delete' && (
        <DeleteRouterDialog
          router={action.router}
          networkByUuid={networkByUuid}
          onClose={close}
          onDeleted={done(`Router “${action.router.name}” deleted`)}
        />
      )}
      {notice}
    </>
  );
}

interface NetworkLinksProps {
  router: Router;
  networkByUuid: Map<string, Network>;
}

/**
 * The table's cell: a line per attached network (the router's row counts them), each its UUID
 * until the network list names it, in a box the name keeps (ReservedName): nothing moves when the
 * list answers.
 */
function AttachedNetworks({ router, networkByUuid }: NetworkLinksProps) {
  const attached = router.attached_networks.network;
  if (attached.length === 0) return <>—</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {attached.map(({ uuid }) => (
        <li key={uuid}>
          <ReservedName uuid={uuid} name={networkByUuid.get(uuid)?.name} to={links.network(uuid)} />
        </li>
      ))}
    </Box>
  );
}

/** The networks the router is attached to, each linked to its page (where it is detached). */
function NetworkLinks({
  router,
  networkByUuid,
  ...list
}: NetworkLinksProps & Pick<BoxProps, 'aria-label'>) {
  return (
    <Box component="ul" {...list}>
      {router.attached_networks.network.map(({ uuid }) => (
        <li key={uuid}>
          <Link component={RouterLink} to={links.network(uuid)}>
            {networkByUuid.get(uuid)?.name ?? uuid}
          </Link>
        </li>
      ))}
    </Box>
  );
}

const routerFormSchema = z.object({
  name: routerNameSchema.check(z.refine((name) => name.trim() !== '', 'Give the router a name.')),
  labels: z.array(labelSchema),
});
type RouterFormValues = z.infer<typeof routerFormSchema>;

const routerErrorFields = {
  NAME: 'name',
  ROUTER_NAME: 'name',
  LABEL: 'labels',
  LABELS: 'labels',
} as const;

type RouterBody = { router: { name: string; labels: RouterFormValues['labels'] } };

interface RouterFormDialogProps {
  title: string;
  submitLabel: string;
  pendingLabel: string;
  failureTitle: string;
  defaultValues: RouterFormValues;
  pending: boolean;
  /** Sends the body: creates the router or modifies it. */
  save: (
    body: RouterBody,
    callbacks: { onSuccess: () => void; onError: (error: ApiError) => void },
  ) => void;
  onClose: () => void;
  /** Once the API has taken it. */
  onSaved: () => void;
  /** Creating: say how many routers the account may still have. */
  showAllowance?: boolean;
}

/** A router's name and labels, for creating one or changing one. */
function RouterFormDialog({
  showAllowance,
  defaultValues,
  pending,
  save,
  onClose,
  onSaved,
  ...texts
}: RouterFormDialogProps) {
  const allowance = useAllowance();
  const { control, handleSubmit, setError } = useZodForm(routerFormSchema, defaultValues);
  const { failure, clear, onError } = useApiFailure(setError, (error) =>
    fieldForErrorCode(error.code, routerErrorFields),
  );
  const submit = handleSubmit((values) => {
    clear();
    save(
      { router: { name: values.name.trim(), labels: values.labels } },
      { onSuccess: onSaved, onError },
    );
  });
  return (
    <FormDialog
      {...texts}
      pending={pending}
      failure={failure}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      {showAllowance && <RemainingAllowance {...allowance} resources={['routers']} />}
      <FormTextInput control={control} name="name" label="Name" required />
      <LabelFields control={control} />
    </FormDialog>
  );
}

type DoneProps = { onClose: () => void; onSaved: () => void };

function CreateRouterDialog({ onClose, onSaved }: DoneProps) {
  const create = useCreateRouter();
  return (
    <RouterFormDialog
      showAllowance
      title="Create router"
      submitLabel="Create router"
      pendingLabel="Creating…"
      failureTitle="The router could not be created"
      defaultValues={{ name: '', labels: [] }}
      pending={create.isPending}
      save={(body, callbacks) => create.mutate(body, callbacks)}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function RenameRouterDialog({ router, onClose, onSaved }: DoneProps & { router: Router }) {
  const modify = useModifyRouter(router.uuid);
  return (
    <RouterFormDialog
      title={`Rename “${router.name}”`}
      submitLabel="Save changes"
      pendingLabel="Saving…"
      failureTitle="The router could not be saved"
      defaultValues={{ name: router.name, labels: router.labels ?? [] }}
      pending={modify.isPending}
      save={(body, callbacks) => modify.mutate(body, callbacks)}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function DeleteRouterDialog({
  router,
  networkByUuid,
  onClose,
  onDeleted,
}: NetworkLinksProps & { onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteRouter(router.uuid);
  const attached = router.attached_networks.network.length > 0;
  return (
    <ConfirmDialog
      open
      title={`Delete “${router.name}”?`}
      {...confirmWords('delete', 'router')}
      {...confirmMutation(remove, undefined, onDeleted)}
      confirmDisabled={attached}
      apiCall={deleteRouterCall(router.uuid)}
      onClose={onClose}
    >
      {attached ? (
        <>
          <Typography sx={{ mb: 1 }}>
            The router is attached to these networks; detach it on each network's page first:
          </Typography>
          <NetworkLinks
            router={router}
            networkByUuid={networkByUuid}
            aria-label="Networks attached to the router"
          />
        </>
      ) : (
        'The router and its static routes are deleted for good.'
      )}
    </ConfirmDialog>
  );
}
