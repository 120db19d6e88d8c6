import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectRefusedWhileRunning, openServerPage, expectNotice } from '../../testing/servers';

describe('the Relocate dialog', () => {
  it('is disabled on a running server and says why', async () => {
    const dialog = await expectRefusedWhileRunning(
      'Relocate',
      'Relocate “web-1”',
      'Stop the server first: only a stopped server can move.',
      'Relocate',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Zone to move to' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('explains that the disks move, asks for a zone and moves the server', async () => {
    const { user } = await openServerPage('build-box');
    await user.click(screen.getByRole('button', { name: 'Relocate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relocate “build-box”' });
    expect(dialog).toHaveTextContent('It is in fi-hel1 now. Its 1 disk moves with it');
    await user.click(within(dialog).getByRole('button', { name: 'Relocate' }));
    expect(await within(dialog).findByText('Choose a zone.')).toBeVisible();

    await user.click(within(dialog).getByRole('combobox', { name: 'Zone to move to' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: /\(fi-hel1\)/ })).toBeNull();
    await user.click(within(listbox).getByRole('option', { name: /\(fi-hel2\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Relocate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const facts = await screen.findByText('fi-hel2');
    expect(facts).toBeVisible();
    expect(await screen.findByText(/^maintenance( \d+%)?$/)).toBeVisible();
    await expectNotice(
      'Relocation to fi-hel2 started: the server is in maintenance until it has moved',
    );
  });
});
