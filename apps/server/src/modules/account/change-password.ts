import { ACCOUNT_SETTINGS_TEXT } from '@lp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import { type Auth, endPasswordResetLinks } from '../../platform/auth.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { authErrorStatus, forwardCookies, toFetchHeaders } from '../identity/index.js';

/**
 * Changes the signed-in user's password through better-auth (it checks the current password and
 * hashes the new one with our argon2id). Every session of the user ends and this browser gets a new
 * one (better-auth's revokeOtherSessions), so it stays signed in on a fresh token while every other
 * device is signed out.
 */
export async function changePassword(
  deps: { auth: Auth; pool: pg.Pool },
  request: FastifyRequest,
  reply: FastifyReply,
  input: { current_password: string; new_password: string },
): Promise<void> {
  const auth: AuthContext = request.auth!;
  let result: Awaited<ReturnType<typeof changeWithBetterAuth>>;
  try {
    result = await changeWithBetterAuth(deps.auth, request, input);
  } catch (error) {
    const status = authErrorStatus(error);
    if (status === 400) {
      throw new AppError('VALIDATION_FAILED', ACCOUNT_SETTINGS_TEXT.wrongCurrentPassword, [
        { path: 'current_password', message: ACCOUNT_SETTINGS_TEXT.wrongCurrentPassword },
      ]);
    }
    if (status === 401) throw new AppError('UNAUTHENTICATED');
    throw error;
  }
  forwardCookies(result.headers, reply);
  await inTransaction(deps.pool, async (client) => {
    // A reset link mailed before would otherwise still set a password over the new one.
    await endPasswordResetLinks(client, auth.userId);
    await writeAudit(client, auth, {
      action: 'user.password_changed',
      entityType: 'user',
      entityId: auth.userId,
      before: null,
      after: null,
    });
  });
}

function changeWithBetterAuth(
  auth: Auth,
  request: FastifyRequest,
  input: { current_password: string; new_password: string },
) {
  return auth.api.changePassword({
    body: { currentPassword: input.current_password, newPassword: input.new_password, revokeOtherSessions: true },
    headers: toFetchHeaders(request),
    returnHeaders: true,
  });
}
