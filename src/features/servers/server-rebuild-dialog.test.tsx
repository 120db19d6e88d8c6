import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectRefusedWhileRunning, openServerPage, expectNotice } from '../../testing/servers';

describe('the Rebuild dialog', () => {
  it('is disabled on a running server and says why', async () => {
    await expectRefusedWhileRunning(
      'Rebuild',
      'Rebuild “web-1”?',
      'Stop the server first: only a stopped server can be rebuilt.',
      'Rebuild server',
    );
  });

  it('wipes the OS disk only after the title is typed', async () => {
    const { user } = await openServerPage('build-box');
    const devices = screen.getByRole('table', { name: 'Storage devices' });
    const oldDisk = within(devices)
      .getByRole('link', { name: 'build-box OS' })
      .getAttribute('href');
    await user.click(screen.getByRole('button', { name: 'Rebuild' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rebuild “build-box”?' });
    expect(dialog).toHaveTextContent('Everything on its OS disk “build-box OS” is erased');
    const confirm = within(dialog).getByRole('button', { name: 'Rebuild server' });

    await user.click(within(dialog).getByRole('combobox', { name: 'Operating system template' }));
    await user.click(await screen.findByRole('option', { name: 'Rocky Linux 9' }));
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Type “build-box”/ }), 'build-bo');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Type “build-box”/ }), 'x');
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/^maintenance( \d+%)?$/)).toBeVisible();
    await expectNotice('Rebuild started: the server gets a fresh disk from the template');
    const newDisk = within(screen.getByRole('table', { name: 'Storage devices' }))
      .getByRole('link', { name: 'build-box OS' })
      .getAttribute('href');
    expect(newDisk).not.toBe(oldDisk);
  });
});
