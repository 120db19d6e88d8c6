import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccount, getResourceUsage } from '../../api/account';
import { renderPage, signInAs } from '../../testing/render';
import { tenantUser } from '../../testing/tenant';
import { AccountPage, usageAgainstLimits } from './account-page';

describe('account page', () => {
  it('shows the details and each resource used against its limit', async () => {
    const session = await signInAs('demo');
    renderPage(<AccountPage />, { session });
    const [account, usage] = await Promise.all([getAccount(), getResourceUsage()]);

    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText(tenantUser('demo').username)).toBeVisible();
    expect(within(details).getByText('EUR')).toBeVisible();

    const cores = await screen.findByRole('progressbar', { name: 'CPU cores used' });
    const coresUsed = usage.cores ?? 0;
    expect(coresUsed).toBeGreaterThan(0);
    expect(cores).toHaveAttribute(
      'aria-valuetext',
      `${coresUsed} of ${account.resource_limits.cores}`,
    );
    expect(screen.getByText(`${coresUsed} of ${account.resource_limits.cores}`)).toBeVisible();
    expect(cores).toHaveAttribute(
      'aria-valuenow',
      String(Math.round((coresUsed / (account.resource_limits.cores ?? 1)) * 100)),
    );
    const memory = screen.getByRole('progressbar', { name: 'Memory used' });
    expect(memory.getAttribute('aria-valuetext')).toMatch(/ of 1 TiB$/);
  });

  it('gives every storage tier in use or limited a row, the Standard tier without a limit too', async () => {
    const session = await signInAs('demo');
    renderPage(<AccountPage />, { session });
    const [account, usage] = await Promise.all([getAccount(), getResourceUsage()]);
    const list = await screen.findByRole('list', { name: 'Resource usage' });
    // The demo account has a Standard disk (build-box OS) and no Standard limit.
    expect(account.resource_limits.storage_standard).toBeUndefined();
    expect(usage.storage_standard).toBeGreaterThan(0);
    const tiers = [
      ['storage_hdd', 'HDD storage'],
      ['storage_maxiops', 'MaxIOPS storage'],
      ['storage_standard', 'Standard storage'],
    ] as const;
    for (const [key, label] of tiers) {
      const used = `${usage[key] ?? 0} GiB`;
      const limit = account.resource_limits[key];
      expect(within(list).getByText(label).closest('li')).toHaveTextContent(
        limit === undefined || limit === null ? `${used} used, no limit` : used,
      );
    }
  });

  it('never shows a count the API left out as 0 (issue 24 item 1)', async () => {
    expect(usageAgainstLimits({ cores: 10, gadgets: 5 }, { cores: 2 })).toEqual([
      { key: 'cores', label: 'CPU cores', used: 2, limit: 10 },
      expect.objectContaining({ key: 'gadgets', used: undefined, limit: 5 }),
    ]);
    // Credits without the billing role are left out by the API: "—", not 0.
    renderPage(<AccountPage />, { session: await signInAs('demo_viewer') });
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText(tenantUser('demo_viewer').username)).toBeVisible();
    expect(within(details).getByText('—')).toBeVisible();
  });
});
