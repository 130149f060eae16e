import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { schema } from './schema.js';

/** Drizzle on the pool: what the identity library's adapter speaks (the product's own queries are SQL). */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Drizzle over the pool, loaded when first needed (the identity library's first call). */
export async function drizzleOn(pool: pg.Pool): Promise<Db> {
  const [{ drizzle }, { schema }] = await Promise.all([import('drizzle-orm/node-postgres'), import('./schema.js')]);
  return drizzle(pool, { schema });
}

/** Opens a pool on the database. */
export function openDatabase(url: string, max = 20): Database {
  // A database host that drops packets instead of refusing them would otherwise hold a request (and
  // /readyz) until the operating system gives up: 10 s to connect, then a 503.
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    pool,
    close: () => pool.end(),
  };
}
