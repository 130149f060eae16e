import type pg from 'pg';
import type { RateLimitRow } from './db/rows.js';

/** What @fastify/rate-limit asks of a store (its `store` option is a class it constructs). */
interface RateLimitResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: RateLimitResult) => void;

/**
 * Counts one hit on `key` in a window of `windowMs` that starts with the key's first hit, in
 * PostgreSQL, so that every server process counts together. One statement: an expired window
 * starts again at 1.
 */
export async function hit(q: pg.Pool | pg.ClientBase, key: string, windowMs: number): Promise<RateLimitResult> {
  const { rows } = await q.query<Pick<RateLimitRow, 'count'> & { ttl: number }>({
    name: 'rate-limit-hit',
    text: `insert into rate_limits as r (key, count, expires_at)
           values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
           on conflict (key) do update set
             count = case when r.expires_at <= now() then 1 else r.count + 1 end,
             expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
           returning count, greatest(0, ceil(extract(epoch from expires_at - now()) * 1000))::int as ttl`,
    values: [key, windowMs],
  });
  const row = rows[0]!;
  return { current: row.count, ttl: row.ttl };
}

/**
 * Counts one hit on each of `keys` in one statement (an API key's own count and its company's):
 * answers each key's count and what is left of its window, in the order given.
 */
export async function hitEach(
  q: pg.Pool | pg.ClientBase,
  keys: readonly string[],
  windowMs: number,
): Promise<RateLimitResult[]> {
  const { rows } = await q.query<Pick<RateLimitRow, 'key' | 'count'> & { ttl: number }>({
    name: 'rate-limit-hit-each',
    text: `insert into rate_limits as r (key, count, expires_at)
           select k, 1, now() + make_interval(secs => $2::double precision / 1000) from unnest($1::text[]) as k
           on conflict (key) do update set
             count = case when r.expires_at <= now() then 1 else r.count + 1 end,
             expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
           returning key, count, greatest(0, ceil(extract(epoch from expires_at - now()) * 1000))::int as ttl`,
    values: [keys, windowMs],
  });
  return keys.map((key) => {
    const row = rows.find((r) => r.key === key)!;
    return { current: row.count, ttl: row.ttl };
  });
}

/** The hits counted on `key` in its current window (0 when none or expired). */
export async function hitsOf(q: pg.Pool | pg.ClientBase, key: string): Promise<RateLimitResult> {
  const { rows } = await q.query<Pick<RateLimitRow, 'count'> & { ttl: number }>({
    name: 'rate-limit-read',
    text: `select count, greatest(0, ceil(extract(epoch from expires_at - now()) * 1000))::int as ttl
             from rate_limits where key = $1 and expires_at > now()`,
    values: [key],
  });
  return rows[0] ? { current: rows[0].count, ttl: rows[0].ttl } : { current: 0, ttl: 0 };
}

/** Forgets `key` (a sign-in that succeeded clears its account's failures). */
export async function forget(q: pg.Pool | pg.ClientBase, key: string): Promise<void> {
  await q.query('delete from rate_limits where key = $1', [key]);
}

/** Drops the rows of windows that ended; run by the sweep. */
export async function pruneRateLimits(q: pg.Pool | pg.ClientBase): Promise<number> {
  const { rowCount } = await q.query(
    `delete from rate_limits where key in (
       select key from rate_limits where expires_at < now() order by expires_at limit 5000)`,
  );
  return rowCount ?? 0;
}

/**
 * A @fastify/rate-limit store backed by PostgreSQL: a limit holds across every process of the
 * installation, not per process as the plugin's default in-memory store does. Each route gets its
 * own key space (method and route pattern), as with the plugin's Redis store.
 */
export function pgRateLimitStore(pool: pg.Pool) {
  return class PgRateLimitStore {
    constructor(
      _options: unknown,
      readonly prefix = 'route:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      hit(pool, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback) {
      hitsOf(pool, this.prefix + key).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** The plugin passes the route's options as `routeInfo` (its typings leave it out). */
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new PgRateLimitStore(routeOptions, `${this.prefix}${String(route.method)}${String(route.url)}:`);
    }
  };
}
