import type { GroupManifest, GroupSearch } from '../lib/group-manifest';

// Each group's `search.ts` (palette source, resource fetcher) imports its API module: found by
// file name here, in the palette's and the app bar search's lazy chunks, so the manifests (in
// the shell's first load) need no import site for it.
const modules = import.meta.glob<GroupSearch>('../features/*/search.ts', {
  eager: true,
  import: 'search',
});

/** What `group`'s `search.ts` exports, if it has one. */
export const searchOf = (group: GroupManifest): GroupSearch | undefined =>
  modules[`../features/${group.name}/search.ts`];
