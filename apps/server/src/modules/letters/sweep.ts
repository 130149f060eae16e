import { LETTER_STATUS } from '@lp/domain';
import type pg from 'pg';
import type { LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { publish } from '../../platform/events.js';
import { JOB_ABANDONED_SECONDS } from '../../platform/jobs.js';
import type { SweepStep } from '../../platform/sweep.js';
import { queueLetterAnalysis } from './queue-letter-analysis.js';
import { recordLetterHistory, recordLetterStatus } from './record-letter-status.js';

export const SWEEP_TASK = 'sweep_stuck_letters';
export const RESTART_REASON = 'The analysis was interrupted and has been restarted.';
export const STUCK_REASON = 'The analysis did not finish in time. Upload the file again.';

/**
 * Runs every 15 s in each worker process, so that a letter never stays Processing for ever. A
 * letter Analysing with no live analysis job gets its analysis queued once more; if that was
 * already done, it moves to Failed to Analyse with a reason. Each step is a history row. A job is
 * live while it waits in the queue with attempts left (a backlog, a retry's backoff), or while its
 * worker renews its lock (every 10 s, platform/jobs.ts): a lock left unrenewed for
 * `abandonedSeconds` (30 s) belongs to a worker that died or lost the database, whose job
 * graphile-worker itself would only free after four hours. So a letter held by a dead worker is
 * picked up again 30 to 45 s after the worker's last heartbeat.
 */
export async function sweepStuckLetters(
  pool: pg.Pool,
  abandonedSeconds = JOB_ABANDONED_SECONDS,
): Promise<{ restarted: number; failed: number }> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<Pick<LetterRow, 'id' | 'account_id'> & { restarted: boolean }>(
      `select l.id, l.account_id,
              exists (select 1 from letter_history h where h.letter_id = l.id and h.reason = $3) as restarted
         from letters l
        where l.status = $1 and l.updated_at < now() - make_interval(secs => $2)
          and not exists (
            select 1 from graphile_worker.jobs j
             where j.key = 'analyse:' || l.id
               and (j.locked_at > now() - make_interval(secs => $2)
                    or (j.locked_at is null and j.attempts < j.max_attempts)))
        order by l.updated_at
        limit 500
        for update of l skip locked`,
      [LETTER_STATUS.analysing, abandonedSeconds, RESTART_REASON],
    );
    let restarted = 0;
    let failed = 0;
    for (const r of rows) {
      // The abandoned or spent job goes: a worker that comes back to it finds it gone.
      await client.query('delete from graphile_worker._private_jobs where key = $1', [`analyse:${r.id}`]);
      if (!r.restarted) {
        await queueLetterAnalysis(client, r.id);
        // Still Analysing: the clock of the restarted analysis starts again.
        await client.query('update letters set updated_at = now() where id = $1', [r.id]);
        await recordLetterHistory(client, r.id, LETTER_STATUS.analysing, RESTART_REASON);
        restarted += 1;
      } else {
        await recordLetterStatus(client, r.id, LETTER_STATUS.failedToAnalyse, {
          reason: STUCK_REASON,
          set: { status_reason: STUCK_REASON },
        });
        failed += 1;
      }
    }
    for (const accountId of new Set(rows.map((r) => r.account_id)))
      await publish(client, { accountId, message: { type: 'refresh', entities: ['letters'] } });
    return { restarted, failed };
  });
}

/** The sweep step (platform/sweep.ts) that restarts or fails letters stuck in analysis. */
export const stuckLettersStep: SweepStep = {
  name: 'letters stuck in analysis restarted or failed',
  run: (pool) => sweepStuckLetters(pool),
};
