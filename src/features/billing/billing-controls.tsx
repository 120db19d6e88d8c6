import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { useAccountCurrency } from '../../api/account-details';
import { currentMonth } from '../../lib/billing-month';
import { defaultCurrency } from '../../lib/format';
import { billingMonthOf } from './billing-url';
import { MonthField } from './month-field';
import type { Money } from './use-billing-currency';
import { CurrencySelect, useBillingCurrency } from './use-billing-currency';

/** The month a billing page shows (`billingMonthOf`). */
export function useBillingMonth() {
  const [search] = useSearchParams();
  return billingMonthOf(search);
}

/** Money in the chosen display currency, and the account currency it is converted from. */
export type ChosenMoney = Money & { accountCurrency: string };

/**
 * The display currency the URL asks for (`currency`), converted from the account currency: the
 * one a billing answer states (`billed`), else the account's own. Its `param` keeps the choice
 * in the drill-down's links and back.
 */
export function useChosenCurrency(billed: string | undefined): ChosenMoney {
  const [search] = useSearchParams();
  const ownCurrency = useAccountCurrency();
  const accountCurrency = billed ?? ownCurrency ?? defaultCurrency;
  const param = search.get('currency') ?? undefined;
  const money = useBillingCurrency(accountCurrency, param ?? null);
  return useMemo(
    () => ({ ...money, accountCurrency, ...(param ? { param } : {}) }),
    [money, accountCurrency, param],
  );
}

/** The month and currency pickers; the URL keeps a choice other than the default. */
export function BillingControls({
  month,
  money: { currency, accountCurrency },
}: {
  month: string;
  money: ChosenMoney;
}) {
  const [, setSearch] = useSearchParams();
  const thisMonth = currentMonth();
  const change = (key: string, value: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
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
    </Box>
  );
}
