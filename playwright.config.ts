import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/browser';

const port = Number(process.env.E2E_PORT ?? 8191);
const executablePath = findChromium();

/**
 * Every test takes its own tenant (e2e/support.ts), so tests run in any order and two at a time
 * on a two-core machine. One time limit for every test, no retries: a flaky test fails the run
 * and gets fixed. The faults spec switches the whole sandbox (maintenance, failing requests), so
 * it runs after all the others, on its own.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: chromiumArgs },
  },
  projects: [
    { name: 'isolated', testIgnore: /faults\.spec\.ts$/ },
    { name: 'faults', testMatch: /faults\.spec\.ts$/, dependencies: ['isolated'] },
  ],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${port}/`,
    // scripts/e2e-reverse.sh runs spec after spec against one sandbox it started.
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_DB: ':memory:',
      SANDBOX_TIME_SCALE: '10',
      // The lowest password cost: each test seeds a tenant of four accounts and signs in.
      SANDBOX_PASSWORD_COST: '1024',
      LOG_LEVEL: 'warn',
    },
  },
});
