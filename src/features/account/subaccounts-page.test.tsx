import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountDetailsEndpoint } from '../../../contract/account-details';
import { endpointPath } from '../../../contract/endpoint';
import { request } from '../../api/http';
import { renderPage, signInAs, uniqueName, searchOf } from '../../testing/render';
import { tenantUser } from '../../testing/tenant';
import { SubaccountsPage } from './subaccounts-page';

/** The subaccounts page with the Edit dialog of the tenant's demo_viewer open. */
async function openEditDialog() {
  const session = await signInAs('demo');
  const { user } = renderPage(<SubaccountsPage />, { session });
  const viewer = tenantUser('demo_viewer').username;
  await screen.findByRole('table', { name: 'Accounts' });
  await user.click(screen.getByRole('button', { name: `Edit subaccount ${viewer}` }));
  // The dialog reads the subaccount's details before it shows the form, in a dialog of its own
  // that takes the loading one's place: the dialog is looked for once the form is there.
  await screen.findByRole('button', { name: 'Save changes' });
  const dialog = screen.getByRole('dialog', { name: `Edit subaccount ${viewer}` });
  return { user, viewer, dialog, session };
}

describe('subaccounts page', () => {
  it('checks the form against the contract before sending anything', async () => {
    const { user } = renderPage(<SubaccountsPage />, { session: await signInAs('demo') });
    await screen.findByRole('table', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'Create subaccount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a subaccount' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'Bad-Name');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '0401234567');
    await user.click(within(dialog).getByRole('button', { name: 'Create subaccount' }));

    const username = within(dialog).getByRole('textbox', { name: 'Username' });
    expect(username).toHaveAccessibleDescription(/lowercase letters and digits/);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      /\+358\.31245434/,
    );
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Country' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // Nothing was sent: the dialog is still open with what was typed.
    expect(username).toHaveValue('Bad-Name');
  });

  it('puts a server error on its field, keeps the input, then creates and deletes', async () => {
    const { user } = renderPage(<SubaccountsPage />, { session: await signInAs('demo') });
    const table = await screen.findByRole('table', { name: 'Accounts' });
    expect(
      within(table).getByRole('rowheader', { name: tenantUser('demo_viewer').username }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create subaccount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a subaccount' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name });

    await user.type(field('Username'), tenantUser('demo_viewer').username);
    await user.type(within(dialog).getByLabelText(/^Password/), 'mySecr3tPassword');
    await user.type(field('First name'), 'Olli');
    await user.type(field('Last name'), 'Ops');
    await user.type(field('Email'), 'olli@example.com');
    await user.type(field('Phone'), '+358.31245434');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Country' }), 'FIN');
    await user.click(within(dialog).getByRole('button', { name: 'Create subaccount' }));

    await waitFor(() => expect(field('Username')).toHaveAccessibleDescription(/ACCOUNT_EXISTS/));
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(field('First name')).toHaveValue('Olli');
    expect(field('Phone')).toHaveValue('+358.31245434');

    const username = uniqueName('sub', '_');
    await user.clear(field('Username'));
    await user.type(field('Username'), username);
    await user.click(within(dialog).getByRole('button', { name: 'Create subaccount' }));

    expect(
      await screen.findByText(`Subaccount ${username} was created.`, { exact: false }),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await within(screen.getByRole('table', { name: 'Accounts' })).findByRole(
      'rowheader',
      { name: username },
    );
    expect(row.closest('tr')).toHaveTextContent('technical');

    await user.click(screen.getByRole('button', { name: `Delete subaccount ${username}` }));
    const confirm = await screen.findByRole('dialog', { name: `Delete subaccount ${username}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Delete subaccount' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Accounts' })).queryByRole('rowheader', {
          name: username,
        }),
      ).not.toBeInTheDocument(),
    );
  });

  it('filters by label from the URL', async () => {
    const { user, location } = renderPage(<SubaccountsPage />, {
      session: await signInAs('demo'),
      path: '/subaccounts?label=nothing-has-this',
    });
    expect(await screen.findByText('No account matches.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove label filter nothing-has-this' }));
    await screen.findByRole('table', { name: 'Accounts' });
    expect(searchOf(location).getAll('label')).toEqual([]);
  });

  it('explains to a subaccount that only the main account manages subaccounts', async () => {
    renderPage(<SubaccountsPage />, { session: await signInAs('demo_viewer') });
    expect(await screen.findByText('Only the main account manages subaccounts')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create subaccount' })).not.toBeInTheDocument();
  });

  it('checks an edited subaccount before sending and keeps what was typed', async () => {
    const { user, dialog } = await openEditDialog();
    // Label queries: the dialog's country and language lists make role queries slow.
    const field = (name: string) => within(dialog).getByLabelText(new RegExp(`^${name}`));
    expect(field('First name')).not.toHaveValue('');
    // Pasted: every keystroke would re-render the whole form.
    const enter = async (input: HTMLElement, text: string) => {
      await user.click(input);
      await user.paste(text);
    };

    await user.selectOptions(field('Country'), 'FIN');
    await user.clear(field('Phone'));
    await enter(field('Phone'), '(031) 245434');
    await user.click(field('Billing'));
    await enter(field('May sign in from'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(field('May sign in from')).toHaveAttribute('aria-invalid', 'true');
    expect(field('May sign in from')).toHaveAccessibleDescription(/One address or range/);
    expect(field('Phone')).toHaveValue('(031) 245434');
    expect(field('Billing')).toBeChecked();
  });

  it('saves a subaccount’s changes, the phone in the API’s form', async () => {
    const { user, viewer, dialog, session } = await openEditDialog();
    const field = (name: string) => within(dialog).getByLabelText(new RegExp(`^${name}`));
    await user.selectOptions(field('Country'), 'FIN');
    await user.clear(field('Phone'));
    await user.click(field('Phone'));
    await user.paste('(031) 245434');
    await user.click(field('Billing'));
    await user.click(field('May sign in from'));
    await user.paste('192.0.2.1');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(`Subaccount ${viewer} was saved.`)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = within(screen.getByRole('table', { name: 'Accounts' }))
      .getByRole('rowheader', { name: viewer })
      .closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('billing'));

    // The API stored the phone in its +cc.number form, and the address to sign in from.
    const { account } = await request(
      endpointPath(accountDetailsEndpoint, { username: viewer }),
      accountDetailsEndpoint.response,
      { authorization: `Bearer ${session.token}` },
    );
    expect(account.phone).toBe('+358.31245434');
    expect(account.ip_filters.ip_filter).toEqual(['192.0.2.1']);
  });
});
