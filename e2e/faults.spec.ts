import type { APIRequestContext, Page } from '@playwright/test';
import { choose, expect, test, unique } from './support';

test.use({ signedIn: 'demo' });

/**
 * Faults the spec names (issue 11): during maintenance (503) the panel shows a banner and retries
 * by itself; a 500 is shown with the way out (try again); no form input is lost through either.
 *
 * The faults switch the whole sandbox, not one tenant: playwright.config.ts runs this file in a
 * project of its own after every other test, and its tests one at a time.
 */
test.describe.configure({ mode: 'serial' });

const setFaults = async (request: APIRequestContext, faults: object) => {
  const response = await request.put('/_sandbox/faults', { data: faults });
  expect(response.ok()).toBe(true);
};

test.afterEach(async ({ request }) => {
  await setFaults(request, { maintenance: false, fail_next: 0 });
});

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'under maintenance' });

async function fillCreateStorage(page: Page, title: string) {
  await page.goto('/storage');
  await page.getByRole('button', { name: 'Create storage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create storage' });
  await choose(dialog, 'Zone', /fi-hel1/);
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Size (GiB)' }).fill('15');
  return dialog;
}

/** Fills in a new storage and submits it while the service is under maintenance: the banner shows. */
async function createDuringMaintenance(page: Page, request: APIRequestContext, title: string) {
  const dialog = await fillCreateStorage(page, title);
  await setFaults(request, { maintenance: true });
  await dialog.getByRole('button', { name: 'Create storage' }).click();
  await expect(banner(page)).toBeVisible();
  return dialog;
}

test('maintenance: a banner, the change waits and completes by itself when the service is back', async ({
  page,
  request,
}) => {
  const title = unique('made through maintenance');
  const dialog = await createDuringMaintenance(page, request, title);
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(title);

  await setFaults(request, { maintenance: false });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({
    timeout: 20_000,
  });
  await expect(banner(page)).toBeHidden();
});

test('maintenance: a page that cannot load waits and shows its data once the service is back', async ({
  page,
  request,
}) => {
  await setFaults(request, { maintenance: true });
  await page.goto('/servers');
  await expect(banner(page)).toBeVisible();
  await setFaults(request, { maintenance: false });
  await expect(page.getByRole('link', { name: 'build-box' })).toBeVisible({ timeout: 20_000 });
  await expect(banner(page)).toBeHidden();
});

test('a 500 is explained, the input stays, and trying again succeeds', async ({
  page,
  request,
}) => {
  const title = unique('after a hiccup');
  const dialog = await fillCreateStorage(page, title);

  await setFaults(request, { fail_next: 1 });
  await dialog.getByRole('button', { name: 'Create storage' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('SERVICE_ERROR');
  await expect(alert).toContainText('what you entered is kept');
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(dialog.getByRole('textbox', { name: 'Size (GiB)' })).toHaveValue('15');

  await dialog.getByRole('button', { name: 'Create storage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('maintenance: the banner leaves a dialog’s buttons uncovered and usable on a phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const title = unique('kept clear of the banner');
  const dialog = await createDuringMaintenance(page, request, title);
  const bannerTop = (await banner(page).boundingBox())!.y;
  const buttons = dialog.locator('.MuiDialogActions-root button');
  await expect(buttons).toHaveCount(2);
  for (const button of await buttons.all()) {
    // A tall dialog scrolls on a phone; at its end its buttons show above the banner.
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    const box = (await button.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(bannerTop);
    // A tap on the button's centre reaches the dialog (the button, or its card while the button
    // is disabled, since then it takes no pointer events), not the banner.
    const reached = await button.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      const hit = document.elementFromPoint(x + width / 2, y + height / 2);
      return hit?.closest('[role="dialog"]') === element.closest('[role="dialog"]');
    });
    expect(reached).toBe(true);
  }

  await setFaults(request, { maintenance: false });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({
    timeout: 20_000,
  });
});
