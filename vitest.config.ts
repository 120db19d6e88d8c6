import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
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
        },
      },
    ],
  },
});
