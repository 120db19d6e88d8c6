import { Suspense } from 'react';
import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

const Page = () => <h1>Storage</h1>;

/** An import that settles when the test says. */
function heldImport() {
  let settle: (outcome: { Page: typeof Page } | Error) => void = () => undefined;
  let imports = 0;
  const importModule = () => {
    imports += 1;
    return new Promise<{ Page: typeof Page }>((resolve, reject) => {
      settle = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
    });
  };
  return {
    importModule,
    settle: (outcome: { Page: typeof Page } | Error) => settle(outcome),
    imports: () => imports,
  };
}

const withFallback = (Component: ComponentType) => (
  <Suspense fallback={<p>Loading the page</p>}>
    <Component />
  </Suspense>
);

describe('preloadable', () => {
  it('renders a component whose module was loaded first without showing its fallback', async () => {
    const module = heldImport();
    const page = preloadable(module.importModule);
    const Component = page.component((loaded) => loaded.Page);
    const loaded = page.load();
    module.settle({ Page });
    await loaded;
    render(withFallback(Component));
    // In the first commit: no fallback shown before it.
    expect(screen.getByRole('heading', { name: 'Storage' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the page')).not.toBeInTheDocument();
  });

  it('shows the fallback while the module loads, and imports it once', async () => {
    const module = heldImport();
    const page = preloadable(module.importModule);
    const Component = page.component((loaded) => loaded.Page);
    render(withFallback(Component));
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
    void page.load();
    module.settle({ Page });
    expect(await screen.findByRole('heading', { name: 'Storage' })).toBeInTheDocument();
    expect(module.imports()).toBe(1);
  });

  it('imports again after an import failed', async () => {
    const module = heldImport();
    const page = preloadable(module.importModule);
    const failed = page.load();
    module.settle(new Error('Failed to fetch dynamically imported module'));
    await expect(failed).rejects.toThrow('Failed to fetch');
    const again = page.load();
    module.settle({ Page });
    await expect(again).resolves.toEqual({ Page });
    expect(module.imports()).toBe(2);
  });
});
