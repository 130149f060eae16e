import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  LETTER_MESSAGES,
  LETTER_STATUS,
  letterRanges,
  proposeStarts,
  readPage,
  SPLIT_HISTORY,
  type TextItem,
} from '@lp/domain';
import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import type { LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { publish } from '../../platform/events.js';
import { step } from '../../platform/steps.js';
import { createLetter } from './create-letter.js';
import { cutPages } from './cut-pages.js';
import { loadLetterForJob } from './load-letter-for-job.js';
import { readPages } from './propose-split.js';
import { recordLetterHistory } from './record-letter-status.js';

export const SPLIT_TASK = 'split_letter';
/** Letters stored at once. */
const STORE_LANES = 8;
/**
 * Where each letter of a merged file starts (1-based page numbers), by the rule of
 * packages/domain/src/split.ts (proposeStarts): page marks, then what a first page has.
 */
export function letterStarts(pages: TextItem[][]): number[] {
  return proposeStarts(pages.map((p) => readPage(p))).map((s) => s.page);
}

/** Page ranges [first, last] from the start pages and the page count. */
export const ranges = letterRanges;

type Merged = Pick<LetterRow, 'account_id' | 'name' | 'blob_key' | 'split_status' | 'split_proposal' | 'test_mode'> & {
  num_pages: number | null; // num_pages::int
};

/**
 * The durable split job: cuts a merged file at the starts the user confirmed
 * (split_proposal.confirmed) in one pass (cut-pages.ts: the file parsed once, each letter's pages
 * copied into its own PDF), then in one transaction creates the letters (each with its own
 * analysis job) and marks the original split. The original is kept. A retry after a failure starts
 * again; files of a failed attempt are removed. A job queued before the review step existed (no
 * confirmed starts) cuts where the rule proposes.
 */
export async function runSplit(
  pool: pg.Pool,
  blobs: BlobStore,
  letterId: string,
  userId: string | null,
  isLastAttempt = true,
) {
  const merged = await loadLetterForJob<Merged>(
    pool,
    letterId,
    'account_id, name, blob_key, num_pages::int as num_pages, split_status, split_proposal, test_mode',
  );
  if (!merged) return; // deleted meanwhile
  if (merged.split_status !== 'splitting') return;
  const written: string[] = [];
  const work = await mkdtemp(path.join(tmpdir(), 'lp-split-'));
  try {
    // The merged file is needed locally only to find the cuts and cut it: once, for all letters.
    const parts = await blobs.withLocalFile(merged.blob_key, async (file) => {
      let ranges: [number, number][];
      const confirmed = merged.split_proposal?.confirmed;
      if (confirmed && merged.split_proposal) ranges = letterRanges(confirmed, merged.split_proposal.pages);
      else {
        const readings = await step('read pages', () => readPages(file));
        ranges = letterRanges(
          proposeStarts(readings).map((s) => s.page),
          readings.length,
        );
      }
      if (ranges.length < 2) return [];
      const files = await step('cut', () => cutPages(file, ranges, work));
      return ranges.map(([first, last], i) => ({ first, last, ...files[i]! }));
    });
    if (parts.length < 2) {
      await failSplit(pool, letterId, merged.account_id, NO_SECOND_LETTER);
      return;
    }
    // The letters are stored a few at a time (a remote store answers each in its own time).
    const store = async ({ first, last, file }: (typeof parts)[number]) => {
      const id = randomUUID();
      const key = `letters/${merged.account_id}/${id}.pdf`;
      written.push(key);
      const size = await blobs.put(key, createReadStream(file));
      return { id, key, first, last, size };
    };
    const children: Awaited<ReturnType<typeof store>>[] = [];
    await step('store letters', async () => {
      for (let i = 0; i < parts.length; i += STORE_LANES)
        children.push(...(await Promise.all(parts.slice(i, i + STORE_LANES).map(store))));
    });
    const base = merged.name.replace(/\.(pdf|docx)$/i, '');
    await step('transaction', () =>
      inTransaction(pool, async (client) => {
        const locked = await loadLetterForJob<Pick<LetterRow, 'split_status'>>(client, letterId, 'split_status', {
          forUpdate: true,
        });
        if (locked?.split_status !== 'splitting') throw new Error('the letter is no longer being split');
        for (const [i, c] of children.entries())
          await createLetter(client, {
            id: c.id,
            accountId: merged.account_id,
            creatorId: userId,
            name: `${base} (${i + 1} of ${children.length}, pages ${c.first}-${c.last}).pdf`.slice(0, 255),
            documentType: 'regular',
            status: LETTER_STATUS.analysing,
            blobKey: c.key,
            sizeBytes: c.size,
            parentId: letterId,
            reason: `Split from pages ${c.first}-${c.last} of ${merged.name}`,
            analyse: true,
            testMode: merged.test_mode,
          });
        await client.query(
          `update letters set split_status = 'split', split_count = $2, updated_at = now() where id = $1`,
          [letterId, children.length],
        );
        await recordLetterHistory(client, letterId, SPLIT_HISTORY.split, `Split into ${children.length} letters`);
        await publish(client, { accountId: merged.account_id, message: { type: 'refresh', entities: ['letters'] } });
      }),
    );
    written.length = 0; // they belong to letters now
  } catch (error) {
    if (!isLastAttempt) throw error;
    await failSplit(pool, letterId, merged.account_id, LETTER_MESSAGES.splitUnreadable);
  } finally {
    await Promise.all(written.map((k) => blobs.delete(k)));
    await rm(work, { recursive: true, force: true });
  }
}

export const NO_SECOND_LETTER = LETTER_MESSAGES.splitNoSecondLetter;

async function failSplit(pool: pg.Pool, letterId: string, accountId: string, reason: string) {
  await inTransaction(pool, async (client) => {
    await client.query(
      `update letters set split_status = 'failed', updated_at = now() where id = $1 and split_status = 'splitting'`,
      [letterId],
    );
    await recordLetterHistory(client, letterId, SPLIT_HISTORY.failed, reason);
    await publish(client, { accountId, message: { type: 'refresh', entities: ['letters'] } });
  });
}
