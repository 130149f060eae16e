import { type Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { LETTERHEAD_KINDS, LETTERHEAD_MAX_BYTES, LETTERHEAD_MESSAGES } from '@lp/domain';
import type pg from 'pg';
import { z } from 'zod';
import type { BlobStore } from '../../platform/blobs.js';
import type { LetterheadRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { type App, errorSchema, fileResponse } from '../../platform/http.js';
import { pdfLib } from '../../platform/pdf.js';

const manage = { kind: 'member', anyOf: ['manage_letterheads'] } as const;
/** Reading a letterhead: those who manage them, and those who send letters (to choose one). */
const read = { kind: 'member', anyOf: ['manage_letterheads', 'send_letter'] } as const;
const kindParams = z.object({ kind: z.enum(LETTERHEAD_KINDS) });

const letterheadSchema = z.object({
  kind: z.enum(LETTERHEAD_KINDS),
  type: z.enum(['pdf', 'image']),
  content_type: z.string(),
  /** Where the file is read from (the preview). */
  path: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});

const toLetterhead = (r: LetterheadRow) => ({
  kind: r.kind,
  type: r.type,
  content_type: r.content_type,
  path: `/api/letterheads/${r.kind}/file`,
  file_name: r.file_name,
  size: Number(r.size_bytes),
  created_at: r.created_at.toISOString(),
});

/** What a file is, by its first bytes (never its name): a PDF, a PNG or a JPEG. */
function sniffType(head: Buffer): { type: 'pdf' | 'image'; contentType: string; ext: string } | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-')
    return { type: 'pdf', contentType: 'application/pdf', ext: 'pdf' };
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { type: 'image', contentType: 'image/png', ext: 'png' };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { type: 'image', contentType: 'image/jpeg', ext: 'jpg' };
  return null;
}

export function registerLetterheadRoutes(app: App, { pool, blobs }: { pool: pg.Pool; blobs: BlobStore }) {
  app.get(
    '/api/letterheads',
    {
      schema: {
        tags: ['letterheads'],
        summary: "The company's letterheads (primary and secondary; an empty list when none)",
        response: { 200: z.object({ letterheads: z.array(letterheadSchema) }) },
      },
      config: { access: read },
    },
    async (request) => {
      const { rows } = await pool.query<LetterheadRow>(
        'select * from letterheads where account_id = $1 order by kind',
        [request.auth!.accountId],
      );
      return { letterheads: rows.map(toLetterhead) };
    },
  );

  app.get(
    '/api/letterheads/:kind/file',
    {
      schema: {
        tags: ['letterheads'],
        summary: 'The letterhead file (the preview)',
        params: kindParams,
        response: {
          200: fileResponse('The letterhead as uploaded', 'application/pdf', 'image/png', 'image/jpeg'),
          404: errorSchema,
        },
      },
      config: { access: read },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const { rows } = await pool.query<LetterheadRow>(
        'select * from letterheads where account_id = $1 and kind = $2',
        [request.auth!.accountId, kind],
      );
      if (!rows[0]) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', rows[0].content_type)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(blobs.read(rows[0].blob_key));
    },
  );

  app.post(
    '/api/letterheads/:kind',
    {
      schema: {
        tags: ['letterheads'],
        summary:
          'Upload the primary or secondary letterhead (multipart "file": one PDF, PNG or JPEG); replaces the one there',
        params: kindParams,
        response: { 201: letterheadSchema, 413: errorSchema, 415: errorSchema, 422: errorSchema },
      },
      config: { access: manage },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { kind } = request.params;
      const file = await request
        .file({ limits: { fileSize: LETTERHEAD_MAX_BYTES, files: 1, fields: 2 } })
        .catch((error: unknown) => {
          if (error instanceof AppError) throw error;
          return undefined;
        });
      if (file?.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', LETTERHEAD_MESSAGES.oneFile);
      let head = Buffer.alloc(0);
      const sniff = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          if (head.length < 8) head = Buffer.concat([head, chunk]).subarray(0, 8);
          cb(null, chunk);
        },
      });
      const incoming = `letterheads/${auth.accountId}/${kind}-${Date.now()}.upload`;
      const size = await blobs.put(incoming, (file.file as Readable).pipe(sniff));
      if (file.file.truncated) {
        await blobs.delete(incoming);
        throw new AppError('BODY_TOO_LARGE', LETTERHEAD_MESSAGES.tooLarge);
      }
      const found = sniffType(head);
      if (!found) {
        await blobs.delete(incoming);
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', LETTERHEAD_MESSAGES.type);
      }
      // A PDF must open (its first page is what is drawn); an image is checked when it is embedded.
      if (found.type === 'pdf') {
        try {
          const doc = await (await pdfLib()).PDFDocument.load(await buffer(blobs.read(incoming)), {
            ignoreEncryption: true,
          });
          if (doc.getPageCount() < 1) throw new Error('no page');
        } catch {
          await blobs.delete(incoming);
          throw new AppError('VALIDATION_FAILED', LETTERHEAD_MESSAGES.type);
        }
      }
      const key = incoming.replace(/\.upload$/, `.${found.ext}`);
      await blobs.rename(incoming, key);
      const { row, previous } = await inTransaction(pool, async (q) => {
        const old = await q.query<Pick<LetterheadRow, 'blob_key'>>(
          'select blob_key from letterheads where account_id = $1 and kind = $2 for update',
          [auth.accountId, kind],
        );
        const { rows } = await q.query<LetterheadRow>(
          `insert into letterheads (account_id, kind, type, content_type, blob_key, size_bytes, file_name)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (account_id, kind) do update set type = excluded.type, content_type = excluded.content_type,
             blob_key = excluded.blob_key, size_bytes = excluded.size_bytes, file_name = excluded.file_name, created_at = now()
           returning *`,
          [
            auth.accountId,
            kind,
            found.type,
            found.contentType,
            key,
            size,
            file.filename.slice(0, 255) || `letterhead.${found.ext}`,
          ],
        );
        await publish(q, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letterheads'] } });
        return { row: rows[0]!, previous: old.rows[0]?.blob_key ?? null };
      });
      if (previous && previous !== key) await blobs.delete(previous);
      return reply.status(201).send(toLetterhead(row));
    },
  );

  app.delete(
    '/api/letterheads/:kind',
    {
      schema: {
        tags: ['letterheads'],
        summary: 'Delete a letterhead',
        params: kindParams,
        response: { 200: z.object({ kind: z.enum(LETTERHEAD_KINDS), message: z.string() }), 404: errorSchema },
      },
      config: { access: manage },
    },
    async (request) => {
      const auth = request.auth!;
      const { kind } = request.params;
      const key = await inTransaction(pool, async (q) => {
        const { rows } = await q.query<Pick<LetterheadRow, 'blob_key'>>(
          'delete from letterheads where account_id = $1 and kind = $2 returning blob_key',
          [auth.accountId, kind],
        );
        if (!rows[0]) throw new AppError('NOT_FOUND');
        await publish(q, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letterheads'] } });
        return rows[0].blob_key;
      });
      await blobs.delete(key);
      return { kind, message: LETTERHEAD_MESSAGES.deleted(kind) };
    },
  );
}
