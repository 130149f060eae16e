import { LETTER_STATUS } from '@lp/domain';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction.js';
import { publish } from '../../platform/events.js';

export const SWEEP_TASK = 'sweep_stuck_letters';
/** A letter still Processing this long after its last change, with no live job, has lost its analysis. */
export const ANALYSIS_DEADLINE_MINUTES = 10;
export const STUCK_REASON = 'The analysis did not finish in time. Upload the file again.';

/**
 * Runs every minute (graphile-worker's crontab). A letter never stays Processing for ever: when its
 * analysis job is gone (or held by a worker that died, whose lock graphile-worker only frees after
 * hours) and the deadline has passed, the letter moves to Failed to Analyse with a reason and a
 * history row. A job still waiting in the queue (a backlog, a retry's backoff) is left to run.
 */
export async function sweepStuckLetters(pool: pg.Pool, deadlineMinutes = ANALYSIS_DEADLINE_MINUTES): Promise<number> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: string; account_id: string }>(
      `update letters l set status = $1, status_reason = $2, updated_at = now()
        where l.status = $3 and l.updated_at < now() - make_interval(mins => $4)
          and not exists (
            select 1 from graphile_worker.jobs j
             where j.key = 'analyse:' || l.id and (j.locked_at is null or j.locked_at > now() - make_interval(mins => $4)))
        returning l.id, l.account_id`,
      [LETTER_STATUS.failedToAnalyse, STUCK_REASON, LETTER_STATUS.analysing, deadlineMinutes],
    );
    for (const r of rows)
      await client.query('insert into letter_history (letter_id, status, reason) values ($1, $2, $3)', [
        r.id,
        LETTER_STATUS.failedToAnalyse,
        STUCK_REASON,
      ]);
    for (const accountId of new Set(rows.map((r) => r.account_id)))
      await publish(client, { accountId, message: { type: 'refresh', entities: ['letters'] } });
    return rows.length;
  });
}
