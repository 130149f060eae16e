import { LETTER_STATUS } from '@lp/domain';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction.js';
import { publish } from '../../platform/events.js';
import { addJob } from '../../platform/jobs.js';
import { ANALYSE_TASK } from './analyse.js';

export const SWEEP_TASK = 'sweep_stuck_letters';
/** A letter still Processing this long after its last change, with no live job, has lost its analysis. */
export const ANALYSIS_DEADLINE_MINUTES = 10;
export const RESTART_REASON = 'The analysis was interrupted and has been restarted.';
export const STUCK_REASON = 'The analysis did not finish in time. Upload the file again.';

/**
 * Runs every minute (graphile-worker's crontab), so that a letter never stays Processing for ever.
 * A letter past the deadline whose analysis job is gone, or held by a worker that died (whose lock
 * graphile-worker would only free after hours), gets its analysis queued once more; if that was
 * already done, it moves to Failed to Analyse with a reason. Each step is a history row. A job
 * still waiting in the queue (a backlog, a retry's backoff) is left to run.
 */
export async function sweepStuckLetters(
  pool: pg.Pool,
  deadlineMinutes = ANALYSIS_DEADLINE_MINUTES,
): Promise<{ restarted: number; failed: number }> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: string; account_id: string; restarted: boolean }>(
      `select l.id, l.account_id,
              exists (select 1 from letter_history h where h.letter_id = l.id and h.reason = $3) as restarted
         from letters l
        where l.status = $1 and l.updated_at < now() - make_interval(mins => $2)
          and not exists (
            select 1 from graphile_worker.jobs j
             where j.key = 'analyse:' || l.id and (j.locked_at is null or j.locked_at > now() - make_interval(mins => $2)))
        order by l.updated_at
        limit 500
        for update of l skip locked`,
      [LETTER_STATUS.analysing, deadlineMinutes, RESTART_REASON],
    );
    let restarted = 0;
    let failed = 0;
    for (const r of rows) {
      if (!r.restarted) {
        // A key held by a dead worker's job moves to a new job (graphile-worker's rule for locked jobs).
        await addJob(client, ANALYSE_TASK, { letterId: r.id }, { maxAttempts: 3, jobKey: `analyse:${r.id}` });
        await client.query('update letters set updated_at = now() where id = $1', [r.id]);
        await client.query('insert into letter_history (letter_id, status, reason) values ($1, $2, $3)', [
          r.id,
          LETTER_STATUS.analysing,
          RESTART_REASON,
        ]);
        restarted += 1;
      } else {
        await client.query('update letters set status = $2, status_reason = $3, updated_at = now() where id = $1', [
          r.id,
          LETTER_STATUS.failedToAnalyse,
          STUCK_REASON,
        ]);
        await client.query('insert into letter_history (letter_id, status, reason) values ($1, $2, $3)', [
          r.id,
          LETTER_STATUS.failedToAnalyse,
          STUCK_REASON,
        ]);
        failed += 1;
      }
    }
    for (const accountId of new Set(rows.map((r) => r.account_id)))
      await publish(client, { accountId, message: { type: 'refresh', entities: ['letters'] } });
    return { restarted, failed };
  });
}
