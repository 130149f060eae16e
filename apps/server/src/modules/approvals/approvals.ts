import { randomUUID } from 'node:crypto';
import { flattenPermissions, type Permission } from '@lp/domain';
import type pg from 'pg';
import { type AuthContext, actorName } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import type { SessionRow } from '../../platform/auth.js';
import type { Narrow } from '../../platform/db/row.js';
import type { ApprovalRow as ApprovalTableRow, DepartmentSupervisorRow, UserRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { emitEvent } from '../../platform/webhook-outbox.js';
import { notifyUsers } from '../notifications/index.js';

/** An approval as `select *` reads it; the payload is the object requestApproval stored. */
export type ApprovalRow = Narrow<ApprovalTableRow, { payload: Record<string, unknown> }>;

/** Runs an approved task inside the deciding transaction; `decider` is the supervisor approving it. */
export type ApprovalHandler = (client: pg.PoolClient, approval: ApprovalRow, decider: AuthContext) => Promise<void>;

const handlers = new Map<string, ApprovalHandler>();
const denyHandlers = new Map<string, ApprovalHandler>();

/** Letters, parcels and invitations each register how their approved task is carried out. */
export function registerApprovalHandler(entityType: string, handler: ApprovalHandler) {
  handlers.set(entityType, handler);
}

/** What a denial undoes (a delivery's held money), run inside the deciding transaction. */
export function registerDenyHandler(entityType: string, handler: ApprovalHandler) {
  denyHandlers.set(entityType, handler);
}

/** True when the member's (or their department's) approvals list the task. */
export function needsApproval(
  row: Pick<SessionRow, 'approvals' | 'department_approvals' | 'roles'>,
  task: Permission,
): boolean {
  if (row.roles.includes('owner')) return false;
  return [...flattenPermissions(row.approvals ?? {}), ...flattenPermissions(row.department_approvals ?? {})].includes(
    task,
  );
}

/** The supervisors of a department, or the company's owner when there is none. */
async function supervisorsOf(client: pg.ClientBase, accountId: string, departmentId: string | null): Promise<string[]> {
  if (departmentId) {
    const { rows } = await client.query<Pick<DepartmentSupervisorRow, 'user_id'>>(
      `select s.user_id from department_supervisors s join users u on u.id = s.user_id
        where s.department_id = $1 and u.account_id = $2 and u.valid`,
      [departmentId, accountId],
    );
    if (rows.length > 0) return rows.map((r) => r.user_id);
  }
  const { rows } = await client.query<Pick<UserRow, 'id'>>(
    `select id from users where account_id = $1 and 'owner' = any(roles) and valid`,
    [accountId],
  );
  return rows.map((r) => r.id);
}

/**
 * Records a task for a supervisor's verdict instead of doing it, and notifies the supervisors of the
 * member's department (the owner when it has none), in the caller's transaction.
 */
export async function requestApproval(
  client: pg.ClientBase,
  auth: AuthContext,
  r: { task: Permission; entityType: string; entityId: string; payload: Record<string, unknown>; description: string },
): Promise<string> {
  const id = randomUUID();
  const { rows: made } = await client.query<Pick<ApprovalTableRow, 'created_at'>>(
    `insert into approvals (id, account_id, department_id, task, entity_type, entity_id, supervised_user_id, payload)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning created_at`,
    [
      id,
      auth.accountId,
      auth.row.department_id,
      r.task,
      r.entityType,
      r.entityId,
      auth.userId,
      JSON.stringify(r.payload),
    ],
  );
  const supervisors = (await supervisorsOf(client, auth.accountId, auth.row.department_id)).filter(
    (u) => u !== auth.userId,
  );
  await notifyUsers(client, {
    accountId: auth.accountId,
    userIds: supervisors,
    sender: actorName(auth),
    description: r.description,
    highlight: true,
    approval: { approval_id: id, entity_type: r.entityType, entity_id: r.entityId, supervised_user: auth.row.email },
  });
  await writeAudit(client, auth, {
    action: 'approval.requested',
    entityType: 'approval',
    entityId: id,
    before: null,
    after: { task: r.task, entity_type: r.entityType, entity_id: r.entityId },
  });
  await emitEvent(client, auth.accountId, 'approval.requested', {
    id,
    task: r.task,
    entity_type: r.entityType,
    entity_id: r.entityId,
    requested_by: actorName(auth),
    created_at: made[0]!.created_at.toISOString(),
  });
  return id;
}

export type Verdict = 'approve' | 'deny';

/**
 * A supervisor's verdict: once only, by a supervisor of the request's department (or the owner).
 * Approving runs the registered task in the same transaction; the requester is told either way.
 */
export async function decideApproval(pool: pg.Pool, auth: AuthContext, approvalId: string, verdict: Verdict) {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<ApprovalRow>(
      'select * from approvals where id = $1 and account_id = $2 for update',
      [approvalId, auth.accountId],
    );
    const approval = rows[0];
    if (!approval) throw new AppError('NOT_FOUND');
    if (approval.verdict) throw new AppError('CONFLICT', 'This request has already been decided.');
    const allowed = await supervisorsOf(client, auth.accountId, approval.department_id);
    const isOwner = auth.row.roles.includes('owner');
    if (!isOwner && !allowed.includes(auth.userId)) throw new AppError('PERMISSION_DENIED');
    if (approval.supervised_user_id === auth.userId) throw new AppError('PERMISSION_DENIED');
    const status = verdict === 'approve' ? 'Approved' : 'Denied by Supervisor';
    if (verdict === 'approve') {
      const handler = handlers.get(approval.entity_type);
      if (!handler) throw new AppError('CONFLICT', `Nothing can carry out a ${approval.entity_type} request.`);
      await handler(client, approval, auth);
    } else {
      await denyHandlers.get(approval.entity_type)?.(client, approval, auth);
    }
    const { rows: decided } = await client.query<Pick<ApprovalTableRow, 'decided_at'>>(
      `update approvals set verdict = $2, decided_by = $3, decided_at = now() where id = $1 returning decided_at`,
      [approvalId, verdict, auth.userId],
    );
    await emitEvent(client, auth.accountId, 'approval.decided', {
      id: approvalId,
      task: approval.task,
      entity_type: approval.entity_type,
      entity_id: approval.entity_id,
      verdict,
      decided_by: actorName(auth),
      decided_at: (decided[0]?.decided_at ?? new Date()).toISOString(),
    });
    // The request is settled for every supervisor: its notifications go.
    await client.query(
      `update notifications set dismissed_at = now() where account_id = $1 and approval->>'approval_id' = $2 and dismissed_at is null`,
      [auth.accountId, approvalId],
    );
    await notifyUsers(client, {
      accountId: auth.accountId,
      userIds: [approval.supervised_user_id],
      sender: actorName(auth),
      description:
        verdict === 'approve'
          ? `Your request (${approval.task}) was approved.`
          : `Your request (${approval.task}) was denied by a supervisor.`,
    });
    await writeAudit(client, auth, {
      action: `approval.${verdict}`,
      entityType: 'approval',
      entityId: approvalId,
      before: { verdict: null },
      after: { verdict },
    });
    await publish(client, {
      accountId: auth.accountId,
      message: { type: 'refresh', entities: ['notifications', 'users', 'departments'] },
    });
    return { approval_id: approvalId, verdict, status };
  });
}
