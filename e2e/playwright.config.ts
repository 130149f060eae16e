import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The built product runs on its own embedded PostgreSQL in e2e/.data, wiped before each run.
// Overridable so two worktrees on one machine can run journeys at once (E2E_PORT=3117 E2E_PG_PORT=55457).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 55439);
export const E2E_DATA_DIR = path.join(import.meta.dirname, '.data');
export const BASE_URL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  // Journeys with three browsers take ~45 s on a loaded 2-core CI machine; the limit guards against hangs, not speed.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // The journeys mostly wait (on the product, its sandboxes' delays, the browser): on CI's 2 cores a
  // third worker took the run from 8.7 to 5.8 min here, each journey as fast as with two; a fourth
  // only made each journey slower (5.4 min, 25% more time per journey).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(import.meta.dirname, '../test-results/playwright.json'),
      },
    ],
  ],
  outputDir: path.join(import.meta.dirname, '../test-results/e2e'),
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // This machine has no network: keep Chromium from calling home.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The product runs on the same Node as Playwright (Node 24, scripts/runtime.mjs).
    command: `rm -rf "${E2E_DATA_DIR}" && "${process.execPath}" apps/server/dist/main.js`,
    cwd: path.join(import.meta.dirname, '..'),
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    // The product stops its database on Ctrl-C; the default SIGKILL would leave it running.
    gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: BASE_URL,
      AUTH_RATE_LIMIT: '10000',
      LOG_LEVEL: 'warn',
      // Carriers: no random failure in journeys; a label in 1.5 s and tracking steps 1.5 s apart.
      CARRIER_SANDBOX_FAILURE_RATE: '0',
      CARRIER_SANDBOX_LABEL_DELAY_MS: '1500',
      CARRIER_SANDBOX_TRACKING_STEP_MS: '1500',
      CARRIER_LABEL_POLL_MS: '500',
    },
  },
});
