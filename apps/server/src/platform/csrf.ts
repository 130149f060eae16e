import { createHmac } from 'node:crypto';
import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from './access.js';
import { readSessionToken, SESSION_COOKIE } from './auth.js';

/** Set on an answer whose cookie starts, ends or replaces the session: the client's CSRF token is stale. */
export const SESSION_CHANGED_HEADER = 'x-session-changed';

declare module 'fastify' {
  interface FastifyReply {
    /** A CSRF token bound to this request's session (or to "no session"), for GET /api/csrf. */
    csrfToken(): string;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const NO_SESSION = 'no-session';

interface Options {
  secret: string;
  secureCookies: boolean;
}

/**
 * Double-submit CSRF (decision 0004): the token of GET /api/csrf is an HMAC over the `_csrf` cookie's
 * secret and the session it was minted for, so a token of another session, or of none, is refused.
 * The check applies to the route the router matched, never to the URL's text: `/%61pi/...` reaches
 * the same route as `/api/...` and meets the same check.
 */
export async function registerCsrf(app: FastifyInstance, { secret, secureCookies }: Options) {
  const sessionOf = (request: FastifyRequest) => {
    const token = readSessionToken(request.headers.cookie, secret);
    return token ? `session:${token}` : NO_SESSION;
  };
  await app.register(fastifyCsrf, {
    cookieKey: '_csrf',
    cookieOpts: { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies, signed: false },
    getToken: (req) => req.headers['x-csrf-token'] as string | undefined,
    getUserInfo: sessionOf,
    csrfOpts: { userInfo: true, hmacKey: createHmac('sha256', secret).update('csrf-token-key').digest() },
  });
  app.decorateReply('csrfToken', function (this: FastifyReply) {
    return this.generateCsrf({ userInfo: sessionOf(this.request) });
  });

  // Every state-changing call that reached a route needs the token; only the 404 answer goes without.
  app.addHook('onRequest', (request, reply, done) => {
    // A provider's signed webhook carries its own proof (a signature on the raw body), no session.
    const config = request.routeOptions.config;
    if (SAFE_METHODS.has(request.method) || request.is404 || config?.csrfExempt) return done();
    // A program with an API key and no session cookie (decision 0028): a browser cannot be made to
    // send an Authorization header to another site, so there is nothing to forge; the access check
    // then demands a valid key (401) or refuses a web-only route (403). Public routes ignore the
    // header and keep their check.
    if (callerOf(request) === 'key' && (config?.access?.kind === 'member' || config?.webOnly)) return done();
    app.csrfProtection(request, reply, done);
  });

  // Tells the client to fetch a new token when this answer changes the session it is bound to.
  app.addHook('onSend', async (request, reply) => {
    const set = reply.getHeader('set-cookie');
    const lines = Array.isArray(set) ? set : typeof set === 'string' ? [set] : [];
    const line = lines.find((l) => l.startsWith(`${SESSION_COOKIE}=`) || l.startsWith(`__Secure-${SESSION_COOKIE}=`));
    if (!line) return;
    const before = readSessionToken(request.headers.cookie, secret);
    const after = readSessionToken(line.split(';')[0], secret);
    if (before !== after) reply.header(SESSION_CHANGED_HEADER, '1');
  });
}
