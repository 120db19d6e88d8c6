import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { request } from '../../api/http';
import { serverQueries } from '../../api/servers';
import { auditLogQueries } from '../../api/audit-logs';
import { createToken } from '../../api/tokens';
import { exchangePassword } from '../../auth/sign-in';
import type { Session } from '../../auth/session-store';
import { HoldBack } from '../../testing/hold-back';
import { renderApp, renderPage, signInAs, searchOf } from '../../testing/render';
import { apiAsUser } from '../../testing/tenant';
import { createSubaccount } from '../../testing/factories';
import { createDeletedStorageAs, createStorageAs } from '../../testing/resources';
import { ResourceActivity } from '../../components/resource-activity';
import { AuditLogsPage } from './audit-logs-page';
import { markApiCalls, pathsUnder } from '../../testing/api-calls';
import { auditLogEndpoints } from '../../../contract/audit-log';
import { endpointPath } from '../../../contract/endpoint';
import { serverEndpoints } from '../../../contract/server';
import { storageEndpoints } from '../../../contract/storage';

/** The audit log page as `session` sees it, at `/audit-logs?<search>`. */
const openAuditLog = (session: Session, search: string) =>
  renderPage(<AuditLogsPage />, { session, path: `/audit-logs?${search}` });

/**
 * A subaccount of demo of its own, signed in to the panel: it sees only its own audit rows, so
 * counts hold while other test files change the shared sandbox.
 */
async function freshSubaccount(): Promise<Session> {
  const { username, password } = await createSubaccount(apiAsUser('demo'), 'audit', {
    password: 'Audit-Passw0rd',
    first_name: 'Audit',
    last_name: 'Tester',
  });
  return exchangePassword(username, password);
}

async function createTokens(session: Session, count: number) {
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const created = await createToken(
      { name: `audit ${n}`, expires_in: '1h' },
      { authorization: `Bearer ${session.token}` },
    );
    ids.push(created.id);
  }
  return ids;
}

/** A storage of `session`'s created as `title` and renamed `renamed`: an update in its audit rows. */
async function createRenamedStorage(session: Session, title: string, renamed: string) {
  const storage = await createStorageAs(session, { zone: 'fi-hel1', title });
  const { modify } = storageEndpoints;
  await request(endpointPath(modify, { uuid: storage.uuid }), null, {
    method: modify.method,
    body: { storage: { title: renamed } },
    authorization: `Bearer ${session.token}`,
  });
  return storage;
}

describe('audit log page', () => {
  it('pages on the server by Service-Total-Count and keeps page and filters in the URL', async () => {
    const session = await freshSubaccount();
    await createTokens(session, 27);
    const { user, location } = openAuditLog(session, 'limit=25');

    const table = await screen.findByRole('table', { name: 'Audit log' });
    // 27 token creations and the panel sign-in.
    expect(await screen.findByText('Rows 1–25 of 28 · page 1 of 2')).toBeVisible();
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Rows 26–28 of 28 · page 2 of 2')).toBeVisible();
    expect(searchOf(location).get('offset')).toBe('25');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(
      within(screen.getByRole('table', { name: 'Audit log' })).getByText('login'),
    ).toBeVisible();

    // The pickers come after the page's first paint.
    await user.click(await screen.findByRole('combobox', { name: 'Actions' }));
    await user.click(await screen.findByRole('option', { name: 'login' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(searchOf(location).getAll('action')).toEqual(['login']));
    // A new filter starts from the first page.
    expect(searchOf(location).get('offset')).toBeNull();
    expect(await screen.findByText('Rows 1–1 of 1 · page 1 of 1')).toBeVisible();
  });

  it('says in a picker’s menu that its choices are loading, then lists them', async () => {
    const session = await freshSubaccount();
    const { user, queryClient } = renderPage(
      <HoldBack queryKeys={[auditLogQueries.filterOptions().queryKey]}>
        <AuditLogsPage />
      </HoldBack>,
      { session, path: '/audit-logs' },
    );
    await user.click(await screen.findByRole('combobox', { name: 'Origins' }));
    const menu = await screen.findByRole('listbox', { name: 'Origins' });
    expect(within(menu).getByRole('option', { name: 'Loading the choices…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const options = await queryClient.fetchQuery(auditLogQueries.filterOptions());
    expect(options.origins.length).toBeGreaterThan(0);
    for (const origin of options.origins) {
      expect(await within(menu).findByRole('option', { name: origin })).toBeVisible();
    }
    expect(within(menu).queryByRole('option', { name: 'Loading the choices…' })).toBeNull();
  });

  it('reads every filter from the URL and writes the keyword and dates into it', async () => {
    const session = await freshSubaccount();
    const [tokenId] = await createTokens(session, 2);
    const { user, location } = openAuditLog(session, 'action=create&type=auth&origin=gui');

    await screen.findByRole('table', { name: 'Audit log' });
    expect(await screen.findByText('Rows 1–2 of 2 · page 1 of 1')).toBeVisible();
    expect(await screen.findByRole('combobox', { name: 'Actions' })).toHaveTextContent('create');
    expect(screen.getByRole('combobox', { name: 'Resource types' })).toHaveTextContent('auth');
    expect(screen.getByRole('combobox', { name: 'Origins' })).toHaveTextContent('gui');

    await user.type(
      screen.getByRole('searchbox', { name: 'Resource UUID, username or IP address' }),
      tokenId!,
    );
    await waitFor(() => expect(searchOf(location).get('q')).toBe(tokenId));
    expect(await screen.findByText('Rows 1–1 of 1 · page 1 of 1')).toBeVisible();

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await user.type(screen.getByLabelText('From (UTC)'), tomorrow);
    await waitFor(() => expect(searchOf(location).get('from')).toBe(tomorrow));
    expect(await screen.findByText('No events match these filters.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.current?.search).toBe(''));
    expect(await screen.findByText('Rows 1–3 of 3 · page 1 of 1')).toBeVisible();
  });

  it('opens the full event in a drawer, from the table and from the URL', async () => {
    const session = await freshSubaccount();
    const [tokenId] = await createTokens(session, 1);
    const { user, location } = openAuditLog(session, `q=${tokenId}`);

    const table = await screen.findByRole('table', { name: 'Audit log' });
    await user.click(within(table).getByRole('button', { name: /^Event details: create auth/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Audit event' });
    expect(within(drawer).getByText(tokenId!)).toBeVisible();
    expect(within(drawer).getByText('api-token', { exact: false })).toBeVisible();
    expect(within(drawer).getByRole('region', { name: 'Current state' })).toHaveTextContent(
      '"name": "audit 0"',
    );
    expect(within(drawer).getByText('Not recorded for this event.')).toBeVisible();
    const eventId = searchOf(location).get('event');
    expect(eventId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);

    await user.click(within(drawer).getByRole('button', { name: 'Close event details' }));
    await waitFor(() => expect(searchOf(location).get('event')).toBeNull());
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Audit event' })).not.toBeInTheDocument(),
    );

    // A shared link opens the same event, even when it is not on the page shown.
    openAuditLog(session, `action=login&event=${eventId}`);
    const linked = await screen.findByRole('dialog', { name: 'Audit event' });
    expect(await within(linked).findByText(eventId!)).toBeVisible();
  });

  it('shows what an update changed, before and after', async () => {
    const session = await signInAs('demo');
    const storage = await createRenamedStorage(session, 'audit before', 'audit after');
    const { user } = openAuditLog(session, `q=${storage.uuid}&action=update`);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await user.click(within(table).getByRole('button', { name: /^Event details: update storage/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Audit event' });
    const changes = within(drawer).getByRole('table', { name: 'Changes' });
    const titleRow = within(changes).getByRole('rowheader', { name: 'title' }).closest('tr')!;
    expect(titleRow).toHaveTextContent('audit before');
    expect(titleRow).toHaveTextContent('audit after');
    expect(within(drawer).getByRole('link', { name: 'Open the resource' })).toHaveAttribute(
      'href',
      `/storage/${storage.uuid}`,
    );
  });

  it('says at the dates that they are the wrong way round, sends no read and keeps the rows', async () => {
    const session = await freshSubaccount();
    await createTokens(session, 2);
    const { user, location } = openAuditLog(session, '');
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const listPath = endpointPath(auditLogEndpoints.list);
    const isListRead = (path: string) => path.startsWith(`${listPath}?`) || path === listPath;

    await user.type(screen.getByLabelText('From (UTC)'), today);
    expect(await screen.findByText('Rows 1–3 of 3 · page 1 of 1')).toBeVisible();
    const calls = markApiCalls();
    await user.type(screen.getByLabelText('To (UTC)'), yesterday);

    await waitFor(() => expect(searchOf(location).get('to')).toBe(yesterday));
    expect(screen.getByLabelText('From (UTC)')).toHaveAccessibleDescription(
      'The start date is after the end date.',
    );
    expect(screen.getByLabelText('From (UTC)')).toBeInvalid();
    expect(screen.getByText('Rows 1–3 of 3 · page 1 of 1')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    // Dates put right read the list again; the wrong ones before were never asked for.
    await user.clear(screen.getByLabelText('To (UTC)'));
    await user.type(screen.getByLabelText('To (UTC)'), today);
    await waitFor(() =>
      expect(calls(isListRead).some((call) => call.path.includes(`${today}T23%3A59%3A59Z`))).toBe(
        true,
      ),
    );
    expect(calls(isListRead).filter((call) => call.path.includes(yesterday))).toEqual([]);
    expect(screen.getByLabelText('From (UTC)')).not.toHaveAccessibleDescription();
    expect(await screen.findByText('Rows 1–3 of 3 · page 1 of 1')).toBeVisible();
  });

  it('keeps both dates when they are changed one right after the other', async () => {
    const session = await freshSubaccount();
    const { location } = openAuditLog(session, '');
    await screen.findByRole('table', { name: 'Audit log' });
    const today = new Date().toISOString().slice(0, 10);

    // Two changes before the page renders again, as a quick hand (or a slow phone) makes them.
    act(() => {
      fireEvent.change(screen.getByLabelText('From (UTC)'), { target: { value: today } });
      fireEvent.change(screen.getByLabelText('To (UTC)'), { target: { value: today } });
    });

    await waitFor(() => expect(searchOf(location).get('to')).toBe(today));
    expect(searchOf(location).get('from')).toBe(today);
    expect(screen.getByLabelText('From (UTC)')).toHaveValue(today);
    expect(screen.getByLabelText('To (UTC)')).toHaveValue(today);
  });

  it('explains the 180-day export limit and disables export beyond it', async () => {
    const session = await freshSubaccount();
    const { unmount } = openAuditLog(session, 'from=2025-01-01&to=2026-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An export covers at most 180 days; this range is 366 days.',
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export JSON' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAccessibleDescription(
      /at most 180 days/,
    );
    unmount();

    openAuditLog(session, 'from=2025-01-01&to=2025-06-29');
    await screen.findByText(/for at most 180 days/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Export JSON' })).toBeEnabled();
  });
});

describe('app bar search', () => {
  it('opens a server or storage by its UUID, and a deleted one’s events', async () => {
    const session = await signInAs('demo');
    const storage = await createStorageAs(session, { zone: 'fi-hel1', title: 'searched disk' });
    const { user, location } = renderApp({ session, path: '/' });
    // The app bar search opens the command palette with what is typed on it.
    const box = await screen.findByRole('button', { name: 'Search or jump to' });

    await user.type(box, `${storage.uuid.toUpperCase()} {Enter}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'searched disk' })).toBeVisible();
    expect(location.current?.pathname).toBe(`/storage/${storage.uuid}`);
    expect(screen.queryByRole('dialog', { name: 'Search or jump to' })).not.toBeInTheDocument();

    const { delete: remove } = storageEndpoints;
    await request(endpointPath(remove, { uuid: storage.uuid }, { backups: 'delete' }), null, {
      method: remove.method,
      authorization: `Bearer ${session.token}`,
    });
    await user.type(box, `${storage.uuid}{Enter}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    expect(location.current?.pathname).toBe('/audit-logs');
    expect(searchOf(location).get('q')).toBe(storage.uuid);
    expect(
      await screen.findByText(
        `The storage ${storage.uuid} no longer exists. These are its recorded events.`,
      ),
    ).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.textContent),
      ).toEqual([expect.stringContaining('delete'), expect.stringContaining('create')]),
    );
  });

  it('opens the audit log for a UUID of a type without a page', async () => {
    const session = await signInAs('demo');
    const { user, location } = renderApp({ session, path: '/' });
    const box = await screen.findByRole('button', { name: 'Search or jump to' });

    const peering = '0f3e6b63-4f0a-4c1b-8d2e-5a6b7c8d9e0f';
    await user.type(box, `${peering}{Enter}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    expect(searchOf(location).get('q')).toBe(peering);
    expect(
      screen.getByRole('searchbox', { name: 'Resource UUID, username or IP address' }),
    ).toHaveValue(peering);
  });
});

describe('activity tab', () => {
  it('lists one storage’s audit rows on its detail page, with the tab in the URL', async () => {
    const session = await signInAs('demo');
    const storage = await createRenamedStorage(session, 'activity disk', 'activity disk renamed');
    const { user, location } = renderApp({ session, path: `/storage/${storage.uuid}` });
    await screen.findByRole('heading', { level: 1, name: 'activity disk renamed' });
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    await waitFor(() => expect(searchOf(location).get('tab')).toBe('activity'));
    const table = await screen.findByRole('table', { name: 'Activity' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('update'), expect.stringContaining('create')]);
    expect(screen.queryByRole('tabpanel', { name: 'Overview' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in the audit log' })).toHaveAttribute(
      'href',
      `/audit-logs?q=${storage.uuid}`,
    );

    await user.click(within(table).getByRole('button', { name: /^Event details: update/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Audit event' });
    expect(within(drawer).getByRole('table', { name: 'Changes' })).toHaveTextContent(
      'activity disk renamed',
    );
  });

  it('narrows to one resource type when given one', async () => {
    const session = await signInAs('demo');
    const storage = await createStorageAs(session, {
      zone: 'fi-hel1',
      title: 'typed activity disk',
    });
    const { unmount } = renderPage(
      <ResourceActivity resourceId={storage.uuid} resourceType="server" />,
      { session },
    );
    expect(await screen.findByText('No recorded activity.')).toBeVisible();
    unmount();
    renderPage(<ResourceActivity resourceId={storage.uuid} resourceType="storage" />, {
      session,
    });
    const table = await screen.findByRole('table', { name: 'Activity' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Open in the audit log' })).toHaveAttribute(
      'href',
      `/audit-logs?q=${storage.uuid}&type=storage`,
    );
  });

  it('shows the Activity tab on a server page too', async () => {
    const session = await signInAs('demo');
    const { user } = renderApp({ session, path: '/servers' });
    await user.click(await screen.findByRole('link', { name: 'web-1' }));
    await user.click(await screen.findByRole('tab', { name: 'Activity' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Activity' })).toBeVisible();
    expect(await screen.findByText(/No recorded activity\.|Rows 1–/)).toBeVisible();
  });
});

describe('audit log resource names (issue 24 item 20)', () => {
  it('names a deleted resource by what its rows recorded, the UUID on hover and copy', async () => {
    const session = await signInAs('demo');
    const storage = await createDeletedStorageAs(session, 'audit named');
    const callsSince = markApiCalls();
    const { user } = openAuditLog(session, `q=${storage.uuid}`);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const names = within(table).getAllByText('audit named');
    // The create and the delete row.
    expect(names).toHaveLength(2);
    // The name's whole text and the UUID are its title, whatever its box cuts short.
    for (const name of names) {
      expect(name).toHaveAttribute('title', `audit named\n${storage.uuid}`);
    }
    expect(within(table).queryByText(storage.uuid)).not.toBeInTheDocument();
    const [copy] = within(table).getAllByRole('button', { name: `Copy the UUID ${storage.uuid}` });
    await user.click(copy!);
    expect(await navigator.clipboard.readText()).toBe(storage.uuid);
    // The rows named it: no read of the (deleted) storage, nor of a list.
    const storageReads = callsSince(pathsUnder(storageEndpoints.list));
    expect(storageReads).toHaveLength(0);
  });

  it('names rows that recorded no name from one list of their kind, not a read per row', async () => {
    const session = await signInAs('demo');
    const callsSince = markApiCalls();
    const { queryClient } = openAuditLog(session, 'action=start&type=server&limit=100');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    // Seeded start rows record only the state; the server list names them.
    const servers = await queryClient.fetchQuery(serverQueries.list());
    const web1 = servers.find((server) => server.title === 'web-1');
    expect(web1).toBeDefined();
    const [name] = await within(table).findAllByText('web-1');
    expect(name).toHaveAttribute('title', `web-1\n${web1?.uuid}`);
    const serverReads = callsSince(pathsUnder(serverEndpoints.list));
    expect(serverReads).toHaveLength(1);
  });
});
