import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { AccountListResponse } from '../../../contract/account';
import { accountListCall, accountQueries } from '../../api/account';
import { deleteSubAccountCall, useDeleteSubAccount } from '../../api/subaccounts';
import { ApiCallPanel } from '../../components/api-call-panel';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LabelFilter } from '../../components/label-filter';
import { CreateButton } from '../../components/create-button';
import { PageHeader } from '../../components/page-header';
import { QueryTable } from '../../components/query-table';
import { useSuccessNotice } from '../../components/success-notice';
import { CreateSubAccountDialog } from './create-subaccount-dialog';
import { EditSubAccountDialog } from './edit-subaccount-dialog';
import { useCreateDialog } from '../../components/use-create-dialog';
import { useSearchUpdate } from '../../components/use-url-state';

type AccountEntry = AccountListResponse['accounts']['account'][number];

function DeleteSubAccountDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const remove = useDeleteSubAccount();
  return (
    <ConfirmDialog
      open
      title={`Delete subaccount ${username}?`}
      confirmLabel="Delete subaccount"
      pendingLabel="Deleting…"
      mutation={remove}
      errorTitle="The subaccount could not be deleted"
      apiCall={deleteSubAccountCall(username)}
      onConfirm={() => remove.mutate(username, { onSuccess: onClose })}
      onClose={onClose}
    >
      {username} can no longer sign in, and its API tokens stop working. This cannot be undone.
    </ConfirmDialog>
  );
}

export function SubaccountsPage() {
  const [search, setSearch] = useSearchUpdate();
  const labels = search.getAll('label');
  const accounts = useQuery({ ...accountQueries.list(labels), placeholderData: keepPreviousData });
  const creating = useCreateDialog();
  const { notify, notice } = useSuccessNotice();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  const setLabels = (next: string[]) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.delete('label');
      for (const label of next) params.append('label', label);
      return params;
    });

  const columns: ColumnDef<AccountEntry>[] = [
    { id: 'username', header: 'Username', accessorKey: 'username' },
    {
      id: 'type',
      header: 'Type',
      cell: ({ row }) => (row.original.type === 'main' ? 'Main account' : 'Subaccount'),
    },
    {
      id: 'roles',
      header: 'Roles',
      meta: { wrap: true },
      cell: ({ row }) => row.original.roles.role.join(', ') || '—',
    },
    {
      id: 'labels',
      header: 'Labels',
      meta: { wrap: true },
      cell: ({ row }) =>
        !row.original.labels?.length ? (
          '—'
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {row.original.labels.map((label) => (
              <Chip
                key={label.key}
                size="small"
                variant="outlined"
                label={label.value ? `${label.key}=${label.value}` : label.key}
              />
            ))}
          </Box>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        row.original.type === 'sub' && (
          <>
            <Button
              size="small"
              aria-label={`Edit subaccount ${row.original.username}`}
              onClick={() => setEditing(row.original.username)}
            >
              Edit
            </Button>
            <Button
              size="small"
              color="error"
              aria-label={`Delete subaccount ${row.original.username}`}
              onClick={() => setDeleting(row.original.username)}
            >
              Delete
            </Button>
          </>
        ),
    },
  ];

  // A subaccount asking for the list gets 403 (api-rules §4.2: main account only).
  const notMain = accounts.isError && accounts.error.status === 403;

  return (
    <>
      <PageHeader
        title="Subaccounts"
        description="Subaccounts share this account's resources and credits; each has its own password, roles and access."
        actions={
          !notMain && <CreateButton onClick={creating.start}>Create subaccount</CreateButton>
        }
      />
      {notMain ? (
        <Alert severity="info">
          <AlertTitle>Only the main account manages subaccounts</AlertTitle>
          You are signed in as a subaccount. Ask the main account’s owner to create, change or
          delete subaccounts.
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <LabelFilter value={labels} onChange={setLabels} />
          <ApiCallPanel read={accountListCall(labels)} />
          <QueryTable
            query={accounts}
            loading="Loading accounts"
            failure="The accounts could not be loaded"
            empty={{
              title: 'No account matches.',
              description: 'Remove a label filter to see more accounts.',
            }}
            label="Accounts"
            columns={columns}
            getRowId="username"
            rowHeaderColumn="username"
          />
        </Box>
      )}
      {creating.open && (
        <CreateSubAccountDialog
          {...creating.dialog((username: string) =>
            notify({
              message: `Subaccount ${username} was created. It can sign in with the password you gave.`,
            }),
          )}
        />
      )}
      {editing && (
        <EditSubAccountDialog
          username={editing}
          onClose={() => setEditing(null)}
          onSaved={(username) => {
            setEditing(null);
            notify({ message: `Subaccount ${username} was saved.` });
          }}
        />
      )}
      {deleting && <DeleteSubAccountDialog username={deleting} onClose={() => setDeleting(null)} />}
      {notice}
    </>
  );
}
