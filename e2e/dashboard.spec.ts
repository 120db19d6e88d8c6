import { expect, test } from './support';

test.use({ signedIn: 'demo' });

test('on a phone the dashboard’s widgets stay in place while their answers arrive', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 915 });
  // Every API answer is held until the widgets show what they wait for.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/1.3/**', async (route) => {
    await released;
    await route.continue();
  });
  await page.reload();
  const widget = (name: string) => page.getByRole('region', { name });
  const names = ['Servers', 'In progress or failing', 'Resources', 'Spend this month'];
  // Every widget is on screen, waiting, before its place is taken.
  for (const name of [...names, 'Recent activity']) {
    await expect(widget(name).getByRole('progressbar')).toBeVisible();
  }
  const before = await Promise.all(names.map((name) => widget(name).boundingBox()));
  const activityTop = (await widget('Recent activity').boundingBox())?.y;
  release();
  await expect(widget('Servers').getByRole('link', { name: /servers$/ })).toBeVisible();
  await expect(widget('In progress or failing')).toContainText('Nothing in progress or failing.');
  await expect(widget('Resources').getByRole('link', { name: 'Storage' })).toBeVisible();
  await expect(widget('Spend this month')).toContainText('by the end of the month at this rate');
  await expect(widget('Recent activity').getByRole('listitem').first()).toBeVisible();
  expect(await Promise.all(names.map((name) => widget(name).boundingBox()))).toEqual(before);
  // The list of events, the only one of no fixed length, grows downwards from where it was.
  expect((await widget('Recent activity').boundingBox())?.y).toBe(activityTop);
});
