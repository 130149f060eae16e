import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import type { Config } from '../../platform/config.js';
import type { App } from '../../platform/http.js';
import type { Fetch } from '../../providers/integrations/http.js';
import { registerSandboxDriveRoutes } from '../../providers/integrations/sandbox-drive-routes.js';
import { registerIntegrationsSandboxRoutes } from '../../providers/integrations/sandbox-routes.js';
import type { PostcodeService } from '../../providers/postcodes.js';
import { registerIntegrationRoutes } from './routes.js';
import { Integrations } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The integrations (providers, clients, tokens, the sandbox); tests reach the sandbox through it. */
    integrations: Integrations;
  }
}

/**
 * A fetch that sends calls to the product's own sandbox through its HTTP pipeline in this process
 * (app.inject: routing, hooks, validation, serialisation as over a socket) and everything else
 * over the network. A server calling its own public address may not reach it (behind a load
 * balancer, a container's port mapping); the payment sandbox delivers its events the same way.
 */
export function inProcessFetch(app: App, publicUrl: string, outside: Fetch = (url, init) => fetch(url, init)): Fetch {
  const prefix = `${publicUrl.replace(/\/+$/, '')}/api/integrations/sandbox/`;
  return async (url, init = {}) => {
    if (!url.startsWith(prefix)) return outside(url, init);
    const u = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${u.pathname}${u.search}`,
      headers,
      ...(typeof init.body === 'string'
        ? { payload: init.body }
        : init.body instanceof Uint8Array
          ? { payload: Buffer.from(init.body.buffer, init.body.byteOffset, init.body.byteLength) }
          : {}),
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || res.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
  };
}

export function registerIntegrations(
  app: App,
  deps: {
    config: Config;
    pool: pg.Pool;
    blobs: BlobStore;
    postcodes: PostcodeService | null;
    /** The one the job workers use (their sandbox calls then go through this app too). */
    integrations?: Integrations | undefined;
  },
): Integrations {
  const integrations = deps.integrations ?? new Integrations({ pool: deps.pool, config: deps.config });
  integrations.fetch = inProcessFetch(app, deps.config.PUBLIC_URL);
  app.decorate('integrations', integrations);
  registerIntegrationRoutes(app, { ...deps, integrations });
  registerIntegrationsSandboxRoutes(app, integrations.sandbox, deps.config.PUBLIC_URL);
  registerSandboxDriveRoutes(app, integrations.sandbox, deps.config.PUBLIC_URL);
  return integrations;
}
