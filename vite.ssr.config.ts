import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The server's build of the panel (src/entry-server.tsx → dist-server/), beside the browser's
 * (vite.config.ts, whose chunking and preload lists concern browsers only). Self-contained, with
 * the production builds of React and the rest: the server that loads it may run in any mode.
 */
export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
  },
});
