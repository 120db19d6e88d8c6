import { describe, expect, it } from 'vitest';
import type { PartnerAccount } from '../../../contract/partner';
import {
  billingCsvRows,
  billingRow,
  currentMonth,
  customerName,
  totalsByCurrency,
} from './customer-billing';

const account = (username: string, company = ''): PartnerAccount => ({
  username,
  first_name: 'Ann',
  last_name: 'Acme',
  company,
  address: '',
  postal_code: '',
  city: '',
  state: '',
  country: 'FIN',
  phone: '+358.401234567',
  email: 'ann@example.com',
  vat_number: '',
});

describe('customer billing rollup', () => {
  const rows = [
    billingRow(account('acme', 'Acme Oy'), {
      currency: 'EUR',
      total_amount: 10.1,
      servers: { total_amount: 8.1, server: { total_amount: 8.1, resources: [] } },
      storages: { total_amount: 2 },
    }),
    billingRow(account('beta'), { currency: 'EUR', total_amount: 0.2 }),
    billingRow(account('gamma'), {
      currency: 'USD',
      total_amount: 3,
      storages: { total_amount: 3 },
    }),
  ];

  it('makes one row per customer, naming it by company or else by contact', () => {
    expect(
      rows.map((row) => [row.username, row.customer, row.servers, row.storages, row.total]),
    ).toEqual([
      ['acme', 'Acme Oy', 8.1, 2, 10.1],
      ['beta', 'Ann Acme', 0, 0, 0.2],
      ['gamma', 'Ann Acme', 0, 3, 3],
    ]);
    expect(customerName(account('x', 'X Ltd'))).toBe('X Ltd');
  });

  it('totals per currency, never adding euros to dollars', () => {
    expect(
      totalsByCurrency(rows).map((row) => [row.currency, row.servers, row.storages, row.total]),
    ).toEqual([
      ['EUR', 8.1, 2, 10.3],
      ['USD', 0, 3, 3],
    ]);
  });

  it('exports a header, the customers and rounded totals', () => {
    expect(billingCsvRows('2026-02', rows)).toEqual([
      ['month', 'username', 'customer', 'servers', 'storages', 'total', 'currency'],
      ['2026-02', 'acme', 'Acme Oy', 8.1, 2, 10.1, 'EUR'],
      ['2026-02', 'beta', 'Ann Acme', 0, 0, 0.2, 'EUR'],
      ['2026-02', 'gamma', 'Ann Acme', 0, 3, 3, 'USD'],
      ['2026-02', 'TOTAL', 'All customers', 8.1, 2, 10.3, 'EUR'],
      ['2026-02', 'TOTAL', 'All customers', 0, 3, 3, 'USD'],
    ]);
  });

  it('defaults to the current month in UTC', () => {
    expect(currentMonth(new Date('2026-03-31T23:30:00Z'))).toBe('2026-03');
  });
});
