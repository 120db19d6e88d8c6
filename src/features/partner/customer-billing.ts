import type { BillingSummary } from '../../../contract/billing';
import type { PartnerAccount } from '../../../contract/partner';
import type { CsvCell } from '../../lib/csv';

/** One customer's month in one row: its totals per category and in all. */
export interface CustomerBillingRow {
  username: string;
  customer: string;
  servers: number;
  storages: number;
  total: number;
  currency: string;
}

export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

export function currentMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** Who the customer is, in one line: the company, else the contact's name. */
export function customerName(account: PartnerAccount): string {
  return account.company || `${account.first_name} ${account.last_name}`.trim();
}

export function billingRow(account: PartnerAccount, summary: BillingSummary): CustomerBillingRow {
  return {
    username: account.username,
    customer: customerName(account),
    servers: summary.servers?.total_amount ?? 0,
    storages: summary.storages?.total_amount ?? 0,
    total: summary.total_amount,
    currency: summary.currency,
  };
}

// Sums of amounts with up to five decimals (the API's precision) without floating-point dust.
const round = (amount: number) => Math.round(amount * 100_000) / 100_000;

/** Sums per currency: customers billed in different currencies cannot share one total. */
export function totalsByCurrency(rows: readonly CustomerBillingRow[]): CustomerBillingRow[] {
  const totals = new Map<string, CustomerBillingRow>();
  for (const row of rows) {
    const sum = totals.get(row.currency) ?? {
      username: '',
      customer: 'All customers',
      servers: 0,
      storages: 0,
      total: 0,
      currency: row.currency,
    };
    sum.servers = round(sum.servers + row.servers);
    sum.storages = round(sum.storages + row.storages);
    sum.total = round(sum.total + row.total);
    totals.set(row.currency, sum);
  }
  return [...totals.values()];
}

/** The rolled-up table as CSV rows: a header, one row per customer, then the totals. */
export function billingCsvRows(month: string, rows: readonly CustomerBillingRow[]): CsvCell[][] {
  const line = (row: CustomerBillingRow): CsvCell[] => [
    month,
    row.username,
    row.customer,
    round(row.servers),
    round(row.storages),
    round(row.total),
    row.currency,
  ];
  return [
    ['month', 'username', 'customer', 'servers', 'storages', 'total', 'currency'],
    ...rows.map(line),
    ...totalsByCurrency(rows).map((row) => line({ ...row, username: 'TOTAL' })),
  ];
}
