import { randomUUID } from 'node:crypto';
import { acceptInviteSchema, meSchema } from '@lp/domain';
import { z } from 'zod';
import type { AccountRow, InvitationRow, UserRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import type { App, PlatformDeps } from '../../platform/http.js';
import { errorSchema } from '../../platform/http.js';
import { hashPassword } from '../../platform/passwords.js';
import { forwardCookies, toFetchHeaders } from './better-auth-bridge.js';
import { loadMe } from './load-me.js';
import { recordSignIn } from './record-sign-in.js';

const INVALID_INVITATION = 'This invitation is not valid or has already been used.';

const idParam = z.string().min(1).max(100);

/** Validating and accepting an invitation at /invited/signUp/{uniqueId}/{accountId}. */
export function registerInvitationRoutes(app: App, { pool, auth, config }: PlatformDeps) {
  app.get(
    '/api/invitations/:uniqueId/:accountId',
    {
      schema: {
        tags: ['identity'],
        summary: 'Validate an invitation and get the invitee name it carries',
        params: z.object({ uniqueId: idParam, accountId: idParam }),
        response: {
          200: z.object({ full_name: z.string(), email_address: z.string(), account_name: z.string() }),
          404: errorSchema,
        },
      },
      config: { access: { kind: 'public' }, rateLimit: { max: config.AUTH_RATE_LIMIT * 3, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { uniqueId, accountId } = request.params;
      const { rows } = await pool.query<{
        full_name: UserRow['name'];
        email_address: UserRow['email'];
        account_name: AccountRow['name'];
      }>(
        `select u.name as full_name, u.email as email_address, a.name as account_name
           from invitations i join users u on u.id = i.user_id join accounts a on a.id = i.account_id
          where i.id = $1 and i.account_id = $2 and i.accepted_at is null and i.expires_at > now() and a.valid`,
        [uniqueId, accountId],
      );
      if (!rows[0]) throw new AppError('NOT_FOUND', INVALID_INVITATION);
      return rows[0];
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      schema: {
        tags: ['identity'],
        summary: 'Accept an invitation: set name, job title, phone and password; signs the user in',
        body: acceptInviteSchema,
        response: { 201: meSchema, 404: errorSchema, 422: errorSchema, 429: errorSchema },
      },
      config: { access: { kind: 'public' }, rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const body = request.body;
      const passwordHash = await hashPassword(body.password);
      const client = await pool.connect();
      let invitee: { user_id: string; email: string };
      try {
        await client.query('begin');
        // The row lock makes a second, concurrent acceptance wait and then find it used.
        const { rows } = await client.query<Pick<InvitationRow, 'user_id'> & Pick<UserRow, 'email'>>(
          `select i.user_id, u.email from invitations i join users u on u.id = i.user_id join accounts a on a.id = i.account_id
            where i.id = $1 and i.account_id = $2 and i.accepted_at is null and i.expires_at > now() and a.valid
            for update of i`,
          [body.unique_id, body.account_id],
        );
        if (!rows[0]) throw new AppError('NOT_FOUND', INVALID_INVITATION);
        invitee = rows[0];
        await client.query(
          `insert into auth_accounts (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`,
          [randomUUID(), invitee.user_id, passwordHash],
        );
        await client.query(
          `update users set name = $2, job_title = $3, phone_number = $4, accepted_invite = true, email_verified = true,
                            updated_at = now()
            where id = $1`,
          [invitee.user_id, body.user_name, body.job_title, body.phone_number],
        );
        await client.query('update invitations set accepted_at = now() where id = $1', [body.unique_id]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
      const signedIn = await auth.api.signInEmail({
        body: { email: invitee.email, password: body.password, rememberMe: true },
        headers: toFetchHeaders(request),
        returnHeaders: true,
      });
      const { wasFirstTime } = await recordSignIn(pool, invitee.user_id, request.ip, request.headers['user-agent']);
      forwardCookies(signedIn.headers, reply);
      const me = await loadMe(pool, invitee.user_id);
      return reply.status(201).send({ ...me, user: { ...me.user, firstTime: wasFirstTime } });
    },
  );
}
