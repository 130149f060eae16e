import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../platform/db/embedded.js';
import { applyMigrations } from '../platform/db/migrate.js';
import { openJobQueue } from '../platform/jobs.js';

export const TEMPLATE_DB = 'lp_template';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
  }
}

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * One PostgreSQL for the whole run: the embedded one in a temporary directory, or the server of
 * TEST_DATABASE_URL (used by CI to prove the product on Debian's PostgreSQL 15). A template
 * database is migrated once; every test file clones it.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(tmpdir(), 'lp-test-pg-'));
    const port = 55000 + (process.pid % 5000);
    const embedded = await startEmbeddedPostgres({ dataDir: dir, port });
    adminUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const templatePool = new pg.Pool({ connectionString: withDatabase(adminUrl, TEMPLATE_DB), max: 2 });
  templatePool.on('error', () => {});
  await applyMigrations(templatePool);
  const jobs = await openJobQueue(templatePool, quiet);
  await jobs.close();
  await templatePool.end();
  project.provide('adminUrl', adminUrl);
  return stop;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
