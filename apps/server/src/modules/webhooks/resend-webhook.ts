import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { addJob } from '../../platform/jobs.js';
import { TASKS } from '../../platform/tasks.js';
import { webhookJobKey } from '../../platform/webhook-outbox.js';
import type { SendPayload } from './send-webhook.js';

/**
 * Resend: one more attempt of a delivery (an event to an endpoint) now, with the same event id so
 * the receiver can tell it already has it. The delivery's own schedule, if it still has one, goes
 * on. Another company's endpoint or delivery, or a delivery of another endpoint: 404.
 */
export async function resendWebhook(
  pool: pg.Pool,
  auth: AuthContext,
  endpointId: string,
  deliveryId: string,
): Promise<void> {
  await inTransaction(pool, async (q) => {
    const { rowCount } = await q.query(
      `select 1 from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where d.id = $1 and d.endpoint_id = $2 and e.account_id = $3`,
      [deliveryId, endpointId, auth.accountId],
    );
    if (!rowCount) throw new AppError('NOT_FOUND');
    const payload: SendPayload = { deliveryId, manual: true };
    // Its own key: a Resend does not replace the delivery's scheduled retry.
    await addJob(q, TASKS.sendWebhook, payload, { maxAttempts: 3, jobKey: `${webhookJobKey(deliveryId)}:resend` });
  });
}
