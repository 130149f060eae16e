import { capMonth, effectiveCap } from '@lp/domain';
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
 * A cap of 0 means Unlimited; a non-zero override cap takes precedence (effectiveCap, @lp/domain).
 */
export async function reserveSpend(
  q: pg.Pool | pg.ClientBase,
  userId: string,
  amount: number,
  at = new Date(),
): Promise<Reservation> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer of pence');
  const month = capMonth(at);
  // The cap in force, decided by the one function the screens use too (effectiveCap). Read without a
  // lock (decision 0015's lock order has no member row): an edit committed at the same moment counts
  // from the next reservation; concurrent reservations still serialise on the month's row below.
  const { rows: member } = await q.query<Pick<UserTableRow, 'cap_pence' | 'override_cap_pence'>>(
    'select cap_pence, override_cap_pence from users where id = $1',
    [userId],
  );
  const cap = member[0]
    ? effectiveCap({ cap: Number(member[0].cap_pence), override_cap: Number(member[0].override_cap_pence) })
    : null;
  await q.query('insert into member_spend (user_id, month, amount_pence) values ($1, $2, 0) on conflict do nothing', [
    userId,
    month,
  ]);
  const { rows } = await q.query<Pick<MemberSpendRow, 'amount_pence'>>(
    `update member_spend set amount_pence = amount_pence + $3
      where user_id = $1 and month = $2 and ($4::int8 is null or amount_pence + $3 <= $4::int8)
      returning amount_pence`,
    [userId, month, amount, cap],
  );
  if (rows[0]) return { ok: true, amountSpent: Number(rows[0].amount_pence), cap, month };
  return { ok: false, amountSpent: await spentThisMonth(q, userId, at), cap, month };
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
