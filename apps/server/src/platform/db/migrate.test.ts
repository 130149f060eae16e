import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.js';
import { applyMigrations, upToDate } from './migrate.js';

// A start checks the migrations with one query and loads drizzle's migrator only when one is missing.
describe('applyMigrations', () => {
  const adminUrl = inject('adminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  let pool: pg.Pool;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    pool = new pg.Pool({ connectionString: withDatabase(adminUrl, name), max: 2 });
  });
  afterAll(async () => {
    await pool.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

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
