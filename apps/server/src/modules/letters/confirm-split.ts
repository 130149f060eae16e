import { SPLIT_HISTORY, splitStartsProblem } from '@lp/domain';
import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import type { LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { addJob } from '../../platform/jobs.js';
import { findLetter } from './find-letter.js';
import { recordLetterHistory } from './record-letter-status.js';
import { SPLIT_TASK } from './split.js';

const NOT_PROPOSED: Record<string, string> = {
  proposing: 'The letters of this file are still being looked for.',
  splitting: 'The letter is already being split.',
  split: 'The letter has already been split.',
};

/** "as proposed", or which cuts the user added and took away. */
function changes(proposed: number[], confirmed: number[]): string {
  const added = confirmed.filter((p) => !proposed.includes(p));
  const removed = proposed.filter((p) => !confirmed.includes(p));
  if (!added.length && !removed.length) return 'as proposed';
  return [
    added.length ? `cuts added before pages ${added.join(', ')}` : '',
    removed.length ? `cuts taken away before pages ${removed.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * Split, second step: the user's cut points (the first page of every letter) replace the
 * proposal's, and the job that cuts the file is queued (split_status 'splitting'). Only a letter
 * whose proposal waits for review can be confirmed (409 otherwise); starts beyond the file's pages
 * are refused (422).
 */
export async function confirmSplit(
  pool: pg.Pool,
  auth: Pick<AuthContext, 'accountId' | 'userId' | 'abilities'>,
  id: string,
  starts: number[],
) {
  await inTransaction(pool, async (client) => {
    const letter = await findLetter<Pick<LetterRow, 'split_status' | 'split_proposal' | 'mark_for_deletion'>>(
      client,
      auth,
      id,
      'split_status, split_proposal, mark_for_deletion',
      { forUpdate: true },
    );
    if (!letter) throw new AppError('NOT_FOUND');
    if (letter.mark_for_deletion) throw new AppError('CONFLICT', 'Restore the letter from the trash to split it.');
    if (letter.split_status !== 'proposed' || !letter.split_proposal)
      throw new AppError(
        'CONFLICT',
        NOT_PROPOSED[letter.split_status ?? ''] ??
          'Press Split first: the letters of this file have not been found yet.',
      );
    const problem = splitStartsProblem(starts, letter.split_proposal.pages);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ path: 'starts', message: problem }]);
    const proposed = letter.split_proposal.starts.map((s) => s.page);
    await client.query(
      `update letters set split_status = 'splitting', split_proposal = jsonb_set(split_proposal, '{confirmed}', $2::jsonb),
              updated_at = now()
        where id = $1`,
      [id, JSON.stringify(starts)],
    );
    await recordLetterHistory(
      client,
      id,
      SPLIT_HISTORY.splitting,
      `${starts.length} letters starting on pages ${starts.join(', ')} (${changes(proposed, starts)})`.slice(0, 2000),
    );
    await addJob(client, SPLIT_TASK, { letterId: id, userId: auth.userId }, { maxAttempts: 3, jobKey: `split:${id}` });
    await publish(client, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letters'] } });
  });
}
