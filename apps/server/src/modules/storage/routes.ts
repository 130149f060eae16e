import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  cleanUploadName,
  extensionFamily,
  fileExtension,
  isStorageUploadType,
  STORAGE_BULK_MAX,
  STORAGE_CHUNK_BYTES,
  STORAGE_ITEM_KINDS,
  STORAGE_MAX_FILE_BYTES,
  STORAGE_MESSAGES,
  STORAGE_PAGE_MAX,
  STORAGE_ROOT_ID,
  savedUploadName,
  sniffStorageType,
} from '@lp/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import type { BlobStore, StoredPart } from '../../platform/blobs.js';
import type { Narrow } from '../../platform/db/row.js';
import type { LetterRow, StorageUploadRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import type { App } from '../../platform/http.js';
import { errorSchema, fileResponse } from '../../platform/http.js';
import { contentDisposition, parseRange } from '../../platform/http-files.js';
import { findLetter } from '../letters/index.js';
import {
  breadcrumbOf,
  createFolder,
  decodeCursor,
  deleteItem,
  diskUsage,
  diskUsageSchema,
  displayName,
  type ItemRow,
  insertFile,
  listItems,
  loadFolder,
  loadItem,
  pathText,
  type Removed,
  renameItem,
  storageItemSchema,
  toItem,
  treeChildren,
} from './items.js';
import { release, reserve, reserveUpTo } from './quota.js';

/**
 * Document storage (part 2 sections 2-9; issue 14; decision 0020): folders and files of a company,
 * customer folders and letter-linked items, resumable uploads within a quota, streamed both ways.
 */

const see = { kind: 'member', anyOf: ['access_storage', 'manage_storage'] } as const;
/** A stored item's kind (a folder here: a customer's folder, made for each customer, or one of the company's own). */
const folderKind = z.enum(STORAGE_ITEM_KINDS);
const manage = { kind: 'member', anyOf: ['manage_storage'] } as const;

const id = z.string().min(1).max(100);
const idParams = z.object({ id });
const nameField = z.string().max(1000);

interface Deps {
  pool: pg.Pool;
  blobs: BlobStore;
}

/** An upload as `select *` reads it; parts is what the chunk route appends. */
export type UploadRow = Narrow<StorageUploadRow, { parts: StoredPart[] }>;

const uploadSchema = z.object({
  upload_id: z.string(),
  name: z.string(),
  size: z.number().int(),
  chunk_size: z.number().int(),
  offset: z.number().int(),
  /** The stored file, once the upload finished (a client that lost the last answer reads it here). */
  item: storageItemSchema.nullable(),
});

const toUpload = (u: UploadRow, item: z.infer<typeof storageItemSchema> | null = null) => ({
  upload_id: u.id,
  name: `${u.name}.${u.ext}`,
  size: Number(u.size_bytes),
  chunk_size: u.chunk_bytes,
  offset: Number(u.received_bytes),
  item,
});

const refresh = (q: pg.ClientBase, accountId: string) =>
  publish(q, { accountId, message: { type: 'refresh', entities: ['storage'] } });

/** Removes what a delete or a cancelled upload left in the blob store (after the commit). */
async function dropBlobs(blobs: BlobStore, removed: Removed) {
  await Promise.all([
    ...removed.blobKeys.map((k) => blobs.delete(k).catch(() => {})),
    ...removed.uploads.map((u) => blobs.abortParts(u.blob_key, u.multipart_id).catch(() => {})),
  ]);
}

/** The path text of a folder's items (the folder's own path). */
async function folderPathText(q: pg.Pool, accountId: string, folder: ItemRow | null) {
  return pathText(await breadcrumbOf(q, accountId, folder));
}

/** An item as answered after a change: with its creator and path. */
async function answerItem(pool: pg.Pool, accountId: string, itemId: string) {
  const { rows } = await pool.query<ItemRow>(
    `select i.*, u.name as creator_name, u.email as creator_email
       from storage_items i left join users u on u.id = i.creator_id where i.account_id = $1 and i.id = $2`,
    [accountId, itemId],
  );
  const row = rows[0]!;
  const parent = row.parent_id ? await loadFolder(pool, accountId, row.parent_id) : null;
  return toItem(row, await folderPathText(pool, accountId, parent));
}

/** Checks a stored file's first bytes against its extension; answers its content type or null. */
async function contentTypeOf(blobs: BlobStore, key: string, ext: string): Promise<string | null> {
  const chunks: Buffer[] = [];
  for await (const c of blobs.read(key, { start: 0, end: 15 })) chunks.push(c as Buffer);
  const found = sniffStorageType(new Uint8Array(Buffer.concat(chunks)));
  return found && found.family === extensionFamily(ext) ? found.contentType : null;
}

/**
 * Stores a finished upload as an item: the reservation becomes usage (the trigger adds the bytes),
 * the upload row goes. Called once every byte has arrived; a second call finds nothing to do.
 */
async function finishUpload(deps: Deps, upload: UploadRow) {
  const { pool, blobs } = deps;
  const size = Number(upload.size_bytes);
  const parts = [...upload.parts].sort((a, b) => a.partNumber - b.partNumber);
  const stored = await blobs.completeParts(upload.blob_key, upload.multipart_id, parts);
  const contentType = stored === size ? await contentTypeOf(blobs, upload.blob_key, upload.ext) : null;
  if (!contentType) {
    await inTransaction(pool, async (q) => {
      const { rowCount } = await q.query('delete from storage_uploads where id = $1 and item_id is null', [upload.id]);
      if (rowCount) await release(q, upload.account_id, size);
    });
    await blobs.delete(upload.blob_key);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', STORAGE_MESSAGES.contentMismatch(`${upload.name}.${upload.ext}`));
  }
  const itemId = upload.blob_key.split('/').at(-1)!;
  const made = await inTransaction(pool, async (q) => {
    const { rows } = await q.query<UploadRow>(
      'update storage_uploads set item_id = $2, updated_at = now() where id = $1 and item_id is null returning *',
      [upload.id, itemId],
    );
    if (!rows[0]) return false;
    await release(q, upload.account_id, size);
    await insertFile(q, {
      id: itemId,
      accountId: upload.account_id,
      folderId: upload.folder_id,
      userId: upload.user_id,
      name: upload.name,
      ext: upload.ext,
      contentType,
      blobKey: upload.blob_key,
      size,
    });
    await refresh(q, upload.account_id);
    return true;
  });
  if (!made) throw new AppError('NOT_FOUND', STORAGE_MESSAGES.uploadGone);
  return answerItem(pool, upload.account_id, itemId);
}

/** Passes a stream on, counting its bytes and keeping the first 16; fails once more than `max` have passed. */
function meter(source: AsyncIterable<Buffer>, max: number, onOver: () => AppError) {
  const state = { bytes: 0, head: Buffer.alloc(0) };
  async function* counted() {
    for await (const chunk of source) {
      state.bytes += chunk.length;
      if (state.head.length < 16) state.head = Buffer.concat([state.head, chunk]).subarray(0, 16);
      if (state.bytes > max) throw onOver();
      yield chunk;
    }
  }
  return { stream: Readable.from(counted(), { objectMode: false }), state };
}

export function registerStorageRoutes(app: App, deps: Deps) {
  const { pool, blobs } = deps;

  app.get(
    '/api/storage/usage',
    {
      schema: {
        tags: ['storage'],
        summary: "The company's storage: used, reserved and the plan's quota",
        response: { 200: diskUsageSchema },
      },
      config: { access: see },
    },
    async (request) => diskUsage(pool, request.auth!.accountId),
  );

  app.get(
    '/api/storage/folders/:id',
    {
      schema: {
        tags: ['storage'],
        summary:
          'A folder ("root" for the company\'s root): its breadcrumb and one page of its items, customer folders first, then folders, then files',
        params: idParams,
        querystring: z.object({
          after: z.string().max(2000).optional(),
          limit: z.coerce.number().int().min(1).max(STORAGE_PAGE_MAX).default(STORAGE_PAGE_MAX),
        }),
        response: {
          200: z.object({
            folder: z.object({ id: z.string(), name: z.string(), kind: folderKind, editable: z.boolean() }),
            breadcrumb: z.array(z.object({ id: z.string(), name: z.string() })),
            items: z.array(storageItemSchema),
            next: z.string().nullable(),
            disk_usage: diskUsageSchema,
            current_document_metadata: z.object({
              id: z.string(),
              name: z.string(),
              path: z.string(),
              numFiles: z.number().int(),
              size: z.number().int(),
              modified: z.string().nullable(),
              editable: z.boolean(),
            }),
          }),
          404: errorSchema,
        },
      },
      config: { access: see },
    },
    async (request) => {
      const { accountId } = request.auth!;
      const { id: folderId } = request.params;
      const { after, limit } = request.query;
      const folder = await loadFolder(pool, accountId, folderId);
      const [crumbs, page, usage] = await Promise.all([
        breadcrumbOf(pool, accountId, folder),
        listItems(pool, accountId, folder?.id ?? null, decodeCursor(after), limit),
        diskUsage(pool, accountId),
      ]);
      const path = pathText(crumbs);
      const rootTotals = folder
        ? null
        : await pool.query<{ n: string; size: string }>(
            `select coalesce(sum(case kind when 'file' then 1 else num_files end), 0) as n,
                    coalesce(sum(size_bytes), 0) as size
               from storage_items where account_id = $1 and coalesce(parent_id, '') = ''`,
            [accountId],
          );
      return {
        folder: folder
          ? { id: folder.id, name: folder.name, kind: folder.kind, editable: folder.editable }
          : { id: STORAGE_ROOT_ID, name: 'Home', kind: 'folder' as const, editable: true },
        breadcrumb: crumbs,
        items: page.rows.map((r) => toItem(r, path)),
        next: page.next,
        disk_usage: usage,
        current_document_metadata: {
          id: folder?.id ?? STORAGE_ROOT_ID,
          name: folder?.name ?? 'Home',
          path: path || '/',
          numFiles: folder ? folder.num_files : Number(rootTotals!.rows[0]!.n),
          size: folder ? Number(folder.size_bytes) : Number(rootTotals!.rows[0]!.size),
          modified: folder ? folder.modified_at.toISOString() : null,
          editable: folder ? folder.editable : true,
        },
      };
    },
  );

  app.get(
    '/api/storage/tree/:id',
    {
      schema: {
        tags: ['storage'],
        summary: 'The folders inside a folder, for the folder tree (at most 1,000)',
        params: idParams,
        response: {
          200: z.object({
            nodes: z.array(z.object({ id: z.string(), name: z.string(), kind: folderKind, has_children: z.boolean() })),
          }),
          404: errorSchema,
        },
      },
      config: { access: see },
    },
    async (request) => {
      const { accountId } = request.auth!;
      const folder = await loadFolder(pool, accountId, request.params.id);
      return { nodes: await treeChildren(pool, accountId, folder?.id ?? null, STORAGE_PAGE_MAX) };
    },
  );

  app.post(
    '/api/storage/folders',
    {
      schema: {
        tags: ['storage'],
        summary: 'Create a folder (empty name: New Folder)',
        body: z.strictObject({ parent_id: id, name: nameField.default('') }),
        response: { 201: storageItemSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
      config: { access: manage },
    },
    async (request, reply) => {
      const { accountId, userId } = request.auth!;
      const body = request.body;
      const row = await inTransaction(pool, async (q) => {
        const made = await createFolder(q, accountId, userId, body.parent_id, body.name);
        await refresh(q, accountId);
        return made;
      });
      return reply.status(201).send(await answerItem(pool, accountId, row.id));
    },
  );

  app.patch(
    '/api/storage/items/:id',
    {
      schema: {
        tags: ['storage'],
        summary: 'Rename a folder or file (a file keeps its extension; empty keeps the name)',
        params: idParams,
        body: z.strictObject({ name: nameField }),
        response: { 200: storageItemSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
      config: { access: manage },
    },
    async (request) => {
      const { accountId } = request.auth!;
      const itemId = request.params.id;
      await inTransaction(pool, async (q) => {
        await renameItem(q, accountId, itemId, request.body.name);
        await refresh(q, accountId);
      });
      return answerItem(pool, accountId, itemId);
    },
  );

  app.delete(
    '/api/storage/items/:id',
    {
      schema: {
        tags: ['storage'],
        summary: 'Delete a folder (with everything in it) or a file; `name` must be its exact current name',
        params: idParams,
        body: z.strictObject({ name: nameField }),
        response: {
          200: z.object({ id: z.string(), message: z.string() }),
          403: errorSchema,
          404: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: manage },
    },
    async (request) => {
      const { accountId } = request.auth!;
      const itemId = request.params.id;
      const typed = request.body.name;
      const { removed, name } = await inTransaction(pool, async (q) => {
        const item = await loadItem(q, accountId, itemId, true);
        const shown = displayName(item);
        if (item.editable && item.kind !== 'customer_folder' && !item.letter_id && typed !== shown) {
          const message = STORAGE_MESSAGES.deleteMismatch(item.kind === 'file' ? 'file' : 'folder');
          throw new AppError('VALIDATION_FAILED', message, [{ path: 'name', message }]);
        }
        const r = await deleteItem(q, item);
        await refresh(q, accountId);
        return { removed: r, name: shown };
      });
      await dropBlobs(blobs, removed);
      return { id: itemId, message: STORAGE_MESSAGES.deleted(name) };
    },
  );

  app.post(
    '/api/storage/items/delete',
    {
      schema: {
        tags: ['storage'],
        summary: 'Delete several files at once (folders are deleted one at a time, their name typed)',
        body: z.strictObject({ ids: z.array(id).min(1).max(STORAGE_BULK_MAX) }),
        response: {
          200: z.object({ deleted: z.array(z.string()), message: z.string() }),
          403: errorSchema,
          404: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: manage },
    },
    async (request) => {
      const { accountId } = request.auth!;
      const ids = [...new Set(request.body.ids)];
      const removed = await inTransaction(pool, async (q) => {
        const { rows } = await q.query<ItemRow>(
          'select * from storage_items where account_id = $1 and id = any($2::text[]) order by id for update',
          [accountId, ids],
        );
        if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
        if (rows.some((r) => r.kind !== 'file'))
          throw new AppError('VALIDATION_FAILED', STORAGE_MESSAGES.bulkFilesOnly);
        const all: Removed = { blobKeys: [], uploads: [] };
        for (const row of rows) {
          const r = await deleteItem(q, row);
          all.blobKeys.push(...r.blobKeys);
        }
        await refresh(q, accountId);
        return all;
      });
      await dropBlobs(blobs, removed);
      return { deleted: ids, message: STORAGE_MESSAGES.deletedMany(ids.length) };
    },
  );

  app.get(
    '/api/storage/items/:id/file',
    {
      schema: {
        tags: ['storage'],
        summary:
          'A stored file (inline, or as an attachment with ?download=1), byte ranges supported; a letter-linked item answers its letter',
        params: idParams,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
        response: {
          200: fileResponse('The file, in the type it was stored with', '*/*'),
          206: fileResponse('The part of the file the Range header asked for', '*/*'),
          400: errorSchema,
          404: errorSchema,
        },
      },
      config: { access: see },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const item = await loadItem(pool, auth.accountId, request.params.id);
      if (item.kind !== 'file') throw new AppError('NOT_FOUND');
      let key = item.blob_key;
      let size = Number(item.size_bytes);
      if (item.letter_id) {
        // The letter as its reader sees it: a supervisor limited to their departments reads no other letter here either.
        const letter = await findLetter<Pick<LetterRow, 'blob_key' | 'size_bytes'>>(
          pool,
          auth,
          item.letter_id,
          'blob_key, size_bytes',
          { notTrashed: true },
        );
        if (!letter) throw new AppError('NOT_FOUND');
        key = letter.blob_key;
        size = (await blobs.size(key)) ?? Number(letter.size_bytes);
      }
      if (!key) throw new AppError('NOT_FOUND');
      const range = parseRange(request.headers.range, size);
      const download = request.query.download === '1';
      reply
        .header('content-type', item.content_type ?? 'application/octet-stream')
        .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', displayName(item)))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes');
      if (range === 'invalid') {
        reply.header('content-range', `bytes */${size}`);
        throw new AppError('BAD_REQUEST', 'The range asked for is outside the file.');
      }
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
          .send(blobs.read(key, range));
      }
      return reply.header('content-length', size).send(blobs.read(key));
    },
  );

  // Resumable uploads (decision 0020).
  app.post(
    '/api/storage/uploads',
    {
      schema: {
        tags: ['storage'],
        summary: 'Start an upload: checks the type and size and reserves the quota; chunks follow',
        body: z.strictObject({
          folder_id: id,
          file_name: z.string().min(1).max(1000),
          size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        }),
        response: {
          201: uploadSchema.extend({
            /** The name given broke the name rule: `name` is what the file is saved as (its characters outside the rule became spaces). */
            renamed: z.boolean(),
          }),
          404: errorSchema,
          413: errorSchema,
          415: errorSchema,
          507: errorSchema,
        },
      },
      config: { access: manage },
    },
    async (request, reply) => {
      const { accountId, userId } = request.auth!;
      const body = request.body;
      if (!isStorageUploadType(body.file_name)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', STORAGE_MESSAGES.type);
      if (body.size > STORAGE_MAX_FILE_BYTES)
        throw new AppError('BODY_TOO_LARGE', STORAGE_MESSAGES.tooLarge(body.file_name));
      if (body.size === 0) throw new AppError('VALIDATION_FAILED', STORAGE_MESSAGES.emptyFile(body.file_name));
      const folder = await loadFolder(pool, accountId, body.folder_id);
      const itemId = randomUUID();
      const blobKey = `storage/${accountId}/${itemId}`;
      const multipartId = await blobs.startParts(blobKey);
      try {
        const row = await inTransaction(pool, async (q) => {
          await reserve(q, accountId, body.size);
          const { rows } = await q.query<UploadRow>(
            `insert into storage_uploads (id, account_id, folder_id, user_id, name, ext, size_bytes, chunk_bytes, blob_key, multipart_id)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
            [
              randomUUID(),
              accountId,
              folder?.id ?? null,
              userId,
              cleanUploadName(body.file_name),
              fileExtension(body.file_name),
              body.size,
              STORAGE_CHUNK_BYTES,
              blobKey,
              multipartId,
            ],
          );
          return rows[0]!;
        });
        return reply.status(201).send({ ...toUpload(row), renamed: savedUploadName(body.file_name).renamed });
      } catch (error) {
        await blobs.abortParts(blobKey, multipartId).catch(() => {});
        throw error;
      }
    },
  );

  const loadUpload = async (accountId: string, uploadId: string) => {
    const { rows } = await pool.query<UploadRow>('select * from storage_uploads where account_id = $1 and id = $2', [
      accountId,
      uploadId,
    ]);
    if (!rows[0]) throw new AppError('NOT_FOUND', STORAGE_MESSAGES.uploadGone);
    return rows[0];
  };

  app.get(
    '/api/storage/uploads/:id',
    {
      schema: {
        tags: ['storage'],
        summary: 'Where an upload is: the bytes received (resume from there)',
        params: idParams,
        response: { 200: uploadSchema, 404: errorSchema },
      },
      config: { access: manage },
    },
    async (request) => {
      const { accountId } = request.auth!;
      const upload = await loadUpload(accountId, request.params.id);
      const done = upload.item_id
        ? await answerItem(pool, accountId, upload.item_id).catch(() => null) // deleted since
        : null;
      return toUpload(upload, done);
    },
  );

  app.delete(
    '/api/storage/uploads/:id',
    {
      schema: {
        tags: ['storage'],
        summary: 'Cancel an upload; its reservation is released',
        params: idParams,
        response: { 200: z.object({ upload_id: z.string() }), 404: errorSchema },
      },
      config: { access: manage },
    },
    async (request) => {
      const { accountId } = request.auth!;
      const uploadId = request.params.id;
      const gone = await inTransaction(pool, async (q) => {
        const { rows } = await q.query<UploadRow>(
          'delete from storage_uploads where account_id = $1 and id = $2 returning *',
          [accountId, uploadId],
        );
        if (!rows[0]) throw new AppError('NOT_FOUND', STORAGE_MESSAGES.uploadGone);
        if (!rows[0].item_id) await release(q, accountId, Number(rows[0].size_bytes));
        return rows[0];
      });
      if (!gone.item_id) await blobs.abortParts(gone.blob_key, gone.multipart_id).catch(() => {});
      return { upload_id: uploadId };
    },
  );

  // Raw bodies: a chunk streams from the request to the blob store, never whole in memory.
  app.register(async (plugin) => {
    // The plugin's own instance: typed by the routes' Zod schemas like the app.
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.put(
      '/api/storage/uploads/:id/chunks/:n',
      {
        schema: {
          tags: ['storage'],
          summary:
            'Send chunk n (from 0) of an upload: exactly chunk_size bytes (the last: what is left); the last one stores the file',
          params: z.object({ id, n: z.coerce.number().int().min(0).max(9_999) }),
          response: {
            200: z.object({ offset: z.number().int() }),
            201: z.object({ offset: z.number().int(), item: storageItemSchema }),
            404: errorSchema,
            409: errorSchema,
            411: errorSchema,
            415: errorSchema,
            422: errorSchema,
          },
        },
        config: { access: manage },
      },
      async (request, reply) => {
        const { accountId } = request.auth!;
        const { id: uploadId, n } = request.params;
        // The octet-stream parser of this scope hands the body over unread, as a stream.
        const body = request.body;
        if (!(body instanceof Readable)) throw new AppError('VALIDATION_FAILED', STORAGE_MESSAGES.chunkSize);
        const upload = await loadUpload(accountId, uploadId);
        if (upload.item_id) {
          body.resume();
          throw new AppError('CONFLICT', STORAGE_MESSAGES.alreadyStored);
        }
        const size = Number(upload.size_bytes);
        const offset = n * upload.chunk_bytes;
        const received = Number(upload.received_bytes);
        if (offset !== received || offset >= size) {
          body.resume();
          throw new AppError('CONFLICT', STORAGE_MESSAGES.offsetMismatch, [
            { path: 'offset', message: String(received) },
          ]);
        }
        const length = Math.min(upload.chunk_bytes, size - offset);
        if (Number(request.headers['content-length']) !== length) {
          body.resume();
          throw new AppError('VALIDATION_FAILED', STORAGE_MESSAGES.chunkSize);
        }
        let part: StoredPart;
        try {
          part = await blobs.putPart(upload.blob_key, upload.multipart_id, n + 1, body, length);
        } catch {
          // Cut off or short: nothing of it is kept; the client resumes from the offset.
          throw new AppError('VALIDATION_FAILED', STORAGE_MESSAGES.chunkSize);
        }
        const { rows } = await pool.query<UploadRow>(
          `update storage_uploads set received_bytes = received_bytes + $3, parts = parts || $4::jsonb, updated_at = now()
            where account_id = $1 and id = $2 and received_bytes = $5 returning *`,
          [accountId, uploadId, length, JSON.stringify([part]), offset],
        );
        if (!rows[0]) throw new AppError('CONFLICT', STORAGE_MESSAGES.offsetMismatch);
        const now = Number(rows[0].received_bytes);
        if (now < size) return { offset: now };
        const item = await finishUpload(deps, rows[0]);
        return reply.status(201).send({ offset: now, item });
      },
    );
  });

  app.post(
    '/api/storage/folders/:id/files',
    {
      schema: {
        tags: ['storage'],
        summary:
          'Upload one file in one request (multipart, field "file"): for programs; browsers use the resumable uploads',
        params: idParams,
        response: {
          201: storageItemSchema,
          404: errorSchema,
          411: errorSchema,
          413: errorSchema,
          415: errorSchema,
          422: errorSchema,
          507: errorSchema,
        },
      },
      config: { access: manage },
    },
    async (request, reply) => {
      const { accountId, userId } = request.auth!;
      const folder = await loadFolder(pool, accountId, request.params.id);
      const declared = Number(request.headers['content-length']);
      if (!Number.isFinite(declared) || declared <= 0)
        throw new AppError('VALIDATION_FAILED', 'Send the file with its Content-Length.');
      // Refused at once on what the request declares, before its body is read (issue 24 item 11):
      // larger than a file may be, or than the company's free space, with the form's own bytes aside.
      if (declared > STORAGE_MAX_FILE_BYTES + MULTIPART_SLACK)
        throw new AppError('BODY_TOO_LARGE', STORAGE_MESSAGES.tooLarge('The file'));
      const reserved = await reserveUpTo(pool, accountId, declared);
      if (reserved < declared - MULTIPART_SLACK) {
        await release(pool, accountId, reserved);
        throw new AppError('INSUFFICIENT_STORAGE', STORAGE_MESSAGES.noSpace);
      }
      const itemId = randomUUID();
      const blobKey = `storage/${accountId}/${itemId}`;
      try {
        const file = await request
          .file({ limits: { fileSize: STORAGE_MAX_FILE_BYTES, files: 1, fields: 5 } })
          .catch((error: unknown) => {
            if (error instanceof AppError) throw error;
            return undefined;
          });
        if (file?.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', 'Attach the file as the "file" field.');
        const ext = fileExtension(file.filename);
        if (!isStorageUploadType(file.filename)) {
          file.file.resume();
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', STORAGE_MESSAGES.type);
        }
        const m = meter(
          file.file as AsyncIterable<Buffer>,
          reserved,
          () => new AppError('INSUFFICIENT_STORAGE', STORAGE_MESSAGES.noSpace),
        );
        let size: number;
        try {
          size = await blobs.put(blobKey, m.stream);
        } catch (error) {
          if (error instanceof AppError) throw error;
          if (m.state.bytes > reserved) throw new AppError('INSUFFICIENT_STORAGE', STORAGE_MESSAGES.noSpace);
          throw error;
        }
        if (file.file.truncated) throw new AppError('BODY_TOO_LARGE', STORAGE_MESSAGES.tooLarge(file.filename));
        const found = sniffStorageType(new Uint8Array(m.state.head));
        if (!found || found.family !== extensionFamily(ext))
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', STORAGE_MESSAGES.contentMismatch(file.filename));
        await inTransaction(pool, async (q) => {
          await release(q, accountId, reserved);
          await insertFile(q, {
            id: itemId,
            accountId,
            folderId: folder?.id ?? null,
            userId,
            name: cleanUploadName(file.filename),
            ext,
            contentType: found.contentType,
            blobKey,
            size,
          });
          await refresh(q, accountId);
        });
      } catch (error) {
        await release(pool, accountId, reserved);
        await blobs.delete(blobKey).catch(() => {});
        throw error;
      }
      return reply.status(201).send(await answerItem(pool, accountId, itemId));
    },
  );
}

/** What a multipart request adds to its file's bytes at most (boundaries, part headers, small fields). */
const MULTIPART_SLACK = 64 * 1024;
