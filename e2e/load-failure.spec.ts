import { expect, signIn, test } from './support';

/*
 * The panel's code does not come (the connection dropped, or the panel was updated and the files
 * a page names are gone): the page says so and offers a reload, rather than a loading indicator
 * for ever (index.html), or a page the server drew that looks usable and does nothing
 * (public/after-paint.js).
 */

/** The panel's entry, as the build names it in index.html. */
const entry = '**/assets/index-*.js';

test('a page drawn in the browser turns its loading indicator into a reload, in time', async ({
  page,
}) => {
  await page.route(entry, (route) => route.abort());
  await page.goto('/sign-in');
  const late = page.getByRole('alert').filter({ hasText: 'Skydeck is taking long to load.' });
  await expect(page.getByRole('progressbar', { name: 'Loading Skydeck' })).toBeVisible();
  await expect(late).toBeHidden();
  // The page's 12 s, run 100 times as fast: CSS animations follow the page's playback rate.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 100 });
  await expect(late).toBeVisible();

  await page.unroute(entry);
  await late.getByRole('link', { name: 'reload the page' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Skydeck' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'taking long' })).toHaveCount(0);
});

test('a page the server drew says so at once, and its links still lead on', async ({
  page,
  users,
}) => {
  await signIn(page, users.demo);
  await page.route(entry, (route) => route.abort());
  await page.goto('/storage');
  const notice = page.getByRole('alert').filter({ hasText: 'Skydeck could not load its code.' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'reload the page' })).toHaveAttribute('href', '');
  await page
    .getByRole('table', { name: 'Storages' })
    .getByRole('link', { name: 'web-1 OS', exact: true })
    .click();
  await expect(page).toHaveURL(/\/storage\/[0-9a-f-]{36}$/);
});
