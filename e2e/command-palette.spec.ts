import { expect, expectNoAxeViolations, test } from './support';

test.use({ signedIn: 'demo' });

for (const scheme of ['light', 'dark'] as const) {
  test(`Ctrl+K jumps to a server by name; palette and cheat sheet pass axe (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });

    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Search or jump to' });
    const input = palette.getByRole('combobox', { name: /Page, name, hostname/ });
    await expect(input).toBeFocused();
    await input.fill('web-1');
    const option = palette.getByRole('option', { name: /^web-1\s*web-1\.demo/ });
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute(
      'aria-activedescendant',
      (await option.getAttribute('id'))!,
    );
    await expectNoAxeViolations(page);

    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'web-1' })).toBeVisible();
    await expect(page).toHaveURL(/\/servers\/00[0-9a-f-]{34}$/);
    await expect(palette).toBeHidden();

    // The server just opened is the first recent item the next time.
    await page.keyboard.press('Control+K');
    const recent = palette.getByRole('group', { name: 'Recent' });
    await expect(recent.getByRole('option').first()).toContainText('web-1');
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();

    await page.getByRole('heading', { level: 1, name: 'web-1' }).click();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet.getByRole('row', { name: /Go to Servers/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });
}

// Opened over one page, the palette and the cheat sheet stayed over the page Back went to (and
// over the first again with Forward).
test('Back closes the palette and the cheat sheet with the page they were opened over', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Storage' })
    .click();
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  for (const [key, name] of [
    ['Control+K', 'Search or jump to'],
    ['?', 'Keyboard shortcuts'],
  ] as const) {
    await expect(heading('Storage')).toBeVisible();
    await page.keyboard.press(key);
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(heading('Dashboard')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.goForward();
    await expect(heading('Storage')).toBeVisible();
    await expect(dialog).toBeHidden();
  }
});
