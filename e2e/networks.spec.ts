import type { Page } from '@playwright/test';
import { endpointPath } from '../contract/endpoint';
import { networkEndpoints, networkListResponseSchema } from '../contract/network';
import { apiAs, choose, expect, expectNoAxeViolations, signIn, test, unique } from './support';

test.use({ signedIn: 'demo' });

async function addFloatingAddress(page: Page) {
  await page.getByRole('button', { name: 'Add IP address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add IP address' });
  await dialog.getByRole('checkbox', { name: 'Floating address' }).check();
  await choose(page, 'Zone', /\(de-fra1\)/);
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog).toBeHidden();
  const status = page.getByRole('status').filter({ hasText: /^Added / });
  const text = (await status.textContent()) ?? '';
  const address = /^Added (.+)\.$/.exec(text)?.[1];
  expect(address, text).toBeTruthy();
  return address!;
}

test('a router and a private network, refused until its gateway is inside it, then attached', async ({
  page,
}) => {
  const routerName = unique('e2e router');
  const networkName = unique('e2e network');

  await test.step('create a router', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Routers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Routers' })).toBeVisible();
    await page.getByRole('button', { name: 'Create router' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create router' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(routerName);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create router' }).click();
    await expect(page.getByRole('rowheader', { name: routerName })).toBeVisible();
  });

  await test.step('create a private network, refused until its gateway is inside it', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Networks' }).click();
    await page.getByRole('button', { name: 'Create private network' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create private network' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(networkName);
    await choose(page, 'Zone', /\(de-fra1\)/);
    await dialog.getByRole('textbox', { name: 'Network 1 (CIDR)' }).fill('10.77.0.0/24');
    await dialog.getByRole('textbox', { name: 'Gateway 1' }).fill('10.78.0.1');
    await dialog.getByRole('button', { name: 'Create network' }).click();
    await expect(dialog.getByText('The gateway must be inside 10.77.0.0/24.')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: 'Gateway 1' }).fill('10.77.0.1');
    await dialog.getByRole('button', { name: 'Create network' }).click();
    await expect(page.getByRole('heading', { level: 1, name: networkName })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: '10.77.0.0/24' })).toBeVisible();
  });

  await test.step('attach the router to the network', async () => {
    await page.getByRole('button', { name: 'Attach router' }).click();
    const dialog = page.getByRole('dialog', { name: `Attach a router to “${networkName}”` });
    await choose(page, 'Router', routerName);
    await dialog.getByRole('button', { name: 'Attach router' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: routerName })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('floating addresses: a PTR record edited inline and two in bulk, one released', async ({
  page,
}) => {
  await test.step('add addresses, edit a PTR record inline and two in bulk', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'IP addresses' }).click();
    const first = await addFloatingAddress(page);
    const second = await addFloatingAddress(page);

    await page.getByRole('searchbox', { name: 'Search by address' }).fill(first);
    await expect(page).toHaveURL(new RegExp(`search=${first.replaceAll('.', '\\.')}`));
    await page.getByRole('button', { name: `Edit PTR record of ${first}` }).click();
    const ptr = page.getByRole('textbox', { name: `PTR record of ${first}` });
    await expect(ptr).toBeFocused();
    await expectNoAxeViolations(page);
    await ptr.fill('inline.e2e.example.com');
    await ptr.press('Enter');
    await expect(page.getByText('inline.e2e.example.com')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search by address' }).fill('');
    await page.getByRole('checkbox', { name: `Select ${first}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second}` }).check();
    await page.getByRole('button', { name: 'Edit PTR records of selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit PTR records of 2 addresses' });
    await dialog
      .getByRole('textbox', { name: `PTR record for ${first}` })
      .fill('one.e2e.example.com');
    await dialog
      .getByRole('textbox', { name: `PTR record for ${second}` })
      .fill('two.e2e.example.com');
    await dialog.getByRole('button', { name: 'Save all' }).click();
    await expect(dialog.getByRole('cell', { name: 'Updated' })).toHaveCount(2);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('two.e2e.example.com')).toBeVisible();

    await page.getByRole('button', { name: `Release ${second}` }).click();
    const confirm = page.getByRole('dialog', { name: `Release ${second}?` });
    await expect(confirm).toContainText('not attached to a server');
    await confirm.getByRole('button', { name: 'Release address' }).click();
    await expect(page.getByRole('button', { name: `Release ${second}` })).toHaveCount(0);
  });
});

test('a peering made from both accounts, then disabled and deleted', async ({
  page,
  users,
  baseURL,
  browser,
}) => {
  // The seeded networks of the two accounts have routers and blocks that do not overlap.
  const listNetworks = (user: (typeof users)['demo']) =>
    apiAs(baseURL!, user).call(
      'GET',
      endpointPath(networkEndpoints.list),
      undefined,
      networkListResponseSchema,
    );
  const own = await listNetworks(users.demo);
  const mine = own.networks.network.find((network) => network.name === 'demo private network');
  expect(mine).toBeDefined();
  const networkUrl = new URL(`/networks/${mine!.uuid}`, baseURL).href;

  const peeringName = unique('e2e peering');
  await test.step('peer the network with the other account’s network', async () => {
    // The unrelated `other` account's network, looked up the way a script of that account would.
    const { networks } = await listNetworks(users.other);
    const peer = networks.network.find((network) => network.name === 'other private network');
    expect(peer).toBeDefined();

    await page.goto(networkUrl);
    await page.getByRole('link', { name: 'Create peering' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create network peering' }),
    ).toBeVisible();
    await expect(page.getByText('Your network has a router.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Peer network UUID' }).fill(peer!.uuid);
    await expect(page.getByText(/not one of your networks/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Peering name' }).fill(peeringName);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create peering' }).click();

    await expect(page.getByRole('heading', { level: 1, name: peeringName })).toBeVisible();
    await expect(page.getByRole('region', { name: 'The other side' })).toContainText(
      'Waiting for the other account',
    );
    await expectNoAxeViolations(page);

    const local = new URL(networkUrl).pathname.split('/').pop()!;
    // The other account creates the reverse side in its own browser session.
    const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, users.other);
    await otherPage.goto(`/network-peerings/new?network=${peer!.uuid}`);
    await expect(otherPage.getByText('Your network has a router.')).toBeVisible();
    await otherPage.getByRole('textbox', { name: 'Peer network UUID' }).fill(local);
    await otherPage.getByRole('textbox', { name: 'Peering name' }).fill(`${peeringName} (other)`);
    await otherPage.getByRole('button', { name: 'Create peering' }).click();
    await expect(
      otherPage.getByRole('heading', { level: 1, name: `${peeringName} (other)` }),
    ).toBeVisible();
    await expect(otherPage.getByRole('region', { name: 'The other side' })).toContainText(
      'Created and active',
      { timeout: 60_000 },
    );
    await otherContext.close();
    await expect(page.getByRole('region', { name: 'The other side' })).toContainText(
      'Created and active',
      { timeout: 60_000 },
    );
  });

  await test.step('disable the peering, then delete it', async () => {
    await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await page.getByRole('button', { name: 'Disable' }).click();
    await page
      .getByRole('dialog', { name: `Disable “${peeringName}”?` })
      .getByRole('button', { name: 'Disable peering' })
      .click();
    await expect(page.getByRole('region', { name: 'Your side' })).toContainText('Disabled by you.');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: `Delete “${peeringName}”?` })
      .getByRole('button', { name: 'Delete peering' })
      .click();
    await expect(page).toHaveURL(/\/network-peerings$/);
    await expect(page.getByRole('link', { name: peeringName })).toHaveCount(0);
  });
});
