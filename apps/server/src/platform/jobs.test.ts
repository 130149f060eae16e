import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { startWorkers } from './jobs.js';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const lockedAt = async (key: string) =>
  (
    await t.services.pool.query<{ locked_at: Date | null }>(
      'select locked_at from graphile_worker.jobs where key = $1',
      [key],
    )
  ).rows[0]?.locked_at ?? null;

describe('job workers', () => {
  it('renew the lock of a running job (the heartbeat the sweep reads)', async () => {
    let release = () => {};
    let started = () => {};
    const running = new Promise<void>((r) => {
      started = r;
    });
    const workers = await startWorkers(
      t.services.pool,
      {
        slow: async () => {
          started();
          await new Promise<void>((r) => {
            release = r;
          });
        },
      },
      1,
      quiet,
      { heartbeatMs: 100 },
    );
    try {
      await t.services.jobs.add('slow', {}, { jobKey: 'slow:1' });
      await running;
      const first = await lockedAt('slow:1');
      expect(first).not.toBeNull();
      await expect
        .poll(async () => (await lockedAt('slow:1'))!.getTime(), { timeout: 5_000 })
        .toBeGreaterThan(first!.getTime());
      release();
      await expect.poll(() => lockedAt('slow:1'), { timeout: 5_000 }).toBeNull(); // done: the job is gone
    } finally {
      release();
      await workers.stop();
    }
  });

  it('are started again when the runner stops by itself', async () => {
    const ran: string[] = [];
    const workers = await startWorkers(
      t.services.pool,
      {
        probe: async (payload) => {
          ran.push((payload as { n: string }).n);
        },
      },
      1,
      quiet,
      { restartMs: 50 },
    );
    try {
      await t.services.jobs.add('probe', { n: 'before' });
      await expect.poll(() => ran, { timeout: 5_000 }).toEqual(['before']);
      const first = workers.runner;
      // As graphile-worker's pool does after an error it cannot recover from.
      await first!.stop();
      await expect.poll(() => workers.runner !== null && workers.runner !== first, { timeout: 5_000 }).toBe(true);
      await t.services.jobs.add('probe', { n: 'after' });
      await expect.poll(() => ran, { timeout: 5_000 }).toEqual(['before', 'after']);
    } finally {
      await workers.stop();
    }
  });
});
