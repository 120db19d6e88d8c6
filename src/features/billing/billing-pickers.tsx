import { currentMonth } from '../../lib/billing-month';
import type { ChosenMoney } from './billing-controls';
import { CurrencySelect } from './currency-select';
import { MonthField } from './month-field';
import { useSearchUpdate } from '../../components/use-url-state';

/** The month and currency pickers; the URL keeps a choice other than the default. */
export function BillingPickers({
  month,
  money: { currency, accountCurrency },
}: {
  month: string;
  money: ChosenMoney;
}) {
  const [, setSearch] = useSearchUpdate();
  const thisMonth = currentMonth();
  const change = (key: string, value: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });
  return (
    <>
      <MonthField
        value={month}
        max={thisMonth}
        onChange={(next) => change('month', next === thisMonth ? null : next)}
      />
      <CurrencySelect
        value={currency}
        accountCurrency={accountCurrency}
        onChange={(next) => change('currency', next === accountCurrency ? null : next)}
      />
    </>
  );
}
