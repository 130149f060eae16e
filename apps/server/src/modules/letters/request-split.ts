import { canSplitLetter, LETTER_STATUS, SPLIT_HISTORY } from '@lp/domain';
import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import type { LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { addJob } from '../../platform/jobs.js';
import { findLetter } from './find-letter.js';
import { PROPOSE_SPLIT_TASK } from './propose-split.js';
import { recordLetterHistory } from './record-letter-status.js';

/**
 * Split, first step: queues the job that finds where each letter starts (split_status
 * 'proposing'); nothing is cut until the user confirms the proposal. Asking again while a proposal
 * waits for review looks again. Refused (409) for a regular letter, while analysed, in the trash,
 * for an unreadable file, while the letters are looked for or cut (unless that step's job is gone),
 * and once split.
 */
export async function requestSplit(
  pool: pg.Pool,
  auth: Pick<AuthContext, 'userId' | 'accountId' | 'abilities'>,
  id: string,
) {
  await inTransaction(pool, async (client) => {
    const letter = await findLetter<Pick<LetterRow, 'document_type' | 'status' | 'split_status' | 'mark_for_deletion'>>(
      client,
      auth,
      id,
      'document_type, status, split_status, mark_for_deletion',
      { forUpdate: true },
    );
    if (!letter) throw new AppError('NOT_FOUND');
    if (!canSplitLetter(letter.status, letter.document_type as 'regular' | 'merged', [...auth.abilities]))
      throw new AppError(
        'CONFLICT',
        letter.document_type !== 'merged'
          ? 'Only merged letters can be split.'
          : 'The letter is still being analysed: split it once the analysis is done.',
      );
    if (letter.mark_for_deletion) throw new AppError('CONFLICT', 'Restore the letter from the trash to split it.');
    if (letter.status === LETTER_STATUS.corrupted)
      throw new AppError('CONFLICT', 'This file cannot be read, so it cannot be split.');
    if (letter.split_status === 'proposing' || letter.split_status === 'splitting') {
      // A step whose job is gone (lost with a dead worker's queue) may be started again; a live one may not.
      const job = await client.query('select 1 from graphile_worker.jobs where key = any($1::text[])', [
        [`split-propose:${id}`, `split:${id}`],
      ]);
      if (job.rowCount)
        throw new AppError(
          'CONFLICT',
          letter.split_status === 'proposing'
            ? 'The letters of this file are already being looked for.'
            : 'The letter is already being split.',
        );
    }
    if (letter.split_status === 'split') throw new AppError('CONFLICT', 'The letter has already been split.');
    await client.query(
      `update letters set split_status = 'proposing', split_proposal = null, updated_at = now() where id = $1`,
      [id],
    );
    await recordLetterHistory(client, id, SPLIT_HISTORY.proposing);
    await addJob(client, PROPOSE_SPLIT_TASK, { letterId: id }, { maxAttempts: 3, jobKey: `split-propose:${id}` });
    await publish(client, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letters'] } });
  });
}
