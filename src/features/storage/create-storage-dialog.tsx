import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { storageTierSchema } from '../../../contract/storage';
import type { CreateStorageRequest, StorageDetails } from '../../../contract/storage';
import type { ApiError } from '../../api/http';
import { storagePath, useCreateStorage } from '../../api/storage';
import { zoneQueries } from '../../api/zones';
import { ApiCallPanel } from '../../components/api-call-panel';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { LabelFields } from '../../components/form/label-fields';
import { BackupRuleFields } from './backup-rule-fields';
import {
  createStorageDefaults,
  createStorageFormSchema,
  storageFieldForError,
  tierLabels,
} from './storage-forms';
import type { CreateStorageFormValues } from './storage-forms';
import { FormSelect, FormTextInput } from '../../components/form/form-fields';

interface CreateStorageDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (storage: StorageDetails) => void;
}

export function CreateStorageDialog({ open, onClose, onCreated }: CreateStorageDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Create storage</DialogTitle>
      <CreateStorageForm onCancel={onClose} onCreated={onCreated} />
    </Dialog>
  );
}

function CreateStorageForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (storage: StorageDetails) => void;
}) {
  const zones = useQuery(zoneQueries.list());
  const createStorage = useCreateStorage();
  const [failure, setFailure] = useState<ApiError | null>(null);
  const { control, handleSubmit, setError } = useForm<
    CreateStorageFormValues,
    unknown,
    CreateStorageRequest
  >({
    resolver: zodResolver(createStorageFormSchema),
    defaultValues: createStorageDefaults,
  });

  // The request "Create storage" sends with what is typed now, for the "API call" view.
  const parsed = createStorageFormSchema.safeParse(useWatch({ control }));
  const preview = parsed.success ? { method: 'POST', path: storagePath, body: parsed.data } : null;

  const submit = handleSubmit((body) => {
    setFailure(null);
    createStorage.mutate(body, {
      onSuccess: onCreated,
      onError: (error) => {
        const field = storageFieldForError(error.code);
        if (field) setError(field, { message: `${error.message} (${error.code})` });
        else setFailure(error);
      },
    });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogContent>
        <Stack spacing={3}>
          <Controller
            name="zone"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                required
                label="Zone"
                error={fieldState.invalid}
                helperText={
                  fieldState.error?.message ??
                  (zones.isError ? 'Zones could not be loaded.' : undefined)
                }
              >
                {(zones.data ?? []).map((zone) => (
                  <MenuItem key={zone.id} value={zone.id}>
                    {`${zone.description} (${zone.id})`}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <FormTextInput control={control} name="title" label="Title" required />
          <FormTextInput
            control={control}
            name="size"
            label="Size (GiB)"
            inputMode="numeric"
            required
            hint="1 to 4096 GiB."
          />
          <FormSelect control={control} name="tier" label="Tier">
            {storageTierSchema.options.map((tier) => (
              <MenuItem key={tier} value={tier}>
                {tierLabels[tier]}
              </MenuItem>
            ))}
          </FormSelect>
          <LabelFields control={control} hint="Keys may not start with “_”." />
          <BackupRuleFields control={control} />
          {failure && <ApiErrorAlert error={failure} title="The storage could not be created" />}
          <ApiCallPanel preview={preview} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={createStorage.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={createStorage.isPending}>
          {createStorage.isPending ? 'Creating…' : 'Create storage'}
        </Button>
      </DialogActions>
    </form>
  );
}
