import { planStorageBytes, STORAGE_MESSAGES } from '@lp/domain';
import type pg from 'pg';
import type { AccountRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';

type Queryable = pg.ClientBase | pg.Pool;

/**
 * Reserves `bytes` of the company's quota in one conditional update, so two uploads cannot both
 * take the last space; a file that fits exactly is accepted. 507 when it does not fit.
 */
export async function reserve(q: Queryable, accountId: string, bytes: number): Promise<void> {
  const quota = await quotaOf(q, accountId);
  await q.query('insert into storage_usage (account_id) values ($1) on conflict do nothing', [accountId]);
  const { rowCount } = await q.query(
    `update storage_usage set reserved_bytes = reserved_bytes + $2
      where account_id = $1 and used_bytes + reserved_bytes + $2 <= $3`,
    [accountId, bytes, quota],
  );
  if (!rowCount) throw new AppError('INSUFFICIENT_STORAGE', STORAGE_MESSAGES.noSpace);
}

/**
 * Reserves up to `bytes`, as much as is free (for an upload whose size is known only as an upper
 * bound, a multipart request's Content-Length); answers what was reserved, 507 when nothing is free.
 */
export async function reserveUpTo(q: Queryable, accountId: string, bytes: number): Promise<number> {
  const quota = await quotaOf(q, accountId);
  await q.query('insert into storage_usage (account_id) values ($1) on conflict do nothing', [accountId]);
  const { rows } = await q.query<{ taken: string }>(
    `with free as (
       select least($2::bigint, $3::bigint - used_bytes - reserved_bytes) as taken
         from storage_usage where account_id = $1 for update
     )
     update storage_usage u set reserved_bytes = u.reserved_bytes + free.taken
       from free where u.account_id = $1 and free.taken > 0
     returning free.taken`,
    [accountId, bytes, quota],
  );
  if (!rows[0]) throw new AppError('INSUFFICIENT_STORAGE', STORAGE_MESSAGES.noSpace);
  return Number(rows[0].taken);
}

/** Gives back a reservation (an upload that ended, failed or was stored). */
export async function release(q: Queryable, accountId: string, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await q.query('update storage_usage set reserved_bytes = greatest(reserved_bytes - $2, 0) where account_id = $1', [
    accountId,
    bytes,
  ]);
}

async function quotaOf(q: Queryable, accountId: string): Promise<number> {
  const { rows } = await q.query<Pick<AccountRow, 'current_plan'>>('select current_plan from accounts where id = $1', [
    accountId,
  ]);
  return planStorageBytes(rows[0]?.current_plan ?? 'Basic');
}
