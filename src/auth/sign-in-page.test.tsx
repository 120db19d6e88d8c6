import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountEndpoints } from '../../contract/account';
import { endpointPath } from '../../contract/endpoint';
import { request } from '../api/http';
import { renderApp, signInAs } from '../testing/render';
import { apiAsUser, tenantUser } from '../testing/tenant';
import { createSubaccount } from '../testing/factories';

describe('sign-in page', () => {
  it('opens on username and password, and fills in a sandbox demo account with one click', async () => {
    const { user } = renderApp({ path: '/sign-in' });

    const methods = await screen.findByRole('group', { name: 'Sign in with' });
    expect(
      within(methods)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Username and password', 'API token']);
    expect(within(methods).getByRole('button', { name: 'Username and password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByLabelText(/Username/)).toHaveValue('');
    expect(screen.queryByText('Discouraged')).not.toBeInTheDocument();

    // The sandbox's seeded accounts, as the README lists them.
    const demos = await screen.findByRole('region', { name: 'Sandbox demo accounts' });
    expect(
      within(demos)
        .getAllByRole('button')
        .map((button) => button.querySelector('strong')?.textContent),
    ).toEqual(['demo', 'demo_viewer', 'partner', 'other']);
    await user.click(within(methods).getByRole('button', { name: 'API token' }));
    await user.click(within(demos).getByRole('button', { name: /^demo_viewer / }));

    expect(screen.getByLabelText(/Username/)).toHaveValue('demo_viewer');
    expect(screen.getByLabelText(/Password/)).toHaveValue('ViewerPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(within(screen.getByRole('banner')).getByText('demo_viewer')).toBeVisible();
  });

  it('signs in with an API token and returns to the page that was asked for', async () => {
    const { token } = await signInAs('demo');
    const { user, location } = renderApp({ path: '/zones' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Skydeck' }),
    ).toBeVisible();
    expect(location.current?.search).toBe('?next=%2Fzones');
    await user.click(screen.getByRole('button', { name: 'API token' }));
    await user.type(screen.getByLabelText(/API token/), token);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Zones' })).toBeVisible();
    expect(await screen.findByRole('rowheader', { name: 'Frankfurt #1' })).toBeVisible();
    expect(screen.getByText(tenantUser('demo').username)).toBeVisible();
    // The title is set by an effect that may run just after the page is painted.
    await waitFor(() => expect(document.title).toBe('Zones · Skydeck'));
  });

  it('says the token is not accepted and keeps it in the field', async () => {
    const { user } = renderApp({ path: '/sign-in' });

    await user.click(await screen.findByRole('button', { name: 'API token' }));
    await user.type(screen.getByLabelText(/API token/), 'ucat_wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The API token is not accepted');
    expect(alert).toHaveTextContent('AUTHENTICATION_FAILED');
    expect(screen.getByLabelText(/API token/)).toHaveValue('ucat_wrong');
  });

  it('explains why password sign-in is discouraged', async () => {
    const { user } = renderApp({ path: '/sign-in' });

    await user.click(await screen.findByRole('button', { name: 'Username and password' }));

    expect(screen.getByText(/Basic authentication, which the API will deprecate/)).toBeVisible();
    expect(screen.getByText(/8-hour session token/)).toBeVisible();
  });

  it('shows the API error for a wrong password and keeps what was typed', async () => {
    const { user } = renderApp({ path: '/sign-in' });

    await user.click(await screen.findByRole('button', { name: 'Username and password' }));
    await user.type(screen.getByLabelText(/Username/), 'demo');
    await user.type(screen.getByLabelText(/Password/), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The username or password is not accepted');
    expect(alert).toHaveTextContent('AUTHENTICATION_FAILED');
    expect(screen.getByLabelText(/Username/)).toHaveValue('demo');
    expect(screen.getByLabelText(/Password/)).toHaveValue('not-the-password');
  });

  it('refuses an account whose panel access is off (allow_gui "no") with a clear message', async () => {
    const { username, password } = await createSubaccount(apiAsUser('demo'), 'nogui', {
      password: 'NoGui-Passw0rd',
      first_name: 'Api',
      last_name: 'Only',
      allow_gui: 'no',
    });
    const { user } = renderApp({ path: '/sign-in' });

    await user.click(await screen.findByRole('button', { name: 'Username and password' }));
    await user.type(screen.getByLabelText(/Username/), username);
    await user.type(screen.getByLabelText(/Password/), password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This account may not sign in to the control panel');
    expect(alert).toHaveTextContent('GUI_ACCESS_DISABLED');
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('asks for missing fields before calling the API', async () => {
    const { user } = renderApp({ path: '/sign-in' });

    await user.click(await screen.findByRole('button', { name: 'Username and password' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Enter your username.')).toBeVisible();
    expect(screen.getByText('Enter your password.')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('exchanges a password for a session token and revokes it on sign-out', async () => {
    const { user, sessionStore } = renderApp({ path: '/sign-in' });

    await user.click(await screen.findByRole('button', { name: 'Username and password' }));
    const { username, password } = tenantUser('demo');
    await user.type(screen.getByLabelText(/Username/), username);
    await user.type(screen.getByLabelText(/Password/), password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const session = sessionStore.getState().session;
    expect(session).toMatchObject({ username, viaPassword: true });
    expect(JSON.stringify(window.sessionStorage)).not.toContain(password);

    const banner = screen.getByRole('banner');
    await user.click(within(banner).getByRole('button', { name: 'Sign out' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Skydeck' }),
    ).toBeVisible();
    expect(window.sessionStorage.getItem('skydeck.session')).toBeNull();
    await expect(
      request(endpointPath(accountEndpoints.get), accountEndpoints.get.response, {
        authorization: `Bearer ${session?.token}`,
      }),
    ).rejects.toMatchObject({ status: 401 });
  });
});
