import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../api/http';
import { renderApp, signInAs, uniqueName } from '../testing/render';

/** The text of the curl and JSON blocks of the API call region. */
async function blocks(region: HTMLElement) {
  const curl = (await within(region).findByRole('region', { name: 'curl' })).querySelector('code');
  const json = within(region).getByRole('region', { name: 'JSON' }).querySelector('code');
  return {
    curl: curl?.textContent ?? '',
    json: JSON.parse(json?.textContent ?? 'null') as unknown,
  };
}

describe('API call view', () => {
  it('shows the exact request the create storage dialog will send, token redacted', async () => {
    const session = await signInAs('demo');
    const { user } = renderApp({ session, path: '/storage' });
    await user.click(await screen.findByRole('button', { name: 'Create storage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create storage' });

    await user.click(within(dialog).getByRole('button', { name: 'API call' }));
    expect(
      within(dialog).getByText('The request appears here once the form is complete.'),
    ).toBeVisible();

    const title = uniqueName("o'brien volume");
    await user.click(within(dialog).getByRole('combobox', { name: 'Zone' }));
    await user.click(await screen.findByRole('option', { name: /\(de-fra1\)/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), title);
    const size = within(dialog).getByRole('textbox', { name: 'Size (GiB)' });
    await user.clear(size);
    await user.type(size, '25');

    const region = await within(dialog).findByRole('region', { name: 'API call' });
    expect(
      within(region).getByText('The request the panel will send with these values.'),
    ).toBeVisible();
    const body = { storage: { zone: 'de-fra1', title, size: 25, tier: 'maxiops', labels: [] } };
    // The address a user copies, spelled as they read it rather than built as the panel builds it.
    // eslint-disable-next-line no-restricted-syntax -- the path shown is what this test is about
    const url = new URL(apiUrl('/1.3/storage'), window.location.origin).href;
    const { curl, json } = await blocks(region);
    expect(curl).toBe(
      [
        `curl -X POST '${url}'`,
        `-H 'Accept: application/json'`,
        `-H "Authorization: Bearer $SKYDECK_TOKEN"`,
        `-H 'Content-Type: application/json'`,
        // The quote in the title is escaped for the shell.
        `-d '${JSON.stringify(body).replace("'", `'\\''`)}'`,
      ].join(' \\\n  '),
    );
    expect(json).toEqual({
      method: 'POST',
      url,
      headers: {
        Accept: 'application/json',
        Authorization: 'Bearer $SKYDECK_TOKEN',
        'Content-Type': 'application/json',
      },
      body,
    });
    expect(document.body.textContent).not.toContain(session.token);

    await user.click(within(region).getByRole('button', { name: 'Copy curl' }));
    expect(await navigator.clipboard.readText()).toBe(curl);
    expect(within(region).getByText('Copied to the clipboard.')).toBeVisible();
  }, 30_000);

  it('shows the filtered read a list sent and the request a form dialog will send', async () => {
    const session = await signInAs('demo');
    const { user } = renderApp({ session, path: '/networks?zone=de-fra1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Networks' })).toBeVisible();
    await screen.findByRole('table', { name: 'Networks' });

    await user.click(screen.getByRole('button', { name: 'API call' }));
    const listCall = screen.getByRole('region', { name: 'API call' });
    expect(
      within(listCall).getByText(/The request the panel sent: GET \/1\.3\/network\./),
    ).toBeVisible();
    const list = await blocks(listCall);
    // eslint-disable-next-line no-restricted-syntax -- the path shown is what this test is about
    expect(list.curl).toContain(`-X GET '${apiUrl('/1.3/network?zone=de-fra1')}'`);
    expect(list.json).not.toHaveProperty('body');

    await user.click(screen.getByRole('button', { name: 'Create private network' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create private network' });
    const name = uniqueName('api call net');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
    await user.click(within(dialog).getByRole('combobox', { name: 'Zone' }));
    await user.click(await screen.findByRole('option', { name: /\(de-fra1\)/ }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Network 1 (CIDR)' }),
      '10.77.3.0/24',
    );
    await user.click(within(dialog).getByRole('button', { name: 'API call' }));
    const region = within(dialog).getByRole('region', { name: 'API call' });
    expect((await blocks(region)).json).toMatchObject({
      method: 'POST',
      body: { network: { name, zone: 'de-fra1' } },
    });
  }, 30_000);

  it('shows what a delete dialog will send, following its choices', async () => {
    const session = await signInAs('demo');
    const { user } = renderApp({ session, path: '/servers?search=build-box' });
    const table = await screen.findByRole('table', { name: 'Servers' });
    await user.click(within(table).getByRole('link', { name: 'build-box' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'build-box' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the server “build-box”?' });

    await user.click(within(dialog).getByRole('button', { name: 'API call' }));
    const region = within(dialog).getByRole('region', { name: 'API call' });
    const plain = (await blocks(region)).json as { method: string; url: string };
    expect(plain.method).toBe('DELETE');
    expect(plain.url).toMatch(/\/1\.3\/server\/[0-9a-f-]{36}$/);

    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Also delete the attached storages' }),
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Delete all backups' }));
    const { curl, json } = await blocks(region);
    expect(json).toEqual({ ...plain, url: `${plain.url}?storages=1&backups=delete` });
    expect(curl).toContain(`curl -X DELETE '${plain.url}?storages=1&backups=delete'`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  }, 30_000);

  it('shows a new subaccount’s request without the password typed', async () => {
    const session = await signInAs('demo');
    const { user } = renderApp({ session, path: '/subaccounts' });
    await user.click(await screen.findByRole('button', { name: 'Create subaccount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a subaccount' });
    const password = 'Never-Shown-Passw0rd';
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'apicallview');
    await user.type(within(dialog).getByLabelText(/^Password/), password);
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '+358.31245434');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Country' }), 'FIN');

    await user.click(within(dialog).getByRole('button', { name: 'API call' }));
    const region = within(dialog).getByRole('region', { name: 'API call' });
    const { curl, json } = await blocks(region);
    expect(json).toMatchObject({
      method: 'POST',
      body: { sub_account: { username: 'apicallview', password: '<redacted>' } },
    });
    expect(curl).toContain('"password":"<redacted>"');
    expect(region.textContent).not.toContain(password);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  }, 30_000);
});
