import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { INSERT_MAX_BYTES, INSERT_MAX_PAGES, INSERT_MESSAGES, INSERTS_MAX, insertSheets } from '@lp/domain';
import type pg from 'pg';
import { z } from 'zod';
import type { BlobStore } from '../../platform/blobs.js';
import type { LetterInsertRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { type App, errorSchema, fileResponse } from '../../platform/http.js';
import { pdfLib } from '../../platform/pdf.js';

/**
 * Inserts (issue 28 item 4, decision 0037): a PDF of 1 or 2 sheets (terms and conditions, a
 * leaflet) uploaded once per company, stored once (the same file again is the same insert), and
 * added behind every letter whose delivery chooses it. Managed as letterheads are; read by those
 * who send letters too (to choose one).
 */

const manage = { kind: 'member', anyOf: ['manage_letterheads'] } as const;
const read = { kind: 'member', anyOf: ['manage_letterheads', 'send_letter'] } as const;
const idParams = z.object({ id: z.string().min(1).max(100) });

export const insertSchema = z.object({
  id: z.string(),
  name: z.string(),
  pages: z.number().int(),
  /** Sheets printed on both sides (a letter printed on one side takes `pages` sheets of it). */
  sheets: z.number().int(),
  size: z.number().int(),
  path: z.string(),
  created_at: z.string(),
});

const toInsert = (r: LetterInsertRow) => ({
  id: r.id,
  name: r.name,
  pages: r.pages,
  sheets: r.sheets,
  size: Number(r.size_bytes),
  path: `/api/inserts/${encodeURIComponent(r.id)}/file`,
  created_at: r.created_at.toISOString(),
});

export type InsertForDelivery = Pick<LetterInsertRow, 'id' | 'name' | 'pages' | 'sheets' | 'blob_key'>;

/** One of the company's inserts, or null (another company's id is null too). */
export async function loadInsert(
  q: pg.ClientBase | pg.Pool,
  accountId: string,
  id: string,
): Promise<InsertForDelivery | null> {
  const { rows } = await q.query<InsertForDelivery>(
    'select id, name, pages, sheets, blob_key from letter_inserts where account_id = $1 and id = $2',
    [accountId, id],
  );
  return rows[0] ?? null;
}

/**
 * The letter with the insert behind it, as the printer gets it: on both sides, a letter of an odd
 * number of pages gets a blank back so that the insert starts on a sheet of its own.
 */
export async function appendInsert(
  letterPdf: Uint8Array,
  insertPdf: Uint8Array,
  duplex: boolean,
): Promise<{ pdf: Uint8Array; pages: number }> {
  const out = await (await pdfLib()).PDFDocument.load(letterPdf, { ignoreEncryption: true });
  const insert = await (await pdfLib()).PDFDocument.load(insertPdf, { ignoreEncryption: true });
  const count = out.getPageCount();
  if (duplex && count % 2 === 1) {
    const last = out.getPage(count - 1).getSize();
    out.addPage([last.width, last.height]);
  }
  for (const page of await out.copyPages(insert, insert.getPageIndices())) out.addPage(page);
  return { pdf: await out.save(), pages: out.getPageCount() };
}

/** A display name from the upload: the `name` asked for, else the file's name without .pdf. */
function insertName(asked: string | undefined, fileName: string): string {
  const clean = (s: string) =>
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    s.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = clean(asked ?? '') || clean(fileName.replace(/\.pdf$/i, '')) || 'Insert';
  return name.slice(0, 100);
}

export function registerInsertRoutes(app: App, { pool, blobs }: { pool: pg.Pool; blobs: BlobStore }) {
  app.get(
    '/api/inserts',
    {
      schema: {
        tags: ['letterheads'],
        summary: "The company's inserts (PDFs of 1 or 2 sheets added to letters that choose them), newest first",
        response: { 200: z.object({ inserts: z.array(insertSchema) }) },
      },
      config: { access: read },
    },
    async (request) => {
      const { rows } = await pool.query<LetterInsertRow>(
        'select * from letter_inserts where account_id = $1 order by created_at desc, id limit $2',
        [request.auth!.accountId, INSERTS_MAX],
      );
      return { inserts: rows.map(toInsert) };
    },
  );

  app.get(
    '/api/inserts/:id/file',
    {
      schema: {
        tags: ['letterheads'],
        summary: 'The insert as uploaded (PDF)',
        params: idParams,
        response: { 200: fileResponse('The insert', 'application/pdf'), 404: errorSchema },
      },
      config: { access: read },
    },
    async (request, reply) => {
      const insert = await loadInsert(pool, request.auth!.accountId, request.params.id);
      if (!insert) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(blobs.read(insert.blob_key));
    },
  );

  app.post(
    '/api/inserts',
    {
      schema: {
        tags: ['letterheads'],
        summary:
          'Upload an insert (multipart "file": a PDF of at most 2 sheets, 4 pages); the same file again answers the insert already stored',
        querystring: z.object({ name: z.string().max(100).optional() }),
        response: { 201: insertSchema, 409: errorSchema, 413: errorSchema, 415: errorSchema, 422: errorSchema },
      },
      config: { access: manage },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const file = await request
        .file({ limits: { fileSize: INSERT_MAX_BYTES, files: 1, fields: 2 } })
        .catch((error: unknown) => {
          if (error instanceof AppError) throw error;
          return undefined;
        });
      if (file?.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', INSERT_MESSAGES.oneFile);
      const bytes = await buffer(file.file as Readable);
      if (file.file.truncated) throw new AppError('BODY_TOO_LARGE', INSERT_MESSAGES.tooLarge);
      if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', INSERT_MESSAGES.type);
      let pages: number;
      try {
        const doc = await (await pdfLib()).PDFDocument.load(bytes);
        pages = doc.getPageCount();
      } catch {
        throw new AppError('VALIDATION_FAILED', INSERT_MESSAGES.unreadable);
      }
      if (pages < 1) throw new AppError('VALIDATION_FAILED', INSERT_MESSAGES.unreadable);
      if (pages > INSERT_MAX_PAGES) throw new AppError('VALIDATION_FAILED', INSERT_MESSAGES.tooManyPages(pages));
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const id = randomUUID();
      const key = `inserts/${auth.accountId}/${id}.pdf`;
      const name = insertName(request.query.name, file.filename ?? '');
      // Stored once: the same file of the same company is the insert already there.
      const existing = await pool.query<LetterInsertRow>(
        'select * from letter_inserts where account_id = $1 and sha256 = $2',
        [auth.accountId, sha256],
      );
      if (existing.rows[0]) return reply.status(201).send(toInsert(existing.rows[0]));
      await blobs.put(key, Readable.from(bytes));
      try {
        const row = await inTransaction(pool, async (q) => {
          // The company's row is the lock: two uploads at once count each other.
          await q.query('select 1 from accounts where id = $1 for update', [auth.accountId]);
          const { rows: count } = await q.query<{ n: number }>(
            'select count(*)::int as n from letter_inserts where account_id = $1',
            [auth.accountId],
          );
          if (count[0]!.n >= INSERTS_MAX) throw new AppError('CONFLICT', INSERT_MESSAGES.tooMany);
          const { rows } = await q.query<LetterInsertRow>(
            `insert into letter_inserts (id, account_id, name, blob_key, pages, sheets, size_bytes, sha256)
             values ($1, $2, $3, $4, $5, $6, $7, $8)
             on conflict (account_id, sha256) do nothing returning *`,
            [id, auth.accountId, name, key, pages, insertSheets(pages, true), bytes.length, sha256],
          );
          if (rows[0])
            await publish(q, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letterheads'] } });
          return rows[0] ?? null;
        });
        if (row) return reply.status(201).send(toInsert(row));
      } catch (error) {
        await blobs.delete(key);
        throw error;
      }
      // Another upload of the same file won the race: that one is the insert.
      await blobs.delete(key);
      const { rows } = await pool.query<LetterInsertRow>(
        'select * from letter_inserts where account_id = $1 and sha256 = $2',
        [auth.accountId, sha256],
      );
      return reply.status(201).send(toInsert(rows[0]!));
    },
  );

  app.delete(
    '/api/inserts/:id',
    {
      schema: {
        tags: ['letterheads'],
        summary:
          'Delete an insert (letters already sent or scheduled with it keep it: their file was made when they were sent)',
        params: idParams,
        response: { 200: z.object({ id: z.string(), message: z.string() }), 404: errorSchema },
      },
      config: { access: manage },
    },
    async (request) => {
      const auth = request.auth!;
      const { id } = request.params;
      const row = await inTransaction(pool, async (q) => {
        const { rows } = await q.query<Pick<LetterInsertRow, 'blob_key' | 'name'>>(
          'delete from letter_inserts where account_id = $1 and id = $2 returning blob_key, name',
          [auth.accountId, id],
        );
        if (!rows[0]) throw new AppError('NOT_FOUND');
        await publish(q, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letterheads'] } });
        return rows[0];
      });
      await blobs.delete(row.blob_key);
      return { id, message: INSERT_MESSAGES.deleted(row.name) };
    },
  );
}
