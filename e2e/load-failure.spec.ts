import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

/*
 * The panel's code does not come (the connection dropped, or the panel was updated and the files
 * a page names are gone): the page says so and offers a reload (public/load-failure.js), rather
 * than a loading indicator for ever, or a page the server drew that looks usable and does nothing.
 */

/** The panel's entry, as the build names it in index.html. */
const entry = '**/assets/index-*.js';

const notice = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Skydeck could not load its code.' });

test('a page drawn in the browser says so, with a reload, in place of its loading indicator', async ({
  page,
}) => {
  await page.route(entry, (route) => route.abort());
  await page.goto('/sign-in');
  await expect(notice(page)).toBeVisible();
  await expect(notice(page).getByRole('link', { name: 'Reload the page' })).toHaveAttribute(
    'href',
    /\/sign-in$/,
  );
  await expect(page.getByRole('progressbar', { name: 'Loading Skydeck' })).toHaveCount(0);

  await page.unroute(entry);
  await notice(page).getByRole('link', { name: 'Reload the page' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Skydeck' })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
});

test('a page the server drew says so too, and its links still lead on', async ({ page, users }) => {
  await signIn(page, users.demo);
  await page.route(entry, (route) => route.abort());
  await page.goto('/storage');
  await expect(notice(page)).toBeVisible();
  await page
    .getByRole('table', { name: 'Storages' })
    .getByRole('link', { name: 'web-1 OS', exact: true })
    .click();
  await expect(page).toHaveURL(/\/storage\/[0-9a-f-]{36}$/);
  await expect(notice(page)).toBeVisible();
});
