import { randomUUID } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import {
  canDeleteLetter,
  DISPLAY_STATUSES,
  type DisplayStatus,
  displayLetterStatus,
  LETTER_MESSAGES,
  LETTER_STATUS,
  letterCloudSyncSchema,
  MAPPED_RAW_STATUSES,
  rawStatusesFor,
  SCHEDULED_PREFIX,
  UPLOAD_MAX_MB,
} from '@lp/domain';
import type pg from 'pg';
import { z } from 'zod';
import { type AuthContext, actorName } from '../../platform/access.js';
import { AccountCache } from '../../platform/account-cache.js';
import { prepared } from '../../platform/db/prepared.js';
import type { Narrow } from '../../platform/db/row.js';
import type { CustomerRow, LetterDeliveryRow, LetterHistoryRow, LetterRow, UserRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { type App, errorSchema, fileResponse, listSchema, type PlatformDeps } from '../../platform/http.js';
import { Lane } from '../../platform/lane.js';
import { filterValues, likePattern, listQuerySchema, rowLimit, Where } from '../../platform/list.js';
import { step, withSteps } from '../../platform/steps.js';
import { registerAddressFixRoutes } from './address-fix-routes.js';
import { createLetter } from './create-letter.js';
import { findLetter } from './find-letter.js';
import { letterCloudSyncs } from './hooks.js';
import { registerSplitRoutes } from './split-routes.js';
import { registerThumbnailStream } from './thumbnail-stream.js';
import { addLetterScope, type LetterScope, letterScope } from './visibility.js';

const MAX_UPLOAD_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
const idParams = z.object({ id: z.string().min(1).max(100) });

const boxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const layoutSchema = z.object({
  window: boxSchema,
  address: boxSchema,
  /** Each line of the address read, name first. */
  lines: z.array(boxSchema).optional(),
  barcode: boxSchema.nullable(),
  /** What else would show through the window, and what it is. */
  intrusions: z.array(
    z.object({
      kind: z.enum(['date', 'reference', 'return_address', 'salutation', 'text', 'graphic']),
      text: z.string().optional(),
      box: boxSchema,
    }),
  ),
  /** Edges of the window the address runs past (beyond the 1 mm tolerance), by how many mm. */
  outside: z
    .array(z.object({ side: z.enum(['top', 'bottom', 'left', 'right']), by: z.number(), line: z.string() }))
    .optional(),
  /** The address can be re-set on page 1: nothing but the old address lies in the area to white out. */
  resetOffered: z.boolean().optional(),
});

const letterSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  document_type: z.enum(['regular', 'merged']),
  source_type: z.enum(['pdf', 'docx']),
  status: z.string(),
  display_status: z.string(),
  status_reason: z.string().nullable(),
  force_status_error: z.boolean(),
  num_pages: z.number().int().nullable(),
  recipient_name_snapshot: z.string().nullable(),
  recipient_address_snapshot: z.array(z.string()).nullable(),
  postcode: z.string().nullable(),
  mark_for_deletion: z.boolean(),
  processed: z.boolean(),
  creator_email: z.string().nullable(),
  creator_name: z.string().nullable(),
  creation_date: z.string(),
  has_thumbnail: z.boolean(),
  parent_uuid: z.string().nullable(),
  split_status: z.enum(['proposing', 'proposed', 'splitting', 'split', 'failed']).nullable(),
  split_count: z.number().int().nullable(),
  has_been_posted: z.boolean(),
  cloud_synced: z.boolean(),
  delivered_on: z.string().nullable(),
  delivery_channels: z.array(z.string()),
  successful_delivery_channels: z.array(z.string()),
  unsuccessful_delivery_channels: z.array(z.string()),
  /** Page 1 around the address, in mm from the top-left: drawn over the preview (null until analysed). */
  layout: layoutSchema.nullable(),
  /** An address sheet was put in front (an extra sheet); the uploaded file is kept. */
  address_sheet: z.boolean(),
  /** The address was whited out and set again inside the window on page 1; the uploaded file is kept. */
  address_reset: z.boolean(),
  /** How the recipient was read: the text layer, OCR (a scanned letter), or corrected or confirmed by a person. */
  address_source: z.enum(['text', 'ocr', 'corrected']),
  /** Of an address read by OCR: its confidence, 0-100. */
  ocr_confidence: z.number().int().nullable(),
  /** The customer the letter is for (matched after analysis, or chosen), null when none. */
  customer_uuid: z.string().nullable(),
  customer_name: z.string().nullable(),
  /** Uploaded with a test API key: its deliveries go to the sandboxes and cost nothing (decision 0030). */
  test_mode: z.boolean(),
});

/** One letter's answer: the list's fields and its copies in the company's drives (issue 15 item 5). */
const letterDetailSchema = letterSchema.extend({ cloud_syncs: z.array(letterCloudSyncSchema) });

const COLUMNS = `l.id as uuid, l.name, l.document_type, l.source_type, l.status, l.force_status_error, l.status_reason,
  l.num_pages::int as num_pages, l.recipient_name_snapshot, l.recipient_address_snapshot, l.postcode, l.mark_for_deletion,
  l.processed, u.email as creator_email, u.name as creator_name, l.created_at, l.thumbnail_key is not null as has_thumbnail,
  l.parent_id as parent_uuid, l.split_status, l.split_count, l.has_been_posted, l.cloud_synced, l.delivered_on,
  l.delivery_channels, l.successful_delivery_channels, l.unsuccessful_delivery_channels, l.layout, l.address_sheet,
  l.address_reset, l.address_source, l.ocr_confidence, l.customer_id as customer_uuid, (select c.name from customers c where c.id = l.customer_id) as customer_name,
  l.test_mode`;

type Row = Narrow<
  Pick<
    LetterRow,
    | 'name'
    | 'document_type'
    | 'source_type'
    | 'status'
    | 'force_status_error'
    | 'status_reason'
    | 'recipient_name_snapshot'
    | 'recipient_address_snapshot'
    | 'postcode'
    | 'mark_for_deletion'
    | 'processed'
    | 'created_at'
    | 'split_status'
    | 'split_count'
    | 'has_been_posted'
    | 'cloud_synced'
    | 'delivered_on'
    | 'delivery_channels'
    | 'successful_delivery_channels'
    | 'unsuccessful_delivery_channels'
    | 'layout'
    | 'address_sheet'
    | 'address_reset'
    | 'address_source'
    | 'ocr_confidence'
    | 'test_mode'
  >,
  // Values the product writes; the response schema says so.
  Pick<z.infer<typeof letterSchema>, 'document_type' | 'source_type' | 'split_status' | 'address_source'>
> & {
  uuid: LetterRow['id'];
  num_pages: number | null; // num_pages::int
  creator_email: UserRow['email'] | null;
  creator_name: UserRow['name'] | null;
  has_thumbnail: boolean;
  parent_uuid: LetterRow['parent_id'];
  customer_uuid: LetterRow['customer_id'];
  customer_name: CustomerRow['name'] | null;
};
const toLetter = ({ created_at, delivered_on, ...r }: Row) => ({
  ...r,
  display_status: displayLetterStatus(r.status, r.force_status_error),
  creation_date: created_at.toISOString(),
  delivered_on: delivered_on?.toISOString() ?? null,
});

const TABS = ['all', 'new', 'scheduled', 'sent', 'failed', 'trash'] as const;
type Tab = (typeof TABS)[number];

/** The SQL condition of a display status, matching displayLetterStatus (parameters go into `where`). */
function displayCondition(label: DisplayStatus, where: Where): string {
  const { raw, scheduled, otherwise } = rawStatusesFor(label);
  const prefix = () => where.param(`${SCHEDULED_PREFIX}%`);
  if (otherwise)
    return `(l.force_status_error or (not (l.status = any(${where.param(MAPPED_RAW_STATUSES)}::text[])) and l.status not like ${prefix()}))`;
  if (scheduled) return `(not l.force_status_error and l.status like ${prefix()})`;
  return `(not l.force_status_error and l.status = any(${where.param(raw)}::text[]))`;
}

const TAB_STATUS: Partial<Record<Tab, DisplayStatus>> = {
  new: 'New',
  scheduled: 'Scheduled',
  sent: 'Sent',
  failed: 'Failed',
};

/** The SQL condition of a tab: the trash holds deleted letters, every other tab the rest. */
function tabCondition(tab: Tab, where: Where): string {
  if (tab === 'trash') return 'l.mark_for_deletion';
  // The Failed tab holds every letter that cannot be delivered as it is: failed or corrupted files
  // and letters with an address or window problem (Encountered Issues) alike (decision 0026).
  if (tab === 'failed')
    return `(not l.mark_for_deletion and (${displayCondition('Failed', where)} or ${displayCondition('Encountered Issues', where)}))`;
  const status = TAB_STATUS[tab];
  return status ? `(not l.mark_for_deletion and ${displayCondition(status, where)})` : 'not l.mark_for_deletion';
}

/** The account, reader's scope, search and filter conditions of a list query (the tab aside). */
function listConditions(q: Record<string, unknown> & { search: string }, accountId: string, scope: LetterScope): Where {
  const where = addLetterScope(new Where().add('l.account_id = ?', accountId), scope, accountId);
  if (q.search) {
    const like = likePattern(q.search);
    // Creators matching the word, as an array the planner can look up in the creator index.
    const creators =
      "l.creator_id = any(array(select id from users where account_id = ? and lower(name) like ? escape '\\'))";
    if (q.search.length >= 3)
      // Three characters or more: the trigram index of migration 0008 finds the matches (its
      // expression, name and recipient in one text, must be written exactly so).
      where.add(
        `(lower(l.name || ' ' || coalesce(l.recipient_name_snapshot, '')) like ? escape '\\' or ${creators})`,
        like,
        accountId,
        like,
      );
    else
      where.add(
        `(lower(l.name) like ? escape '\\' or lower(coalesce(l.recipient_name_snapshot, '')) like ? escape '\\' or ${creators})`,
        like,
        like,
        accountId,
        like,
      );
  }
  const statuses = filterValues(q, 'status');
  if (statuses.length) {
    const unknown = statuses.filter((s) => !(DISPLAY_STATUSES as readonly string[]).includes(s));
    if (unknown.length) throw new AppError('VALIDATION_FAILED', `Unknown status: ${unknown.join(', ')}`);
    const parts = statuses.map((s) => displayCondition(s as DisplayStatus, where));
    where.add(`(${parts.join(' or ')})`);
  }
  const creators = filterValues(q, 'creator');
  if (creators.length)
    where.add(
      'l.creator_id in (select id from users where account_id = ? and email = any(?::text[]))',
      accountId,
      creators.map((c) => c.toLowerCase()),
    );
  for (const range of filterValues(q, 'creation_date')) {
    const [from, to] = range.split('/').map((end) => (end === '..' || !end ? null : new Date(end)));
    if ([from, to].some((d) => d && Number.isNaN(d.getTime())))
      throw new AppError(
        'VALIDATION_FAILED',
        'The date filter must be "<from>/<to>" in ISO 8601, ".." for an open end.',
      );
    if (from) where.add('l.created_at >= ?', from);
    if (to) where.add('l.created_at <= ?', to);
  }
  return where;
}

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

/** Upload transactions at once, of the pool's 20 connections (the rest serve everything else). */
const UPLOAD_LANE = 10;

export function registerLetterRoutes(app: App, { pool, blobs, hub }: PlatformDeps) {
  const uploadLane = new Lane(UPLOAD_LANE);
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
    async (request, reply) =>
      withSteps(async (steps) => {
        const auth = request.auth!;
        const { type } = request.query;
        const file = await request
          .file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } })
          .catch((error: unknown) => {
            // A refusal of the input guard (a NUL in a name) keeps its own answer.
            if (error instanceof AppError) throw error;
            return undefined;
          });
        if (file?.fieldname !== 'file')
          throw new AppError('VALIDATION_FAILED', 'Attach the letter as the "file" field.');
        const id = randomUUID();
        // The upload lands under a neutral name; once its content is known it is renamed, so a
        // refused file never sits in the store under a trusted name.
        const incoming = `letters/${auth.accountId}/${id}.upload`;
        const detected: { kind: 'pdf' | 'docx' | 'other' } = { kind: 'other' };
        const checked = sniff((b) => {
          if (b.subarray(0, 5).toString('latin1') === '%PDF-') detected.kind = 'pdf';
          else if (b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) detected.kind = 'docx';
        });
        const size = await step('receive and store', () => blobs.put(incoming, (file.file as Readable).pipe(checked)));
        if (file.file.truncated) {
          await blobs.delete(incoming);
          throw new AppError('BODY_TOO_LARGE', LETTER_MESSAGES.tooLarge);
        }
        if (detected.kind === 'other') {
          await blobs.delete(incoming);
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', LETTER_MESSAGES.onlyPdfOrDocx);
        }
        const sourceType = detected.kind;
        // A zip is only taken as a Word document when it says so; its parts are checked by the analysis job.
        const pdfKey = `letters/${auth.accountId}/${id}.pdf`;
        const sourceKey = detected.kind === 'docx' ? `letters/${auth.accountId}/${id}.docx` : null;
        await step('rename', () => blobs.rename(incoming, sourceKey ?? pdfKey));
        const fallbackName = detected.kind === 'docx' ? 'letter.docx' : 'letter.pdf';
        // A burst of uploads takes at most UPLOAD_LANE connections: other requests pass it.
        await step('transaction', () =>
          uploadLane.run(() =>
            inTransaction(pool, async (client) => {
              // The analysis job commits with the letter: a restart resumes it, and retries are bounded.
              await createLetter(client, {
                id,
                accountId: auth.accountId,
                creatorId: auth.userId,
                name: file.filename.slice(0, 255) || fallbackName,
                documentType: type,
                status: LETTER_STATUS.analysing,
                blobKey: pdfKey,
                sizeBytes: size,
                sourceType,
                sourceKey,
                analyse: true,
                // A program's upload says which key sent it (a person's is their own, as before).
                reason: auth.apiKey
                  ? `Uploaded with ${actorName(auth)}${auth.apiKey.mode === 'test' ? ' (a test key: delivered to the sandboxes only, never charged)' : ''}`
                  : null,
                testMode: auth.apiKey?.mode === 'test',
              });
              await publish(client, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letters'] } });
            }),
          ),
        );
        request.log.debug({ letterId: id, totalMs: steps.totalMs, steps: steps.ms }, 'letter upload steps');
        return reply.status(201).send({ uuid: id, status: LETTER_STATUS.analysing });
      }),
  );

  // Read-only routes: a supervisor (approve) reads the letters of what they supervise (visibility.ts).
  const read = { kind: 'member', anyOf: ['see_letters', 'approve'] } as const;
  const countsCache = new AccountCache<Record<Tab, number>>(hub, ['letters']);
  const creatorsCache = new AccountCache<string[]>(hub, ['users'], 60_000);
  app.addHook('onClose', async () => {
    countsCache.close();
    creatorsCache.close();
  });
  const listQuery = listQuerySchema(['status', 'creator', 'creation_date'], TABS);

  app.get(
    '/api/letters',
    {
      schema: {
        tags: ['letters'],
        summary: 'Letters of the company, newest first, with the row count of every tab',
        description:
          'Filters: `filter.status` (display statuses), `filter.creator` (creator emails), `filter.creation_date` (`<ISO from>/<ISO to>`, `..` for an open end). Search covers the name, the recipient and the creator.',
        querystring: listQuery,
        response: {
          200: listSchema(letterSchema).extend({
            // Each tab by name (an object, not a record of the enum, so the document names every property).
            counts: z.object({
              all: z.number().int(),
              new: z.number().int(),
              scheduled: z.number().int(),
              sent: z.number().int(),
              failed: z.number().int(),
              trash: z.number().int(),
            } satisfies Record<Tab, z.ZodType>),
          }),
          422: errorSchema,
        },
      },
      config: { access: read },
    },
    async (request) => {
      const q = request.query;
      const accountId = request.auth!.accountId;
      const scope = await letterScope(pool, request.auth!);
      const where = listConditions(q, accountId, scope);
      const limit = rowLimit(q.limit);
      // Each query numbers its own parameters after the shared conditions'.
      const extend = () => {
        const w = new Where();
        w.params.push(...where.params);
        return w;
      };
      const tabbed = extend();
      const rowsWhere = `${where} and ${tabCondition(q.tab, tabbed)}`;
      const counted = extend();
      const countsSql = TABS.map(
        (tab) => `count(*) filter (where ${tabCondition(tab, counted)})::int as "${tab}"`,
      ).join(', ');
      // Tab counts and creators are kept until the company's letters (or users) change.
      const { search, tab: _tab, page: _page, limit: _limit, ...filters } = q;
      const countTabs = async () =>
        (await pool.query<Record<Tab, number>>(`select ${countsSql} from letters l ${where}`, counted.params)).rows[0]!;
      const [rows, tabCounts, creators] = await Promise.all([
        pool.query<Row>(
          prepared(
            `select ${COLUMNS} from (select l.id from letters l ${rowsWhere} order by l.created_at desc, l.id desc
               limit ${tabbed.param(limit)} offset ${tabbed.param(q.page * limit)}) page
             join letters l on l.id = page.id left join users u on u.id = l.creator_id
            order by l.created_at desc, l.id desc`,
            tabbed.params,
          ),
        ),
        // A supervisor's counts are not cached: who is in their departments changes without a letter changing.
        scope ? countTabs() : countsCache.get(accountId, JSON.stringify([search, filters]), countTabs),
        creatorsCache.get(accountId, 'creators', async () => {
          const found = await pool.query<Pick<UserRow, 'email'>>(
            'select email from users where account_id = $1 order by email limit 200',
            [accountId],
          );
          return found.rows.map((r) => r.email);
        }),
      ]);
      return {
        rows: rows.rows.map(toLetter),
        count: tabCounts[q.tab],
        counts: tabCounts,
        filter_options: { status: [...DISPLAY_STATUSES], creator: creators },
      };
    },
  );

  app.get(
    '/api/letters/:id',
    {
      schema: {
        tags: ['letters'],
        summary: 'One letter',
        params: idParams,
        response: { 200: letterDetailSchema, 404: errorSchema },
      },
      config: { access: read },
    },
    async (request) => {
      const letter = await findLetter<Row>(pool, request.auth!, request.params.id, COLUMNS, { withCreator: true });
      if (!letter) throw new AppError('NOT_FOUND');
      return { ...toLetter(letter), cloud_syncs: await letterCloudSyncs(pool, letter.uuid) };
    },
  );

  app.get(
    '/api/letters/:id/thumbnail',
    {
      schema: {
        tags: ['letters'],
        summary: "A JPEG thumbnail of the letter's first page",
        params: idParams,
        response: {
          200: fileResponse('The thumbnail', 'image/jpeg'),
          204: z.null().describe('The letter has no thumbnail (yet)'),
        },
      },
      config: { access: read },
    },
    async (request, reply) => {
      const letter = await ownLetter<Pick<LetterRow, 'thumbnail_key'>>(
        'thumbnail_key',
        request.params.id,
        request.auth!,
      );
      if (!letter.thumbnail_key) return reply.status(204).send(null);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=3600')
        .send(blobs.read(letter.thumbnail_key));
    },
  );

  /** A letter the caller may read, or 404 (another company's letter, or one outside a supervisor's departments). */
  async function ownLetter<T extends pg.QueryResultRow>(columns: string, id: string, auth: AuthContext): Promise<T> {
    const letter = await findLetter<T>(pool, auth, id, columns);
    if (!letter) throw new AppError('NOT_FOUND');
    return letter;
  }

  app.get(
    '/api/letters/:id/file',
    {
      schema: {
        tags: ['letters'],
        summary: 'The letter as PDF (inline, or as an attachment with ?download=1)',
        params: idParams,
        querystring: z.object({ download: z.enum(['0', '1']).default('0') }),
        response: { 200: fileResponse('The letter', 'application/pdf'), 404: errorSchema, 409: errorSchema },
      },
      config: { access: read },
    },
    async (request, reply) => {
      const { id } = request.params;
      const letter = await ownLetter<Pick<LetterRow, 'name' | 'blob_key'>>('name, blob_key', id, request.auth!);
      if (!(await blobs.exists(letter.blob_key)))
        throw new AppError('CONFLICT', 'The PDF of this letter is not ready yet.');
      const filename = `${letter.name.replace(/\.(pdf|docx)$/i, '')}.pdf`;
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `${disposition}; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(blobs.read(letter.blob_key));
    },
  );

  app.get(
    '/api/letters/:id/metadata',
    {
      schema: {
        tags: ['letters'],
        summary: "The letter's page count",
        params: idParams,
        response: { 200: z.object({ page_count: z.number().int().nullable() }), 404: errorSchema },
      },
      config: { access: read },
    },
    async (request) => {
      const { id } = request.params;
      const letter = await ownLetter<{ page_count: number | null }>('num_pages::int as page_count', id, request.auth!);
      return { page_count: letter.page_count };
    },
  );

  app.get(
    '/api/letters/:id/history',
    {
      schema: {
        tags: ['letters'],
        summary: 'Every status the letter went through, oldest first',
        params: idParams,
        response: {
          200: z.object({
            rows: z.array(z.object({ status: z.string(), reason: z.string().nullable(), at: z.string() })),
          }),
          404: errorSchema,
        },
      },
      config: { access: read },
    },
    async (request) => {
      const { id } = request.params;
      await ownLetter('id', id, request.auth!);
      const { rows } = await pool.query<Pick<LetterHistoryRow, 'status' | 'reason' | 'created_at'>>(
        'select status, reason, created_at from letter_history where letter_id = $1 order by id limit 200',
        [id],
      );
      return { rows: rows.map((r) => ({ status: r.status, reason: r.reason, at: r.created_at.toISOString() })) };
    },
  );

  registerSplitRoutes(app, { pool });
  registerAddressFixRoutes(app, { pool, blobs });
  registerThumbnailStream(app, { pool, blobs, hub }, listQuery, read, async (q, auth) => {
    const where = listConditions(q, auth.accountId, await letterScope(pool, auth));
    return { where: `${where} and ${tabCondition(q.tab as Tab, where)}`, params: where.params };
  });

  const uuidsBody = z.strictObject({ uuids: z.array(z.string().min(1).max(100)).min(1).max(500) });
  const manage = { kind: 'member', anyOf: ['delete_letter'] } as const;

  /** Letters of the caller's company among the ids, locked; another company's id reads as not found. */
  async function lockOwn(client: import('pg').ClientBase, accountId: string, uuids: string[]) {
    const { rows } = await client.query<
      Pick<
        LetterRow,
        'id' | 'status' | 'mark_for_deletion' | 'blob_key' | 'source_key' | 'thumbnail_key' | 'original_key'
      >
    >(
      'select id, status, mark_for_deletion, blob_key, source_key, thumbnail_key, original_key from letters where account_id = $1 and id = any($2::text[]) for update',
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
      const { uuids } = request.body;
      await inTransaction(pool, async (client) => {
        const rows = await lockOwn(client, auth.accountId, uuids);
        const blocked = rows.filter((r) => !canDeleteLetter(r.status));
        if (blocked.length)
          throw new AppError('CONFLICT', `These letters cannot be deleted now: ${blocked.map((r) => r.id).join(', ')}`);
        // A delivery waiting for a supervisor (or its time) holds money: it is cancelled first.
        const open = await client.query<Pick<LetterDeliveryRow, 'letter_id'>>(
          `select letter_id from letter_deliveries where letter_id = any($1::text[]) and state in ('in_review', 'scheduled', 'sending')`,
          [uuids],
        );
        if (open.rows.length)
          throw new AppError(
            'CONFLICT',
            `These letters have a delivery on its way, scheduled or in review; cancel it first: ${open.rows.map((r) => r.letter_id).join(', ')}`,
          );
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
      const { uuids } = request.body;
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
      const { uuids } = request.body;
      const files = await inTransaction(pool, async (client) => {
        const rows = await lockOwn(client, auth.accountId, uuids);
        if (rows.some((r) => !r.mark_for_deletion))
          throw new AppError('CONFLICT', 'Only letters in the trash can be deleted permanently.');
        await client.query('delete from letters where id = any($1::text[])', [uuids]);
        await publish(client, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letters'] } });
        // The file sent, the upload it was converted or made from, and the thumbnail.
        return rows.flatMap((r) =>
          [r.blob_key, r.source_key, r.original_key, r.thumbnail_key].filter((k): k is string => !!k),
        );
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
      const { letter_ids } = request.body;
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
