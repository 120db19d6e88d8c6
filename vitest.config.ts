import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default leaves one core idle (cores - 1): on a two-core machine, one file at a time.
    // The files are isolated (each takes its own tenant or server), so every core runs one.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Each file builds its own sandbox on its own database and mocks no module, so the files
          // of one worker share its loaded modules: Fastify, zod and the routes load once per
          // worker instead of once per file (most of this project's time went to imports).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'panel',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          globalSetup: ['src/testing/sandbox-global-setup.ts'],
          setupFiles: ['src/testing/setup.ts'],
          testTimeout: 15000,
          // As the server project: each file takes its own tenant and renders its own app, and
          // nothing is mocked, so a worker's files share React, MUI and the panel's modules
          // instead of loading them again per file (setup.ts resets what a file leaves behind).
          isolate: false,
        },
      },
    ],
  },
});
