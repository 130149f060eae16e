import { createHash, randomUUID } from 'node:crypto';
import { LOW_BALANCE_PENCE, MONEY_MESSAGES, type TransactionType } from '@lp/domain';
import type pg from 'pg';
import type { AccountBalanceRow, HoldRow, LedgerEntryRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { emitEvent } from '../../platform/webhook-outbox.js';
import { releaseSpendInMonth, reserveSpend } from '../users/index.js';

/**
 * The one place money moves (decision 0015). Every function runs inside the caller's transaction,
 * so a movement commits with the change that causes it or not at all, and writes an immutable
 * ledger entry; the posted balance is the sum of the entries' amount_pence and the held amount the
 * sum of their held_delta_pence. Each takes an idempotency key: repeating a call with the same key
 * and the same request answers the first call's result and moves nothing; the same key with a
 * different request is refused (409).
 *
 * Locks are always taken in one order: the key's advisory lock, the hold, the member's month of
 * spend, the company's balance row. A conditional UPDATE under read committed re-checks the row a
 * concurrent transaction just committed, so two calls can never both spend the last penny.
 */

type Q = pg.ClientBase;

/** Who caused a movement (shown in the transactions table; kept when the member is removed). */
export interface Actor {
  userId: string;
  name: string;
  email: string;
}

export interface Entry {
  id: string;
  account_id: string;
  type: TransactionType;
  amount_pence: number;
  held_delta_pence: number;
  balance_after_pence: number;
  user_id: string | null;
  description: string;
  service_id: string | null;
  reference: string | null;
  hold_id: string | null;
  cap_month: string | null;
  created_at: Date;
  /** True when this call repeated an earlier one with the same key (nothing moved). */
  replayed: boolean;
}

export interface Hold {
  id: string;
  account_id: string;
  user_id: string | null;
  amount_pence: number;
  status: 'open' | 'captured' | 'released';
  captured_pence: number | null;
  cap_month: string | null;
  description: string;
  service_id: string | null;
  replayed: boolean;
}

interface Movement {
  accountId: string;
  /** Generated once per logical operation (never per retry). */
  key: string;
  /** Pence, a positive whole number. */
  amount: number;
  description: string;
  /** The member who spends (and whose monthly cap applies when `capped`), or null for the company. */
  actor: Actor | null;
  /** A member's spend counts against their monthly cap; company charges (the plan) do not. Default true. */
  capped?: boolean;
  /** The letter, parcel or period this pays for. */
  serviceId?: string | null;
  reference?: string | null;
  at?: Date;
  /**
   * Whether the one who asked may see the balance (canSeeBalance): a refusal names the available
   * balance only then. Off unless said, so a new caller cannot leak it.
   */
  canSeeBalance?: boolean;
}

const MAX_AMOUNT = 100_000_000_00;

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT)
    throw new RangeError(`amount must be a whole number of pence between 1 and ${MAX_AMOUNT}`);
}

function requestHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

const ENTRY_COLUMNS = `id, account_id, type, amount_pence::int8 as amount_pence, held_delta_pence, balance_after_pence,
  user_id, description, service_id, reference, hold_id, to_char(cap_month, 'YYYY-MM-DD') as cap_month, created_at, request_hash`;

/** A ledger entry as ENTRY_COLUMNS reads it. */
type EntryRow = Pick<
  LedgerEntryRow,
  | 'id'
  | 'account_id'
  | 'type'
  | 'amount_pence'
  | 'held_delta_pence'
  | 'balance_after_pence'
  | 'user_id'
  | 'description'
  | 'service_id'
  | 'reference'
  | 'hold_id'
  | 'created_at'
  | 'request_hash'
> & { cap_month: string | null }; // to_char(cap_month, 'YYYY-MM-DD')

function toEntry(row: EntryRow, replayed: boolean): Entry {
  return {
    id: row.id,
    account_id: row.account_id,
    type: row.type as TransactionType,
    amount_pence: Number(row.amount_pence),
    held_delta_pence: Number(row.held_delta_pence),
    balance_after_pence: Number(row.balance_after_pence),
    user_id: row.user_id,
    description: row.description,
    service_id: row.service_id,
    reference: row.reference,
    hold_id: row.hold_id,
    cap_month: row.cap_month,
    created_at: row.created_at,
    replayed,
  };
}

/** Serialises calls with the same key (and makes a repeat see the first one's committed entry). */
async function lockKey(q: Q, accountId: string, key: string) {
  await q.query('select pg_advisory_xact_lock(hashtextextended($1, 727010))', [`${accountId}\u0001${key}`]);
}

/** The entry an earlier call with this key wrote; a different request under the same key is refused. */
async function replay(q: Q, accountId: string, key: string, hash: string): Promise<Entry | null> {
  const { rows } = await q.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from ledger_entries where account_id = $1 and idempotency_key = $2`,
    [accountId, key],
  );
  if (!rows[0]) return null;
  if (rows[0].request_hash !== hash)
    throw new AppError('CONFLICT', 'This idempotency key was already used for a different request.');
  return toEntry(rows[0], true);
}

async function ensureBalanceRow(q: Q, accountId: string) {
  await q.query('insert into account_balances (account_id) values ($1) on conflict do nothing', [accountId]);
}

/** The balance, what holds reserve and what is left to spend (pence). */
export async function readBalance(
  q: Q | pg.Pool,
  accountId: string,
): Promise<{ balance: number; held: number; available: number }> {
  const { rows } = await q.query<Pick<AccountBalanceRow, 'balance_pence' | 'held_pence'>>(
    'select balance_pence, held_pence from account_balances where account_id = $1',
    [accountId],
  );
  const balance = Number(rows[0]?.balance_pence ?? 0);
  const held = Number(rows[0]?.held_pence ?? 0);
  return { balance, held, available: balance - held };
}

/** Reserves a member's spend against their cap, or refuses with the cap and what is left. */
async function reserveCap(q: Q, m: Movement): Promise<string | null> {
  if (!m.actor || m.capped === false) return null;
  const reservation = await reserveSpend(q, m.actor.userId, m.amount, m.at);
  if (!reservation.ok) {
    const cap = reservation.cap ?? 0;
    throw new AppError(
      'SPENDING_CAP_EXCEEDED',
      MONEY_MESSAGES.capExceeded(cap, Math.max(0, cap - reservation.amountSpent)),
    );
  }
  return reservation.month;
}

async function insufficient(q: Q, m: Movement): Promise<never> {
  const { available } = await readBalance(q, m.accountId);
  throw new AppError(
    'INSUFFICIENT_FUNDS',
    MONEY_MESSAGES.insufficientFunds(m.amount, m.canSeeBalance ? Math.max(0, available) : null),
  );
}

interface EntryInsert {
  accountId: string;
  type: TransactionType;
  amount: number;
  heldDelta: number;
  balanceAfter: number;
  actor: Actor | null;
  description: string;
  serviceId?: string | null | undefined;
  reference?: string | null | undefined;
  holdId?: string | null;
  capMonth?: string | null;
  key: string;
  hash: string;
}

async function insertEntry(q: Q, e: EntryInsert): Promise<Entry> {
  const { rows } = await q.query<EntryRow>(
    `insert into ledger_entries (id, account_id, type, amount_pence, held_delta_pence, balance_after_pence, user_id,
        user_name, user_email, description, service_id, reference, hold_id, cap_month, idempotency_key, request_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     returning ${ENTRY_COLUMNS}`,
    [
      `txn_${randomUUID().replaceAll('-', '')}`,
      e.accountId,
      e.type,
      e.amount,
      e.heldDelta,
      e.balanceAfter,
      e.actor?.userId ?? null,
      e.actor?.name ?? null,
      e.actor?.email ?? null,
      e.description,
      e.serviceId ?? null,
      e.reference ?? null,
      e.holdId ?? null,
      e.capMonth ?? null,
      e.key,
      e.hash,
    ],
  );
  return toEntry(rows[0]!, false);
}

/** Moves the balance row; null when the condition (enough available) does not hold. */
async function moveBalance(
  q: Q,
  accountId: string,
  balanceDelta: number,
  heldDelta: number,
  needAvailable: number,
): Promise<number | null> {
  const { rows } = await q.query<Pick<AccountBalanceRow, 'balance_pence' | 'held_pence'>>(
    `update account_balances
        set balance_pence = balance_pence + $2, held_pence = held_pence + $3, entry_count = entry_count + 1,
            updated_at = now()
      where account_id = $1 and balance_pence - held_pence >= $4
      returning balance_pence, held_pence`,
    [accountId, balanceDelta, heldDelta, needAvailable],
  );
  const row = rows[0];
  if (!row) return null;
  const balance = Number(row.balance_pence);
  const held = Number(row.held_pence);
  await warnWhenLow(q, accountId, { balance, held, before: balance - held - (balanceDelta - heldDelta) });
  return balance;
}

/**
 * `balance.low` (decision 0029): sent once each time a movement takes the available balance from
 * LOW_BALANCE_PENCE or more to under it, in the movement's transaction.
 */
async function warnWhenLow(q: Q, accountId: string, b: { balance: number; held: number; before: number }) {
  const available = b.balance - b.held;
  if (!(b.before >= LOW_BALANCE_PENCE && available < LOW_BALANCE_PENCE)) return;
  await emitEvent(q, accountId, 'balance.low', {
    available_pence: available,
    balance_pence: b.balance,
    held_pence: b.held,
    threshold_pence: LOW_BALANCE_PENCE,
  });
}

/** Takes money now (a delivery sent at once, a parcel booked, a plan fee). */
export async function charge(q: Q, m: Movement & { type?: 'charge' | 'plan_charge' }): Promise<Entry> {
  assertAmount(m.amount);
  const type = m.type ?? 'charge';
  const capped = m.capped !== false && m.actor !== null;
  const hash = requestHash([type, m.amount, m.actor?.userId ?? null, capped, m.serviceId ?? null]);
  await lockKey(q, m.accountId, m.key);
  const earlier = await replay(q, m.accountId, m.key, hash);
  if (earlier) return earlier;
  await ensureBalanceRow(q, m.accountId);
  const month = await reserveCap(q, m);
  const after = await moveBalance(q, m.accountId, -m.amount, 0, m.amount);
  if (after === null) return insufficient(q, m);
  return insertEntry(q, {
    accountId: m.accountId,
    type,
    amount: -m.amount,
    heldDelta: 0,
    balanceAfter: after,
    actor: m.actor,
    description: m.description,
    serviceId: m.serviceId,
    reference: m.reference,
    capMonth: month,
    key: m.key,
    hash,
  });
}

/** Adds money received (a card top-up, a bank transfer, a refund is `refund`). */
export async function credit(q: Q, m: Omit<Movement, 'capped'> & { type: 'top_up' | 'bank_transfer' }): Promise<Entry> {
  assertAmount(m.amount);
  const hash = requestHash([m.type, m.amount, m.reference ?? null]);
  await lockKey(q, m.accountId, m.key);
  const earlier = await replay(q, m.accountId, m.key, hash);
  if (earlier) return earlier;
  await ensureBalanceRow(q, m.accountId);
  const after = (await moveBalance(q, m.accountId, m.amount, 0, 0))!;
  return insertEntry(q, {
    accountId: m.accountId,
    type: m.type,
    amount: m.amount,
    heldDelta: 0,
    balanceAfter: after,
    actor: m.actor,
    description: m.description,
    serviceId: m.serviceId,
    reference: m.reference,
    key: m.key,
    hash,
  });
}

const HOLD_COLUMNS = `id, account_id, user_id, amount_pence, status, captured_pence,
  to_char(cap_month, 'YYYY-MM-DD') as cap_month, description, service_id`;

/** A hold as HOLD_COLUMNS reads it. */
type HoldDbRow = Pick<
  HoldRow,
  'id' | 'account_id' | 'user_id' | 'amount_pence' | 'status' | 'captured_pence' | 'description' | 'service_id'
> & { cap_month: string | null }; // to_char(cap_month, 'YYYY-MM-DD')

function toHold(row: HoldDbRow, replayed: boolean): Hold {
  return {
    id: row.id,
    account_id: row.account_id,
    user_id: row.user_id,
    amount_pence: Number(row.amount_pence),
    status: row.status,
    captured_pence: row.captured_pence === null ? null : Number(row.captured_pence),
    cap_month: row.cap_month,
    description: row.description,
    service_id: row.service_id,
    replayed,
  };
}

/**
 * Reserves money for work charged later (a scheduled delivery, a request in review): the balance
 * stays, the available amount drops, and the member's monthly spend counts it now.
 */
export async function hold(q: Q, m: Movement): Promise<Hold> {
  assertAmount(m.amount);
  const capped = m.capped !== false && m.actor !== null;
  const hash = requestHash(['hold', m.amount, m.actor?.userId ?? null, capped, m.serviceId ?? null]);
  await lockKey(q, m.accountId, m.key);
  const { rows: found } = await q.query<HoldDbRow & { request_hash: LedgerEntryRow['request_hash'] | null }>(
    `select ${HOLD_COLUMNS}, (select request_hash from ledger_entries e where e.hold_id = h.id and e.type = 'hold') as request_hash
       from holds h where account_id = $1 and idempotency_key = $2`,
    [m.accountId, m.key],
  );
  if (found[0]) {
    if (found[0].request_hash !== hash)
      throw new AppError('CONFLICT', 'This idempotency key was already used for a different request.');
    return toHold(found[0], true);
  }
  await ensureBalanceRow(q, m.accountId);
  const month = await reserveCap(q, m);
  const after = await moveBalance(q, m.accountId, 0, m.amount, m.amount);
  if (after === null) return insufficient(q, m);
  const id = `hold_${randomUUID().replaceAll('-', '')}`;
  const { rows } = await q.query<HoldDbRow>(
    `insert into holds (id, account_id, user_id, amount_pence, cap_month, description, service_id, idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${HOLD_COLUMNS}`,
    [id, m.accountId, capped ? m.actor!.userId : null, m.amount, month, m.description, m.serviceId ?? null, m.key],
  );
  await insertEntry(q, {
    accountId: m.accountId,
    type: 'hold',
    amount: 0,
    heldDelta: m.amount,
    balanceAfter: after,
    actor: m.actor,
    description: m.description,
    serviceId: m.serviceId,
    reference: m.reference ?? id,
    holdId: id,
    capMonth: month,
    key: m.key,
    hash,
  });
  return toHold(rows[0]!, false);
}

async function lockHold(q: Q, accountId: string, holdId: string) {
  const { rows } = await q.query<HoldDbRow>(
    `select ${HOLD_COLUMNS} from holds where id = $1 and account_id = $2 for update`,
    [holdId, accountId],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', 'This reservation does not exist.');
  return toHold(rows[0], false);
}

async function settlementEntry(q: Q, accountId: string, holdId: string, type: 'capture' | 'release') {
  const { rows } = await q.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from ledger_entries where account_id = $1 and hold_id = $2 and type = $3`,
    [accountId, holdId, type],
  );
  return rows[0] ? toEntry(rows[0], true) : null;
}

/**
 * Charges a hold: all of it, or `amount` of it (the rest is released at the same time). A hold is
 * captured or released, never both; capturing again answers the first capture.
 */
export async function capture(
  q: Q,
  c: { accountId: string; holdId: string; amount?: number; actor?: Actor | null; description?: string },
): Promise<Entry> {
  const h = await lockHold(q, c.accountId, c.holdId);
  if (h.status === 'captured') return (await settlementEntry(q, c.accountId, h.id, 'capture'))!;
  if (h.status === 'released') throw new AppError('CONFLICT', 'This reservation was already released.');
  const amount = c.amount ?? h.amount_pence;
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > h.amount_pence)
    throw new RangeError('a capture takes between 0 and the held amount');
  if (h.user_id && h.cap_month && amount < h.amount_pence)
    await releaseSpendInMonth(q, h.user_id, h.amount_pence - amount, h.cap_month);
  // Balance and held both fall; no availability condition: the money was reserved.
  const after = (await moveBalance(q, c.accountId, -amount, -h.amount_pence, Number.MIN_SAFE_INTEGER))!;
  await q.query(`update holds set status = 'captured', captured_pence = $2, settled_at = now() where id = $1`, [
    h.id,
    amount,
  ]);
  return insertEntry(q, {
    accountId: c.accountId,
    type: 'capture',
    amount: -amount,
    heldDelta: -h.amount_pence,
    balanceAfter: after,
    actor: c.actor ?? (await holdActor(q, h.id)),
    description: c.description ?? h.description,
    serviceId: h.service_id,
    reference: h.id,
    holdId: h.id,
    capMonth: h.cap_month,
    key: `capture:${h.id}`,
    hash: requestHash(['capture', h.id]),
  });
}

/** Gives a hold back (a cancelled delivery, a denied request); releasing again answers the first release. */
export async function release(
  q: Q,
  r: { accountId: string; holdId: string; actor?: Actor | null; description?: string },
): Promise<Entry> {
  const h = await lockHold(q, r.accountId, r.holdId);
  if (h.status === 'released') return (await settlementEntry(q, r.accountId, h.id, 'release'))!;
  if (h.status === 'captured') throw new AppError('CONFLICT', 'This reservation was already charged.');
  if (h.user_id && h.cap_month) await releaseSpendInMonth(q, h.user_id, h.amount_pence, h.cap_month);
  const after = (await moveBalance(q, r.accountId, 0, -h.amount_pence, Number.MIN_SAFE_INTEGER))!;
  await q.query(`update holds set status = 'released', settled_at = now() where id = $1`, [h.id]);
  return insertEntry(q, {
    accountId: r.accountId,
    type: 'release',
    amount: 0,
    heldDelta: -h.amount_pence,
    balanceAfter: after,
    actor: r.actor ?? (await holdActor(q, h.id)),
    description: r.description ?? `Released: ${h.description}`,
    serviceId: h.service_id,
    reference: h.id,
    holdId: h.id,
    capMonth: h.cap_month,
    key: `release:${h.id}`,
    hash: requestHash(['release', h.id]),
  });
}

async function holdActor(q: Q, holdId: string): Promise<Actor | null> {
  const { rows } = await q.query<Pick<LedgerEntryRow, 'user_id' | 'user_name' | 'user_email'>>(
    `select user_id, user_name, user_email from ledger_entries where hold_id = $1 and type = 'hold'`,
    [holdId],
  );
  const r = rows[0];
  return r?.user_id ? { userId: r.user_id, name: r.user_name ?? '', email: r.user_email ?? '' } : null;
}

/**
 * Gives back (part of) a charge: never more than was charged, counting earlier refunds; the
 * member's spend of the charge's month is given back too.
 */
export async function refund(
  q: Q,
  r: {
    accountId: string;
    key: string;
    /** The charge or capture entry refunded. */
    entryId: string;
    amount?: number;
    description: string;
    actor?: Actor | null;
    type?: 'refund' | 'plan_refund';
  },
): Promise<Entry> {
  const type = r.type ?? 'refund';
  await lockKey(q, r.accountId, r.key);
  const { rows } = await q.query<EntryRow & Pick<LedgerEntryRow, 'user_name' | 'user_email'>>(
    `select ${ENTRY_COLUMNS}, user_name, user_email from ledger_entries where id = $1 and account_id = $2`,
    [r.entryId, r.accountId],
  );
  const original = rows[0];
  if (!original || !['charge', 'capture', 'plan_charge'].includes(original.type))
    throw new AppError('NOT_FOUND', 'There is no such charge to refund.');
  const amount = r.amount ?? -Number(original.amount_pence);
  assertAmount(amount);
  const hash = requestHash([type, amount, r.entryId]);
  const earlier = await replay(q, r.accountId, r.key, hash);
  if (earlier) return earlier;
  // Serialise refunds of one charge on the company's balance row, then count what was given back.
  await q.query('select 1 from account_balances where account_id = $1 for update', [r.accountId]);
  const { rows: done } = await q.query<{ refunded: string }>(
    `select coalesce(sum(amount_pence), 0) as refunded from ledger_entries
      where account_id = $1 and reference = $2 and type in ('refund', 'plan_refund')`,
    [r.accountId, r.entryId],
  );
  if (Number(done[0]!.refunded) + amount > -Number(original.amount_pence))
    throw new AppError('CONFLICT', 'A refund cannot give back more than was charged.');
  if (original.user_id && original.cap_month)
    await releaseSpendInMonth(q, original.user_id, amount, original.cap_month);
  const after = (await moveBalance(q, r.accountId, amount, 0, 0))!;
  const actor =
    r.actor ??
    (original.user_id
      ? { userId: original.user_id, name: original.user_name ?? '', email: original.user_email ?? '' }
      : null);
  return insertEntry(q, {
    accountId: r.accountId,
    type,
    amount,
    heldDelta: 0,
    balanceAfter: after,
    actor,
    description: r.description,
    serviceId: original.service_id,
    reference: r.entryId,
    capMonth: original.cap_month,
    key: r.key,
    hash,
  });
}
