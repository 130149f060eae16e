import type pg from 'pg';
import { expect } from 'vitest';

/** Waits until a worker holds the analysis job of a letter (its lock is taken), at most 20 s. */
export async function waitForAnalysisLock(pool: pg.Pool, letterId: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await pool.query('select 1 from graphile_worker.jobs where key = $1 and locked_at is not null', [
            `analyse:${letterId}`,
          ])
        ).rowCount,
      { timeout: 20_000, interval: 10 },
    )
    .toBe(1);
}
