import type { Plugin, Rolldown } from 'vite';

type CodeSplittingGroup = NonNullable<
  Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']
>[number];

/** A group's manifest: its lazy imports are the group's pages and its prefetch module. */
const manifest = /src[\\/]features[\\/]([^\\/]+)[\\/]group\.ts$/;
const prefetchModule = /[\\/]prefetch\.ts$/;
/** The command palette loads on first use and searches the groups with their own API modules. */
const palette = /src[\\/]app[\\/]command-palette[\\/]/;

interface Options {
  /** The modules whose static imports are the first loads: the entry and what it renders lazily. */
  firstLoads: string[];
  /** Code used by at least this many groups is shared by all of them. */
  sharedBy: number;
  /** Below this many bytes (of source, before minifying) code used by a few groups is merged. */
  small: number;
  /** Code used by many groups but at least this large stays in a chunk of its own. */
  large: number;
}

/**
 * The groups' pages in a few chunks each, outside every first load. With rolldown's automatic
 * chunking (a chunk for each set of lazy imports sharing code) the storage list needed 44 files
 * beyond the entry, fetched in rounds as each one's imports were seen; a phone's browser opens six
 * connections to a server, so every six files cost a round trip. Here, from the module graph:
 * - the first loads are the static imports of `firstLoads`: none of it is moved, so no byte
 *   enters the sign-in or dashboard loads; what their code loads on demand (a phone's navigation
 *   drawer, the dialog that renews a session) and the groups use too is one chunk (`later`), so
 *   that opening the drawer on the dashboard does not load the groups' code;
 * - code used by one group is that group's chunk, its prefetch module's code a chunk of its own
 *   (its reads start while the page's code is still on its way: render as you fetch);
 * - code used by `sharedBy` groups or more is one shared chunk, unless it forms a `large` set of
 *   its own (the data table, which the billing page does without);
 * - code used by a few groups is a chunk for that set of groups; a `small` one is merged into the
 *   shared chunk when all it imports is there, else into the one chunk it imports (its groups load
 *   that one anyway).
 * Every chunk imports only chunks below it (later ← shared ← sets ← a group's prefetch ← its
 * pages), so no two chunks import each other; the build fails if two do.
 */
export function routeChunks({ firstLoads, sharedBy, small, large }: Options) {
  const chunkOf = new Map<string, string>();
  /** First-load modules the groups use (rolldown leaves out of a first load what it never uses). */
  const usedLoaded = new Set<string>();
  const plugin: Plugin = {
    name: 'skydeck-route-chunks',
    apply: 'build',
    buildEnd() {
      chunkOf.clear();
      usedLoaded.clear();
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const size = (modules: Iterable<string>) => {
        let total = 0;
        for (const id of modules) total += info(id)?.code?.length ?? 0;
        return total;
      };
      const staticClosure = (from: Iterable<string>, seen = new Set<string>()) => {
        const stack = [...from];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(info(id)?.importedIds ?? []));
        }
        return seen;
      };

      const roots = firstLoads.map((file) => ids.find((id) => id.endsWith(file)));
      if (roots.some((root) => root === undefined)) {
        this.error(`Not in the module graph: ${firstLoads.join(', ')}`);
      }
      const loaded = staticClosure(roots as string[]);
      const onDemand = new Set<string>();
      for (const id of loaded) {
        if (manifest.test(id) || palette.test(id)) continue;
        for (const lazy of info(id)?.dynamicallyImportedIds ?? []) {
          if (!loaded.has(lazy)) staticClosure([lazy], onDemand);
        }
      }

      // Each module outside the first loads: the groups whose pages or prefetch import it.
      const users = new Map<string, Set<string>>();
      const prefetched = new Map<string, Set<string>>();
      for (const id of ids) {
        const group = manifest.exec(id)?.[1];
        if (!group) continue;
        const lazy = info(id)?.dynamicallyImportedIds ?? [];
        for (const module of staticClosure(lazy)) {
          if (loaded.has(module)) usedLoaded.add(module);
          else users.set(module, (users.get(module) ?? new Set()).add(group));
        }
        prefetched.set(group, staticClosure(lazy.filter((module) => prefetchModule.test(module))));
      }
      // The command palette counts as a user of the groups' code it imports (their searches, and
      // what those import), so that it loads the chunks of that code, not the chunks that code
      // would share with, say, the data table; what it alone uses is left to rolldown.
      const paletteCode = new Set<string>();
      for (const id of loaded) {
        if (!palette.test(id)) continue;
        const stack = (info(id)?.dynamicallyImportedIds ?? []).filter((lazy) => !loaded.has(lazy));
        while (stack.length > 0) {
          const module = stack.pop()!;
          if (paletteCode.has(module) || loaded.has(module) || manifest.test(module)) continue;
          paletteCode.add(module);
          const imports = info(module);
          stack.push(...(imports?.importedIds ?? []), ...(imports?.dynamicallyImportedIds ?? []));
        }
      }
      for (const module of paletteCode) users.get(module)?.add('palette');

      const chunks = new Map<string, Set<string>>();
      const put = (name: string, module: string) =>
        chunks.set(name, (chunks.get(name) ?? new Set()).add(module));
      // With the modules they import: those are loaded on demand as well.
      const later = staticClosure([...onDemand].filter((module) => users.has(module)));
      for (const module of later) if (!loaded.has(module)) put('later', module);
      for (const [module, groups] of users) {
        if (later.has(module)) continue;
        const names = [...groups].sort();
        const only = names.length === 1 ? names[0]! : undefined;
        if (only) put(prefetched.get(only)!.has(module) ? `${only}-prefetch` : only, module);
        else put(names.join('+'), module);
      }
      const shared = new Set<string>();
      chunks.set('shared', shared);
      const sets = () => [...chunks.keys()].filter((name) => name.includes('+'));
      for (const name of sets()) {
        const modules = chunks.get(name)!;
        if (name.split('+').length >= sharedBy && size(modules) < large) {
          for (const module of modules) shared.add(module);
          chunks.delete(name);
        }
      }

      for (const [name, modules] of chunks) {
        for (const module of modules) chunkOf.set(module, name);
      }
      /** The chunks that `modules` import, besides the first loads, `later` and the shared one. */
      const imports = (modules: Set<string>) => {
        const names = new Set<string>();
        for (const module of modules) {
          for (const id of info(module)?.importedIds ?? []) {
            const name = modules.has(id) ? undefined : chunkOf.get(id);
            if (name && name !== 'shared' && name !== 'later') names.add(name);
          }
        }
        return names;
      };
      for (let merged = true; merged;) {
        merged = false;
        for (const name of sets()) {
          const modules = chunks.get(name)!;
          if (size(modules) >= small) continue;
          const below = [...imports(modules)];
          const into =
            below.length === 0
              ? 'shared'
              : below.find(
                  (candidate) =>
                    candidate.includes('+') &&
                    below.every(
                      (other) => other === candidate || imports(chunks.get(candidate)!).has(other),
                    ),
                );
          if (!into) continue;
          for (const module of modules) {
            chunks.get(into)!.add(module);
            chunkOf.set(module, into);
          }
          chunks.delete(name);
          merged = true;
          break;
        }
      }
    },
    generateBundle(_options, bundle) {
      const visiting = new Set<string>();
      const done = new Set<string>();
      const visit = (file: string, path: string[]) => {
        const chunk = bundle[file];
        if (done.has(file) || chunk?.type !== 'chunk') return;
        if (visiting.has(file)) {
          this.error(`Chunks import each other: ${[...path, file].join(' → ')}`);
        }
        visiting.add(file);
        for (const imported of chunk.imports) visit(imported, [...path, file]);
        visiting.delete(file);
        done.add(file);
      };
      for (const file of Object.keys(bundle)) visit(file, []);
    },
  };
  const group: CodeSplittingGroup = {
    debugName: 'route chunks',
    // Called only for modules no group above captured: a module of the first loads' imports that
    // reaches this far is one no first load uses (an export of a package's index that the entry
    // does not call), and goes with the code loaded on demand, below every group's chunk.
    name: (id) => chunkOf.get(id) ?? (usedLoaded.has(id) ? 'later' : null),
    // The layout above is complete: a module's imports are in its chunk, a chunk below it or a
    // first load.
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}
