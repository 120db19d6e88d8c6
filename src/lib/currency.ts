export interface CurrencyRate {
  code: string;
  /** What one credit is worth in this currency (api-reference-notes §13). */
  rate: number;
}

/**
 * `amount` of currency `from` in currency `to`. Both rates price the same credit, so their ratio
 * converts; an unknown currency leaves the amount unconverted (null).
 */
export function convertAmount(
  amount: number,
  from: string,
  to: string,
  rates: readonly CurrencyRate[],
): number | null {
  if (from === to) return amount;
  const source = rates.find((rate) => rate.code === from)?.rate;
  const target = rates.find((rate) => rate.code === to)?.rate;
  if (!source || target === undefined) return null;
  return (amount / source) * target;
}
