import { TRANSACTION_TYPE_LABELS, TRANSACTION_TYPES, type TransactionType } from '@lp/domain';
import type pg from 'pg';
import { prepared } from '../../platform/db/prepared.js';
import type { LedgerEntryRow, ParcelRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { filterValues, likePattern, Where } from '../../platform/list.js';

/**
 * The transactions as a person reads them (issue 27 item 2, decision 0031). The ledger keeps a
 * hold and its settlement as two entries; the list folds them:
 * - a hold later captured shows once, as its capture (the charge, with what it cost);
 * - a hold still open shows as Reserved, with the amount it reserves;
 * - a released hold shows once, as its release.
 * A hold's entry moves no posted money (amount 0), so leaving the settled ones out changes no sum:
 * the opening balance and the amounts shown still add up to the closing balance.
 *
 * What each entry paid for is named from the letter (its name and recipient), the parcel (its
 * recipient and carrier) or the plan; the ids stay in the answer for the details view.
 */

/**
 * An entry's own words as its search reads them: the expression of ledger_entries_search_idx
 * (migration 0010), written exactly so for the planner to use the index.
 */
const OWN_TEXT = `e.description || ' ' || coalesce(e.user_name, '') || ' ' || coalesce(e.user_email, '') || ' ' ||
  coalesce(e.reference, '') || ' ' || coalesce(e.service_id, '')`;

/** The folding condition: a hold's own entry only while the hold is open. */
const FOLD = `(e.type <> 'hold' or h.status = 'open')`;

/** The joins that fold holds and name what an entry paid for (each by primary key). */
const HOLD_JOIN = `left join holds h on e.type = 'hold' and h.id = e.hold_id`;
const JOINS = `${HOLD_JOIN}
  left join letters l on l.id = e.service_id and l.account_id = e.account_id
  left join parcels p on p.id = e.service_id and p.account_id = e.account_id`;

const COLUMNS = `e.id, e.seq, e.created_at, e.created_at::text as created_at_text, e.type, e.amount_pence, e.held_delta_pence, e.balance_after_pence, e.user_name,
  e.user_email, e.description, e.service_id, e.reference, e.hold_id, l.name as letter_name,
  l.recipient_name_snapshot as letter_recipient, p.recipient_name as parcel_recipient,
  p.recipient_postcode as parcel_postcode, p.carrier_name as parcel_carrier, p.service_name as parcel_service`;

export type TransactionDbRow = Pick<
  LedgerEntryRow,
  | 'id'
  | 'seq'
  | 'created_at'
  | 'type'
  | 'amount_pence'
  | 'held_delta_pence'
  | 'balance_after_pence'
  | 'user_name'
  | 'user_email'
  | 'description'
  | 'service_id'
  | 'reference'
  | 'hold_id'
> & {
  /** created_at to the microsecond (a Date keeps milliseconds): the keyset's position. */
  created_at_text: string;
  letter_name: string | null;
  letter_recipient: string | null;
  parcel_recipient: ParcelRow['recipient_name'] | null;
  parcel_postcode: ParcelRow['recipient_postcode'] | null;
  parcel_carrier: ParcelRow['carrier_name'] | null;
  parcel_service: ParcelRow['service_name'] | null;
};

/** What an entry paid for, in words a person recognises. */
export interface TransactionItem {
  kind: 'letter' | 'parcel' | 'plan';
  name: string;
  detail: string | null;
}

export interface Transaction {
  id: string;
  date: Date;
  type: TransactionType;
  type_label: string;
  /** Posted money (pence, signed: credits positive). */
  amount: number;
  /** Reserved (positive) or given back (negative), pence. */
  held_delta: number;
  balance_after: number;
  user_name: string | null;
  user_email: string | null;
  description: string;
  item: TransactionItem | null;
  service_uuid: string | null;
  reference: string | null;
  hold_id: string | null;
}

export function itemOf(r: TransactionDbRow): TransactionItem | null {
  if (r.letter_name !== null)
    return { kind: 'letter', name: r.letter_name, detail: r.letter_recipient ? `To ${r.letter_recipient}` : null };
  if (r.parcel_recipient !== null)
    return {
      kind: 'parcel',
      name: `Parcel to ${r.parcel_recipient}${r.parcel_postcode ? `, ${r.parcel_postcode}` : ''}`,
      detail: [r.parcel_carrier, r.parcel_service].filter(Boolean).join(' ') || null,
    };
  if ((r.type === 'plan_charge' || r.type === 'plan_refund') && r.service_id)
    return { kind: 'plan', name: `${r.service_id} plan`, detail: null };
  return null;
}

export function toTransaction(r: TransactionDbRow): Transaction {
  const type = r.type as TransactionType;
  return {
    id: r.id,
    date: r.created_at,
    type,
    type_label: TRANSACTION_TYPE_LABELS[type] ?? r.type,
    amount: Number(r.amount_pence),
    held_delta: Number(r.held_delta_pence),
    balance_after: Number(r.balance_after_pence),
    user_name: r.user_name,
    user_email: r.user_email,
    description: r.description,
    item: itemOf(r),
    service_uuid: r.service_id,
    reference: r.reference,
    hold_id: r.hold_id,
  };
}

/** The date filter `<ISO from>/<ISO to>` (either end `..` for open). */
function dateRange(value: string): [Date | null, Date | null] {
  const [from, to] = value.split('/');
  const parse = (v: string | undefined) => {
    if (!v || v === '..') return null;
    const d = new Date(v);
    if (Number.isNaN(d.getTime()) || v.length > 40)
      throw new AppError('VALIDATION_FAILED', 'The date filter must be <ISO from>/<ISO to>.', [
        { path: 'filter.date', message: 'The date filter must be <ISO from>/<ISO to>.' },
      ]);
    return d;
  };
  return [parse(from), parse(to)];
}

export type TransactionFilters = {
  'filter.date'?: string | string[] | undefined;
  'filter.type'?: string | string[] | undefined;
  search: string;
};

/** The list's WHERE for a company and the shared table's filters; `narrowed` when a filter applies. */
export function transactionsWhere(accountId: string, q: TransactionFilters): { where: Where; narrowed: boolean } {
  const where = new Where().add('e.account_id = ?', accountId).add(FOLD);
  const dates = filterValues(q, 'date');
  if (dates[0]) {
    const [from, to] = dateRange(dates[0]);
    if (from) where.add('e.created_at >= ?', from);
    if (to) where.add('e.created_at <= ?', to);
  }
  const types = filterValues(q, 'type');
  if (types.some((t) => !(TRANSACTION_TYPES as readonly string[]).includes(t)))
    throw new AppError('VALIDATION_FAILED', 'Unknown transaction type.', [
      { path: 'filter.type', message: 'Unknown transaction type.' },
    ]);
  // One type (what the list's filter usually holds) as an equality: ledger_entries_type_idx then
  // gives the page in order, 25 entries read; `= any(array)` cannot, so the company's entries were
  // walked newest first and filtered (about 1,200 for a page of top-ups among 100,000 entries).
  if (types.length === 1) where.add('e.type = ?', types[0]);
  else if (types.length) where.add('e.type = any(?::text[])', types);
  if (q.search.includes('\u0000'))
    throw new AppError('VALIDATION_FAILED', 'The search cannot contain a NUL character.', [
      { path: 'search', message: 'The search cannot contain a NUL character.' },
    ]);
  if (q.search) {
    // The term is looked for in the entry's own words, in its letter's name and recipient, and in
    // its parcel's recipient (decision 0041): each through its own trigram index, so a rare term
    // reads its matches rather than every entry of the company.
    const like = likePattern(q.search);
    where.add(
      `(lower(${OWN_TEXT}) like ? escape '\\'
        or e.service_id = any(array(select id from letters where account_id = ?
             and lower(name || ' ' || coalesce(recipient_name_snapshot, '')) like ? escape '\\'))
        or e.service_id = any(array(select id from parcels where account_id = ?
             and lower(recipient_name) like ? escape '\\')))`,
      like,
      accountId,
      like,
      accountId,
      like,
    );
  }
  return { where, narrowed: dates.length > 0 || types.length > 0 || q.search !== '' };
}

/** Keeps a count per company and key until what it counts changes (an AccountCache's get). */
export type KeepCount = (
  accountId: string,
  key: string,
  search: boolean,
  compute: () => Promise<number>,
) => Promise<number>;

/**
 * A page of the folded list, newest first. The order is the index's (ledger_entries_account_idx,
 * "nulls last" as it has it); the joins are by primary key, so a page reads its rows and no more.
 * A filtered list's exact count reads every match (52,000 for a month of a busy company): it is
 * kept under the ledger's version (the balance row's entry count) and, for a search, until the
 * company's letters or parcels change (their names are searched).
 */
export async function listTransactions(
  pool: pg.Pool,
  accountId: string,
  q: TransactionFilters,
  page: { limit: number; offset: number },
  keep: KeepCount = (_a, _k, _s, compute) => compute(),
): Promise<{ rows: Transaction[]; count: number }> {
  const { where, narrowed } = transactionsWhere(accountId, q);
  const countSql = narrowed
    ? `select count(*)::int as n from ledger_entries e ${JOINS} ${where}`
    : // Every entry but the settled holds' own (each settled hold has exactly one settlement entry).
      `select (coalesce((select entry_count from account_balances where account_id = $1), 0)
              - (select count(*) from holds where account_id = $1)
              + (select count(*) from holds where account_id = $1 and status = 'open'))::int as n`;
  const countParams = narrowed ? [...where.params] : [accountId];
  const paging = `limit ${where.param(page.limit)} offset ${where.param(page.offset)}`;
  // The page's entries first (the conditions read the entry and its hold only), then their letter
  // and parcel for those 25: page 40 joined 1,025 entries before its offset.
  const rowsSql = `select ${COLUMNS} from (select e.id from ledger_entries e ${HOLD_JOIN} ${where}
            order by e.created_at desc nulls last, e.seq desc nulls last ${paging}) page
          join ledger_entries e on e.id = page.id ${JOINS}
          order by e.created_at desc nulls last, e.seq desc nulls last`;
  const { search, 'filter.date': date, 'filter.type': type } = q;
  const [rows, count] = await Promise.all([
    // A search is planned for its own term (a rare one through the trigram indexes, a frequent one
    // by walking the date index): a prepared statement's generic plan cannot tell them apart.
    pool.query<TransactionDbRow>(search ? { text: rowsSql, values: where.params } : prepared(rowsSql, where.params)),
    narrowed
      ? (async () => {
          // The ledger's version: every entry moves the balance row's entry_count (ledger.ts), a
          // hold's capture or release included, so a count kept under it cannot outlive a change.
          const version = await pool.query<{ v: string }>(
            prepared('select entry_count::text as v from account_balances where account_id = $1', [accountId]),
          );
          const key = JSON.stringify([version.rows[0]?.v ?? '0', search, date ?? null, type ?? null]);
          return keep(accountId, key, search !== '', async () => {
            const r = await pool.query<{ n: number }>(
              search ? { text: countSql, values: countParams } : prepared(countSql, countParams),
            );
            return r.rows[0]!.n;
          });
        })()
      : pool.query<{ n: number }>(countSql, countParams).then((r) => r.rows[0]!.n),
  ]);
  return { rows: rows.rows.map(toTransaction), count };
}

/** A batch of the folded list after a keyset position (oldest first), for exports and statements. */
export async function transactionsAfter(
  q: pg.Pool | pg.ClientBase,
  where: Where,
  after: { at: string; seq: string } | null,
  limit: number,
): Promise<TransactionDbRow[]> {
  const params = [...where.params];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const keyset = after ? `and (e.created_at, e.seq) > (${p(after.at)}::timestamptz, ${p(after.seq)}::int8)` : '';
  const { rows } = await q.query<TransactionDbRow>(
    `select ${COLUMNS} from ledger_entries e ${JOINS} ${where} ${keyset}
      order by e.created_at, e.seq limit ${p(limit)}`,
    params,
  );
  return rows;
}

/** Every row of the folded list in batches, oldest first (keyset on the list's index). */
export async function* eachTransaction(
  q: pg.Pool | pg.ClientBase,
  where: Where,
  batch = 500,
): AsyncGenerator<TransactionDbRow> {
  let after: { at: string; seq: string } | null = null;
  for (;;) {
    const rows = await transactionsAfter(q, where, after, batch);
    for (const r of rows) yield r;
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    after = { at: last.created_at_text, seq: String(last.seq) };
  }
}
