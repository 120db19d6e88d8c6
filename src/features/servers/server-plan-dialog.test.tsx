import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectRefusedWhileRunning, openServerPage, expectNotice } from '../../testing/servers';

const hourly = /^€\d+\.\d+ per hour$/;
const prices = (dialog: HTMLElement) => {
  const region = within(dialog).getByRole('region', { name: 'Hourly price' });
  const [now, next] = within(region).getAllByRole('heading', { level: 3 });
  return {
    nowLabel: now!.textContent,
    now: now!.nextElementSibling!.textContent,
    nextLabel: next!.textContent,
    next: next!.nextElementSibling!.textContent,
  };
};

describe('the Plan dialog', () => {
  it('is disabled on a running server and says why', async () => {
    const dialog = await expectRefusedWhileRunning(
      'Plan',
      'Change the plan of “web-1”',
      'Stop the server first: only a stopped server can change its plan.',
      'Save plan',
    );
    expect(await within(dialog).findByRole('combobox', { name: 'Plan' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows the current and the new hourly price side by side, and saves the plan', async () => {
    const { user } = await openServerPage('build-box');
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the plan of “build-box”' });
    await within(dialog).findByRole('combobox', { name: 'Plan' });
    const before = prices(dialog);
    expect(before.nowLabel).toBe('Now (custom)');
    expect(before.now).toMatch(hourly);
    expect(before.next).toBe(before.now);

    await user.click(within(dialog).getByRole('combobox', { name: 'Plan' }));
    await user.click(await screen.findByRole('option', { name: /^4xCPU-8GB/ }));
    const chosen = prices(dialog);
    expect(chosen.nextLabel).toBe('After the change (4xCPU-8GB)');
    expect(chosen.next).toMatch(hourly);
    expect(chosen.next).not.toBe(before.now);
    expect(chosen.now).toBe(before.now);

    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('4xCPU-8GB')).toBeVisible();
    expect(screen.getByText('4 CPU, 8 GiB')).toBeVisible();
    await expectNotice('Plan changed to 4xCPU-8GB');

    // The price the dialog promised is the one it now calls current.
    await user.click(await screen.findByRole('button', { name: 'Plan' }));
    const reopened = await screen.findByRole('dialog', { name: 'Change the plan of “build-box”' });
    expect(prices(reopened)).toMatchObject({ nowLabel: 'Now (4xCPU-8GB)', now: chosen.next });
  });

  it('keeps custom cores and memory when the form or the API refuses them', async () => {
    const { user } = await openServerPage('build-box');
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the plan of “build-box”' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Plan' }));
    await user.click(await screen.findByRole('option', { name: 'Custom cores and memory' }));
    const cores = within(dialog).getByRole('textbox', { name: 'CPU cores' });
    const memory = within(dialog).getByRole('textbox', { name: 'Memory (GiB)' });
    await user.clear(cores);
    await user.type(cores, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await within(dialog).findByText('1 to 20 cores.')).toBeVisible();

    // 17 GiB is not a size of /1.3/server_size (1 GiB steps end at 16 GiB): the API says no.
    await user.clear(cores);
    await user.type(cores, '2');
    await user.clear(memory);
    await user.type(memory, '17');
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await within(dialog).findByText(/CORE_MEMORY_UNSUPPORTED/)).toBeVisible();
    expect(memory).toHaveValue('17');
    expect(cores).toHaveValue('2');
    expect(memory).toHaveAttribute('aria-invalid', 'true');
  });
});
