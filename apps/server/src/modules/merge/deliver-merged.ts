import { type DeliveryChannel, deliverRequestSchema, LETTER_STATUS } from '@lp/domain';
import type pg from 'pg';
import type { CustomerRow, LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { addJob } from '../../platform/jobs.js';
import { type DeliveryDeps, deliverLetter, memberContext, printersOf } from '../delivery/index.js';
import { loadLetterForJob, recordLetterHistory } from '../letters/index.js';
import { notifyUsers } from '../notifications/index.js';

export const MERGE_DELIVER_TASK = 'merge_deliver_letter';

/**
 * The letters hook (registered by the wiring): a merged letter that analysed clean, from a run
 * that asked for delivery, gets its delivery job in the analysis's transaction.
 */
export async function queueMergedDelivery(q: pg.ClientBase, letter: { id: string }): Promise<void> {
  const { rows } = await q.query(
    `select 1 from merge_run_recipients rr join merge_runs r on r.id = rr.run_id
      where rr.letter_id = $1 and r.deliver`,
    [letter.id],
  );
  if (rows.length)
    await addJob(
      q,
      MERGE_DELIVER_TASK,
      { letterId: letter.id },
      { maxAttempts: 3, jobKey: `merge-deliver:${letter.id}` },
    );
}

/** The channels a customer prefers, as delivery names them; mail when none can be used (no email, no phone). */
export function preferredChannels(
  c: Pick<CustomerRow, 'communications_preference' | 'email' | 'phone'> | null,
): DeliveryChannel[] {
  if (!c) return ['mail'];
  const channels: DeliveryChannel[] = [];
  for (const p of c.communications_preference) {
    if (p === 'Mail') channels.push('mail');
    else if (p === 'Email' && c.email) channels.push('email');
    else if (p === 'SMS' && c.phone) channels.push('sms');
  }
  return channels.length ? [...new Set(channels)] : ['mail'];
}

/**
 * Delivers a merged letter on behalf of the member who sent the merge, through its customer's
 * preferred channels, as if they had clicked Deliver: their approvals, spending cap and balance
 * apply (a hold, or a request for approval). When it cannot go, the letter stays New, its history
 * says why and the sender is told, as Auto-deliver does.
 */
export async function deliverMergedLetter(deps: DeliveryDeps, letterId: string): Promise<void> {
  await inTransaction(deps.pool, async (q) => {
    const letter = await loadLetterForJob<Pick<LetterRow, 'account_id' | 'status' | 'name' | 'customer_id'>>(
      q,
      letterId,
      'account_id, status, name, customer_id',
    );
    // Delivered already (the company's Auto-deliver took it), deleted, or not clean: nothing to do.
    if (!letter || letter.status !== LETTER_STATUS.analysisComplete) return;
    const { rows } = await q.query<{ creator_id: string | null }>(
      `select r.creator_id from merge_run_recipients rr join merge_runs r on r.id = rr.run_id
        where rr.letter_id = $1 and r.deliver`,
      [letterId],
    );
    const creator = rows[0]?.creator_id;
    if (!creator) return;
    const { rows: customers } = await q.query<Pick<CustomerRow, 'communications_preference' | 'email' | 'phone'>>(
      'select communications_preference, email, phone from customers where id = $1 and account_id = $2',
      [letter.customer_id, letter.account_id],
    );
    const customer = customers[0] ?? null;
    const channels = preferredChannels(customer);
    const refuse = async (why: string) => {
      await recordLetterHistory(q, letterId, LETTER_STATUS.analysisComplete, `Not delivered by the mail merge: ${why}`);
      await notifyUsers(q, {
        accountId: letter.account_id,
        userIds: [creator],
        sender: 'LetterPost',
        description: `"${letter.name}" was not delivered by the mail merge: ${why}`,
        highlight: true,
      });
      await publish(q, { accountId: letter.account_id, message: { type: 'refresh', entities: ['letters', 'merge'] } });
    };
    const auth = await memberContext(q, creator);
    if (!auth?.abilities.has('send_letter')) return refuse('the sender may no longer send letters.');
    await q.query('savepoint merge_deliver');
    try {
      await deliverLetter(
        q,
        auth,
        deliverRequestSchema.parse({
          uuid: letterId,
          preference_overrides: channels,
          ...(channels.includes('email') ? { recipient_email: customer?.email } : {}),
          ...(channels.includes('sms') ? { recipient_phone_number: customer?.phone } : {}),
        }),
        deps.publicUrl,
        deps.blobs,
        printersOf(deps.providers),
      );
      await q.query('release savepoint merge_deliver');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await q.query('rollback to savepoint merge_deliver');
      await refuse(error.message);
    }
  });
}
