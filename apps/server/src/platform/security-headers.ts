import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer policies...) on every answer. The
 * middleware is built once: @fastify/helmet built it again on every request (parsing the CSP's
 * directives each time), about 6 % of the server's CPU on GET /api/me (issue 29, bench/README.md).
 * Nothing in these headers depends on the request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
