import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createToken } from '../../api/tokens';
import type { Session } from '../../auth/session-store';
import { formatDateTime } from '../../lib/format';
import { renderApp, renderPage, signInAs, uniqueName } from '../../testing/render';
import { TokensPage } from './tokens-page';

/** The tokens page as `session`, its Create dialog open with a fresh name typed in. */
async function startCreating(session: Session, prefix: string) {
  const name = uniqueName(prefix);
  const { user } = renderPage(<TokensPage />, { session });
  await user.click(await screen.findByRole('button', { name: 'Create token' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
  await user.type(within(dialog).getByLabelText(/Name/), name);
  return { user, dialog, name };
}

describe('API tokens page', () => {
  it('creates a token, shows its secret once and lists it', async () => {
    const { user, dialog, name } = await startCreating(await signInAs('demo'), 'Deploy script');
    await user.click(within(dialog).getByRole('combobox', { name: 'Expires after' }));
    await user.click(await screen.findByRole('option', { name: '7 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const secretDialog = await screen.findByRole('dialog', { name: `Token “${name}” created` });
    expect(within(secretDialog).getByText(/It will not be shown again/)).toBeVisible();
    const secret = (within(secretDialog).getByLabelText('Token') as HTMLTextAreaElement).value;
    expect(secret).toMatch(/^ucat_/);
    await user.click(within(secretDialog).getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(within(secretDialog).getByText('Copied to the clipboard.')).toBeVisible();
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));

    const row = (await screen.findByRole('rowheader', { name: name })).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('in 7 days')).toBeVisible();
    // Made after the page's clock last ticked: never "in 7 seconds".
    expect(within(row as HTMLElement).getByText('just now')).toBeVisible();
    expect(within(row as HTMLElement).getByText('Any address')).toBeVisible();
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
  });

  it('shows every moment of the table in the one date format, never as the API’s ISO text', async () => {
    const session = await signInAs('demo');
    await createToken(
      { name: uniqueName('Dated'), expires_in: '1h' },
      { authorization: `Bearer ${session.token}` },
    );
    renderPage(<TokensPage />, { session });

    const table = await screen.findByRole('table', { name: 'API tokens' });
    const moments = table.querySelectorAll('time');
    expect(moments.length).toBeGreaterThanOrEqual(2);
    for (const moment of moments) {
      const iso = moment.getAttribute('dateTime') ?? '';
      expect(moment).toHaveTextContent(formatDateTime(iso));
      expect(moment).not.toHaveTextContent(iso);
    }
  });

  it('deletes a token after a confirmation that names it', async () => {
    const session = await signInAs('demo');
    const name = uniqueName('Old backup job');
    await createToken(
      { name, expires_in: '1h', allowed_ip_ranges: ['192.0.2.0/24'] },
      { authorization: `Bearer ${session.token}` },
    );
    const { user } = renderPage(<TokensPage />, { session });

    const row = (await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement;
    expect(within(row).getByText('192.0.2.0/24')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: `Delete token ${name}` }));

    const confirm = await screen.findByRole('dialog', { name: `Delete the token “${name}”?` });
    await user.click(within(confirm).getByRole('button', { name: 'Delete token' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('rowheader', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`Token “${name}” deleted`);
  });

  it('marks the panel session the user is signed in with', async () => {
    const session = await signInAs('demo');
    renderPage(<TokensPage />, { session });

    const current = await screen.findByText('This session');
    const row = current.closest('tr') as HTMLElement;
    expect(within(row).getByText('Panel session')).toBeVisible();
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Skydeck panel session');
  });

  it('signs the user out when they delete their own panel session (issue 24 item 11)', async () => {
    const session = await signInAs('demo');
    const { user, location } = renderApp({ session, path: '/tokens' });
    const row = (await screen.findByText('This session')).closest('tr') as HTMLElement;
    const name = 'Skydeck panel session';
    await user.click(within(row).getByRole('button', { name: `Delete token ${name}` }));
    const confirm = await screen.findByRole('dialog', { name: `Delete the token “${name}”?` });
    expect(confirm).toHaveTextContent('deleting it signs you out');
    await user.click(within(confirm).getByRole('button', { name: 'Delete token' }));

    expect(await screen.findByRole('heading', { level: 1, name: /^Sign in to / })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      `You deleted this panel session’s token “${name}”, so you are signed out.`,
    );
    expect(location.current?.pathname).toBe('/sign-in');
    // Signed out, not asked to sign in again over the page.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Your session has ended. Sign in again to continue.')).toBeNull();
  });

  it('names the line of an invalid IP range and sends nothing', async () => {
    const { user, dialog, name } = await startCreating(await signInAs('demo'), 'Office only');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Allow from any address' }));
    await user.type(
      within(dialog).getByLabelText('Allowed IP ranges'),
      '192.0.2.10{Enter}10.0.0.300',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    expect(
      await within(dialog).findByText(
        'Line 2 (“10.0.0.300”): Not an IPv4 or IPv6 address, CIDR block or range.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Allowed IP ranges')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue(name);
    expect(screen.queryByRole('rowheader', { name })).not.toBeInTheDocument();
  });

  it('shows the API refusal with its code and keeps the form filled in', async () => {
    const demo = await signInAs('demo');
    const limited = await createToken(
      { name: uniqueName('No token rights'), expires_in: '1h', can_create_tokens: false },
      { authorization: `Bearer ${demo.token}` },
    );
    const { user, dialog, name } = await startCreating(
      { token: limited.token, username: 'demo', viaPassword: false },
      'Refused',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The token could not be created');
    expect(alert).toHaveTextContent('ACTION_FORBIDDEN');
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue(name);
  });
});
