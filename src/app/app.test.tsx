import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageQueries } from '../api/storage';
import { deleteToken } from '../api/tokens';
import { storageListParams, storageListUrl } from '../features/storage/storage-list-params';
import { readUrlState } from '../lib/url-state';
import { renderApp, signInAs } from '../testing/render';
import { tenantUser } from '../testing/tenant';

describe('app shell and routes', () => {
  it('navigates between groups with breadcrumbs and page titles', async () => {
    const { user } = renderApp({ session: await signInAs('demo') });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The title is set by an effect that may run just after the page is painted.
    await waitFor(() => expect(document.title).toBe('Dashboard · Skydeck'));
    expect(within(screen.getByRole('banner')).getByText(tenantUser('demo').username)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(navigation).getByRole('link', { name: 'Prices' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
    // The title is set by an effect that may run just after the page is painted.
    await waitFor(() => expect(document.title).toBe('Prices · Skydeck'));
    const breadcrumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(breadcrumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(breadcrumbs).getByText('Prices')).toHaveAttribute('aria-current', 'page');
  });

  it('groups the navigation into sections, each a named list of links reached with Tab', async () => {
    const { user } = renderApp({ session: await signInAs('demo') });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getAllByRole('list', { name: /./ })).toHaveLength(6);
    const named = (name: string) =>
      within(within(navigation).getByRole('list', { name }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(named('Compute')).toEqual([
      'Servers',
      'Server groups',
      'Tags',
      'Zones',
      'Device availability',
    ]);
    expect(named('Storage')).toEqual(['Storage']);
    expect(named('Network')).toEqual(expect.arrayContaining(['Networks', 'Load balancers']));
    expect(named('Kubernetes')).toEqual(['Kubernetes']);
    expect(named('Account & billing')).toEqual(expect.arrayContaining(['Prices', 'Billing']));
    expect(named('Security')).toEqual(['API tokens', 'Audit log']);
    // Dashboard first, above the sections; the tab order follows the drawer.
    const dashboard = within(navigation).getByRole('link', { name: 'Dashboard' });
    dashboard.focus();
    await user.tab();
    expect(within(navigation).getByRole('link', { name: 'Servers' })).toHaveFocus();
    await user.tab();
    expect(within(navigation).getByRole('link', { name: 'Server groups' })).toHaveFocus();
  });

  it('starts reading a page when its link in the navigation is pressed, before it is followed', async () => {
    const { user, queryClient, location } = renderApp({ session: await signInAs('demo') });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    const storage = within(navigation).getByRole('link', { name: 'Storage' });
    const list = storageQueries.page(
      storageListParams(readUrlState(storageListUrl, new URLSearchParams())),
    );

    await user.hover(storage);
    expect(queryClient.getQueryState(list.queryKey)).toBeUndefined();
    // Pressed, not yet released: still on the dashboard, the list already asked for.
    await user.pointer({ keys: '[MouseLeft>]', target: storage });
    await waitFor(() => expect(queryClient.getQueryState(list.queryKey)).toBeDefined());
    expect(location.current?.pathname).toBe('/');
    await user.pointer({ keys: '[/MouseLeft]', target: storage });
    expect(await screen.findByRole('heading', { level: 1, name: 'Storage' })).toBeVisible();
  });

  it('opens the dashboard’s widgets and links from them into the groups', async () => {
    const { user } = renderApp({ session: await signInAs('demo') });

    const resources = await screen.findByRole('region', { name: 'Resources' });
    await user.click(await within(resources).findByRole('link', { name: 'Storage' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Storage' })).toBeVisible();
  });

  it('answers unknown addresses with a not-found page', async () => {
    renderApp({ session: await signInAs('demo'), path: '/no/such/page' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // The title is set by an effect that may run just after the page is painted.
    await waitFor(() => expect(document.title).toBe('Page not found · Skydeck'));
    expect(screen.getByRole('link', { name: 'dashboard' })).toHaveAttribute('href', '/');
  });

  it('lets keyboard users skip to the main content first', async () => {
    const { user } = renderApp({ session: await signInAs('demo') });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('switches the colour theme and remembers the choice', async () => {
    const { user } = renderApp({ session: await signInAs('demo') });
    const themes = await screen.findByRole('group', { name: 'Colour theme' });

    expect(within(themes).getByRole('button', { name: 'Same as system' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(themes).getByRole('button', { name: 'Dark' }));

    expect(within(themes).getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(window.localStorage.getItem('skydeck.color-mode')).toBe('dark');
  });

  it('sends an ended session, when the user gives up signing in again, to sign-in and back', async () => {
    const session = await signInAs('demo');
    await deleteToken(session.tokenId ?? '', { authorization: `Bearer ${session.token}` });
    const fresh = await signInAs('demo');
    const { user, location } = renderApp({ session, path: '/tokens' });

    // A refused token first asks to sign in again over the page; giving up ends the session.
    const renewal = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(location.current?.pathname).toBe('/tokens');
    await user.click(within(renewal).getByRole('button', { name: 'Cancel and sign out' }));
    expect(
      await screen.findByText('Your session has ended. Sign in again to continue.'),
    ).toBeVisible();
    expect(location.current?.pathname).toBe('/sign-in');
    expect(location.current?.search).toBe('?next=%2Ftokens');

    await user.click(screen.getByRole('button', { name: 'API token' }));
    await user.type(screen.getByLabelText(/API token/), fresh.token);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'API tokens' })).toBeVisible();
  });
});
