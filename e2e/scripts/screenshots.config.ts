import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * Runs scripts/guide-screenshots.ts against the built product (the journeys' own server set-up).
 * Not part of `npm test`: run it by hand when screens change (decision 0024), under the lock:
 *   flock /tmp/lp-e2e.lock sh -c 'npm run build && cd e2e && npx playwright test --config scripts/screenshots.config.ts'
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'guide-screenshots.ts',
  workers: 1,
  retries: 0,
  reporter: 'list',
});
