import { randomUUID } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { canDeleteLetter, displayLetterStatus, LETTER_STATUS, SCHEDULED_PREFIX } from '@lp/domain';
import { z } from 'zod';
import type { App, AppDeps } from '../../app.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { addJob } from '../../platform/jobs.js';
import { likePattern, listQuerySchema, rowLimit, Where } from '../../platform/list.js';
import { errorSchema } from '../identity/schemas.js';
import { listSchema } from '../users/schemas.js';
import { ANALYSE_TASK } from './analyse.js';

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
const idParams = z.object({ id: z.string().min(1).max(100) });

const letterSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  document_type: z.enum(['regular', 'merged']),
  status: z.string(),
  display_status: z.string(),
  status_reason: z.string().nullable(),
  num_pages: z.number().int().nullable(),
  recipient_name_snapshot: z.string().nullable(),
  recipient_address_snapshot: z.array(z.string()).nullable(),
  postcode: z.string().nullable(),
  mark_for_deletion: z.boolean(),
  processed: z.boolean(),
  creator_email: z.string().nullable(),
  creation_date: z.string(),
});

const COLUMNS = `l.id as uuid, l.name, l.document_type, l.status, l.force_status_error, l.status_reason, l.num_pages::int as num_pages,
  l.recipient_name_snapshot, l.recipient_address_snapshot, l.postcode, l.mark_for_deletion, l.processed,
  u.email as creator_email, l.created_at`;

type Row = Omit<z.infer<typeof letterSchema>, 'display_status' | 'creation_date'> & {
  force_status_error: boolean;
  created_at: Date;
};
const toLetter = ({ force_status_error, created_at, ...r }: Row) => ({
  ...r,
  display_status: displayLetterStatus(r.status, force_status_error),
  creation_date: created_at.toISOString(),
});

/** Checks the first bytes of a stream (the type by content, never by extension) and passes everything on. */
function sniff(head: (bytes: Buffer) => void): Transform {
  let seen = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      if (!done) {
        seen = Buffer.concat([seen, chunk]).subarray(0, 8);
        if (seen.length >= 8) {
          done = true;
          head(seen);
        }
      }
      cb(null, chunk);
    },
    flush(cb) {
      if (!done) head(seen);
      cb();
    },
  });
}

export function registerLetterRoutes(app: App, { pool, blobs }: AppDeps) {
  app.post(
    '/api/letters/files',
    {
      schema: {
        tags: ['letters'],
        summary: 'Upload a letter (multipart, field "file"; PDF, checked by content); analysis runs as a job',
        querystring: z.object({ type: z.enum(['regular', 'merged']).default('regular') }),
        response: {
          201: z.object({ uuid: z.string(), status: z.string() }),
          413: errorSchema,
          415: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: ['create_letter'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { type } = request.query as { type: 'regular' | 'merged' };
      const file = await request
        .file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } })
        .catch(() => undefined);
      if (file?.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', 'Attach the letter as the "file" field.');
      const id = randomUUID();
      // The upload lands under a neutral name; once its content is known it is renamed, so a
      // refused file never sits in the store under a trusted name.
      const incoming = `letters/${auth.accountId}/${id}.upload`;
      const detected: { kind: 'pdf' | 'docx' | 'other' } = { kind: 'other' };
      const checked = sniff((b) => {
        if (b.subarray(0, 5).toString('latin1') === '%PDF-') detected.kind = 'pdf';
        else if (b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) detected.kind = 'docx';
      });
      const size = await blobs.put(incoming, (file.file as Readable).pipe(checked));
      if (file.file.truncated) {
        await blobs.delete(incoming);
        throw new AppError('BODY_TOO_LARGE', `A letter can be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
      }
      if (detected.kind === 'other') {
        await blobs.delete(incoming);
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PDF or DOCX files can be uploaded.');
      }
      // A zip is only taken as a Word document when it says so; its parts are checked by the analysis job.
      const pdfKey = `letters/${auth.accountId}/${id}.pdf`;
      const sourceKey = detected.kind === 'docx' ? `letters/${auth.accountId}/${id}.docx` : null;
      await blobs.rename(incoming, sourceKey ?? pdfKey);
      const fallbackName = detected.kind === 'docx' ? 'letter.docx' : 'letter.pdf';
      await inTransaction(pool, async (client) => {
        await client.query(
          `insert into letters (id, account_id, creator_id, name, document_type, status, blob_key, size_bytes, source_type, source_key)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            id,
            auth.accountId,
            auth.userId,
            file.filename.slice(0, 255) || fallbackName,
            type,
            LETTER_STATUS.analysing,
            pdfKey,
            size,
            detected.kind,
            sourceKey,
          ],
        );
        await client.query('insert into letter_history (letter_id, status) values ($1, $2)', [
          id,
          LETTER_STATUS.analysing,
        ]);
        // The analysis job commits with the letter: a restart resumes it, and retries are bounded.
        await addJob(client, ANALYSE_TASK, { letterId: id }, { maxAttempts: 3, jobKey: `analyse:${id}` });
        await publish(client, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letters'] } });
      });
      return reply.status(201).send({ uuid: id, status: LETTER_STATUS.analysing });
    },
  );

  const read = { kind: 'member', anyOf: ['see_letters'] } as const;
  const listQuery = listQuerySchema([], ['all', 'new', 'scheduled', 'sent', 'failed', 'trash']);
  const SENT = [LETTER_STATUS.delivered, LETTER_STATUS.sentAsEmailAttachment, LETTER_STATUS.posted];
  const KNOWN = Object.values(LETTER_STATUS);
  /** The SQL condition of each tab, matching displayLetterStatus. */
  const tabCondition = (tab: string, where: Where) => {
    if (tab === 'trash') return where.add('l.mark_for_deletion');
    where.add('not l.mark_for_deletion');
    if (tab === 'new') where.add('l.status = ? and not l.force_status_error', LETTER_STATUS.analysisComplete);
    if (tab === 'scheduled') where.add('l.status like ? and not l.force_status_error', `${SCHEDULED_PREFIX}%`);
    if (tab === 'sent') where.add('l.status = any(?::text[]) and not l.force_status_error', SENT);
    if (tab === 'failed')
      where.add(
        '(l.force_status_error or (not (l.status = any(?::text[])) and l.status not like ?) or l.status = any(?::text[]))',
        KNOWN,
        `${SCHEDULED_PREFIX}%`,
        [LETTER_STATUS.corrupted, LETTER_STATUS.failedToAnalyse],
      );
    return where;
  };

  app.get(
    '/api/letters',
    {
      schema: {
        tags: ['letters'],
        summary: 'Letters of the company, newest first',
        querystring: listQuery,
        response: { 200: listSchema(letterSchema) },
      },
      config: { access: read },
    },
    async (request) => {
      const q = request.query as z.output<typeof listQuery>;
      const where = tabCondition(q.tab, new Where().add('l.account_id = ?', request.auth!.accountId));
      if (q.search) {
        const like = likePattern(q.search);
        where.add(
          "(lower(l.name) like ? escape '\\' or lower(coalesce(l.recipient_name_snapshot, '')) like ? escape '\\' or lower(coalesce(u.name, '')) like ? escape '\\')",
          like,
          like,
          like,
        );
      }
      const limit = rowLimit(q.limit);
      const [rows, count] = await Promise.all([
        pool.query<Row>(
          `select ${COLUMNS} from letters l left join users u on u.id = l.creator_id ${where} order by l.created_at desc, l.id desc limit ${limit} offset ${q.page * limit}`,
          where.params,
        ),
        pool.query<{ n: number }>(
          `select count(*)::int as n from letters l left join users u on u.id = l.creator_id ${where}`,
          where.params,
        ),
      ]);
      return { rows: rows.rows.map(toLetter), count: count.rows[0]!.n, filter_options: {} };
    },
  );

  app.get(
    '/api/letters/:id',
    {
      schema: {
        tags: ['letters'],
        summary: 'One letter',
        params: idParams,
        response: { 200: letterSchema, 404: errorSchema },
      },
      config: { access: read },
    },
    async (request) => {
      const { rows } = await pool.query<Row>(
        `select ${COLUMNS} from letters l left join users u on u.id = l.creator_id where l.id = $1 and l.account_id = $2`,
        [(request.params as { id: string }).id, request.auth!.accountId],
      );
      if (!rows[0]) throw new AppError('NOT_FOUND');
      return toLetter(rows[0]);
    },
  );

  app.get(
    '/api/letters/:id/thumbnail',
    {
      schema: { tags: ['letters'], summary: "A JPEG thumbnail of the letter's first page", params: idParams },
      config: { access: read },
    },
    async (request, reply) => {
      const { rows } = await pool.query<{ thumbnail_key: string | null }>(
        'select thumbnail_key from letters where id = $1 and account_id = $2',
        [(request.params as { id: string }).id, request.auth!.accountId],
      );
      if (!rows[0]) throw new AppError('NOT_FOUND');
      if (!rows[0].thumbnail_key) return reply.status(204).send();
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=3600')
        .send(blobs.read(rows[0].thumbnail_key));
    },
  );

  const uuidsBody = z.strictObject({ uuids: z.array(z.string().min(1).max(100)).min(1).max(500) });
  const manage = { kind: 'member', anyOf: ['delete_letter'] } as const;

  /** Letters of the caller's company among the ids, locked; another company's id reads as not found. */
  async function lockOwn(client: import('pg').ClientBase, accountId: string, uuids: string[]) {
    const { rows } = await client.query<{
      id: string;
      status: string;
      mark_for_deletion: boolean;
      blob_key: string;
      source_key: string | null;
      thumbnail_key: string | null;
    }>(
      'select id, status, mark_for_deletion, blob_key, source_key, thumbnail_key from letters where account_id = $1 and id = any($2::text[]) for update',
      [accountId, uuids],
    );
    if (rows.length !== new Set(uuids).size) throw new AppError('NOT_FOUND');
    return rows;
  }

  app.post(
    '/api/letters/trash',
    {
      schema: {
        tags: ['letters'],
        summary: 'Move letters to the trash (soft delete)',
        body: uuidsBody,
        response: { 200: z.object({ trashed: z.array(z.string()) }), 404: errorSchema, 409: errorSchema },
      },
      config: { access: manage },
    },
    async (request) => {
      const auth = request.auth!;
      const { uuids } = request.body as { uuids: string[] };
      await inTransaction(pool, async (client) => {
        const rows = await lockOwn(client, auth.accountId, uuids);
        const blocked = rows.filter((r) => !canDeleteLetter(r.status));
        if (blocked.length)
          throw new AppError('CONFLICT', `These letters cannot be deleted now: ${blocked.map((r) => r.id).join(', ')}`);
        await client.query(
          'update letters set mark_for_deletion = true, updated_at = now() where id = any($1::text[])',
          [uuids],
        );
        await publish(client, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letters'] } });
      });
      return { trashed: uuids };
    },
  );

  app.post(
    '/api/letters/restore',
    {
      schema: {
        tags: ['letters'],
        summary: 'Restore letters from the trash',
        body: uuidsBody,
        response: { 200: z.object({ restored: z.array(z.string()) }), 404: errorSchema },
      },
      config: { access: manage },
    },
    async (request) => {
      const auth = request.auth!;
      const { uuids } = request.body as { uuids: string[] };
      await inTransaction(pool, async (client) => {
        await lockOwn(client, auth.accountId, uuids);
        await client.query(
          'update letters set mark_for_deletion = false, updated_at = now() where id = any($1::text[])',
          [uuids],
        );
        await publish(client, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letters'] } });
      });
      return { restored: uuids };
    },
  );

  app.post(
    '/api/letters/delete-permanently',
    {
      schema: {
        tags: ['letters'],
        summary: 'Delete letters in the trash for good (their files too)',
        body: uuidsBody,
        response: { 200: z.object({ deleted: z.array(z.string()) }), 404: errorSchema, 409: errorSchema },
      },
      config: { access: manage },
    },
    async (request) => {
      const auth = request.auth!;
      const { uuids } = request.body as { uuids: string[] };
      const files = await inTransaction(pool, async (client) => {
        const rows = await lockOwn(client, auth.accountId, uuids);
        if (rows.some((r) => !r.mark_for_deletion))
          throw new AppError('CONFLICT', 'Only letters in the trash can be deleted permanently.');
        await client.query('delete from letters where id = any($1::text[])', [uuids]);
        await publish(client, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letters'] } });
        return rows.flatMap((r) => [r.blob_key, r.source_key, r.thumbnail_key].filter((k): k is string => !!k));
      });
      // Files go after the rows are gone for good: a failure here leaves an orphan file, never a letter without its file.
      await Promise.all(files.map((k) => blobs.delete(k)));
      return { deleted: uuids };
    },
  );

  app.patch(
    '/api/letters/processed',
    {
      schema: {
        tags: ['letters'],
        summary: 'Mark letters processed',
        body: z.strictObject({ letter_ids: z.array(z.string().min(1).max(100)).min(1).max(500) }),
        response: { 200: z.object({ processed_letters: z.array(z.string()) }), 404: errorSchema },
      },
      config: { access: { kind: 'member', anyOf: ['see_letters'] } },
    },
    async (request) => {
      const auth = request.auth!;
      const { letter_ids } = request.body as { letter_ids: string[] };
      const processed = await inTransaction(pool, async (client) => {
        await lockOwn(client, auth.accountId, letter_ids);
        await client.query('update letters set processed = true, updated_at = now() where id = any($1::text[])', [
          letter_ids,
        ]);
        return letter_ids;
      });
      return { processed_letters: processed };
    },
  );
}
