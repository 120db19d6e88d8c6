import { useFieldArray, useFormState } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { FormTextInput } from './form-fields';

export interface LabelValue {
  key: string;
  value: string;
}

export interface LabelsFormValues {
  labels: LabelValue[];
}

interface LabelFieldsProps<T extends LabelsFormValues, Output> {
  control: Control<T, unknown, Output>;
  /** Extra words about key rules, such as storage keys not starting with “_”. */
  hint?: string;
}

/** Key/value rows of a form's `labels` field, validated by the form's schema per row. */
export function LabelFields<T extends LabelsFormValues, Output>({
  control,
  hint,
}: LabelFieldsProps<T, Output>) {
  // Every form using this has a `labels` array; react-hook-form cannot narrow a generic path.
  const labelsControl = control as unknown as Control<LabelsFormValues>;
  const { fields, append, remove } = useFieldArray({ control: labelsControl, name: 'labels' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Labels
      </Typography>
      {hint && <FormHelperText sx={{ mt: 0 }}>{hint}</FormHelperText>}
      {fields.map((item, index) => (
        <Box key={item.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <FormTextInput
            control={labelsControl}
            name={`labels.${index}.key`}
            label={`Label ${index + 1} key`}
          />
          <FormTextInput
            control={labelsControl}
            name={`labels.${index}.value`}
            label={`Label ${index + 1} value`}
          />
          <IconButton aria-label={`Remove label ${index + 1}`} onClick={() => remove(index)}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <LabelsError control={labelsControl} />
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => append({ key: '', value: '' })}>
          Add label
        </Button>
      </Box>
    </Box>
  );
}

function LabelsError({ control }: { control: Control<LabelsFormValues> }) {
  const { errors } = useFormState({ control, name: 'labels' });
  const message = errors.labels?.root?.message ?? errors.labels?.message;
  return message ? <FormHelperText error>{message}</FormHelperText> : null;
}
