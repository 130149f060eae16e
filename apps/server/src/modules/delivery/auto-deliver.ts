import { deliverRequestSchema, LETTER_STATUS } from '@lp/domain';
import type pg from 'pg';
import { type AuthContext, abilitiesOf } from '../../platform/access.js';
import type { SessionRow } from '../../platform/auth.js';
import type { LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { addJob } from '../../platform/jobs.js';
import { TASKS } from '../../platform/tasks.js';
import { loadLetterForJob, recordLetterHistory } from '../letters/index.js';
import { notifyUsers } from '../notifications/index.js';
import { deliverLetter, printersOf } from './deliver.js';
import { companyPreferences } from './price.js';
import type { DeliveryDeps } from './run-delivery.js';

export const AUTO_DELIVER_TASK = TASKS.autoDeliverLetter;

/**
 * The letters module's hook for a letter that analysed clean: the auto-deliver job, queued only where
 * the company has Auto-deliver on and posts letters (autoDeliver checks again, and the uploader's
 * rights, when it runs). A job for every clean letter cost each about 2 ms of the database and a job
 * run for nothing.
 */
export async function queueAutoDeliver(q: pg.ClientBase, letter: { id: string; accountId: string }): Promise<void> {
  const { prefs } = await companyPreferences(q, letter.accountId);
  if (prefs.autoSend && !prefs.mail.omit)
    await addJob(
      q,
      AUTO_DELIVER_TASK,
      { letterId: letter.id },
      { maxAttempts: 3, jobKey: `auto-deliver:${letter.id}` },
    );
}

/** A member acting without a session (a job on their behalf): the same row a session reads. */
export async function memberContext(q: pg.ClientBase, userId: string): Promise<AuthContext | null> {
  const { rows } = await q.query<SessionRow>(
    `select '' as session_id, '' as token, now() as expires_at, now() as session_updated_at,
            u.id as user_id, u.name, u.email, u.account_id, d.name as department, u.department_id, u.roles,
            u.permissions, u.approvals, d.approvals as department_approvals,
            u.accepted_invite, u.job_title, u.phone_number, u.first_time, u.valid as user_valid,
            a.name as account_name, a.current_plan, a.health_status, a.health_reason, a.valid as account_valid,
            a.restrict_balance_to_finance_admins as restrict_balance
       from users u join accounts a on a.id = u.account_id left join departments d on d.id = u.department_id
      where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row?.account_id || !row.user_valid || !row.account_valid) return null;
  return {
    sessionId: null,
    token: null,
    userId: row.user_id,
    accountId: row.account_id,
    abilities: new Set(abilitiesOf(row)),
    row,
    apiKey: null,
  };
}

/**
 * Auto-deliver (part 2 section 4, decision 0016): a letter that analysed clean (New) in a company
 * that turned it on is delivered by mail with the company's postage, on behalf of its uploader,
 * who needs send_letter; their approvals and spending cap apply as if they had clicked Deliver.
 * When it cannot go (no balance, the cap, mail left out), the letter stays New, its history says
 * why and the uploader is told.
 */
export async function autoDeliver(deps: DeliveryDeps, letterId: string): Promise<'delivered' | 'skipped' | 'refused'> {
  return inTransaction(deps.pool, async (q) => {
    const letter = await loadLetterForJob<Pick<LetterRow, 'account_id' | 'creator_id' | 'status' | 'name'>>(
      q,
      letterId,
      'account_id, creator_id, status, name',
    );
    if (!letter?.creator_id || letter.status !== LETTER_STATUS.analysisComplete) return 'skipped';
    const { prefs } = await companyPreferences(q, letter.account_id);
    if (!prefs.autoSend || prefs.mail.omit) return 'skipped';
    const auth = await memberContext(q, letter.creator_id);
    if (!auth?.abilities.has('send_letter')) return 'skipped';
    await q.query('savepoint auto_deliver');
    try {
      await deliverLetter(
        q,
        auth,
        deliverRequestSchema.parse({ uuid: letterId }),
        deps.publicUrl,
        deps.blobs,
        printersOf(deps.providers),
      );
      await q.query('release savepoint auto_deliver');
      return 'delivered';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await q.query('rollback to savepoint auto_deliver');
      await recordLetterHistory(
        q,
        letterId,
        LETTER_STATUS.analysisComplete,
        `Not delivered automatically: ${error.message}`,
      );
      await notifyUsers(q, {
        accountId: letter.account_id,
        userIds: [letter.creator_id],
        sender: 'LetterPost',
        description: `"${letter.name}" was not delivered automatically: ${error.message}`,
        highlight: true,
      });
      await publish(q, { accountId: letter.account_id, message: { type: 'refresh', entities: ['letters'] } });
      return 'refused';
    }
  });
}
