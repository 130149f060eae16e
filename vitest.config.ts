import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on CI's 2 cores is one worker (cores - 1): the server's API tests spend much
    // of their time waiting on PostgreSQL, LibreOffice, poppler and the processes they start, so a
    // second worker keeps both cores busy (scripts/test.mjs took 1182 s with one).
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'client', include: ['packages/client/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The files share their worker (the app's modules are loaded once per worker, not per file):
          // each file makes its own database and app (harness.ts); a file that needs a fresh process
          // state sets it up itself (office-converter.test.ts).
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
