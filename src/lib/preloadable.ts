import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * A thenable that calls back at once. `React.lazy` takes it as already loaded: a component whose
 * module is in renders on the first try instead of suspending. A suspended page would show its
 * fallback and then, however soon its code were in, be revealed no sooner than 300 ms after that
 * fallback showed (React's fallback throttle). React only ever calls its `then`.
 */
const settled = <Value>(value: Value) => ({
  then: (onFulfilled: (value: Value) => unknown) => void onFulfilled(value),
});

/**
 * A module imported once, whose components render without suspending once it is in. `load()`
 * starts (or joins) the import, so that a page's code can be asked for before React renders it;
 * `component(pick)` is a lazy component of one of its exports.
 */
export function preloadable<Module>(importModule: () => Promise<Module>) {
  let module: Module | undefined;
  let loading: Promise<Module> | undefined;
  const load = () =>
    (loading ??= importModule().then(
      (imported) => (module = imported),
      (error: unknown) => {
        // A failed import (a deploy replaced the chunk, the network dropped) is asked again next time.
        loading = undefined;
        throw error;
      },
    ));
  return {
    load,
    component: <Component extends ComponentType>(
      pick: (module: Module) => Component,
    ): LazyExoticComponent<Component> =>
      lazy(() => {
        if (module === undefined) return load().then((imported) => ({ default: pick(imported) }));
        // React.lazy's type asks for a Promise; it only ever calls `then` (see `settled`).
        return settled({ default: pick(module) }) as unknown as Promise<{ default: Component }>;
      }),
  };
}
