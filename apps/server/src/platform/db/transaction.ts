import type pg from 'pg';
import { AppError } from '../errors.js';
import { currentRequest } from '../request-context.js';

/**
 * Runs `work` in one transaction on one connection; rolls back on any error. Inside a request that
 * claimed an Idempotency-Key, the claim is marked "work committed" in the same transaction
 * (platform/idempotency.ts); a claim taken over by a retry (its request was thought dead) rolls
 * the late work back instead.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await markIdempotentWork(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function markIdempotentWork(client: pg.PoolClient): Promise<void> {
  const id = currentRequest()?.idempotencyId;
  if (!id) return;
  const { rowCount } = await client.query({
    name: 'idempotency-work-committed',
    text: 'update idempotency_keys set work_committed_at = coalesce(work_committed_at, now()) where id = $1',
    values: [id],
  });
  if (rowCount === 0) throw new AppError('IDEMPOTENCY_KEY_IN_USE');
}
