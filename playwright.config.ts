import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/browser';

const port = Number(process.env.E2E_PORT ?? 8191);
const executablePath = findChromium();

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: chromiumArgs },
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_DB: ':memory:',
      SANDBOX_TIME_SCALE: '10',
      LOG_LEVEL: 'warn',
    },
  },
});
