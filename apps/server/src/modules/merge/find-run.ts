import { LETTER_STATUS, MERGE_MESSAGES, type MergeRun } from '@lp/domain';
import type pg from 'pg';
import type { MergeRunRecipientRow, MergeRunRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';

/** A run of the company's with its progress and each recipient's outcome (at most MERGE_LIMITS.maxRecipients), or 404. */
export async function findRun(pool: pg.Pool, accountId: string, runId: string): Promise<MergeRun> {
  const { rows } = await pool.query<
    Pick<
      MergeRunRow,
      | 'id'
      | 'template_id'
      | 'template_name'
      | 'status'
      | 'deliver'
      | 'total'
      | 'created'
      | 'stopped'
      | 'created_at'
      | 'finished_at'
    >
  >(
    `select id, template_id, template_name, status, deliver, total, created, stopped, created_at, finished_at
       from merge_runs where account_id = $1 and id = $2`,
    [accountId, runId],
  );
  const run = rows[0];
  if (!run) throw new AppError('NOT_FOUND', MERGE_MESSAGES.runNotFound);
  const { rows: recipients } = await pool.query<
    Pick<MergeRunRecipientRow, 'position' | 'name' | 'outcome' | 'reason' | 'letter_id'> & {
      letter_status: string | null;
    }
  >(
    `select rr.position, rr.name, rr.outcome, rr.reason, rr.letter_id, l.status as letter_status
       from merge_run_recipients rr left join letters l on l.id = rr.letter_id and l.account_id = $2
      where rr.run_id = $1 order by rr.position`,
    [runId, accountId],
  );
  return {
    id: run.id,
    template_id: run.template_id ?? '',
    template_name: run.template_name,
    status: run.status,
    deliver: run.deliver,
    total: run.total,
    created: run.created,
    stopped: run.stopped,
    analysed: recipients.filter((r) => r.letter_status && r.letter_status !== LETTER_STATUS.analysing).length,
    created_at: run.created_at.toISOString(),
    finished_at: run.finished_at?.toISOString() ?? null,
    recipients: recipients.map((r) => ({
      position: r.position,
      name: r.name,
      outcome: r.outcome,
      reason: r.reason,
      letter_id: r.letter_id,
      letter_status: r.letter_status,
    })),
  };
}
