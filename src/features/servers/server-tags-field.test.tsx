import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNotice } from '../../testing/servers';
import { renderApp, signInAs } from '../../testing/render';

describe('server tags on the overview', () => {
  it('creates a tag inline, removes it, then picks it from the account’s tags', async () => {
    const { user } = renderApp({ session: await signInAs('demo'), path: '/servers' });
    const table = await screen.findByRole('table', { name: 'Servers' });
    await user.click(within(table).getByRole('link', { name: 'build-box' }));
    const tags = await screen.findByRole('list', { name: 'Tags' });
    const name = `ux_${Math.random().toString(36).slice(2, 8)}`;
    const field = screen.getByRole('combobox', { name: 'Add a tag' });

    await user.type(field, 'not a tag{Enter}');
    expect(field).toHaveAccessibleDescription('Letters, digits and underscores, at most 32.');

    await user.clear(field);
    await user.type(field, `${name}{Enter}`);
    expect(await within(tags).findByText(name)).toBeVisible();
    await expectNotice(`Tag “${name}” added`);

    await user.click(screen.getByRole('button', { name: `Remove tag ${name}` }));
    await waitFor(() => expect(within(tags).queryByText(name)).not.toBeInTheDocument());
    await expectNotice(`Tag “${name}” removed`);

    await user.click(field);
    await user.click(await screen.findByRole('option', { name }));
    expect(await within(tags).findByText(name)).toBeVisible();
  });
});
