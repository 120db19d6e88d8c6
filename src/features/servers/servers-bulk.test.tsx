import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs, uniqueName } from '../../testing/render';
import { createServerAs } from '../../testing/resources';

function resultOf(results: HTMLElement, title: string) {
  const row = within(results).getByRole('rowheader', { name: title }).closest('tr');
  if (!row) throw new Error(`No result row for ${title}`);
  return row;
}

describe('bulk actions on the server list', () => {
  it('stops the selected servers, lists the refused one as failed and retries only it', async () => {
    // The `other` account: its seeded server is started and no other test needs it running.
    const session = await signInAs('other');
    const title = uniqueName('bulk-new');
    // A server still being created is in maintenance: the API refuses to stop it.
    await createServerAs(session, { title });
    const { user } = renderApp({ session, path: '/servers' });
    const table = await screen.findByRole('table', { name: 'Servers' });
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions on selected servers' });
    expect(within(toolbar).getByRole('button', { name: 'Stop' })).toBeDisabled();

    await user.click(within(table).getByRole('checkbox', { name: 'Select other-app' }));
    await user.click(within(table).getByRole('checkbox', { name: `Select ${title}` }));
    expect(toolbar).toHaveTextContent('2 servers selected');
    await user.click(within(toolbar).getByRole('button', { name: 'Stop' }));

    const dialog = await screen.findByRole('dialog', { name: 'Stop: 2 servers' });
    expect(dialog).toHaveTextContent(`other-app, ${title}`);
    await user.click(within(dialog).getByRole('button', { name: 'Stop 2 servers' }));

    expect(await within(dialog).findByText('1 done, 1 failed.')).toBeVisible();
    const results = within(dialog).getByRole('table', { name: 'Results' });
    expect(resultOf(results, 'other-app')).toHaveTextContent('Done');
    expect(resultOf(results, title)).toHaveTextContent('Failed: SERVER_STATE_ILLEGAL');

    // A retry sends only the failed item: other-app, stopping now, would be refused if sent again.
    await user.click(within(dialog).getByRole('button', { name: 'Retry failed (1)' }));
    expect(await within(dialog).findByText('1 done, 1 failed.')).toBeVisible();
    expect(resultOf(results, 'other-app')).toHaveTextContent('Done');
    expect(resultOf(results, title)).toHaveTextContent('Failed: SERVER_STATE_ILLEGAL');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toolbar).toHaveTextContent('Select servers to act on several at once.');
    await waitFor(() =>
      expect(
        within(table).getByRole('rowheader', { name: 'other-app' }).closest('tr'),
      ).not.toHaveTextContent('started'),
    );
    // Creating a server and two runs of a dialog: more than the default 15 s under load.
  }, 40_000);

  it('leaves out servers already started, saying why, and retries only what failed', async () => {
    const session = await signInAs('demo');
    // Titled so that one search shows it next to web-1, which the seed starts. Still being
    // created, it is in maintenance: the API refuses to start it.
    const title = uniqueName('web-1 bulk start');
    await createServerAs(session, { title });
    const { user } = renderApp({ session, path: '/servers?search=web-1' });
    const table = await screen.findByRole('table', { name: 'Servers' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select web-1' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions on selected servers' });
    await user.click(within(toolbar).getByRole('button', { name: 'Start' }));
    let dialog = await screen.findByRole('dialog', { name: 'Start: 0 servers' });
    expect(dialog).toHaveTextContent(
      'Left out, as the API would refuse them: web-1 (already started).',
    );
    expect(within(dialog).getByRole('button', { name: 'Start 0 servers' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(table).getByRole('checkbox', { name: `Select ${title}` }));
    await user.click(within(toolbar).getByRole('button', { name: 'Start' }));
    dialog = await screen.findByRole('dialog', { name: 'Start: 1 server' });
    expect(dialog).toHaveTextContent(`Start 1 server: ${title}.`);
    await user.click(within(dialog).getByRole('button', { name: 'Start 1 server' }));

    expect(await within(dialog).findByText('0 done, 1 failed. 1 left out.')).toBeVisible();
    const results = within(dialog).getByRole('table', { name: 'Results' });
    expect(resultOf(results, 'web-1')).toHaveTextContent('Left out: already started');
    expect(resultOf(results, title)).toHaveTextContent('Failed: SERVER_STATE_ILLEGAL');
    expect(within(dialog).getByRole('button', { name: 'Retry failed (1)' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  }, 40_000);

  it('asks for the count (or “delete”) before a bulk delete of the whole page', async () => {
    const session = await signInAs('other');
    const { user } = renderApp({ session, path: '/servers' });
    const table = await screen.findByRole('table', { name: 'Servers' });
    await user.click(
      within(table).getByRole('checkbox', { name: 'Select all servers on this page' }),
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions on selected servers' });
    const count = within(table).getAllByRole('rowheader').length;
    expect(toolbar).toHaveTextContent(`${count} server`);
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: /^Delete: / });
    const confirm = within(dialog).getByRole('button', { name: /^Delete \d+ server/ });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /to confirm/ }), 'remove');
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });
});
