import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** Records a sign-in (the spec's sign-in flow records each one). */
export async function recordSignIn(pool: pg.Pool, userId: string, ip: string, userAgent: string | undefined) {
  await pool.query(
    `with e as (insert into sign_in_events (id, user_id, ip_address, user_agent) values ($1, $2, $3, $4))
     update users set last_sign_in_at = now() where id = $2`,
    [randomUUID(), userId, ip, userAgent?.slice(0, 500) ?? null],
  );
}
