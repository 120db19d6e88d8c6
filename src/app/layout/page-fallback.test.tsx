import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GroupRoute } from '../../lib/group-manifest';
import { renderApp, signInAs } from '../../testing/render';
import { groups } from '../groups';

const headed = groups
  .flatMap((group) => group.routes)
  .flatMap((route): GroupRoute[] => [route, ...(route.children ?? [])])
  .filter((route) => route.heading);

describe('a page whose manifest gives its heading', () => {
  it('is one of the pages whose description is their largest text (storage, billing, audit log)', () => {
    expect(headed.map((route) => route.path).sort()).toEqual([
      '/audit-logs',
      '/billing',
      '/storage',
    ]);
  });

  // The shell shows the manifest's heading while the page's code loads: the page must then show
  // the very same words, or its header would change under the reader's eyes.
  it.each(headed)('$path shows the heading the shell showed while it loaded', async (route) => {
    renderApp({ session: await signInAs('demo'), path: route.path });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(route.heading!.title);
    expect(screen.getByText(route.heading!.description)).toBeVisible();
  });
});
