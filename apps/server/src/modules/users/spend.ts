import { capMonth } from '@lp/domain';
import type pg from 'pg';

export interface Reservation {
  ok: boolean;
  /** Spent this month after the reservation (or unchanged when refused), pence. */
  amountSpent: number;
}

/**
 * Reserves `amount` pence of a member's monthly spend against their cap, atomically: concurrent
 * reservations serialise on the month's row and each re-checks the cap against the updated total
 * (PostgreSQL re-evaluates the WHERE clause on the locked row), so a cap is never overshot.
 * A cap of 0 means Unlimited; a non-zero override cap takes precedence.
 */
export async function reserveSpend(
  q: pg.Pool | pg.ClientBase,
  userId: string,
  amount: number,
  at = new Date(),
): Promise<Reservation> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer of pence');
  const month = capMonth(at);
  await q.query('insert into member_spend (user_id, month, amount_pence) values ($1, $2, 0) on conflict do nothing', [
    userId,
    month,
  ]);
  const { rows } = await q.query<{ amount_pence: string }>(
    `update member_spend ms set amount_pence = ms.amount_pence + $3
       from users u
      where ms.user_id = $1 and ms.month = $2 and u.id = ms.user_id
        and case when u.override_cap_pence > 0 then ms.amount_pence + $3 <= u.override_cap_pence
                 when u.cap_pence > 0 then ms.amount_pence + $3 <= u.cap_pence
                 else true end
      returning ms.amount_pence`,
    [userId, month, amount],
  );
  if (rows[0]) return { ok: true, amountSpent: Number(rows[0].amount_pence) };
  return { ok: false, amountSpent: await spentThisMonth(q, userId, at) };
}

/** Gives back a reservation that was not used (a failed or cancelled delivery). */
export async function releaseSpend(
  q: pg.Pool | pg.ClientBase,
  userId: string,
  amount: number,
  at = new Date(),
): Promise<void> {
  await q.query(
    'update member_spend set amount_pence = greatest(0, amount_pence - $3) where user_id = $1 and month = $2',
    [userId, capMonth(at), amount],
  );
}

export async function spentThisMonth(q: pg.Pool | pg.ClientBase, userId: string, at = new Date()): Promise<number> {
  const { rows } = await q.query<{ amount_pence: string }>(
    'select amount_pence from member_spend where user_id = $1 and month = $2',
    [userId, capMonth(at)],
  );
  return Number(rows[0]?.amount_pence ?? 0);
}
