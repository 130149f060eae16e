import {
  applySupervisorRule,
  type editUserSchema,
  flattenPermissions,
  groupByKind,
  withImpliedPermissions,
} from '@lp/domain';
import type pg from 'pg';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { departmentIds, getMember } from './queries.js';
import type { UserRow } from './schemas.js';

export type EditUserBody = z.output<typeof editUserSchema>;

/** Nobody edits or deletes themselves, and the owner is nobody's to edit or delete. */
export function assertEditable(actorId: string, target: Pick<UserRow, 'id' | 'is_owner'>) {
  if (target.id === actorId) throw new AppError('PERMISSION_DENIED', 'You cannot edit or delete yourself.');
  if (target.is_owner) throw new AppError('PERMISSION_DENIED', 'The owner of the company cannot be edited or deleted.');
}

/**
 * The member to edit, row-locked, once `actorId` may edit them; department names are checked too,
 * so that an edit sent for approval is one that can run.
 */
export async function lockEditableMember(
  client: pg.ClientBase,
  accountId: string,
  id: string,
  actorId: string,
  body: EditUserBody,
): Promise<UserRow> {
  await client.query('select 1 from users where id = $1 and account_id = $2 for update', [id, accountId]);
  const member = await getMember(client, accountId, id, actorId);
  assertEditable(actorId, member);
  if (body.department) await departmentIds(client, accountId, [body.department], 'department');
  await departmentIds(client, accountId, body.supervised_departments, 'supervised_departments');
  return member;
}

/**
 * Applies an edit of a member's roles, permissions, approvals, department and supervision in the
 * caller's transaction, with its audit row (by `actor`: the editor, or the supervisor approving it).
 * Roles are presets only (the body's schema refuses "owner"); what a granted task implies is added.
 */
export async function applyUserEdit(
  client: pg.ClientBase,
  actor: AuthContext,
  id: string,
  body: EditUserBody,
): Promise<UserRow> {
  const before = await lockEditableMember(client, actor.accountId, id, actor.userId, body);
  const departmentId = body.department
    ? (await departmentIds(client, actor.accountId, [body.department], 'department'))[0]!
    : null;
  // The Supervisor rule (part 1 section 6): departments count under a Supervisor only, who always supervises.
  const rule = applySupervisorRule(body, withImpliedPermissions(flattenPermissions(body.permissions)));
  const supervised = await departmentIds(
    client,
    actor.accountId,
    rule.supervised_departments,
    'supervised_departments',
  );
  const permissions = groupByKind(rule.permissions);
  await client.query(
    'update users set roles = $2, permissions = $3, approvals = $4, department_id = $5, updated_at = now() where id = $1',
    [id, body.roles, JSON.stringify(permissions), JSON.stringify(body.approvals), departmentId],
  );
  await client.query('delete from department_supervisors where user_id = $1', [id]);
  for (const d of supervised)
    await client.query('insert into department_supervisors (department_id, user_id) values ($1, $2)', [d, id]);
  const after = await getMember(client, actor.accountId, id, actor.userId);
  await writeAudit(client, actor, { action: 'user.edited', entityType: 'user', entityId: id, before, after });
  await publish(client, { accountId: actor.accountId, message: { type: 'refresh', entities: ['users', 'me'] } });
  return after;
}
