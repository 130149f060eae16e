import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../test/harness.js';
import { applyMigrations, upToDate } from './migrate.js';

// A start checks the migrations with one query and loads drizzle's migrator only when one is missing.
describe('applyMigrations', () => {
  let pool: pg.Pool;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ pool, drop } = await scratchDatabase({ template: null }));
  });
  afterAll(() => drop());

  it('finds a new database behind, migrates it, then finds it up to date and leaves it alone', async () => {
    expect(await upToDate(pool)).toBe(false);
    await applyMigrations(pool);
    expect(await upToDate(pool)).toBe(true);
    const count = async () =>
      (await pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]!.n;
    const applied = await count();
    await applyMigrations(pool);
    expect(await count()).toBe(applied);
    // The newest migration forgotten (as on a database one release behind): behind again, and applied again.
    await pool.query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    expect(await upToDate(pool)).toBe(false);
  });
});
