import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * What the code a request runs can know about that request without being handed it: today, the
 * idempotency record its transactions mark as they commit (platform/idempotency.ts). Jobs and
 * start-up code run outside any request, with no store.
 */
export interface RequestContext {
  /** The `idempotency_keys` row this request owns, once it has claimed one. */
  idempotencyId: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The context of the request this code runs for; undefined outside a request. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `work` as a request would (tests of what reads the context). */
export function withRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/**
 * Opens a context for every request. The hook is a callback one and calls `done` inside
 * `run`, so every later hook and the handler (and whatever they await) run within it.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (_request, _reply, done) => {
    storage.run({ idempotencyId: null }, done);
  });
}
