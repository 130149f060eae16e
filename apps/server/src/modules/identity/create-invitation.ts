import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, isRoleName, OWNER_ROLE, type PermissionsByKind } from '@lp/domain';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';

export interface NewInvitation {
  accountId: string;
  invitedBy: string | null;
  email: string;
  fullName: string;
  /** Preset role names only: anything else (the owner's role above all) is refused. */
  roles?: string[];
  permissions?: Partial<PermissionsByKind>;
  approvals?: Partial<PermissionsByKind>;
  departmentId?: string | null;
  /** Departments (ids) the invitee will supervise. */
  supervisedDepartmentIds?: string[];
  ttlDays: number;
}

/**
 * Creates the invited member (accepted_invite false, no password yet) and the invitation that
 * lets them accept, in one transaction. Returns the ids that form the /invited/signUp link.
 */
export function createInvitation(pool: pg.Pool, input: NewInvitation): Promise<{ uniqueId: string; userId: string }> {
  return inTransaction(pool, (client) => insertInvitation(client, input));
}

/** The same, inside the caller's transaction. */
export async function insertInvitation(
  client: pg.ClientBase,
  input: NewInvitation,
): Promise<{ uniqueId: string; userId: string }> {
  // Every way in (the route, an approved request, the CLI) comes through here: ownership and
  // made-up roles are refused even when a caller skipped the schema (decision 0012).
  const refused = (input.roles ?? []).filter((r) => !isRoleName(r));
  if (refused.length > 0) {
    const message = refused.some((r) => r.trim().toLowerCase() === OWNER_ROLE)
      ? ADMIN_MESSAGES.roleOwner
      : ADMIN_MESSAGES.roleUnknown;
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'roles', message }]);
  }
  const userId = randomUUID();
  const uniqueId = randomUUID();
  const exists = await client.query('select 1 from users where email = $1', [input.email.toLowerCase()]);
  if (exists.rowCount) throw new AppError('ALREADY_REGISTERED');
  await client.query(
    `insert into users (id, name, email, account_id, department_id, roles, permissions, approvals, accepted_invite, first_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, false, true)`,
    [
      userId,
      input.fullName,
      input.email.toLowerCase(),
      input.accountId,
      input.departmentId ?? null,
      input.roles ?? [],
      JSON.stringify(input.permissions ?? {}),
      JSON.stringify(input.approvals ?? {}),
    ],
  );
  for (const departmentId of input.supervisedDepartmentIds ?? []) {
    await client.query(
      'insert into department_supervisors (department_id, user_id) values ($1, $2) on conflict do nothing',
      [departmentId, userId],
    );
  }
  await client.query(
    `insert into invitations (id, account_id, user_id, invited_by, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(days => $5))`,
    [uniqueId, input.accountId, userId, input.invitedBy, input.ttlDays],
  );
  return { uniqueId, userId };
}
