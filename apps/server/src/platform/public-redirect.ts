import type { FastifyInstance } from 'fastify';

/**
 * Where a browser on an internal host is sent: PUBLIC_URL's origin with the same path and query.
 * The path's leading slashes and backslashes collapse to one, so `//evil.example/x` (a
 * protocol-relative URL to a browser) or `/\evil.example` can never name another host.
 */
export function publicLocation(requestUrl: string, publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  const q = requestUrl.indexOf('?');
  const rawPath = q < 0 ? requestUrl : requestUrl.slice(0, q);
  const query = q < 0 ? '' : requestUrl.slice(q);
  const location = new URL(`/${rawPath.replace(/^[/\\]+/, '')}${query}`, origin);
  // The URL parser has the last word: anything that still leaves the origin goes to its root.
  return location.origin === origin ? location.toString() : `${origin}/`;
}

/** Browsers that reach an internal host by name are sent to the public site (API calls are not). */
export function registerInternalHostRedirect(
  app: FastifyInstance,
  { internalHosts, publicUrl }: { internalHosts: readonly string[]; publicUrl: string },
) {
  if (internalHosts.length === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const host = (request.headers.host ?? '').split(':')[0]?.toLowerCase() ?? '';
    const isApi = request.url.startsWith('/api/') || (request.routeOptions.url ?? '').startsWith('/api/');
    if (internalHosts.includes(host) && request.method === 'GET' && !isApi) {
      return reply.redirect(publicLocation(request.url, publicUrl), 308);
    }
  });
}
