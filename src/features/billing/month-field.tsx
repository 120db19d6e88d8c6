import { TextInput } from '../../components/form/text-input';
import { isMonth } from '../../lib/billing-month';

/**
 * A month picker (`<input type="month">`); only whole, valid months up to `max` reach `onChange`
 * (a typed month after `max` is not offered: `max` only limits the browser's picker).
 */
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
        const month = event.target.value;
        if (isMonth(month) && month <= max) onChange(month);
      }}
    />
  );
}
