import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverEndpoints } from '../../../contract/server';
import { callEndpoint } from '../../api/http';
import { as } from '../../testing/resources';
import { openServerPage } from '../../testing/servers';

const weeklies = /^Dailies for a week, weeklies for a month \(weeklies\): €\d+\.\d+ per hour$/;

async function openBackups() {
  const view = await openServerPage('web-1', 'backups');
  const form = await screen.findByRole('form', { name: 'Simple backups' });
  const plan = within(form).getByRole('combobox', { name: 'Backup plan' });
  return { ...view, form, plan };
}

async function choose(
  user: Awaited<ReturnType<typeof openBackups>>['user'],
  plan: HTMLElement,
  name: RegExp | string,
) {
  await user.click(plan);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

describe('the Backups tab', () => {
  it('offers the price list’s plans with their prices', async () => {
    const { user, form, plan } = await openBackups();
    expect(plan).toHaveTextContent('No simple backups');
    expect(await screen.findByText('No simple backups yet.')).toBeVisible();

    await user.click(plan);
    const listbox = await screen.findByRole('listbox');
    const options = () => within(listbox).getAllByRole('option');
    // Priced once the price list is in (it may answer after the server).
    await waitFor(() =>
      expect(options().map((option) => option.textContent)).toEqual([
        'No simple backups',
        expect.stringMatching(/^Daily backups kept for a week \(dailies\): €\d+\.\d+ per hour$/),
        expect.stringMatching(weeklies),
        expect.stringMatching(/\(monthlies\): €\d+\.\d+ per hour$/),
      ]),
    );
    await user.click(options()[2]!);
    expect(within(form).getByRole('textbox', { name: 'Time of day (UTC)' })).toHaveValue('04:00');
  });

  it('sets a plan on the running server, keeps a refused time, and shows the plan after a reload', async () => {
    const view = await openBackups();
    await choose(view.user, view.plan, weeklies);
    const time = within(view.form).getByRole('textbox', { name: 'Time of day (UTC)' });
    await view.user.clear(time);
    await view.user.type(time, '25:00');
    await view.user.click(within(view.form).getByRole('button', { name: 'Save backup plan' }));
    expect(await within(view.form).findByText('A time of day such as 04:30.')).toBeVisible();
    expect(time).toHaveValue('25:00');
    await view.user.clear(time);
    await view.user.type(time, '03:15');
    await view.user.click(within(view.form).getByRole('button', { name: 'Save backup plan' }));
    expect(await within(view.form).findByText('Saved.')).toBeVisible();
    view.unmount();

    const again = await openBackups();
    // The plan shows at once; its price once the price list is in.
    expect(again.plan).toHaveTextContent(
      /^Dailies for a week, weeklies for a month \(weeklies\): /,
    );
    expect(again.plan).not.toHaveTextContent('no price in the list');
    await waitFor(() => expect(again.plan).toHaveTextContent(weeklies));
    expect(within(again.form).getByRole('textbox', { name: 'Time of day (UTC)' })).toHaveValue(
      '03:15',
    );
    await again.user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getByText('started')).toBeVisible();
  });

  it('clears the plan', async () => {
    const set = await openBackups();
    await callEndpoint(
      serverEndpoints.modify,
      { params: { uuid: set.uuid }, body: { server: { simple_backup: '0100,dailies' } } },
      as(set.session),
    );
    set.unmount();
    const view = await openBackups();
    expect(view.plan).toHaveTextContent('(dailies)');
    await choose(view.user, view.plan, 'No simple backups');
    await view.user.click(within(view.form).getByRole('button', { name: 'Save backup plan' }));
    expect(await within(view.form).findByText('Saved.')).toBeVisible();
    view.unmount();
    const again = await openBackups();
    expect(again.plan).toHaveTextContent('No simple backups');
    expect(within(again.form).queryByRole('textbox', { name: 'Time of day (UTC)' })).toBeNull();
  });
});
