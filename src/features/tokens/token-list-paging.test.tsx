import { screen, within } from '@testing-library/react';
import { describe, expect, inject, it } from 'vitest';
import { panelSignInHeader } from '../../../contract/tokens';
import { apiAs, createApiToken, createPanelSession } from '../../testing/factories';
import { renderPage, signInAs } from '../../testing/render';
import { apiAsUser, tenantUser } from '../../testing/tenant';
import { TokensPage } from './tokens-page';

/** Runs `count` calls of `make`, `batch` at a time; answers how many succeeded. */
async function made(count: number, make: () => Promise<unknown>, batch = 100) {
  let succeeded = 0;
  for (let done = 0; done < count; done += batch) {
    const results = await Promise.allSettled(
      Array.from({ length: Math.min(batch, count - done) }, make),
    );
    succeeded += results.filter((result) => result.status === 'fulfilled').length;
  }
  return succeeded;
}

describe('API token list paging', () => {
  it('reaches a token beyond the API’s first 1,000', async () => {
    const demo = tenantUser('demo');
    // An account holds at most 100 API tokens and 1,000 panel sessions at once: both together
    // make more than the 1,000 tokens one answer can carry.
    const apiTokens = await made(100, () => createApiToken(apiAsUser('demo')));
    await made(1000 - apiTokens, () => createPanelSession(inject('sandboxUrl'), demo));
    const name = 'Beyond the first thousand';
    const panel = apiAs(inject('sandboxUrl'), demo, { [panelSignInHeader]: 'panel' });
    await createApiToken(panel, { name, expires_in: '8h', gui: true });

    const { user } = renderPage(<TokensPage />, {
      session: await signInAs('demo'),
      path: '/tokens?limit=10&offset=990',
    });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('status')).toHaveTextContent('Items 991–1000');
    expect(screen.queryByRole('rowheader', { name: new RegExp(name) })).not.toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('rowheader', { name: new RegExp(name) })).toBeVisible();
    expect(within(pages).getByRole('status')).toHaveTextContent(/^Items 1001–/);
  });
});
