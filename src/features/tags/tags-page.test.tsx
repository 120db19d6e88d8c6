import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signInAs } from '../../testing/render';
import { TagsPage } from './tags-page';

/** Tag names are letters, digits and underscores (api-reference-notes §16). */
const tagName = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 10)}`;

describe('Tags page', () => {
  it('creates a tag, renames it and deletes it', async () => {
    const name = tagName('web');
    const renamed = tagName('frontend');
    const { user } = renderPage(<TagsPage />, { session: await signInAs('demo') });

    await user.click(await screen.findByRole('button', { name: 'Create tag' }));
    const create = await screen.findByRole('dialog', { name: 'Create a tag' });
    await user.type(within(create).getByLabelText(/Name/), name);
    await user.type(within(create).getByLabelText(/Description/), 'Web servers');
    await user.click(within(create).getByRole('button', { name: 'Create tag' }));
    const row = (await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Web servers')).toBeVisible();
    expect(within(row).getByText('0 servers')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`Tag “${name}” created`),
    );

    await user.click(within(row).getByRole('button', { name: `Edit tag ${name}` }));
    const edit = await screen.findByRole('dialog', { name: `Edit the tag “${name}”` });
    await user.clear(within(edit).getByLabelText(/Name/));
    await user.type(within(edit).getByLabelText(/Name/), renamed);
    await user.click(within(edit).getByRole('button', { name: 'Save tag' }));
    const renamedRow = (await screen.findByRole('rowheader', { name: renamed })).closest(
      'tr',
    ) as HTMLElement;
    expect(screen.queryByRole('rowheader', { name })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`Tag “${renamed}” saved`),
    );

    await user.click(within(renamedRow).getByRole('button', { name: `Delete tag ${renamed}` }));
    const confirm = await screen.findByRole('dialog', { name: `Delete the tag “${renamed}”?` });
    await user.click(within(confirm).getByRole('button', { name: 'Delete tag' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: renamed })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`Tag “${renamed}” deleted`),
    );
  });

  it('refuses a name with other characters on the field', async () => {
    const { user } = renderPage(<TagsPage />, { session: await signInAs('demo') });
    await user.click(await screen.findByRole('button', { name: 'Create tag' }));
    const create = await screen.findByRole('dialog', { name: 'Create a tag' });
    await user.type(within(create).getByLabelText(/Name/), 'not a tag!');
    await user.click(within(create).getByRole('button', { name: 'Create tag' }));
    expect(
      await within(create).findByText('Letters, digits and underscores, at most 32.'),
    ).toBeVisible();
  });
});
