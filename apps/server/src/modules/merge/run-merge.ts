import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { LETTER_STATUS, MERGE_MESSAGES, missingMergeFields } from '@lp/domain';
import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import type { MergeRunRecipientRow, MergeRunRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { publish } from '../../platform/events.js';
import { createLetter } from '../letters/index.js';
import { fillTemplate } from './fill.js';
import { templateBytes } from './templates.js';

/** Recipients made into letters per transaction: progress shows every batch, and a restart redoes at most one. */
export const MERGE_BATCH = 25;

/** A letter's id from its run and place: a retried batch writes the same files and letters, never twice. */
export function mergedLetterId(runId: string, position: number): string {
  const h = createHash('sha256').update(`${runId}:${position}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Characters of a file name Windows or a download would refuse. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f]/g;
const fileName = (text: string) => text.replace(NOT_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim();

/**
 * The job of a merge run: each waiting recipient with every field becomes a Word letter created
 * through createLetter as an upload is (analysed by its own job, then priced, held, approved and
 * delivered like any letter); one missing a field is stopped with the reason naming it. Batches
 * commit with their progress and tell the browsers; a retry goes on from the first waiting recipient.
 */
export async function runMerge(pool: pg.Pool, blobs: BlobStore, runId: string): Promise<void> {
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
  const run = rows[0];
  if (!run) return; // done already, or deleted with its company
  const template =
    run.blob_key && run.fields ? { bytes: await templateBytes(blobs, { blob_key: run.blob_key }) } : null;
  const base = fileName(run.template_name.replace(/\.docx$/i, '')) || 'Letter';
  for (;;) {
    const { rows: batch } = await pool.query<
      Pick<MergeRunRecipientRow, 'position' | 'customer_id' | 'name' | 'values'>
    >(
      `select position, customer_id, name, values from merge_run_recipients
        where run_id = $1 and outcome = 'waiting' order by position limit ${MERGE_BATCH}`,
      [runId],
    );
    if (batch.length === 0) break;
    // Filled and stored outside the transaction (the slow part); the rows commit together.
    const made: { position: number; letterId?: string; key?: string; size?: number; reason?: string }[] = [];
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
      const docx = fillTemplate(template.bytes, r.values);
      await blobs.put(key, Readable.from([docx]));
      made.push({ position: r.position, letterId, key, size: docx.length });
    }
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
  await pool.query(`update merge_runs set status = 'done', finished_at = now() where id = $1`, [runId]);
  await publish(pool, { accountId: run.account_id, message: { type: 'refresh', entities: ['letters', 'merge'] } });
}
