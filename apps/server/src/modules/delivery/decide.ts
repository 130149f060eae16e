import { LETTER_STATUS } from '@lp/domain';
import type pg from 'pg';
import { actorName } from '../../platform/access.js';
import type { LetterDeliveryRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { type ApprovalRow, registerApprovalHandler, registerDenyHandler } from '../approvals/index.js';
import { actorOf } from '../money/index.js';
import { unwindDelivery } from './cancel.js';
import { queueDelivery, scheduledStatus } from './deliver.js';
import { setLetterStatus, syncLetter } from './sync-letter.js';

async function lockInReview(q: pg.ClientBase, approval: ApprovalRow) {
  const { rows } = await q.query<
    Pick<LetterDeliveryRow, 'id' | 'account_id' | 'letter_id' | 'previous_status' | 'scheduled_for'>
  >(
    `select id, account_id, letter_id, previous_status, scheduled_for from letter_deliveries
      where id = $1 and account_id = $2 and state = 'in_review' for update`,
    [approval.entity_id, approval.account_id],
  );
  if (!rows[0]) throw new AppError('CONFLICT', 'This delivery was cancelled or has already been decided.');
  return rows[0];
}

/**
 * A supervisor's verdict on a delivery (send_letter flagged for approval), inside the deciding
 * transaction: approving runs it now or at its scheduled time (a time already past means now);
 * denying releases its holds and the letter shows Denied by Supervisor.
 */
export function registerDeliveryApprovals(): void {
  registerApprovalHandler('letter_delivery', async (q, approval, decider) => {
    const d = await lockInReview(q, approval);
    const later = d.scheduled_for && d.scheduled_for.getTime() > Date.now() + 1000 ? d.scheduled_for : null;
    await q.query(`update letter_deliveries set state = $2, updated_at = now() where id = $1`, [
      d.id,
      later ? 'scheduled' : 'sending',
    ]);
    if (later)
      await setLetterStatus(
        q,
        { id: d.letter_id, accountId: d.account_id },
        scheduledStatus(later),
        `Approved by ${actorName(decider)}`,
      );
    else await syncLetter(q, d.id, `Approved by ${actorName(decider)}`);
    await queueDelivery(q, d.id, later);
  });
  registerDenyHandler('letter_delivery', async (q, approval, decider) => {
    const d = await lockInReview(q, approval);
    await q.query(`update letter_deliveries set state = 'denied', updated_at = now() where id = $1`, [d.id]);
    await unwindDelivery(q, d, LETTER_STATUS.deniedBySupervisor, `Denied by ${actorName(decider)}`, actorOf(decider));
  });
}
