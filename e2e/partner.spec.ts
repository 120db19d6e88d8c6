import { expect, expectNoAxeViolations, signIn, signInWithPassword, test } from './support';

test('a partner creates a customer account, sees it listed, and the customer signs in', async ({
  page,
  users,
}) => {
  const username = `e2e_customer_${Date.now().toString(36)}`;
  const password = 'Customer1Pass';

  await signIn(page, users.partner);
  await page.getByRole('navigation').getByRole('link', { name: 'Partner console' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Partner console' })).toBeVisible();
  await expect(page.getByText(/You can create \d+ more of your 25 accounts/)).toBeVisible();

  await page.getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a customer account' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('checkbox', { name: 'Use my contact details' }).uncheck();
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Erin');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Endtoend');
  await dialog.getByRole('textbox', { name: 'Company' }).fill('Erin Labs Oy');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('erin@example.com');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('+358.401234567');
  await dialog.getByLabel('Country').selectOption('FIN');
  await dialog.getByRole('textbox', { name: 'VAT number' }).fill('FI12345678');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Create account' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert')).toContainText(`The account ${username} was created.`);
  const accounts = page.getByRole('table', { name: 'Customer accounts' });
  const row = accounts
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: username }) });
  await expect(row).toContainText('Erin Labs Oy');
  await expect(row).toContainText('erin@example.com');
  const bills = page.getByRole('table', { name: /^Customer billing for \d{4}-\d{2}$/ });
  await expect(bills.getByRole('rowheader', { name: username })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(accounts.getByRole('rowheader', { name: username })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in/ })).toBeVisible();
  await signInWithPassword(page, username, password);
  await expect(page.getByText(`Signed in as ${username}`)).toBeVisible();
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'Partner console' }),
  ).toHaveCount(0);
  await page.goto('/partner');
  await expect(page.getByText('The partner console is for partner accounts only.')).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the partner console keeps the month in the URL, with no axe violations (${scheme})`, async ({
    page,
    users,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page, users.partner);
    await page.goto('/partner?month=2026-01');
    await expect(page.getByRole('heading', { level: 1, name: 'Partner console' })).toBeVisible();
    await expect(page.getByLabel('Month')).toHaveValue('2026-01');
    await page.getByLabel('Month').fill('2025-12');
    await expect(page).toHaveURL(/month=2025-12/);
    await page.reload();
    await expect(page.getByLabel('Month')).toHaveValue('2025-12');
    await expectNoAxeViolations(page);
  });
}
