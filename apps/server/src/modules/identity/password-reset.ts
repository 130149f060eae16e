import { resetPasswordSchema, resetRequestSchema } from '@lp/domain';
import type pg from 'pg';
import type { Auth } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import type { App, PlatformDeps } from '../../platform/http.js';
import { errorSchema, messageSchema } from '../../platform/http.js';
import { hit } from '../../platform/rate-limit-store.js';
import { TASKS } from '../../platform/tasks.js';
import { authErrorStatus } from './better-auth-bridge.js';

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this email, we have sent a link to reset its password. Please check your inbox.';
export const RESET_DONE_MESSAGE = 'Your password has been changed. You can now sign in with your new password.';

/** Reset emails a day to one address, whoever asks: beyond it requests are answered the same and send nothing. */
export const RESET_EMAILS_PER_DAY = 5;

/**
 * The job behind a reset request. The request route answers before any of this (the same work,
 * and time, whether or not the email is registered); a flood of requests for one address mails it
 * RESET_EMAILS_PER_DAY links a day at most.
 */
export async function runPasswordResetRequest(pool: pg.Pool, auth: Auth, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  const { current } = await hit(pool, `reset-emails:${address}`, 24 * 3600_000);
  if (current > RESET_EMAILS_PER_DAY) return;
  await auth.api.requestPasswordReset({ body: { email: address } });
}

/** Forgotten password: request a single-use, expiring link by email, then set a new password with it. */
export function registerPasswordResetRoutes(app: App, { auth, config, jobs }: PlatformDeps) {
  const rateLimit = { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' };

  app.post(
    '/api/password-reset/request',
    {
      schema: {
        tags: ['identity'],
        summary: 'Email a password reset link (same answer whether or not the email is registered)',
        body: resetRequestSchema,
        response: { 202: messageSchema, 422: errorSchema, 429: errorSchema },
      },
      config: { access: { kind: 'public' }, rateLimit },
    },
    async (request, reply) => {
      const { email } = request.body;
      // Only queued here: looking the email up, making the link and mailing it happen in a job, so
      // the answer takes the same time whether or not the email is registered.
      await jobs.add(TASKS.requestPasswordReset, { email }, { maxAttempts: 3 });
      return reply.status(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/api/password-reset',
    {
      schema: {
        tags: ['identity'],
        summary: 'Set a new password with the token of a reset link; every session of the user ends',
        body: resetPasswordSchema,
        response: { 200: messageSchema, 400: errorSchema, 422: errorSchema, 429: errorSchema },
      },
      config: { access: { kind: 'public' }, rateLimit },
    },
    async (request) => {
      const { token, password } = request.body;
      try {
        await auth.api.resetPassword({ body: { token, newPassword: password } });
      } catch (error) {
        const status = authErrorStatus(error);
        if (status && status < 500) throw new AppError('INVALID_TOKEN');
        throw error;
      }
      return { message: RESET_DONE_MESSAGE };
    },
  );
}
