import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { type LiveMessage, openEventStream } from '../../platform/events.js';
import { type App, errorSchema, fileResponse, type PlatformDeps } from '../../platform/http.js';
import { sessionWatchOf } from '../../platform/session-watch.js';

export const PING_INTERVAL_MS = 15_000;

/**
 * GET /api/notifications/stream: server-sent events for the signed-in user, authenticated by the
 * session cookie (no token in the URL). Carries only the user's own company's events; a ping every
 * 15 s feeds the client's 20 s watchdog.
 */
export function registerNotificationStream(app: App, { hub, pool }: PlatformDeps) {
  const streams = new Set<{ write(chunk: string): void; end(): void }>();
  /** The open streams by the id each was told, with the session it belongs to (for the beacon). */
  const byId = new Map<string, { sessionId: string | null; end(): void }>();
  const ping = setInterval(() => {
    for (const s of streams) s.write('data: {"type":"ping"}\n\n');
  }, PING_INTERVAL_MS);
  ping.unref();
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    clearInterval(ping);
    for (const s of streams) s.end();
  });

  app.get(
    '/api/notifications/stream',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Live notifications, refresh signals and session messages (text/event-stream)',
        response: { 200: fileResponse('Server-sent events, one JSON message each', 'text/event-stream') },
      },
      // A session's stream, watched for the session's end; a program polls (decision 0028).
      config: { access: { kind: 'member' }, webOnly: true },
    },
    (request, reply) => {
      const auth = request.auth!;
      const res = openEventStream(request, reply);
      res.write('retry: 3000\n\ndata: {"type":"ping"}\n\n');
      const write = (chunk: string) => {
        if (!res.writableEnded && !res.destroyed) res.write(chunk);
      };
      const stream = { write, end: () => res.end() };
      streams.add(stream);
      // The stream's id, for the page's disconnect beacon (part 2 section 7).
      const streamId = randomUUID();
      byId.set(streamId, { sessionId: auth.sessionId, end: () => res.end() });
      write(`data: ${JSON.stringify({ type: 'hello', stream_id: streamId })}\n\n`);
      const send = (message: LiveMessage) => {
        write(`data: ${JSON.stringify(message)}\n\n`);
        // A revoked session gets its last word, then the stream ends.
        if (message.type === 'auth_message') {
          close();
          res.end();
        }
      };
      const unsubscribe = hub.subscribe(auth.accountId, auth.userId, send);
      // Authorised once, open for hours: it ends within seconds of its session ending or its
      // user's rights changing (the browser opens it again with what holds now).
      const unwatch = sessionWatchOf(pool).watch(auth.sessionId ?? '', (reason) => {
        if (reason === 'session_expired') send({ type: 'auth_message', message: 'session_expired' });
        else {
          write(`data: ${JSON.stringify({ type: 'refresh', entities: ['me'] })}\n\n`);
          close();
          res.end();
        }
      });
      const close = () => {
        unsubscribe();
        unwatch();
        streams.delete(stream);
        byId.delete(streamId);
      };
      request.raw.on('close', close);
      res.on('close', close);
    },
  );

  // The page's beacon on unload or a forced disconnect (navigator.sendBeacon: a POST with the
  // cookie and no headers, so no CSRF token): ends that stream at once, even where a proxy would
  // keep the connection open. The id is random and only the session that opened the stream can end
  // it, so a forged request can at most end the victim's own stream early, which reconnects.
  app.post(
    '/api/notifications/stream/:id/disconnect',
    {
      schema: {
        tags: ['notifications'],
        summary: "Ends the caller's own notification stream of this id (the page's unload beacon)",
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 204: z.null().describe('Ended'), 404: errorSchema },
      },
      config: { access: { kind: 'member' }, webOnly: true, csrfExempt: true },
    },
    async (request, reply) => {
      const open = byId.get(request.params.id);
      // Another session's stream, or one already ended, is not the caller's to know about.
      if (!open || open.sessionId !== request.auth!.sessionId) throw new AppError('NOT_FOUND');
      open.end();
      return reply.status(204).send(null);
    },
  );
}
