import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { FormTextInput } from '../../components/form/form-fields';

/** The size of a storage in GiB, as the create and edit forms ask for it. */
export function StorageSizeField<T extends { size: string }, Output>({
  control,
  ...input
}: {
  control: Control<T, unknown, Output>;
  hint: ReactNode;
  required?: boolean;
}) {
  // Both storage forms carry the field; react-hook-form cannot narrow a generic path.
  const sizeControl = control as unknown as Control<{ size: string }>;
  return (
    <FormTextInput
      control={sizeControl}
      name="size"
      label="Size (GiB)"
      inputMode="numeric"
      {...input}
    />
  );
}
