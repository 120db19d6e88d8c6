import { choose, createServer, expect, expectNoAxeViolations, test, unique } from './support';

test.use({ signedIn: 'demo' });

test('a server group with anti-affinity: two servers added, each member shows its status', async ({
  page,
  api,
}) => {
  const first = await createServer(api, unique('e2e member a'));
  const second = await createServer(api, unique('e2e member b'));
  const groupTitle = unique('e2e group');

  await test.step('create the group with best-effort anti-affinity', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Server groups' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Server groups' })).toBeVisible();
    await page.getByRole('button', { name: 'Create server group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a server group' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(groupTitle);
    await expect(dialog.getByRole('combobox', { name: 'Anti-affinity policy' })).toHaveText(
      'Anti-affinity (best effort)',
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create server group' }).click();
    await expect(page.getByRole('heading', { level: 1, name: groupTitle })).toBeVisible();
  });

  const add = async (title: string) => {
    await choose(page, 'Server to add', title);
    await page.getByRole('button', { name: 'Add server' }).click();
    await expect(page.getByRole('rowheader', { name: title })).toBeVisible();
  };
  const statusOf = (title: string) =>
    page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });

  await test.step('add the first server: it has its host to itself', async () => {
    await add(first.title);
    await expect(
      statusOf(first.title).getByRole('cell', { name: 'Met', exact: true }),
    ).toBeVisible();
  });

  await test.step('add the second: both run on one host, so both are unmet', async () => {
    await add(second.title);
    await expect(
      statusOf(first.title).getByRole('cell', { name: 'Unmet', exact: true }),
    ).toBeVisible();
    await expect(
      statusOf(second.title).getByRole('cell', { name: 'Unmet', exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('the list shows the group with its two members', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Server groups' })
      .click();
    const row = page.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: groupTitle }),
    });
    await expect(row.getByRole('cell', { name: '2 servers' })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Unmet', exact: true })).toBeVisible();
  });
});
