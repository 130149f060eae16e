import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_PLAN, meSchema, newAccountReference, signUpSchema } from '@lp/domain';
import { AppError } from '../../platform/errors.js';
import type { App, PlatformDeps } from '../../platform/http.js';
import { errorSchema } from '../../platform/http.js';
import { authErrorStatus, forwardCookies, toFetchHeaders } from './better-auth-bridge.js';
import { loadMe } from './load-me.js';
import { recordSignIn } from './record-sign-in.js';

/**
 * Company sign-up: the identity is created by better-auth, then the company and the owner's
 * membership in one transaction. If that fails the new identity is deleted (part 1 section 4).
 */
export function registerSignUp(app: App, { pool, auth, config }: PlatformDeps) {
  app.post(
    '/api/signup',
    {
      schema: {
        tags: ['identity'],
        summary: 'Register a company and its owner',
        body: signUpSchema,
        response: { 201: meSchema, 409: errorSchema, 422: errorSchema, 429: errorSchema },
      },
      config: { access: { kind: 'public' }, rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const body = request.body;
      const existing = await pool.query('select 1 from users where email = $1', [body.email]);
      if (existing.rowCount) throw new AppError('ALREADY_REGISTERED');

      const created = await auth.api
        .signUpEmail({
          body: { name: body.fullName, email: body.email, password: body.password },
          headers: toFetchHeaders(request),
          returnHeaders: true,
        })
        .catch((error: unknown) => {
          // Two sign-ups with one email at once: the loser sees the same notice.
          const status = authErrorStatus(error);
          if (status === 422 || status === 400) throw new AppError('ALREADY_REGISTERED');
          throw error;
        });
      const userId = created.response.user.id;
      const accountId = randomUUID();
      const client = await pool.connect();
      try {
        await client.query('begin');
        // The account reference (decision 0031): 50 random bits; another draw in the unlikely case it is taken.
        for (let attempt = 0; ; attempt++) {
          const { rowCount } = await client.query(
            `insert into accounts (id, reference, name, current_plan, owner_user_id) values ($1, $2, $3, $4, $5)
             on conflict (reference) do nothing`,
            [accountId, newAccountReference(randomBytes), body.companyName, DEFAULT_PLAN, userId],
          );
          if (rowCount === 1) break;
          if (attempt >= 4) throw new Error('no free account reference after 5 draws');
        }
        await client.query(
          `update users set account_id = $2, roles = '{owner}', permissions = '{}'::jsonb, accepted_invite = true, first_time = true
            where id = $1`,
          [userId, accountId],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        await pool.query('delete from users where id = $1', [userId]);
        request.log.error({ err: error }, 'sign-up could not create the company; identity removed');
        throw new AppError('PERMISSION_DENIED');
      } finally {
        client.release();
      }
      const { wasFirstTime } = await recordSignIn(pool, userId, request.ip, request.headers['user-agent']);
      forwardCookies(created.headers, reply);
      const me = await loadMe(pool, userId);
      return reply.status(201).send({ ...me, user: { ...me.user, firstTime: wasFirstTime } });
    },
  );
}
