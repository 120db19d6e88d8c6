import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { minifyPublicScripts } from './scripts/vite-minify-public.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { preloadLists } from './scripts/vite-preload-lists.ts';
import { routeChunks } from './scripts/vite-route-chunks.ts';
import { routePreloads } from './scripts/vite-route-preloads.ts';
import { shakeReactRouter } from './scripts/vite-shake-react-router.ts';

// React Router's exports map points at its development build in every mode (upstream issue
// remix-run/react-router#14102); the build takes the production build beside it, the same code
// without the development warnings (about 0.5 KB gzip of the first load).
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const preloads = preloadLists();

/**
 * The signed-in shell as one chunk: every module its route table (with the dashboard) imports
 * statically, beyond the entry's. As six chunks (manifests, layout, dashboard page, the MUI and
 * query pieces they share with pages) each signed-in first load paid for their imports, exports
 * and separate compression. What the sign-in page imports too is a small chunk of its own
 * (`common`): in the shell's chunk it would bring the whole shell to the sign-in page. The rest of
 * the sign-in page is one chunk too (`sign-in`): as rolldown's dozen small chunks, which the
 * groups' pages share for their form fields, it cost the sign-in page 13 requests. Matched by
 * file, `treeShakenFromEntry`: the entry imports them but tree-shaking leaves them out of it, and
 * the sign-in page and the shell both use them (as part of the shell's chunk, the sign-in page
 * loaded that whole chunk: 17 KB gzip).
 */
const treeShakenFromEntry = /getThemeProps|[\\/]SvgIcon[\\/]|[\\/]createSvgIcon\./;

function firstLoads() {
  const common = new Set<string>();
  const shell = new Set<string>();
  const signInPage = new Set<string>();
  const plugin: Plugin = {
    name: 'skydeck-first-loads',
    apply: 'build',
    buildEnd() {
      const closure = (from: string | undefined, seen = new Set<string>()) => {
        if (from === undefined || seen.has(from)) return seen;
        seen.add(from);
        for (const id of this.getModuleInfo(from)?.importedIds ?? []) closure(id, seen);
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const [entry, signIn, routes] = [
        'src/main.tsx',
        'src/auth/sign-in-page.tsx',
        'src/app/signed-in-routes.tsx',
      ].map((file) => closure(ids.find((id) => id.endsWith(file))));
      for (const id of routes ?? []) {
        const inEntry = entry?.has(id) && !treeShakenFromEntry.test(id);
        if (inEntry) continue;
        if (signIn?.has(id)) common.add(id);
        else shell.add(id);
      }
      for (const id of signIn ?? []) {
        if (!entry?.has(id) && !routes?.has(id)) signInPage.add(id);
      }
    },
  };
  return {
    plugin,
    common: (id: string) => common.has(id),
    shell: (id: string) => shell.has(id),
    signIn: (id: string) => signInPage.has(id),
  };
}

const chunks = firstLoads();
const routes = routeChunks({
  firstLoads: [
    'src/main.tsx',
    'src/auth/sign-in-page.tsx',
    'src/app/signed-in-routes.tsx',
    'src/features/dashboard/dashboard-widgets.tsx',
  ],
  sharedBy: 12,
  small: 30_000,
  large: 150_000,
});

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    shakeReactRouter(),
    minifyPublicScripts(),
    precompress(),
    preloads.plugin,
    chunks.plugin,
    routes.plugin,
    routePreloads({ '/sign-in': 'src/auth/sign-in-page.tsx' }, ['src/app/server-render.ts']),
  ],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser that runs this panel supports modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Schemas are made by calls (`z.object(…)`), which a bundler keeps unless told they are pure:
      // a module of schemas brought every one of them to a chunk that uses one (contract/common.ts
      // put ~1.3 KB into the entry). Zod's builders have no side effects; this panel never calls
      // the ones that do (`z.config`, registries).
      treeshake: {
        manualPureFunctions: ['z'],
        // @emotion/react imports hoist-non-react-statics for its effects alone (for `withTheme`,
        // which this panel never uses); it has none, and without this rule it and its copy of
        // react-is rode in the entry (~0.8 KB gzip).
        moduleSideEffects: [
          { test: /node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Chunks by content hash only: every lazy import names its chunk, and the entry lists
        // the chunks of the first loads (for preloading), so each name's letters are bytes.
        chunkFileNames: 'assets/[hash].js',
        // Everything the entry loads up front stays in one chunk: split into shared pieces (which
        // lazy pages also use) it loads anyway and compresses worse, costing the first-load budget.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'app', tags: ['$initial'], priority: 1 },
            { name: 'common', test: chunks.common, priority: 1 },
            { name: 'shell', test: chunks.shell, priority: 1 },
            { name: 'sign-in', test: chunks.signIn, priority: 1 },
            // The dashboard's widgets with the reads and formats they use, as one chunk: as
            // eight small ones (each its own request, imports and compression window) they cost
            // the dashboard's first load about a kilobyte more.
            {
              name: 'dashboard',
              test: /(src[\\/](features[\\/]dashboard[\\/]dashboard-widgets|api[\\/](dashboard|storage-keys)|lib[\\/](format|audit-words))|contract[\\/]dashboard)\.tsx?$|zod[\\/]v4[\\/]mini[\\/]iso/,
              priority: 0,
            },
            routes.group,
          ],
        },
      },
    },
  },
}));
