import { useQuery } from '@tanstack/react-query';
import { storageTierSchema } from '../../../contract/storage';
import type { StorageDetails } from '../../../contract/storage';
import { createStorageCall, useCreateStorage } from '../../api/storage';
import { zoneQueries } from '../../api/zones';
import { FormDialog } from '../../components/form-dialog';
import type { CreateDialogProps } from '../../components/form-dialog';
import { LabelFields } from '../../components/form/label-fields';
import { BackupRuleFields } from './backup-rule-fields';
import { StorageSizeField } from './storage-size-field';
import {
  createStorageDefaults,
  createStorageFormSchema,
  storageFieldForError,
  tierLabels,
} from './storage-forms';
import { FormSelect, FormTextInput } from '../../components/form/form-fields';
import { zoneOptions } from '../../components/zone-options';
import { RemainingAllowance } from '../../components/remaining-allowance';
import { useAllowance } from '../../api/allowance';
import { useRequestForm } from '../../components/form/use-request-form';
import { labelledOptions } from '../../components/labelled-options';

export function CreateStorageDialog({ onClose, onCreated }: CreateDialogProps<StorageDetails>) {
  const allowance = useAllowance();
  const zones = useQuery(zoneQueries.list());
  const createStorage = useCreateStorage();
  const { control, submission } = useRequestForm(createStorageFormSchema, createStorageDefaults, {
    mutation: createStorage,
    call: createStorageCall,
    fieldOf: (error) => storageFieldForError(error.code),
    onSuccess: onCreated,
  });

  return (
    <FormDialog
      title="Create storage"
      submitLabel="Create storage"
      pendingLabel="Creating…"
      {...submission}
      failureTitle="The storage could not be created"
      onClose={onClose}
    >
      <RemainingAllowance
        {...allowance}
        resources={['storage_maxiops', 'storage_standard', 'storage_hdd', 'storage_total']}
      />
      <FormSelect
        control={control}
        name="zone"
        label="Zone"
        required
        hint={zones.isError ? 'Zones could not be loaded.' : undefined}
      >
        {zoneOptions(zones.data)}
      </FormSelect>
      <FormTextInput control={control} name="title" label="Title" required />
      <StorageSizeField control={control} required hint="1 to 4096 GiB." />
      <FormSelect control={control} name="tier" label="Tier">
        {labelledOptions(storageTierSchema.options, tierLabels)}
      </FormSelect>
      <LabelFields control={control} hint="Keys may not start with “_”." />
      <BackupRuleFields control={control} />
    </FormDialog>
  );
}
