import { buildSplitProposal, LETTER_MESSAGES, type PageReading, readPage, SPLIT_HISTORY } from '@lp/domain';
import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import type { LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { publish } from '../../platform/events.js';
import { step } from '../../platform/steps.js';
import { MAX_PAGES } from './analyse.js';
import { loadLetterForJob } from './load-letter-for-job.js';
import { eachPageWords, POPPLER_LIMITS } from './poppler.js';
import { recordLetterHistory } from './record-letter-status.js';

export const PROPOSE_SPLIT_TASK = 'propose_split';
/**
 * The bounds of reading a whole file's text at once: the time of the cut, and room for the text of
 * MAX_PAGES dense pages (it is read as it comes, not kept).
 */
export const READ_LIMITS = { ...POPPLER_LIMITS, timeoutMs: 60_000, maxOutputBytes: 512 * 1024 * 1024 };

/**
 * Reads every page of a file for the split (packages/domain/src/split.ts readPage): one pdftotext
 * for the whole file, each page read as its text comes; only the readings are kept, not the words.
 * A file of more than MAX_PAGES pages is refused (as its analysis refuses it), its reading stopped there.
 */
export async function readPages(file: string): Promise<PageReading[]> {
  const readings: PageReading[] = [];
  await eachPageWords(file, READ_LIMITS, (words) => {
    if (readings.length === MAX_PAGES) return false; // a page beyond: stopped, and refused
    readings.push(readPage(words));
    return true;
  });
  return readings;
}

/**
 * The durable job behind Split: finds where each letter of a merged file starts and stores the
 * proposal for the user to review (split_status proposing -> proposed). Nothing is cut here.
 * A proposal with fewer than two letters is still a proposal (the user may mark the cuts), with a
 * note saying no second letter was found. After the last failed attempt the split fails.
 */
export async function runSplitProposal(pool: pg.Pool, blobs: BlobStore, letterId: string, isLastAttempt = true) {
  const letter = await loadLetterForJob<Pick<LetterRow, 'account_id' | 'blob_key' | 'split_status'>>(
    pool,
    letterId,
    'account_id, blob_key, split_status',
  );
  if (letter?.split_status !== 'proposing') return; // deleted, or asked again meanwhile
  let proposal: ReturnType<typeof buildSplitProposal>;
  try {
    proposal = buildSplitProposal(
      await step('read pages', () => blobs.withLocalFile(letter.blob_key, readPages)),
      LETTER_MESSAGES.splitNoSecondLetter,
    );
  } catch (error) {
    if (!isLastAttempt) throw error;
    await inTransaction(pool, async (client) => {
      const updated = await client.query(
        `update letters set split_status = 'failed', updated_at = now() where id = $1 and split_status = 'proposing'`,
        [letterId],
      );
      if (!updated.rowCount) return;
      await recordLetterHistory(client, letterId, SPLIT_HISTORY.failed, LETTER_MESSAGES.splitUnreadable);
      await publish(client, { accountId: letter.account_id, message: { type: 'refresh', entities: ['letters'] } });
    });
    return;
  }
  await inTransaction(pool, async (client) => {
    // Guarded: a letter trashed or split meanwhile keeps its state.
    const updated = await client.query(
      `update letters set split_status = 'proposed', split_proposal = $2, updated_at = now()
        where id = $1 and split_status = 'proposing'`,
      [letterId, JSON.stringify(proposal)],
    );
    if (!updated.rowCount) return;
    await recordLetterHistory(
      client,
      letterId,
      SPLIT_HISTORY.proposed,
      proposal.starts.length < 2
        ? proposal.note
        : `${proposal.starts.length} letters found: ${proposal.starts
            .map((s) => `page ${s.page} (${s.signals.join(', ')})`)
            .join('; ')}`.slice(0, 2000),
    );
    await publish(client, { accountId: letter.account_id, message: { type: 'refresh', entities: ['letters'] } });
  });
}
