import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LETTER_STATUS, MERGE_MESSAGES, missingMergeFields } from '@lp/domain';
import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import type { MergeRunRecipientRow, MergeRunRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { publish } from '../../platform/events.js';
import { createLetter } from '../letters/index.js';
import { batchModule, fillModule } from './docx-libs.js';
import { templateBytes } from './templates.js';

/** Recipients made into letters per transaction: progress shows every batch, and a restart redoes at most the batches under way. */
export const MERGE_BATCH = 25;
/** Batches made at once: the two resident converters (office-converter.ts) each take one. */
export const MERGE_BATCHES_AT_ONCE = 2;

/** A letter's id from its run and place: a retried batch writes the same files and letters, never twice. */
export function mergedLetterId(runId: string, position: number): string {
  const h = createHash('sha256').update(`${runId}:${position}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Characters of a file name Windows or a download would refuse. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f]/g;
const fileName = (text: string) => text.replace(NOT_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim();

export interface MergeOptions {
  /** The LibreOffice program (SOFFICE_PATH). */
  soffice?: string;
  /** Told when a batch's letters go to be converted one by one, and why (the server logs it). */
  onFallback?: (reason: string, letters: number) => void;
}

/**
 * The job of a merge run: each waiting recipient with every field becomes a Word letter created
 * through createLetter as an upload is (analysed by its own job, then priced, held, approved and
 * delivered like any letter); one missing a field is stopped with the reason naming it. The letters
 * of a batch are converted to PDF as one Word document and cut back into one PDF each (batch.ts,
 * decision 0040), stored where each letter's analysis finds its PDF; a batch that cannot be leaves
 * its letters to be converted one by one by their analysis, as an upload is. Batches commit with
 * their progress and tell the browsers; a retry goes on from the first waiting recipient.
 */
export async function runMerge(
  pool: pg.Pool,
  blobs: BlobStore,
  runId: string,
  options: MergeOptions = {},
): Promise<void> {
  const { rows } = await pool.query<
    Pick<MergeRunRow, 'account_id' | 'template_id' | 'template_name' | 'creator_id' | 'test_mode'> & {
      blob_key: string | null;
      fields: string[] | null;
    }
  >(
    `with r as (update merge_runs set status = 'running' where id = $1 and status <> 'done'
                returning account_id, template_id, template_name, creator_id, test_mode)
     select r.*, t.blob_key, t.fields from r left join merge_templates t on t.id = r.template_id`,
    [runId],
  );
  const found = rows[0];
  if (!found) return; // done already, or deleted with its company
  const run = found;
  const template =
    run.blob_key && run.fields ? { bytes: await templateBytes(blobs, { blob_key: run.blob_key }) } : null;
  const base = fileName(run.template_name.replace(/\.docx$/i, '')) || 'Letter';
  // Read once a run: every letter shares the template's layout, only the values differ.
  const { fillLetter } = await fillModule();
  const { convertBatch, whyNotBatched } = await batchModule();
  const notBatched = template ? whyNotBatched(template.bytes) : 'no template';
  type Recipient = Pick<MergeRunRecipientRow, 'position' | 'customer_id' | 'name' | 'values'>;
  for (;;) {
    // MERGE_BATCHES_AT_ONCE batches side by side, one per resident converter: while one converts,
    // another fills or commits, and the letters of both reach their analyses sooner.
    const { rows: waiting } = await pool.query<Recipient>(
      `select position, customer_id, name, values from merge_run_recipients
        where run_id = $1 and outcome = 'waiting' order by position limit ${MERGE_BATCH * MERGE_BATCHES_AT_ONCE}`,
      [runId],
    );
    if (waiting.length === 0) break;
    const batches: Recipient[][] = [];
    for (let i = 0; i < waiting.length; i += MERGE_BATCH) batches.push(waiting.slice(i, i + MERGE_BATCH));
    await Promise.all(batches.map(makeBatch));
  }
  await pool.query(`update merge_runs set status = 'done', finished_at = now() where id = $1`, [runId]);

  /** One batch: filled, converted together, and its letters and progress committed as one. */
  async function makeBatch(batch: Recipient[]) {
    // Filled and stored outside the transaction (the slow part); the rows commit together.
    const made: {
      position: number;
      letterId?: string;
      key?: string;
      size?: number;
      reason?: string;
      documentXml?: string;
    }[] = [];
    for (const r of batch) {
      if (!template) {
        made.push({ position: r.position, reason: MERGE_MESSAGES.notFound });
        continue;
      }
      const missing = missingMergeFields(run.fields!, r.values);
      if (missing.length) {
        made.push({ position: r.position, reason: MERGE_MESSAGES.missingFields(missing) });
        continue;
      }
      const letterId = mergedLetterId(runId, r.position);
      const key = `letters/${run.account_id}/${letterId}.docx`;
      const { docx, documentXml } = fillLetter(template.bytes, r.values);
      await blobs.put(key, Readable.from([docx]));
      made.push({ position: r.position, letterId, key, size: docx.length, documentXml });
    }
    if (template && notBatched === null) await convertTogether(template.bytes, made);
    await inTransaction(pool, async (q) => {
      let created = 0;
      let stopped = 0;
      for (const m of made) {
        const r = batch.find((b) => b.position === m.position)!;
        if (m.reason) {
          stopped += 1;
          await q.query(
            `update merge_run_recipients set outcome = 'stopped', reason = $3 where run_id = $1 and position = $2 and outcome = 'waiting'`,
            [runId, m.position, m.reason],
          );
          continue;
        }
        // A batch cut off after its letters committed is not made again (the same id).
        const exists = await q.query('select 1 from letters where id = $1', [m.letterId]);
        if (exists.rowCount === 0)
          await createLetter(q, {
            id: m.letterId!,
            accountId: run.account_id,
            creatorId: run.creator_id,
            name: `${base} - ${fileName(r.name) || `recipient ${m.position + 1}`}.docx`.slice(0, 255),
            status: LETTER_STATUS.analysing,
            blobKey: `letters/${run.account_id}/${m.letterId}.pdf`,
            sizeBytes: m.size!,
            sourceType: 'docx',
            sourceKey: m.key!,
            customerId: r.customer_id,
            analyse: true,
            reason: `Made by the mail merge "${run.template_name}"${run.test_mode ? ' (a test key: delivered to the sandboxes only, never charged)' : ''}`,
            testMode: run.test_mode,
          });
        created += 1;
        await q.query(
          `update merge_run_recipients set outcome = 'created', letter_id = $3 where run_id = $1 and position = $2`,
          [runId, m.position, m.letterId],
        );
      }
      await q.query('update merge_runs set created = created + $2, stopped = stopped + $3 where id = $1', [
        runId,
        created,
        stopped,
      ]);
      await publish(q, { accountId: run.account_id, message: { type: 'refresh', entities: ['letters', 'merge'] } });
    });
  }

  /**
   * The batch's new letters converted as one document, each letter's PDF stored at its blob key
   * (where its analysis looks before converting). A letter made by an earlier try keeps its PDF.
   */
  async function convertTogether(prepared: Buffer, made: { letterId?: string; documentXml?: string }[]) {
    const ids = made.flatMap((m) => (m.letterId ? [m.letterId] : []));
    const { rows: existing } = await pool.query<{ id: string }>('select id from letters where id = any($1)', [ids]);
    const fresh = made.filter((m) => m.letterId && m.documentXml && !existing.some((e) => e.id === m.letterId));
    if (fresh.length < 2) return; // one letter converts alone as well
    const dir = await mkdtemp(path.join(tmpdir(), 'lp-merge-'));
    try {
      const outcome = await convertBatch(
        prepared,
        fresh.map((m) => m.documentXml!),
        dir,
        { soffice: options.soffice },
      );
      if ('fallback' in outcome) {
        options.onFallback?.(outcome.fallback, fresh.length);
        return;
      }
      for (const [i, m] of fresh.entries())
        await blobs.put(`letters/${run.account_id}/${m.letterId}.pdf`, createReadStream(outcome.files[i]!));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  await publish(pool, { accountId: run.account_id, message: { type: 'refresh', entities: ['letters', 'merge'] } });
}
