import { z } from 'zod';
import type { App, PlatformDeps } from '../../platform/http.js';

/** Liveness (the process answers) and readiness (it can reach its database and is not stopping). */
export function registerHealthRoutes(app: App, deps: PlatformDeps) {
  const health = z.object({ status: z.string() });
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: health } }, config: { access: { kind: 'public' } } },
    async () => ({
      status: 'ok',
    }),
  );
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: health, 503: health } }, config: { access: { kind: 'public' } } },
    async (_req, reply) => {
      if (deps.isReady && !deps.isReady()) return reply.status(503).send({ status: 'stopping' });
      try {
        await deps.pool.query('select 1');
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'database unavailable' });
      }
    },
  );
}
