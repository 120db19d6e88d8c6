import { lazy, Suspense, useMemo } from 'react';
import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { useAccountCurrency } from '../../api/account-details';
import { defaultCurrency } from '../../lib/format';
import { formatMonth } from '../../lib/billing-month';
import { PickerPlaceholder } from '../../components/picker-placeholder';
import { currencyHelper } from './currency-helper';
import { billingMonthOf } from './billing-url';
import type { Money } from './use-billing-currency';
import { useBillingCurrency } from './use-billing-currency';
import { usePainted } from '../../components/use-painted';

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

// MUI's text field and select (with menu, popover and transitions) are ten chunks three deep:
// the bill and its totals paint without them, and the pickers take their place when they come.
// Their code is asked for after the page's first paint, so that it neither delays that paint
// nor takes the connections the bill's own reads need first.
const BillingPickers = lazy(async () => ({
  default: (await import('./billing-pickers')).BillingPickers,
}));

/** Where the pickers come, at their sizes, each showing its label and what it will show. */
function PickersLoading({ month, money }: { month: string; money: ChosenMoney }) {
  return (
    <Box aria-busy="true" sx={{ display: 'contents' }}>
      <PickerPlaceholder label="Month" value={formatMonth(month, undefined, 'long')} width={172} />
      <PickerPlaceholder
        label="Currency"
        value={money.currency}
        width={160}
        helper={currencyHelper(money.currency, money.accountCurrency)}
      />
    </Box>
  );
}

/** The row the month and currency pickers stand in. */
export const controlsRow = { display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' };

/**
 * The month and currency pickers of the month's bill, loaded after its first paint; the URL keeps
 * a choice other than the default.
 */
export function BillingControls({ month, money }: { month: string; money: ChosenMoney }) {
  const painted = usePainted();
  return (
    <Box sx={controlsRow}>
      {painted ? (
        <Suspense fallback={<PickersLoading month={month} money={money} />}>
          <BillingPickers month={month} money={money} />
        </Suspense>
      ) : (
        <PickersLoading month={month} money={money} />
      )}
    </Box>
  );
}
