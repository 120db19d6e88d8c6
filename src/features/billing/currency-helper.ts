/** The currency picker's helper text, which says what the amounts are. */
export const currencyHelper = (currency: string, accountCurrency: string) =>
  currency === accountCurrency ? 'As billed' : `Converted from ${accountCurrency}`;
