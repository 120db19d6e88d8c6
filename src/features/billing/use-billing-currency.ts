import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { currencyQueries } from '../../api/currency';
import { convertAmount } from '../../lib/currency';
import { formatMoney } from '../../lib/format';

export interface Money {
  currency: string;
  /** An amount of the account currency in the chosen currency. */
  convert: (amount: number) => number;
  format: (amount: number) => string;
  /** The choice as the page's URL holds it, for links that keep it; unset for the default. */
  param?: string;
}

/**
 * The chosen display currency: amounts arrive in the account currency and are converted with
 * `GET /1.3/currency`; until the rates load, or for a currency without one, they stay as billed.
 * The same object until the choice or (for another currency) the rates change, so that the bill
 * and its chart do not draw again when an unrelated read of the page answers.
 */
export function useBillingCurrency(accountCurrency: string, chosen: string | null): Money {
  const rates = useQuery(currencyQueries.list());
  const target = chosen ?? accountCurrency;
  const usable =
    target === accountCurrency ||
    (rates.data?.some((rate) => rate.code === target) === true &&
      rates.data.some((rate) => rate.code === accountCurrency));
  const currency = usable ? target : accountCurrency;
  // The account currency converts to itself without rates.
  const used = currency === accountCurrency ? undefined : rates.data;
  return useMemo(() => {
    const convert = (amount: number) =>
      convertAmount(amount, accountCurrency, currency, used ?? []) ?? amount;
    return { currency, convert, format: (amount) => formatMoney(convert(amount), currency) };
  }, [accountCurrency, currency, used]);
}
