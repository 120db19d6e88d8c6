import { TextInput } from '../../components/form/text-input';
import { isMonth } from '../../lib/billing-month';

/** A month picker (`<input type="month">`); only whole, valid months reach `onChange`. */
export function MonthField({
  value,
  max,
  onChange,
}: {
  value: string;
  max: string;
  onChange: (month: string) => void;
}) {
  return (
    <TextInput
      type="month"
      label="Month"
      shrinkLabel
      size="small"
      fullWidth={false}
      value={value}
      inputProps={{ max }}
      onChange={(event) => {
        if (isMonth(event.target.value)) onChange(event.target.value);
      }}
    />
  );
}
