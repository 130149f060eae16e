import { randomUUID } from 'node:crypto';
import { MERGE_MESSAGES, type MergeRecipients } from '@lp/domain';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { addJob } from '../../platform/jobs.js';
import { resolveRecipients } from './resolve-recipients.js';
import { getTemplate } from './templates.js';

export const MERGE_TASK = 'merge_run';

/**
 * Starts a merge: the recipients are read now (a customer changed later does not change the run),
 * stored with their values, and one job makes their letters. Answers the run's id and size.
 */
export async function sendMerge(
  pool: pg.Pool,
  owner: { accountId: string; userId: string | null; testMode: boolean },
  templateId: string,
  recipients: MergeRecipients,
  deliver: boolean,
): Promise<{ id: string; total: number }> {
  const template = await getTemplate(pool, owner.accountId, templateId);
  const list = await resolveRecipients(pool, owner.accountId, recipients);
  if (list.length === 0) throw new AppError('VALIDATION_FAILED', MERGE_MESSAGES.noRecipients);
  const id = randomUUID();
  await inTransaction(pool, async (q) => {
    await q.query(
      `insert into merge_runs (id, account_id, template_id, template_name, creator_id, deliver, total, test_mode)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, owner.accountId, template.id, template.name, owner.userId, deliver, list.length, owner.testMode],
    );
    // One statement for the whole list (up to MERGE_LIMITS.maxRecipients rows).
    await q.query(
      `insert into merge_run_recipients (run_id, position, customer_id, name, values)
       select $1, r.position - 1, r.customer_id, r.name, r.values
         from unnest($2::text[], $3::text[], $4::jsonb[]) with ordinality as r(customer_id, name, values, position)`,
      [
        id,
        list.map((r) => r.customerId),
        list.map((r) => r.name.slice(0, 300)),
        list.map((r) => JSON.stringify(r.values)),
      ],
    );
    await addJob(q, MERGE_TASK, { runId: id }, { maxAttempts: 5, jobKey: `merge:${id}` });
    await publish(q, { accountId: owner.accountId, message: { type: 'refresh', entities: ['merge'] } });
  });
  return { id, total: list.length };
}
