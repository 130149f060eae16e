import { buffer } from 'node:stream/consumers';
import { LETTER_STATUS } from '@lp/domain';
import type pg from 'pg';
import type { z } from 'zod';
import type { AuthContext, RouteAccess } from '../../platform/access.js';
import type { BlobStore } from '../../platform/blobs.js';
import type { LetterRow } from '../../platform/db/rows.js';
import { type EventHub, openEventStream } from '../../platform/events.js';
import { type App, fileResponse } from '../../platform/http.js';
import { rowLimit } from '../../platform/list.js';
import { sessionWatchOf } from '../../platform/session-watch.js';

/** The separator of a gallery message's four parts (part 1 section 7). */
export const SEP = '<SEP>';
/** Thumbnails still being made after this long are sent empty, and the stream ends. */
export const GALLERY_WAIT_MS = 120_000;
const RECHECK_MS = 5_000;

type ListQuery = {
  page: number;
  limit: '5' | '10' | '25' | '50' | '100' | 'all';
  tab: string;
  search: string;
} & Record<string, unknown>;

/**
 * GET /api/letters/thumbnails/stream: the thumbnails of one page of the letter list (the same
 * query as GET /api/letters), as server-sent events `uuid<SEP>base64 JPEG<SEP>index<SEP>total`.
 * Ready thumbnails go at once; those of letters still being analysed follow as their analysis
 * ends (a refresh event, or a recheck every 5 s); the server ends the stream after index = total.
 * Authenticated by the session cookie like every route; no token in the URL.
 */
export function registerThumbnailStream(
  app: App,
  { pool, blobs, hub }: { pool: pg.Pool; blobs: BlobStore; hub: EventHub },
  querySchema: z.ZodType<ListQuery>,
  /** The access of the letter list's read routes (a supervisor reads their departments' letters). */
  access: RouteAccess,
  /** The list's conditions for this reader, the same as GET /api/letters. */
  conditions: (q: ListQuery, auth: AuthContext) => Promise<{ where: string; params: unknown[] }>,
) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/api/letters/thumbnails/stream',
    {
      schema: {
        tags: ['letters'],
        summary: 'Thumbnails of a page of the letter list as they are ready (text/event-stream)',
        querystring: querySchema,
        response: { 200: fileResponse('Server-sent events, one JSON message each', 'text/event-stream') },
      },
      // A session's stream, watched for the session's end; a program reads /thumbnail (decision 0028).
      config: { access, webOnly: true },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const q = request.query;
      const { where, params } = await conditions(q, auth);
      const limit = rowLimit(q.limit);
      const { rows } = await pool.query<Pick<LetterRow, 'id' | 'status' | 'thumbnail_key'>>(
        `select l.id, l.status, l.thumbnail_key from letters l ${where}
          order by l.created_at desc, l.id desc limit ${limit} offset ${q.page * limit}`,
        params,
      );
      const res = openEventStream(request, reply);
      const total = rows.length;
      let index = 0;
      let closed = false;
      const pending = new Map<string, true>();
      let unsubscribe = () => {};
      let recheck: NodeJS.Timeout | undefined;
      let deadline: NodeJS.Timeout | undefined;
      // Its session ending or its user's rights changing end it too (no more images are sent).
      const unwatch = sessionWatchOf(pool).watch(auth.sessionId ?? '', () => end());
      const end = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        unwatch();
        clearInterval(recheck);
        clearTimeout(deadline);
        open.delete(end);
        res.end();
      };
      open.add(end);
      res.on('close', end);

      const send = async (id: string, key: string | null) => {
        const image = key
          ? await buffer(blobs.read(key)).then(
              (b) => b.toString('base64'),
              () => '',
            )
          : '';
        if (closed) return;
        index += 1;
        res.write(`data: ${id}${SEP}${image}${SEP}${index}${SEP}${total}\n\n`);
        if (index === total) end();
      };

      // Ends the stream without messages when the page is empty (the client opens none then).
      if (total === 0) {
        res.write('retry: 60000\n\n');
        end();
        return;
      }
      for (const r of rows) {
        if (r.thumbnail_key || r.status !== LETTER_STATUS.analysing) await send(r.id, r.thumbnail_key);
        else pending.set(r.id, true);
      }
      if (closed || pending.size === 0) return;

      let checking = false;
      const check = async () => {
        if (checking || closed) return;
        checking = true;
        try {
          const { rows: now } = await pool.query<Pick<LetterRow, 'id' | 'status' | 'thumbnail_key'>>(
            'select id, status, thumbnail_key from letters where account_id = $1 and id = any($2::text[])',
            [auth.accountId, [...pending.keys()]],
          );
          const found = new Set(now.map((r) => r.id));
          for (const id of [...pending.keys()])
            if (!found.has(id)) {
              pending.delete(id);
              await send(id, null); // deleted meanwhile
            }
          for (const r of now) {
            if (r.status === LETTER_STATUS.analysing && !r.thumbnail_key) continue;
            pending.delete(r.id);
            await send(r.id, r.thumbnail_key);
          }
        } catch (error) {
          // The database is away: the next recheck (5 s) or refresh tries again.
          request.log.warn({ err: error }, 'thumbnail stream: recheck failed');
        } finally {
          checking = false;
        }
      };
      unsubscribe = hub.subscribe(auth.accountId, auth.userId, (message) => {
        if (message.type === 'refresh' && message.entities.includes('letters')) void check();
        if (message.type === 'auth_message') end();
      });
      recheck = setInterval(() => void check(), RECHECK_MS);
      deadline = setTimeout(async () => {
        for (const id of [...pending.keys()]) {
          pending.delete(id);
          await send(id, null);
        }
        end();
      }, GALLERY_WAIT_MS);
      // A refresh may have come between the first query and the subscription.
      await check();
    },
  );
}
