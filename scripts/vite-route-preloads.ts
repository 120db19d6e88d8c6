import type { Plugin } from 'vite';

/** A group's manifest: its lazy imports are the group's pages and its prefetch module. */
const manifest = /src[\\/]features[\\/][^\\/]+[\\/]group\.ts$/;
/** A top-level page's pattern is written from the root (`GroupPage.path` in group-manifest.ts). */
const topLevelPath = /["'`](\/[a-z0-9-]+)["'`]/g;

/**
 * Writes `route-preloads.json`: for the first segment of each group's pages (`/storage`), the
 * script files its pages and prefetch need beyond the entry's, in the order they are imported.
 * The server names them in the page it answers for such a path (`<link rel="modulepreload">`), so
 * the browser fetches them beside the entry instead of one round of imports after another once
 * the entry runs; no other page's first load carries them. `pages` adds paths outside the groups,
 * each with the module the entry loads lazily for it (the sign-in page); `everyGroup`, modules the
 * entry loads lazily on every group's page (taking over a page the server rendered).
 */
export function routePreloads(
  pages: Record<string, string> = {},
  everyGroup: string[] = [],
): Plugin {
  const groups: { paths: string[]; modules: string[] }[] = [];
  return {
    name: 'skydeck-route-preloads',
    apply: 'build',
    buildEnd() {
      groups.length = 0;
      const ids = [...this.getModuleIds()];
      for (const [path, file] of Object.entries(pages)) {
        const id = ids.find((candidate) => candidate.endsWith(file));
        if (!id) this.error(`Not in the module graph: ${file}`);
        groups.push({ paths: [path], modules: [id] });
      }
      const shared = everyGroup.map((file) => {
        const id = ids.find((candidate) => candidate.endsWith(file));
        if (!id) this.error(`Not in the module graph: ${file}`);
        return id;
      });
      for (const id of ids) {
        if (!manifest.test(id)) continue;
        const module = this.getModuleInfo(id);
        const paths = [...(module?.code ?? '').matchAll(topLevelPath)].map((match) => match[1]!);
        groups.push({ paths, modules: [...(module?.dynamicallyImportedIds ?? []), ...shared] });
      }
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const fileOf = new Map<string, string>();
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) fileOf.set(id, chunk.fileName);
      }
      const ordered = (files: string[], seen = new Set<string>(), order: string[] = []) => {
        for (const file of files) {
          if (seen.has(file)) continue;
          seen.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') ordered(chunk.imports, seen, order);
          order.push(file);
        }
        return order;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const loaded = new Set(entry ? ordered([entry.fileName]) : []);
      const map: Record<string, string[]> = {};
      for (const { paths, modules } of groups) {
        const files = modules.flatMap((id) => fileOf.get(id) ?? []);
        const needed = ordered(files).filter((file) => !loaded.has(file));
        for (const path of paths) map[path] = needed.map((file) => `/${file}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(map, null, 2)}\n`,
      });
    },
  };
}
