import { randomUUID } from 'node:crypto';
import type { PermissionsByKind } from '@lp/domain';
import type pg from 'pg';
import { AppError } from '../../platform/errors.js';

export interface NewInvitation {
  accountId: string;
  invitedBy: string | null;
  email: string;
  fullName: string;
  roles?: string[];
  permissions?: Partial<PermissionsByKind>;
  approvals?: Partial<PermissionsByKind>;
  department?: string | null;
  supervisedDepartments?: string[];
  ttlDays: number;
}

/**
 * Creates the invited member (accepted_invite false, no password yet) and the invitation that
 * lets them accept, in one transaction. Returns the ids that form the /invited/signUp link.
 */
export async function createInvitation(
  pool: pg.Pool,
  input: NewInvitation,
): Promise<{ uniqueId: string; userId: string }> {
  const client = await pool.connect();
  const userId = randomUUID();
  const uniqueId = randomUUID();
  try {
    await client.query('begin');
    const exists = await client.query('select 1 from users where email = $1', [input.email.toLowerCase()]);
    if (exists.rowCount) throw new AppError('ALREADY_REGISTERED');
    await client.query(
      `insert into users (id, name, email, account_id, department, roles, permissions, approvals, supervised_departments,
                          accepted_invite, first_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, false, true)`,
      [
        userId,
        input.fullName,
        input.email.toLowerCase(),
        input.accountId,
        input.department ?? null,
        input.roles ?? [],
        JSON.stringify(input.permissions ?? {}),
        JSON.stringify(input.approvals ?? {}),
        input.supervisedDepartments ?? [],
      ],
    );
    await client.query(
      `insert into invitations (id, account_id, user_id, invited_by, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(days => $5))`,
      [uniqueId, input.accountId, userId, input.invitedBy, input.ttlDays],
    );
    await client.query('commit');
    return { uniqueId, userId };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
