import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverEndpoints } from '../../../contract/server';
import { serverQueries } from '../../api/servers';
import { renderApp, signInAs } from '../../testing/render';
import { markApiCalls, pathsUnder } from '../../testing/api-calls';

describe('server events', () => {
  it('reads the events again when the server’s state changes, keeping the list meanwhile (issue 24 item 5)', async () => {
    const session = await signInAs('demo');
    const view = renderApp({ session, path: '/servers' });
    const table = await view.findByRole('table', { name: 'Servers' });
    await view.user.click(within(table).getByRole('link', { name: 'web-1' }));
    const events = await screen.findByRole('table', { name: 'Events, newest first' });
    expect(within(events).getAllByText('Started').length).toBeGreaterThan(0);
    const uuid = view.location.current?.pathname.split('/').at(-1) ?? '';
    const callsSince = markApiCalls();
    const eventReads = () => callsSince(pathsUnder(serverEndpoints.events, { uuid }));

    // A job completes a start or stop: the record the page polls changes state, and the event
    // the job recorded must show without a reload.
    const detail = serverQueries.detail(uuid).queryKey;
    view.queryClient.setQueryData(detail, (server) =>
      server ? { ...server, state: 'maintenance' as const } : server,
    );
    await waitFor(() => expect(eventReads()).toHaveLength(1));
    // The list stays on screen while it is read again.
    expect(screen.getByRole('table', { name: 'Events, newest first' })).toBeVisible();
  });
});
