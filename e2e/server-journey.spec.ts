import { endpointPath } from '../contract/endpoint';
import { serverGroupEndpoints } from '../contract/server-group';
import { serverEndpoints, serverResponseSchema } from '../contract/server';
import {
  changePlanSeeingPrices,
  expectConsoleDetails,
  fillCreateOptions,
  sshKey,
} from './server-steps';
import { choose, createServer, expect, test, unique } from './support';

test.use({ signedIn: 'demo' });

/**
 * Issue 21 end to end: one server from its creation to its console, through the features that
 * came with the issue (create options, one-time password, firewall, server groups, plan change).
 * The second server and the group are made the way a script would make them; the rest is the UI.
 */
test('create a server with options, firewall it, group it, change its plan and open its console', async ({
  page,
  api,
}) => {
  const neighbour = await createServer(api, unique('e2e neighbour'));
  const groupTitle = unique('e2e journey group');
  await api.call('POST', endpointPath(serverGroupEndpoints.create), {
    server_group: {
      title: groupTitle,
      anti_affinity: 'yes',
      servers: { server: [neighbour.uuid] },
    },
  });
  const title = unique('e2e journey');
  const heading = page.getByRole('heading', { level: 1, name: title });
  const stop = page.getByRole('button', { name: 'Stop', exact: true });
  const start = page.getByRole('button', { name: 'Start', exact: true });

  await test.step('create the server with an SSH key, user data and simple backups', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Servers' }).click();
    // The dashboard's activity links (“create server”) are gone once the list is shown.
    await expect(page.getByRole('heading', { level: 1, name: 'Servers' })).toBeVisible();
    await page.getByRole('link', { name: 'Create server' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create server' })).toBeVisible();
    await choose(page, 'Zone', /de-fra1/);
    await choose(page, 'Plan', /^1xCPU-1GB/);
    await choose(page, 'Operating system template', /Ubuntu/);
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Hostname' }).fill('journey.example.com');
    await page.getByRole('textbox', { name: 'SSH public keys' }).fill(sshKey);
    await fillCreateOptions(page, '#!/bin/sh\necho ready', '03:15');
    await page.getByRole('button', { name: 'Create server' }).click();
  });

  await test.step('see the one-time password once', async () => {
    const dialog = page.getByRole('dialog', { name: 'One-time password' });
    await expect(dialog).toContainText('This password is shown only now.');
    const password = await dialog.getByRole('textbox', { name: 'Password' }).inputValue();
    expect(password).toMatch(/^\S{12,}$/);
    await dialog.getByRole('button', { name: 'I have saved it' }).click();
    await expect(dialog).toBeHidden();
    await expect(heading).toBeVisible();
    await expect(page.locator('body')).not.toContainText(password);
    await page.reload();
    await expect(heading).toBeVisible();
    await expect(page.locator('body')).not.toContainText(password);
    // Created and started: the server runs before the rest of the journey.
    await expect(stop).toBeEnabled();
  });

  await test.step('the backup plan chosen at creation is the server’s', async () => {
    await page.getByRole('tab', { name: 'Backups' }).click();
    const form = page.getByRole('form', { name: 'Simple backups' });
    await expect(form.getByRole('combobox', { name: 'Backup plan' })).toContainText('(weeklies)');
    await expect(form.getByRole('textbox', { name: 'Time of day (UTC)' })).toHaveValue('03:15');
  });

  await test.step('allow SSH and HTTP with the firewall presets', async () => {
    await page.getByRole('tab', { name: 'Firewall' }).click();
    const toggle = page.getByRole('switch', { name: 'Firewall' });
    await toggle.click();
    await expect(toggle).toBeChecked();
    await page.getByRole('button', { name: 'Add SSH' }).click();
    const rows = page.getByRole('table', { name: 'Firewall rules, in order' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Add HTTP and HTTPS' }).click();
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText(/^1IncomingAccept.*port 22SSH/);
    await expect(rows.nth(2)).toContainText(/^2IncomingAccept.*port 80HTTP/);
    await expect(rows.nth(3)).toContainText(/^3IncomingAccept.*port 443HTTPS/);
  });

  await test.step('join the anti-affinity group of the second server and see both unmet', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Server groups' })
      .click();
    await page.getByRole('link', { name: groupTitle, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: groupTitle })).toBeVisible();
    const statusOf = (server: string) =>
      page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: server }) });
    await expect(
      statusOf(neighbour.title).getByRole('cell', { name: 'Met', exact: true }),
    ).toBeVisible();
    await choose(page, 'Server to add', new RegExp(`^${title}$`));
    await page.getByRole('button', { name: 'Add server' }).click();
    // Both run on the zone's first host: best-effort anti-affinity is not met for either.
    await expect(statusOf(title).getByRole('cell', { name: 'Unmet', exact: true })).toBeVisible();
    await expect(
      statusOf(neighbour.title).getByRole('cell', { name: 'Unmet', exact: true }),
    ).toBeVisible();
    await page.getByRole('link', { name: title, exact: true }).click();
    await expect(heading).toBeVisible();
    await expect(page.getByRole('link', { name: groupTitle, exact: true })).toBeVisible();
  });

  await test.step('stop it and change its plan, seeing the price now and after', async () => {
    await stop.click();
    await expect(start).toBeEnabled();
    await page.getByRole('button', { name: 'Plan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Change the plan of “${title}”` });
    await changePlanSeeingPrices(dialog, '1xCPU-1GB', '2xCPU-4GB');
    await expect(page.getByText('2 CPU, 4 GiB')).toBeVisible();
    await start.click();
    await expect(stop).toBeEnabled();
  });

  await test.step('open the console details: address, port, and the password after Show', async () => {
    const uuid = new URL(page.url()).pathname.split('/').pop()!;
    const path = endpointPath(serverEndpoints.get, { uuid });
    const { server } = await api.call('GET', path, undefined, serverResponseSchema);
    await expectConsoleDetails(page, server);
  });
});
