import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser that runs this panel supports modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
  },
});
