import { expect, test } from './support';

test.use({ signedIn: 'demo' });

/** A gate that what waits on it passes once it is opened. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const names = ['Servers', 'In progress or failing', 'Resources', 'Spend this month'];

test('on a phone the dashboard’s widgets stay in place while their code and answers arrive', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 915 });
  // The widgets' code (a chunk of their own, the only script with the activity's loading words)
  // and every API answer are held, each until its gate opens. Each stage is measured while it is
  // held: a widget's box taken while the page swaps its placeholder for the widget has no place
  // (the placeholder's element is gone), which is how an earlier version of this test failed.
  const code = gate();
  const answers = gate();
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('Loading recent activity')) await code.opened;
    await route.fulfill({ response, body });
  });
  await page.route('**/1.3/**', async (route) => {
    await answers.opened;
    await route.continue();
  });
  await page.reload();
  const widget = (name: string) => page.getByRole('region', { name });
  const places = async () => {
    const boxes = await Promise.all(names.map((name) => widget(name).boundingBox()));
    const activity = await widget('Recent activity').boundingBox();
    expect([...boxes, activity]).not.toContain(null);
    // The list of events, the only one of no fixed length, may grow downwards from its top.
    return { boxes, activityTop: activity?.y };
  };

  // While the code loads the page shows every widget's place.
  for (const name of [...names, 'Recent activity']) {
    await expect(
      widget(name).getByRole('progressbar', { name: 'Loading', exact: true }),
    ).toBeVisible();
  }
  const loading = await places();

  code.open();
  // Each widget waits for its answer; the spend's place waits for the account's.
  for (const [name, waiting] of Object.entries({
    Servers: 'Loading servers',
    'In progress or failing': 'Loading servers',
    Resources: 'Loading resources',
    'Recent activity': 'Loading recent activity',
  })) {
    await expect(widget(name).getByRole('progressbar', { name: waiting })).toBeVisible();
  }
  expect(await places()).toEqual(loading);

  answers.open();
  await expect(widget('Servers').getByRole('link', { name: /servers$/ })).toBeVisible();
  await expect(widget('In progress or failing')).toContainText('Nothing in progress or failing.');
  await expect(widget('Resources').getByRole('link', { name: 'Storage' })).toBeVisible();
  await expect(widget('Spend this month')).toContainText('by the end of the month at this rate');
  await expect(widget('Recent activity').getByRole('listitem').first()).toBeVisible();
  expect(await places()).toEqual(loading);
});
