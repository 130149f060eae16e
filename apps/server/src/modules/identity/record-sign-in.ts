import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { UserRow } from '../../platform/db/rows.js';

/**
 * Records a sign-in (the spec's sign-in flow records each one) and ends the user's first time
 * (`first_time` false from then on). Answers whether this was their first sign-in, so the answer of
 * the sign-in, sign-up or invitation acceptance can still show the first-run welcome once.
 */
export async function recordSignIn(
  pool: pg.Pool,
  userId: string,
  ip: string,
  userAgent: string | undefined,
): Promise<{ wasFirstTime: boolean }> {
  // The row lock makes two sign-ins at once read true only once.
  const { rows } = await pool.query<{ was_first_time: UserRow['first_time'] }>(
    `with before as (select id, first_time from users where id = $2 for update),
          e as (insert into sign_in_events (id, user_id, ip_address, user_agent) values ($1, $2, $3, $4)),
          u as (update users set last_sign_in_at = now(), first_time = false where id = $2)
     select first_time as was_first_time from before`,
    [randomUUID(), userId, ip, userAgent?.slice(0, 500) ?? null],
  );
  return { wasFirstTime: rows[0]?.was_first_time ?? false };
}
