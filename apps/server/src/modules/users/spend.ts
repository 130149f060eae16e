import { capMonth } from '@lp/domain';
import type pg from 'pg';
import type { MemberSpendRow, UserRow as UserTableRow } from '../../platform/db/rows.js';

export interface Reservation {
  ok: boolean;
  /** Spent this month after the reservation (or unchanged when refused), pence. */
  amountSpent: number;
  /** The cap in force (pence), null when Unlimited. */
  cap: number | null;
  /** The month the reservation counts in (yyyy-MM-01, Europe/London). */
  month: string;
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
  const { rows } = await q.query<Pick<MemberSpendRow, 'amount_pence'> & { cap: UserTableRow['cap_pence'] }>(
    `update member_spend ms set amount_pence = ms.amount_pence + $3
       from users u
      where ms.user_id = $1 and ms.month = $2 and u.id = ms.user_id
        and case when u.override_cap_pence > 0 then ms.amount_pence + $3 <= u.override_cap_pence
                 when u.cap_pence > 0 then ms.amount_pence + $3 <= u.cap_pence
                 else true end
      returning ms.amount_pence,
                case when u.override_cap_pence > 0 then u.override_cap_pence else u.cap_pence end as cap`,
    [userId, month, amount],
  );
  if (rows[0]) {
    const cap = Number(rows[0].cap);
    return { ok: true, amountSpent: Number(rows[0].amount_pence), cap: cap > 0 ? cap : null, month };
  }
  const { rows: now } = await q.query<Pick<MemberSpendRow, 'amount_pence'> & { cap: UserTableRow['cap_pence'] }>(
    `select ms.amount_pence, case when u.override_cap_pence > 0 then u.override_cap_pence else u.cap_pence end as cap
       from member_spend ms join users u on u.id = ms.user_id where ms.user_id = $1 and ms.month = $2`,
    [userId, month],
  );
  const cap = Number(now[0]?.cap ?? 0);
  return { ok: false, amountSpent: Number(now[0]?.amount_pence ?? 0), cap: cap > 0 ? cap : null, month };
}

/** Gives back spend reserved in a given month (yyyy-MM-01): a released hold, a refund. */
export async function releaseSpendInMonth(
  q: pg.Pool | pg.ClientBase,
  userId: string,
  amount: number,
  month: string,
): Promise<void> {
  await q.query(
    'update member_spend set amount_pence = greatest(0, amount_pence - $3) where user_id = $1 and month = $2',
    [userId, month, amount],
  );
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
  const { rows } = await q.query<Pick<MemberSpendRow, 'amount_pence'>>(
    'select amount_pence from member_spend where user_id = $1 and month = $2',
    [userId, capMonth(at)],
  );
  return Number(rows[0]?.amount_pence ?? 0);
}
