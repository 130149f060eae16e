import { meSchema, signInSchema } from '@lp/domain';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { App, PlatformDeps } from '../../platform/http.js';
import { errorSchema } from '../../platform/http.js';
import { forget, hit, hitsOf } from '../../platform/rate-limit-store.js';
import { authErrorStatus, forwardCookies, toFetchHeaders } from './better-auth-bridge.js';
import { loadMe, toMe } from './load-me.js';
import { recordSignIn } from './record-sign-in.js';

const SIGN_IN_FAILURES_PREFIX = 'sign-in-failures:';
/** The window in which an account's wrong passwords are counted (ACCOUNT_SIGN_IN_FAILURES of them refuse the rest). */
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;

/** Sign in, sign out, sign out everywhere, the current session's payload and the CSRF token. */
export function registerSessionRoutes(app: App, { pool, auth, config }: PlatformDeps) {
  app.get(
    '/api/csrf',
    {
      schema: {
        tags: ['identity'],
        summary: 'Get a CSRF token for state-changing calls',
        response: { 200: z.object({ token: z.string() }) },
      },
      config: { access: { kind: 'public' } },
    },
    async (_request, reply) => ({ token: reply.csrfToken() }),
  );

  app.post(
    '/api/session',
    {
      schema: {
        tags: ['identity'],
        summary: 'Sign in with email and password',
        body: signInSchema,
        response: { 200: meSchema, 401: errorSchema, 404: errorSchema, 422: errorSchema, 429: errorSchema },
      },
      config: {
        access: { kind: 'public' },
        webOnly: true,
        rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Wrong passwords are counted per account too, whatever address they come from, in the
      // database every process shares: a guesser spreading over many addresses is stopped as well.
      const failuresKey = `${SIGN_IN_FAILURES_PREFIX}${email.trim().toLowerCase()}`;
      if ((await hitsOf(pool, failuresKey)).current >= config.ACCOUNT_SIGN_IN_FAILURES)
        throw new AppError('RATE_LIMITED');
      const result = await auth.api
        .signInEmail({
          body: { email, password, rememberMe: true },
          headers: toFetchHeaders(request),
          returnHeaders: true,
        })
        .catch((error: unknown) => {
          const status = authErrorStatus(error);
          if (status && status < 500) return null;
          throw error;
        });
      if (!result) {
        await hit(pool, failuresKey, SIGN_IN_FAILURE_WINDOW_MS);
        throw new AppError('INVALID_CREDENTIALS');
      }
      await forget(pool, failuresKey);
      const userId = result.response.user.id;
      const me = await loadMe(pool, userId).catch(() => null);
      const { rows } = await pool.query<{ valid: boolean; has_company: boolean }>(
        `select u.valid and coalesce(a.valid, false) as valid, a.id is not null as has_company
           from users u left join accounts a on a.id = u.account_id where u.id = $1`,
        [userId],
      );
      if (!rows[0]?.has_company) {
        // The identity holds but no company has this user (a sign-up that never made its company):
        // the user lookup's 404, which starts the not-registered flow (part 1 section 4). No session stays.
        await pool.query('delete from sessions where token = $1', [result.response.token]);
        throw new AppError('NOT_REGISTERED');
      }
      if (!me || !rows[0]?.valid) {
        // A user without a valid company is refused and the session just made is removed.
        await pool.query('delete from sessions where token = $1', [result.response.token]);
        throw new AppError('PERMISSION_DENIED');
      }
      const { wasFirstTime } = await recordSignIn(pool, userId, request.ip, request.headers['user-agent']);
      forwardCookies(result.headers, reply);
      // The first sign-in still answers first_time true (the welcome shows once); it is false from now on.
      return { ...me, user: { ...me.user, firstTime: wasFirstTime } };
    },
  );

  app.delete(
    '/api/session',
    {
      schema: { tags: ['identity'], summary: 'Sign out of this browser', response: { 204: z.null() } },
      config: { access: { kind: 'public' }, webOnly: true },
    },
    async (request, reply) => {
      try {
        const result = await auth.api.signOut({ headers: toFetchHeaders(request), returnHeaders: true });
        forwardCookies(result.headers, reply);
      } catch {
        // Already signed out: signing out again is not an error.
      }
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/sessions',
    {
      schema: {
        tags: ['identity'],
        summary: 'Sign out everywhere: revoke every session of this user',
        response: { 204: z.null() },
      },
      config: { access: { kind: 'member' }, webOnly: true },
    },
    async (request, reply) => {
      // better-auth's own revocation (every session of the user), then its sign-out clears this cookie.
      const headers = toFetchHeaders(request);
      await auth.api.revokeSessions({ headers });
      const result = await auth.api.signOut({ headers, returnHeaders: true }).catch(() => null);
      if (result) forwardCookies(result.headers, reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user, their company and abilities',
        response: { 200: meSchema, 401: errorSchema },
      },
      config: { access: { kind: 'member' } },
    },
    async (request) => {
      const auth = request.auth!;
      return toMe(auth.row, auth.apiKey ? auth.abilities : undefined);
    },
  );
}
