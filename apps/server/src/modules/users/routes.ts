import {
  ADMIN_MESSAGES,
  applySupervisorRule,
  capMonth,
  capPenceField,
  editUserSchema,
  flattenPermissions,
  groupByKind,
  inviteUserSchema,
  OWNER_ROLE,
  permissionsFromRoles,
  ROLE_NAMES,
  withImpliedPermissions,
} from '@lp/domain';
import { z } from 'zod';
import { type AuthContext, actorName } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import { prepared } from '../../platform/db/prepared.js';
import type { DepartmentRow, UserRow as UserTableRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import type { App, PlatformDeps } from '../../platform/http.js';
import { errorSchema, listSchema } from '../../platform/http.js';
import { filterValues, likePattern, listQuerySchema, rowLimit, Where } from '../../platform/list.js';
import { needsApproval, registerApprovalHandler, requestApproval } from '../approvals/index.js';
import { insertInvitation, sendInvitationEmail } from '../identity/index.js';
import { applyUserEdit, assertEditable, lockEditableMember } from './edit-user.js';
import { departmentIds, getMember, type MemberRow, SUPERVISED_COLUMN, toUserRow, USER_COLUMNS } from './queries.js';
import { spendingCapSchema, userRowSchema } from './schemas.js';
import { spentThisMonth } from './spend.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const usersQuery = listQuerySchema(['department', 'role', 'accepted_invite'], ['all', 'pending']);
type InviteBody = z.output<typeof inviteUserSchema>;

export function registerUserRoutes(app: App, deps: PlatformDeps) {
  const { pool, config } = deps;
  const seeUsers = { kind: 'member', anyOf: ['see_users', 'approve', 'manage_users'] } as const;

  /** Creates the invitation and queues its email, in the caller's transaction. */
  async function invite(client: import('pg').ClientBase, accountId: string, invitedBy: string, body: InviteBody) {
    const departmentId = body.department
      ? (await departmentIds(client, accountId, [body.department], 'department'))[0]!
      : null;
    const supervisedIds = await departmentIds(client, accountId, body.supervised_departments, 'supervised_departments');
    const created = await insertInvitation(client, {
      accountId,
      invitedBy,
      email: body.email_address,
      fullName: body.user_name,
      roles: body.roles,
      permissions: body.permissions,
      approvals: body.approvals,
      departmentId,
      supervisedDepartmentIds: supervisedIds,
      ttlDays: config.INVITATION_TTL_DAYS,
    });
    // The email job commits with the invitation, or not at all.
    await sendInvitationEmail(client, config, {
      uniqueId: created.uniqueId,
      accountId,
      email: body.email_address,
      fullName: body.user_name,
      invitedBy,
    });
    await publish(client, { accountId, message: { type: 'refresh', entities: ['users'] } });
    return created;
  }

  registerApprovalHandler('user_invite', async (client, approval) => {
    const body = inviteUserSchema.parse(approval.payload);
    const created = await invite(client, approval.account_id, approval.supervised_user_id, body);
    await client.query('update approvals set entity_id = $2 where id = $1', [approval.id, created.userId]);
  });

  // An edit waits for approval like an invitation; approving applies it as it was asked for.
  registerApprovalHandler('user_edit', async (client, approval, decider) => {
    if (approval.entity_id === decider.userId)
      throw new AppError('PERMISSION_DENIED', 'You cannot approve a change to your own account.');
    await applyUserEdit(client, decider, approval.entity_id, editUserSchema.parse(approval.payload));
  });

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Members of the company, sorted by name (tab pending: invited, not yet accepted)',
        querystring: usersQuery,
        response: { 200: listSchema(userRowSchema) },
      },
      config: { access: seeUsers },
    },
    async (request) => {
      const q = request.query;
      const auth = request.auth!;
      const where = new Where().add('u.account_id = ?', auth.accountId).add('u.valid');
      if (q.tab === 'pending') where.add('not u.accepted_invite');
      // One trigram-indexed expression serves the search over name and email.
      if (q.search) where.add("(lower(u.name) || ' ' || u.email) like ? escape '\\'", likePattern(q.search));
      const deps_ = filterValues(q, 'department');
      if (deps_.length) where.add('d.name = any(?::text[])', deps_);
      const roles = filterValues(q, 'role');
      if (roles.length) where.add('u.roles && ?::text[]', roles);
      const accepted = filterValues(q, 'accepted_invite');
      if (accepted.length === 1) where.add('u.accepted_invite = ?', accepted[0] === 'true');
      const limit = rowLimit(q.limit);
      const from = 'from users u left join departments d on d.id = u.department_id';
      // One round trip: the page (its ids first, then only those rows read in full), the count and
      // the department names for the filter. Unfiltered, the ids come from the (account, name, id)
      // index and the count is index-only; with a search or filter the matches are found once and
      // both the page and the count are taken from them.
      const narrowed =
        q.search !== '' || deps_.length > 0 || roles.length > 0 || accepted.length > 0 || q.tab === 'pending';
      // Limit and offset are parameters: the statement is prepared once per connection per shape.
      const conditions = where.toString();
      const paging = `limit ${where.param(limit)} offset ${where.param(q.page * limit)}`;
      const matchesSql = narrowed
        ? `matches as materialized (select u.id, lower(u.name) as k ${from} ${conditions}),
           page as (select id from matches order by k, id ${paging}),`
        : `page as (select u.id ${from} ${conditions} order by lower(u.name), u.id ${paging}),`;
      const countSql = narrowed
        ? 'select count(*)::int from matches'
        : `select count(*)::int from users u ${conditions}`;
      const { rows } = await pool.query<{
        n: number;
        departments: DepartmentRow['name'][];
        // json_agg: the rows' timestamps are ISO strings.
        rows: Array<Omit<MemberRow, 'created_at'> & { created_at: string }>;
      }>(
        prepared(
          `with ${matchesSql}
              full_rows as (
                select p.*, ${SUPERVISED_COLUMN} from (
                  select ${USER_COLUMNS} from page join users u on u.id = page.id left join departments d on d.id = u.department_id) p)
         select (${countSql}) as n,
                array(select name from departments where account_id = $1 order by lower(name) limit 500) as departments,
                coalesce((select json_agg(r order by lower(r.user_name), r.id) from full_rows r), '[]'::json) as rows`,
          where.params,
        ),
      );
      const result = rows[0]!;
      return {
        rows: result.rows.map((r) => toUserRow({ ...r, created_at: new Date(r.created_at) }, auth.userId)),
        count: result.n,
        filter_options: {
          department: result.departments,
          role: [OWNER_ROLE, ...ROLE_NAMES],
          accepted_invite: ['true', 'false'],
        },
      };
    },
  );

  app.get(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One member',
        params: idParams,
        response: { 200: userRowSchema, 404: errorSchema },
      },
      config: { access: seeUsers },
    },
    async (request) => getMember(pool, request.auth!.accountId, request.params.id, request.auth!.userId),
  );

  app.post(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Invite a colleague (202 "In Review" when manage_users needs a supervisor’s approval)',
        body: inviteUserSchema,
        response: {
          201: z.object({ message: z.string(), user: userRowSchema }),
          202: z.object({ message: z.string(), approval_id: z.string(), status: z.literal('In Review') }),
          409: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: ['manage_users'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const body = request.body;
      // Permissions a role grants when ticked with nothing selected come from the presets; the
      // schema has refused any role outside them (the owner's above all). What a task implies comes with it.
      if (Object.values(body.permissions).every((l) => l.length === 0)) {
        body.permissions = groupByKind(permissionsFromRoles(body.roles.map((role) => ({ role, checked: [] }))));
      } else body.permissions = groupByKind(withImpliedPermissions(flattenPermissions(body.permissions)));
      // The Supervisor rule (part 1 section 6): departments count under a Supervisor only, who always supervises.
      const supervision = applySupervisorRule(body, flattenPermissions(body.permissions));
      body.permissions = groupByKind(supervision.permissions);
      body.supervised_departments = supervision.supervised_departments;
      // The answer goes out after COMMIT, so the caller never reads a state older than it was told.
      const answer = await inTransaction(pool, async (client) => {
        const taken = await client.query('select 1 from users where email = $1', [body.email_address]);
        if (taken.rowCount) throw new AppError('ALREADY_REGISTERED');
        if (needsApproval(auth.row, 'manage_users')) {
          // Validate the department names now, so a supervisor is not asked to approve a request that cannot run.
          if (body.department) await departmentIds(client, auth.accountId, [body.department], 'department');
          await departmentIds(client, auth.accountId, body.supervised_departments, 'supervised_departments');
          const approvalId = await requestApproval(client, auth, {
            task: 'manage_users',
            entityType: 'user_invite',
            entityId: body.email_address,
            payload: body,
            description: `${actorName(auth)} asks to invite ${body.user_name} (${body.email_address}).`,
          });
          return {
            status: 202 as const,
            body: {
              message: `Your invitation of ${body.user_name} is waiting for a supervisor's approval.`,
              approval_id: approvalId,
              status: 'In Review' as const,
            },
          };
        }
        const created = await invite(client, auth.accountId, auth.userId, body);
        const user = await getMember(client, auth.accountId, created.userId, auth.userId);
        await writeAudit(client, auth, {
          action: 'user.invited',
          entityType: 'user',
          entityId: created.userId,
          before: null,
          after: user,
        });
        return { status: 201 as const, body: { message: ADMIN_MESSAGES.invited(body.user_name), user } };
      });
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.put(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          'Edit a member\'s roles (presets only), permissions, approvals and department (202 "In Review" when manage_users needs a supervisor’s approval)',
        params: idParams,
        body: editUserSchema,
        response: {
          200: z.object({ message: z.string(), user: userRowSchema }),
          202: z.object({ message: z.string(), approval_id: z.string(), status: z.literal('In Review') }),
          403: errorSchema,
          404: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: ['manage_users'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { id } = request.params;
      const body = request.body;
      const answer = await inTransaction(pool, async (client) => {
        if (needsApproval(auth.row, 'manage_users')) {
          // Checked now (the member, oneself, the owner, the departments), so a supervisor is not asked to approve what cannot run.
          const member = await lockEditableMember(client, auth.accountId, id, auth.userId, body);
          const approvalId = await requestApproval(client, auth, {
            task: 'manage_users',
            entityType: 'user_edit',
            entityId: id,
            payload: body,
            description: `${actorName(auth)} asks to change the roles and permissions of ${member.user_name || member.email_address} (${member.email_address}).`,
          });
          return {
            status: 202 as const,
            body: {
              message: `Your change to ${member.email_address} is waiting for a supervisor's approval.`,
              approval_id: approvalId,
              status: 'In Review' as const,
            },
          };
        }
        const after = await applyUserEdit(client, auth, id, body);
        return { status: 200 as const, body: { message: ADMIN_MESSAGES.userEdited(after.email_address), user: after } };
      });
      return reply.status(answer.status).send(answer.body);
    },
  );

  /** Removes a member at once (their sessions end); the caller holds the transaction. */
  async function removeMember(client: import('pg').ClientBase, actor: AuthContext, id: string) {
    await client.query('select 1 from users where id = $1 and account_id = $2 for update', [id, actor.accountId]);
    const before = await getMember(client, actor.accountId, id, actor.userId);
    assertEditable(actor.userId, before);
    await client.query('delete from users where id = $1', [id]);
    await writeAudit(client, actor, {
      action: 'user.deleted',
      entityType: 'user',
      entityId: id,
      before,
      after: null,
    });
    await publish(client, {
      accountId: actor.accountId,
      userIds: [id],
      message: { type: 'auth_message', message: 'session_expired' },
    });
    await publish(client, {
      accountId: actor.accountId,
      message: { type: 'refresh', entities: ['users', 'departments'] },
    });
  }

  // A removal waits for approval like an edit; approving removes the member then.
  registerApprovalHandler('user_delete', async (client, approval, decider) => {
    if (approval.entity_id === decider.userId)
      throw new AppError('PERMISSION_DENIED', 'You cannot approve a change to your own account.');
    await removeMember(client, decider, approval.entity_id);
  });

  app.delete(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          'Remove a member; their sessions end at once (202 "In Review" when manage_users needs a supervisor’s approval)',
        params: idParams,
        response: {
          202: z.object({ message: z.string(), approval_id: z.string(), status: z.literal('In Review') }),
          204: z.null(),
          403: errorSchema,
          404: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: ['manage_users'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { id } = request.params;
      const pending = await inTransaction(pool, async (client) => {
        if (!needsApproval(auth.row, 'manage_users')) {
          await removeMember(client, auth, id);
          return null;
        }
        // Checked now (the member, oneself, the owner), so a supervisor is not asked to approve what cannot run.
        const member = await getMember(client, auth.accountId, id, auth.userId);
        assertEditable(auth.userId, member);
        const approvalId = await requestApproval(client, auth, {
          task: 'manage_users',
          entityType: 'user_delete',
          entityId: id,
          payload: {},
          description: `${actorName(auth)} asks to remove ${member.user_name || member.email_address} (${member.email_address}) from the company.`,
        });
        return {
          message: `Removing ${member.email_address} is waiting for a supervisor's approval.`,
          approval_id: approvalId,
          status: 'In Review' as const,
        };
      });
      return pending ? reply.status(202).send(pending) : reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:id/spending-cap',
    {
      schema: {
        tags: ['users'],
        summary: "A member's monthly spending cap and this month's spend (pence; 0 = Unlimited)",
        params: idParams,
        response: { 200: spendingCapSchema, 404: errorSchema },
      },
      config: { access: { kind: 'member' } },
    },
    async (request) => {
      const auth = request.auth!;
      const { id } = request.params;
      if (id !== auth.userId && !auth.abilities.has('set_spending_cap') && !auth.abilities.has('see_finances'))
        throw new AppError('PERMISSION_DENIED');
      const { rows } = await pool.query<Pick<UserTableRow, 'cap_pence' | 'override_cap_pence'>>(
        'select cap_pence, override_cap_pence from users where id = $1 and account_id = $2 and valid',
        [id, auth.accountId],
      );
      if (!rows[0]) throw new AppError('NOT_FOUND');
      return {
        cap: Number(rows[0].cap_pence),
        override_cap: Number(rows[0].override_cap_pence),
        amount_spent: await spentThisMonth(pool, id),
        month: capMonth(new Date()),
      };
    },
  );

  app.put(
    '/api/users/:id/spending-cap',
    {
      schema: {
        tags: ['users'],
        summary:
          "Set another member's monthly spending cap (pence, rounded to whole pence; 0 = Unlimited; a non-zero override takes precedence). Never one's own, never the owner's.",
        params: idParams,
        body: z.strictObject({ cap: capPenceField, override_cap: capPenceField }),
        response: {
          200: spendingCapSchema.extend({ message: z.string() }),
          403: errorSchema,
          404: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: ['set_spending_cap'] } },
    },
    async (request) => {
      const auth = request.auth!;
      const { id } = request.params;
      const body = request.body;
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query<Pick<UserTableRow, 'cap_pence' | 'override_cap_pence' | 'roles'>>(
          'select cap_pence, override_cap_pence, roles from users where id = $1 and account_id = $2 and valid for update',
          [id, auth.accountId],
        );
        if (!rows[0]) throw new AppError('NOT_FOUND');
        // Decision 0012: a cap limits someone else; the owner is never capped by a member.
        if (id === auth.userId) throw new AppError('PERMISSION_DENIED', ADMIN_MESSAGES.capOwnRefused);
        if (rows[0].roles.includes(OWNER_ROLE)) throw new AppError('PERMISSION_DENIED', ADMIN_MESSAGES.capOwnerRefused);
        const before = { cap: Number(rows[0].cap_pence), override_cap: Number(rows[0].override_cap_pence) };
        await client.query(
          'update users set cap_pence = $2, override_cap_pence = $3, updated_at = now() where id = $1',
          [id, body.cap, body.override_cap],
        );
        await writeAudit(client, auth, {
          action: 'spending_cap.set',
          entityType: 'user',
          entityId: id,
          before,
          after: body,
        });
        return {
          message: ADMIN_MESSAGES.capUpdated,
          ...body,
          amount_spent: await spentThisMonth(client, id),
          month: capMonth(new Date()),
        };
      });
    },
  );
}
