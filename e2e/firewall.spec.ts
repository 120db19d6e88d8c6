import type { Page } from '@playwright/test';
import { choose, expect, expectNoAxeViolations, test } from './support';

test.use({ signedIn: 'demo' });

async function openFirewallTab(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Servers' }).click();
  await page.getByRole('link', { name: 'web-1', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'web-1' })).toBeVisible();
  await page.getByRole('tab', { name: 'Firewall' }).click();
  await expect(page).toHaveURL(/\?tab=firewall$/);
}

test('turn the firewall on, add the SSH and web presets, drop the rest, and see the rules in order', async ({
  page,
}) => {
  await openFirewallTab(page);

  const toggle = page.getByRole('switch', { name: 'Firewall' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(page.getByText(/The firewall is on/)).toBeVisible();

  await page.getByRole('button', { name: 'Add SSH' }).click();
  const table = page.getByRole('table', { name: 'Firewall rules, in order' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Add HTTP and HTTPS' }).click();
  await expect(table.getByRole('row')).toHaveCount(4);

  await choose(page, 'Incoming traffic no rule matches', 'Drop');
  // SSH is accepted before the drop: nothing to warn about.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(5);

  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText(/^1IncomingAccept.*port 22SSH/);
  await expect(rows.nth(2)).toContainText(/^2IncomingAccept.*port 80HTTP/);
  await expect(rows.nth(3)).toContainText(/^3IncomingAccept.*port 443HTTPS/);
  await expect(rows.nth(4)).toContainText(/^4IncomingDrop.*Default/);

  // The rules and the switch are the server's: they are there after a reload.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Firewall' })).toBeChecked();
  await expect(
    page.getByRole('table', { name: 'Firewall rules, in order' }).getByRole('row'),
  ).toHaveCount(5);
});

test('the firewall tab and its add dialog have no axe violations', async ({ page }) => {
  await openFirewallTab(page);
  await page.getByRole('button', { name: 'Add SSH' }).click();
  await expect(page.getByRole('table', { name: 'Firewall rules, in order' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByRole('dialog', { name: 'Add firewall rule' })).toBeVisible();
  await expectNoAxeViolations(page);
});
