import type { Plugin, ResolveModulePreloadDependenciesFn, Rolldown } from 'vite';

/**
 * Which chunks a lazy import preloads (`build.modulePreload.resolveDependencies`). Vite gives each
 * lazy import the list of every chunk it needs, and the lists are bytes of the chunk holding the
 * import: the signed-in shell holds one per group page, about 1.7 KB gzip of the dashboard's first
 * load. So only the entry's lazy imports (the sign-in page and the signed-in shell, the first
 * loads themselves) keep their lists, without the chunks the entry has loaded already. A page's
 * chunk loads its own imports when it runs.
 */
export function preloadLists() {
  let bundle: Rolldown.OutputBundle = {};
  const plugin: Plugin = {
    name: 'skydeck-preload-lists',
    apply: 'build',
    generateBundle: {
      // Before Vite's import analysis, which asks resolveDependencies for the lists.
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
  const staticImports = (fileName: string, seen = new Set<string>()) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
    seen.add(fileName);
    for (const imported of chunk.imports) staticImports(imported, seen);
    return seen;
  };
  const resolveDependencies: ResolveModulePreloadDependenciesFn = (
    _file,
    deps,
    { hostId, hostType },
  ) => {
    if (hostType === 'html') return deps;
    const host = bundle[hostId];
    if (host?.type !== 'chunk' || !host.isEntry) return [];
    const loaded = staticImports(hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
