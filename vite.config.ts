import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.ts';
import { preloadLists } from './scripts/vite-preload-lists.ts';

// React Router's exports map points at its development build in every mode (upstream issue
// remix-run/react-router#14102); the build takes the production build beside it, the same code
// without the development warnings (about 0.5 KB gzip of the first load).
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const preloads = preloadLists();

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), preloads.plugin],
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
            // The signed-in shell's route table with every group's manifest (their icons and
            // lazy loaders) and the links pages share: one chunk, loaded before any signed-in
            // page, rather than several small shared ones (each costs the dashboard bytes).
            {
              name: 'shell',
              test: /src[\\/](app[\\/](groups|navigation)\.tsx?$|features[\\/][^\\/]+[\\/]group\.ts$|lib[\\/](links|group-manifest)\.ts$)/,
              priority: 1,
            },
            // The dashboard's widgets with the reads and formats they use, as one chunk: as
            // eight small ones (each its own request, imports and compression window) they cost
            // the dashboard's first load about a kilobyte more.
            {
              name: 'dashboard',
              test: /(src[\\/](features[\\/]dashboard[\\/]dashboard-widgets|api[\\/](dashboard|storage-keys)|lib[\\/](format|audit-words))|contract[\\/]dashboard)\.tsx?$/,
              priority: 0,
            },
          ],
        },
      },
    },
  },
}));
