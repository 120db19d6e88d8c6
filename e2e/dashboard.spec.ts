import type { Page } from '@playwright/test';
import { accountEndpoints } from '../contract/account';
import { endpointPath } from '../contract/endpoint';
import { storageEndpoints, storageResponseSchema } from '../contract/storage';
import { phoneAndDesktop, shifted, watchShifts } from './layout-watch';
import { createDisk, expect, matchesEndpoint, test, waitOnline } from './support';
import type { Api } from './support';

test.use({ signedIn: 'demo' });

/** A gate that what waits on it passes once it is opened. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

// The widgets every user has; the spend (for users who may read billing) and the activity come
// after them once the account has answered.
const names = ['Servers', 'In progress or failing', 'Resources'];
const account = matchesEndpoint(accountEndpoints.get);

/**
 * Opens the dashboard on a phone with the widgets' code (a chunk of their own, the only script
 * with the activity's loading words), the account's answer and every other API answer held, each
 * until its gate opens, and checks that every widget's box is the same while the code loads, while
 * the answers are on their way and once `answered` has seen them shown. `beforeAnswers` runs just
 * before they are let through. Each stage is measured while it is held: a box asked for while the
 * page swaps a placeholder for its widget has no place (the placeholder's element is gone), which
 * is how an earlier version of this test failed.
 */
async function expectWidgetsInPlace(
  page: Page,
  {
    beforeAnswers,
    answered,
  }: { beforeAnswers?: () => Promise<unknown>; answered: () => Promise<void> },
) {
  await page.setViewportSize({ width: 412, height: 915 });
  const code = gate();
  const accountAnswer = gate();
  const answers = gate();
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('Loading recent activity')) await code.opened;
    await route.fulfill({ response, body });
  });
  // Every API answer of whatever endpoint: the contract names endpoints, not the prefix they share.
  await page.route('**/1.3/**', async (route) => {
    await (account(new URL(route.request().url())) ? accountAnswer : answers).opened;
    await route.continue();
  });
  await page.reload();
  const widget = (name: string) => page.getByRole('region', { name });
  const all = [...names, 'Spend this month'];
  const places = async () => {
    const boxes = await Promise.all(all.map((name) => widget(name).boundingBox()));
    const activity = await widget('Recent activity').boundingBox();
    expect([...boxes, activity]).not.toContain(null);
    // The list of events, the only one of no fixed length, may grow downwards from its top.
    return { boxes, activityTop: activity?.y };
  };

  // While the code loads the page shows the places of the widgets every user has; those that
  // depend on the user's permissions wait for the account.
  for (const name of names) {
    await expect(
      widget(name).getByRole('progressbar', { name: 'Loading', exact: true }),
    ).toBeVisible();
  }
  await expect(widget('Spend this month')).toHaveCount(0);
  await expect(widget('Recent activity')).toHaveCount(0);
  const first = await Promise.all(names.map((name) => widget(name).boundingBox()));

  accountAnswer.open();
  for (const name of ['Spend this month', 'Recent activity']) {
    await expect(
      widget(name).getByRole('progressbar', { name: 'Loading', exact: true }),
    ).toBeVisible();
  }
  const loading = await places();
  expect(loading.boxes.slice(0, names.length)).toEqual(first);

  code.open();
  // Each widget waits for its answer.
  for (const [name, waiting] of Object.entries({
    Servers: 'Loading servers',
    'In progress or failing': 'Loading servers',
    Resources: 'Loading resources',
    'Spend this month': "Loading this month's costs",
    'Recent activity': 'Loading recent activity',
  })) {
    await expect(widget(name).getByRole('progressbar', { name: waiting })).toBeVisible();
  }
  expect(await places()).toEqual(loading);

  await beforeAnswers?.();
  answers.open();
  await expect(widget('Servers').getByRole('link', { name: /servers$/ })).toBeVisible();
  await expect(widget('Resources').getByRole('link', { name: 'Storage' })).toBeVisible();
  await expect(widget('Spend this month')).toContainText('by the end of the month at this rate');
  await expect(widget('Recent activity').getByRole('listitem').first()).toBeVisible();
  await answered();
  expect(await places()).toEqual(loading);
}

test('on a phone the dashboard’s widgets stay in place while their code and answers arrive', async ({
  page,
}) => {
  await expectWidgetsInPlace(page, {
    answered: () =>
      expect(page.getByRole('region', { name: 'In progress or failing' })).toContainText(
        'Nothing in progress or failing.',
      ),
  });
});

/** Starts a copy of the disk: the copy and the disk are in maintenance for 90 simulated seconds. */
const cloneDisk = (api: Api, uuid: string) =>
  api.call(
    'POST',
    endpointPath(storageEndpoints.clone, { uuid }),
    { storage: { zone: 'de-fra1', title: `copy of ${uuid}` } },
    storageResponseSchema,
  );

test('on a phone a long list of what is under way moves no widget', async ({ page, api }) => {
  // Titles wider than a phone: each item keeps to its one line.
  const disks = await Promise.all(
    [1, 2].map(async (n) => {
      const title = `e2e disk ${n}, whose title is longer than a phone’s screen is wide`;
      return waitOnline(api, (await createDisk(api, { title })).uuid);
    }),
  );
  await expectWidgetsInPlace(page, {
    // Started as the answers are let through, so that the copies are under way when they come.
    beforeAnswers: () => Promise.all(disks.map((disk) => cloneDisk(api, disk.uuid))),
    // Four items, the disks and their copies: two rows and the offer of the other two.
    answered: () =>
      expect(
        page
          .getByRole('region', { name: 'In progress or failing' })
          .getByRole('button', { name: 'Show 2 more' }),
      ).toBeVisible(),
  });
});

/** Each widget's place and width, by its name. */
const boxes = (page: Page) =>
  page.getByRole('region').evaluateAll((regions) =>
    Object.fromEntries(
      regions.map((region) => {
        const { x, y, width } = region.getBoundingClientRect();
        return [region.getAttribute('aria-label') ?? '', [x, y, width]];
      }),
    ),
  );

test.describe('a user who may not read billing', () => {
  test.use({ signedIn: 'demo_viewer' });
  for (const viewport of phoneAndDesktop) {
    test(`at ${viewport.width}×${viewport.height} sees no spend, and the account’s answer moves no widget`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const accountAnswer = gate();
      await page.route(account, async (route) => {
        await accountAnswer.opened;
        await route.continue();
      });
      await page.reload();
      const widget = (name: string) => page.getByRole('region', { name });
      await expect(widget('Resources').getByRole('link', { name: 'Storage' })).toBeVisible();
      // Every widget shown while the account is read keeps its box once it has answered.
      const before = await boxes(page);
      await watchShifts(page);
      accountAnswer.open();
      await expect(widget('Recent activity').getByRole('listitem').first()).toBeVisible();
      await expect(widget('Spend this month')).toHaveCount(0);
      const after = await boxes(page);
      expect(Object.fromEntries(Object.keys(before).map((name) => [name, after[name]]))).toEqual(
        before,
      );
      expect(await shifted(page)).toBe(0);
    });
  }
});
