import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { accountDetailsQueries } from '../../api/account-details';
import { networkQueries } from '../../api/networks';
import { serverQueries } from '../../api/servers';
import { storageQueries } from '../../api/storage';
import { modifySubAccountCall, useModifySubAccount } from '../../api/subaccounts';
import { tagQueries } from '../../api/tags';
import { changeWords, FormDialog } from '../../components/form-dialog';
import { FormCheckbox, FormTextInput } from '../../components/form/form-fields';
import { useRequestForm } from '../../components/form/use-request-form';
import { FieldGroup } from '../../components/form/field-group';
import { QueryView } from '../../components/query-view';
import { AccessPicker } from './access-picker';
import { twoColumnGrid } from '../../components/form/contact-fields';
import { SubAccountFields } from './subaccount-fields';
import {
  subAccountEditSchema,
  subAccountEditValues,
  subAccountErrorMessage,
  subAccountEditFieldForError,
  subAccountFieldRules,
} from './subaccount-form';
import type { AccountDetails } from './subaccount-form';

interface EditSubAccountDialogProps {
  username: string;
  onClose: () => void;
  onSaved: (username: string) => void;
}

function EditSubAccountForm({
  account,
  onClose,
  onSaved,
}: Omit<EditSubAccountDialogProps, 'username'> & { account: AccountDetails }) {
  const modify = useModifySubAccount();
  const servers = useQuery(serverQueries.list());
  const storages = useQuery(storageQueries.list({ access: 'private' }));
  const networks = useQuery(networkQueries.list());
  const tags = useQuery(tagQueries.list());
  const { control, submission } = useRequestForm(
    subAccountEditSchema,
    subAccountEditValues(account),
    {
      mutation: modify,
      errorMessage: subAccountErrorMessage,
      call: (body) => modifySubAccountCall(account.username, body),
      fieldOf: (error) => subAccountEditFieldForError(error.code),
      shouldFocus: true,
      request: (body) => ({ username: account.username, body }),
      onSuccess: () => onSaved(account.username),
    },
  );
  const named = (list: { uuid: string; title: string }[] | undefined) =>
    (list ?? []).map((item) => ({ value: item.uuid, label: item.title }));
  const pickers = [
    { name: 'servers', label: 'Servers', query: servers, options: named(servers.data) },
    {
      name: 'storages',
      label: 'Storages',
      query: storages,
      options: named(storages.data?.storages),
    },
    {
      name: 'networks',
      label: 'Networks',
      query: networks,
      options: (networks.data ?? []).map((n) => ({ value: n.uuid, label: n.name })),
    },
    {
      name: 'tags',
      label: 'Servers by tag',
      allLabel: 'All tags',
      query: tags,
      options: (tags.data ?? []).map((t) => ({ value: t.name, label: t.name })),
    },
  ].map(({ query, allLabel, ...picker }) => ({
    ...picker,
    name: picker.name as 'servers' | 'storages' | 'networks' | 'tags',
    allLabel: allLabel ?? `All ${picker.label.toLowerCase()}`,
    loading: query.isPending,
  }));

  return (
    <FormDialog
      title={`Edit subaccount ${account.username}`}
      {...changeWords('subaccount')}
      {...submission}
      maxWidth="md"
      onClose={onClose}
    >
      <SubAccountFields control={control} current={account} />
      <FieldGroup legend="Resources it may reach" gap={2}>
        <Box sx={twoColumnGrid}>
          {pickers.map((picker) => (
            <AccessPicker key={picker.name} control={control} {...picker} />
          ))}
        </Box>
        <FormCheckbox
          control={control}
          name="server_storages"
          label="With the storages of these servers"
        />
        <FormCheckbox
          control={control}
          name="tag_storages"
          label="With the storages of the tagged servers"
        />
        <FormTextInput
          control={control}
          name="ip_filters"
          label="May sign in from"
          multiline
          minRows={2}
          hint={`${subAccountFieldRules.ip_filters} Empty: from anywhere.`}
        />
      </FieldGroup>
    </FormDialog>
  );
}

/** Changes a subaccount (`PUT /1.3/account/sub/{username}`), after reading what it has now. */
export function EditSubAccountDialog({ username, onClose, onSaved }: EditSubAccountDialogProps) {
  const details = useQuery(accountDetailsQueries.detail(username));
  if (details.isSuccess) {
    return <EditSubAccountForm account={details.data} onClose={onClose} onSaved={onSaved} />;
  }
  return (
    <Dialog open onClose={onClose} aria-label={`Edit subaccount ${username}`} fullWidth>
      <DialogTitle>{`Edit subaccount ${username}`}</DialogTitle>
      <DialogContent>
        <QueryView
          query={details}
          loading="Loading the subaccount"
          failure="The subaccount could not be loaded"
        >
          {() => null}
        </QueryView>
      </DialogContent>
    </Dialog>
  );
}
