import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, renderPage, signInAs, uniqueName, searchOf } from '../../testing/render';
import { StorageListPage } from './storage-list-page';

const rowTitles = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('storage list page', () => {
  it('reads type and label filters from the URL and keeps changes in it', async () => {
    const { user, location } = renderPage(<StorageListPage />, {
      session: await signInAs('demo'),
      path: '/storage?type=normal&label=env%3Dprod',
    });

    const table = await screen.findByRole('table', { name: 'Storages' });
    await waitFor(() => expect(rowTitles(table)).toContain('web assets archive'));
    expect(rowTitles(table)).not.toContain('build-box OS');
    expect(rowTitles(table)).not.toContain('web-1 OS before upgrade');
    expect(screen.getByRole('button', { name: 'Remove label filter env=prod' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove label filter env=prod' }));
    await waitFor(() => expect(searchOf(location).getAll('label')).toEqual([]));

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Backup' }));
    await waitFor(() =>
      expect(rowTitles(screen.getByRole('table', { name: 'Storages' }))).toContain(
        'web-1 OS before upgrade',
      ),
    );
    expect(searchOf(location).get('type')).toBe('backup');

    await user.type(screen.getByRole('searchbox', { name: 'Search title or UUID' }), 'upgrade');
    await waitFor(() => expect(searchOf(location).get('search')).toBe('upgrade'));
    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(searchOf(location).get('sort')).toBe('title'));
  });

  it('adds a label filter chip and shows an empty state when nothing matches', async () => {
    const { user, location } = renderPage(<StorageListPage />, {
      session: await signInAs('demo'),
      path: '/storage',
    });
    await screen.findByRole('table', { name: 'Storages' });

    await user.type(
      screen.getByRole('textbox', { name: 'Label filter' }),
      'nothing-has-this{Enter}',
    );
    expect(await screen.findByText('No storage matches.')).toBeVisible();
    expect(searchOf(location).getAll('label')).toEqual(['nothing-has-this']);
  });

  it('lists the account’s own storage by default, public images on request', async () => {
    const { user, location } = renderPage(<StorageListPage />, {
      session: await signInAs('demo'),
      path: '/storage',
    });
    const table = await screen.findByRole('table', { name: 'Storages' });
    expect(within(table).getAllByRole('cell', { name: 'private' }).length).toBeGreaterThan(0);
    expect(within(table).queryByRole('cell', { name: 'public' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Access' }));
    await user.click(screen.getByRole('option', { name: 'Private and public' }));
    await waitFor(() => expect(searchOf(location).get('access')).toBe('all'));
    expect((await within(table).findAllByRole('cell', { name: 'public' })).length).toBeGreaterThan(
      0,
    );
  });

  it('pages with previous and next, asking for one item more than it shows', async () => {
    const { user, location } = renderPage(<StorageListPage />, {
      session: await signInAs('demo'),
      path: '/storage?access=all&limit=10',
    });
    await screen.findByRole('table', { name: 'Storages' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    // The demo account sees its own storages plus every public image, more than ten.
    await user.click(next);
    await waitFor(() => expect(searchOf(location).get('offset')).toBe('10'));
    expect(await screen.findByText(/^Items 11–/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('validates the create storage dialog, keeps input on failure and opens the new storage', async () => {
    const { user, location } = renderApp({ session: await signInAs('demo'), path: '/storage' });
    await user.click(await screen.findByRole('button', { name: 'Create storage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create storage' });

    const title = uniqueName('test volume');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), title);
    const size = within(dialog).getByRole('textbox', { name: 'Size (GiB)' });
    await user.clear(size);
    await user.type(size, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add label' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Label 1 key' }), '_system');
    await user.click(within(dialog).getByRole('button', { name: 'Create storage' }));

    expect(await within(dialog).findByText('Choose a zone.')).toBeVisible();
    expect(within(dialog).getByText('At least 1 GiB.')).toBeVisible();
    expect(within(dialog).getByText('Label keys may not start with “_”.')).toBeVisible();

    await user.click(within(dialog).getByRole('combobox', { name: 'Zone' }));
    await user.click(await screen.findByRole('option', { name: /\(de-fra1\)/ }));
    await user.clear(size);
    await user.type(size, '12');
    const key = within(dialog).getByRole('textbox', { name: 'Label 1 key' });
    await user.clear(key);
    await user.type(key, 'purpose');
    await user.type(within(dialog).getByRole('textbox', { name: 'Label 1 value' }), 'test');
    await user.click(within(dialog).getByRole('button', { name: 'Create storage' }));

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(location.current?.pathname).toMatch(/^\/storage\/01[0-9a-f-]{34}$/);
    expect(screen.getByText('purpose=test')).toBeVisible();
    expect(screen.getByText('12 GiB')).toBeVisible();
  });
});
