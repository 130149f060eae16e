import { CHANNEL_LABELS, DELIVERY_MESSAGES } from '@lp/domain';
import type pg from 'pg';
import { type AuthContext, actorName } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import type { LetterDeliveryChannelRow, LetterDeliveryRow, LetterRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { findLetter } from '../letters/index.js';
import { actorOf, release } from '../money/index.js';
import { emitChannelUpdated } from './channel-event.js';
import { setLetterStatus } from './sync-letter.js';

/**
 * Gives back every channel's hold of a delivery that will not run (cancelled or denied) and puts
 * the letter back to the status it had, in the caller's transaction.
 */
export async function unwindDelivery(
  q: pg.ClientBase,
  d: { id: string; account_id: string; letter_id: string; previous_status: string },
  status: string,
  reason: string,
  actor: ReturnType<typeof actorOf> | null,
): Promise<void> {
  const { rows: channels } = await q.query<Pick<LetterDeliveryChannelRow, 'channel' | 'hold_id'>>(
    `update letter_delivery_channels set state = 'cancelled', updated_at = now()
      where delivery_id = $1 and state = 'queued' returning channel, hold_id`,
    [d.id],
  );
  for (const c of channels)
    if (c.hold_id)
      await release(q, {
        accountId: d.account_id,
        holdId: c.hold_id,
        actor,
        description: `Released (${CHANNEL_LABELS[c.channel].toLowerCase()}): ${reason}`,
      });
  await q.query('select graphile_worker.remove_job($1)', [`deliver:${d.id}`]);
  await setLetterStatus(q, { id: d.letter_id, accountId: d.account_id }, status, reason, []);
  for (const c of channels) await emitChannelUpdated(q, d.account_id, d.id, c.channel);
}

/**
 * Cancel Delivery: a compare-and-set of the letter's delivery from scheduled (or in review) to
 * cancelled, in one transaction with the release of its holds. The delivery job takes it with the
 * opposite compare-and-set (scheduled → sending), so of a cancel and a send racing, exactly one wins.
 */
export async function cancelDelivery(q: pg.ClientBase, auth: AuthContext, letterId: string) {
  const letter = await findLetter<Pick<LetterRow, 'id'>>(q, auth, letterId, 'l.id', { forUpdate: true });
  if (!letter) throw new AppError('NOT_FOUND');
  const { rows } = await q.query<
    Pick<LetterDeliveryRow, 'id' | 'account_id' | 'letter_id' | 'previous_status' | 'approval_id'>
  >(
    `update letter_deliveries set state = 'cancelled', updated_at = now()
      where letter_id = $1 and account_id = $2 and state in ('scheduled', 'in_review')
      returning id, account_id, letter_id, previous_status, approval_id`,
    [letterId, auth.accountId],
  );
  const d = rows[0];
  if (!d) {
    const sending = await q.query(`select 1 from letter_deliveries where letter_id = $1 and state = 'sending'`, [
      letterId,
    ]);
    throw new AppError(
      'CONFLICT',
      sending.rowCount ? DELIVERY_MESSAGES.tooLateToCancel : DELIVERY_MESSAGES.nothingToCancel,
    );
  }
  if (d.approval_id) {
    // A request withdrawn before a verdict: it is settled for the supervisors too.
    await q.query(
      `update approvals set verdict = 'withdrawn', decided_by = $2, decided_at = now() where id = $1 and verdict is null`,
      [d.approval_id, auth.userId],
    );
    await q.query(
      `update notifications set dismissed_at = now() where account_id = $1 and approval->>'approval_id' = $2 and dismissed_at is null`,
      [auth.accountId, d.approval_id],
    );
  }
  await unwindDelivery(q, d, d.previous_status, `Delivery cancelled by ${actorName(auth)}`, actorOf(auth));
  await writeAudit(q, auth, {
    action: 'letter.delivery_cancelled',
    entityType: 'letter',
    entityId: letterId,
    before: { delivery: d.id },
    after: { state: 'cancelled' },
  });
  return { uuid: letterId, status: d.previous_status };
}
