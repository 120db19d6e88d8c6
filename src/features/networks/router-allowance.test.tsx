import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccount, getResourceUsage } from '../../api/account';
import { renderPage, signInAs } from '../../testing/render';
import { RoutersPage } from './routers-page';

describe('router allowance (issue 19 item 10)', () => {
  it('the create router dialog says how many routers the account may still make', async () => {
    const session = await signInAs('demo');
    const { user } = renderPage(<RoutersPage />, { session, path: '/routers' });
    await screen.findByRole('table', { name: 'Routers' });
    await user.click(screen.getByRole('button', { name: 'Create router' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create router' });
    const auth = { authorization: `Bearer ${session.token}` };
    const [account, usage] = await Promise.all([getAccount(auth), getResourceUsage()]);
    const limit = account.resource_limits.routers!;
    expect(
      await within(dialog).findByRole('note', { name: 'Remaining allowance' }),
    ).toHaveTextContent(`Routers ${limit - usage.routers!} of ${limit}`);
  });
});
