/**
 * The shell's own links. Each group's links are in its manifest (`src/features/<group>/group.ts`)
 * and, for every layer, in `links` (src/lib/links.ts); this module stays in the sign-in page's
 * first load, so it must not import the manifests.
 */
export const paths = {
  dashboard: () => '/',
  signIn: (next?: string) =>
    next && next !== '/' ? `/sign-in?${new URLSearchParams({ next })}` : '/sign-in',
};
