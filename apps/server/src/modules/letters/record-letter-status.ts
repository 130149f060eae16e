import type pg from 'pg';
import type { LetterRow } from '../../platform/db/rows.js';
import { emitEvent } from '../../platform/webhook-outbox.js';
import { letterEventData } from './letter-event.js';

/** A SQL expression over the letter's own columns (no parameters), written into the update as it is. */
export class LetterColumnSql {
  constructor(readonly sql: string) {}
}

/** `blob_key: letterColumnSql('original_key')`: a column set from the row itself rather than from a value. */
export const letterColumnSql = (sql: string) => new LetterColumnSql(sql);

/** The letter's columns a status change may write beside the status, each a value or an expression. */
const WRITABLE = [
  'status_reason',
  'force_status_error',
  'num_pages',
  'recipient_name_snapshot',
  'recipient_address_snapshot',
  'postcode',
  'country',
  'address_source',
  'ocr_confidence',
  'thumbnail_key',
  'layout',
  'blob_key',
  'original_key',
  'address_sheet',
  'address_reset',
  'delivery_channels',
  'successful_delivery_channels',
  'unsuccessful_delivery_channels',
  'has_been_posted',
  'delivered_on',
] as const;
export type LetterStatusColumn = (typeof WRITABLE)[number];
export type LetterStatusChanges = Partial<Record<LetterStatusColumn, unknown>>;

export interface RecordLetterStatusOptions {
  /** The history row's reason (none when null or left out). */
  reason?: string | null;
  /** Other columns written in the same update (status_reason among them). */
  set?: LetterStatusChanges;
  /** Compare-and-set: only while the letter is in this status; nothing is written otherwise. */
  whileStatus?: string;
  /** False: the status is written without a history row (nothing worth a line happened). */
  history?: boolean;
}

/**
 * The one write of a letter's status, in the caller's transaction: the status (with the columns
 * that change with it, and updated_at) and the history row that shows it in the letter's timeline.
 * Answers false when `whileStatus` did not hold (no row was written).
 */
export async function recordLetterStatus(
  q: pg.ClientBase,
  letterId: string,
  status: string,
  options: RecordLetterStatusOptions = {},
): Promise<boolean> {
  const params: unknown[] = [letterId, status];
  const sets = ['status = $2'];
  for (const [column, value] of Object.entries(options.set ?? {})) {
    if (!(WRITABLE as readonly string[]).includes(column)) throw new Error(`letters.${column} is not written here`);
    if (value instanceof LetterColumnSql) sets.push(`${column} = ${value.sql}`);
    else {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    }
  }
  sets.push('updated_at = now()');
  let guard = '';
  if (options.whileStatus !== undefined) {
    params.push(options.whileStatus);
    guard = ` and status = $${params.length}`;
  }
  // The status before (locked first, so it is the one this update replaces) tells whether it changed.
  const updated = await q.query<Pick<LetterRow, 'account_id'> & { previous_status: LetterRow['status'] }>(
    `with old as (select status as previous_status from letters where id = $1 for update)
     update letters set ${sets.join(', ')} from old where id = $1${guard}
     returning letters.account_id, old.previous_status`,
    params,
  );
  const row = updated.rows[0];
  if (!row) return false;
  if (options.history !== false) await recordLetterHistory(q, letterId, status, options.reason ?? null);
  if (row.previous_status !== status)
    await emitEvent(q, row.account_id, 'letter.status_changed', async () => {
      const letter = await letterEventData(q, letterId);
      return letter && { ...letter, previous_status: row.previous_status };
    });
  return true;
}

/**
 * A line in the letter's timeline without a change of its status (a split step, a restarted
 * analysis, a refused auto-delivery, revoked links), in the caller's transaction.
 */
export async function recordLetterHistory(
  q: pg.ClientBase,
  letterId: string,
  status: string,
  reason: string | null = null,
): Promise<void> {
  await q.query('insert into letter_history (letter_id, status, reason) values ($1, $2, $3)', [
    letterId,
    status,
    reason,
  ]);
}
