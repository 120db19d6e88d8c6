import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { currencyQueries } from '../../api/currency';
import { currencyHelper } from './currency-helper';

interface CurrencySelectProps {
  value: string;
  accountCurrency: string;
  onChange: (currency: string) => void;
}

export function CurrencySelect({ value, accountCurrency, onChange }: CurrencySelectProps) {
  const rates = useQuery(currencyQueries.list());
  const codes = new Set([accountCurrency, ...(rates.data ?? []).map((rate) => rate.code)]);
  return (
    <TextField
      select
      size="small"
      label="Currency"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={
        rates.isError
          ? 'Exchange rates could not be loaded; amounts are shown as billed.'
          : currencyHelper(value, accountCurrency)
      }
      sx={{ minWidth: 160 }}
    >
      {[...codes].sort().map((code) => (
        <MenuItem key={code} value={code}>
          {code}
        </MenuItem>
      ))}
    </TextField>
  );
}
