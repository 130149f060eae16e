import {
  ADMIN_MESSAGES,
  departmentNameField,
  knownPermissionsByKind,
  permissionsByKindAnswer,
  permissionsByKindSchema,
} from '@lp/domain';
import type pg from 'pg';
import { z } from 'zod';
import type { AuthContext } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import type { DepartmentRow, UserRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import type { App, PlatformDeps } from '../../platform/http.js';
import { errorSchema, listSchema } from '../../platform/http.js';
import { likePattern, listQuerySchema, rowLimit, Where } from '../../platform/list.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const emptyByKind = { operational: [], observable: [], administrative: [] };
const departmentInput = z.strictObject({
  name: departmentNameField,
  permissions: permissionsByKindSchema.default(emptyByKind),
  approvals: permissionsByKindSchema.default(emptyByKind),
  supervised_by: z.array(z.email().max(254)).max(100).default([]),
});
type DepartmentInput = z.output<typeof departmentInput>;

const departmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  permissions: permissionsByKindAnswer,
  approvals: permissionsByKindAnswer,
  supervised_by: z.array(z.string()),
  numMembers: z.number().int(),
});
const departmentDetailSchema = departmentSchema.extend({
  members: z.array(
    z.object({ id: z.string(), user_name: z.string(), email_address: z.string(), roles: z.array(z.string()) }),
  ),
});

/** A department as DEPARTMENT_COLUMNS reads it: its columns, its supervisors' emails and its member count. */
type DepartmentListRow = Pick<DepartmentRow, 'id' | 'name' | 'permissions' | 'approvals'> & {
  supervised_by: UserRow['email'][];
  numMembers: number;
};
const DEPARTMENT_COLUMNS = `d.id, d.name, d.permissions, d.approvals,
  array(select u.email from department_supervisors s join users u on u.id = s.user_id where s.department_id = d.id order by u.email) as supervised_by,
  (select count(*)::int from users m where m.department_id = d.id and m.valid) as "numMembers"`;

async function getDepartment(q: pg.Pool | pg.ClientBase, accountId: string, id: string) {
  const { rows } = await q.query<DepartmentListRow>(
    `select ${DEPARTMENT_COLUMNS} from departments d where d.id = $1 and d.account_id = $2`,
    [id, accountId],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return toDepartment(rows[0]);
}

/** A department as answers give it: only the catalogue's permission names. */
const toDepartment = (d: DepartmentListRow) => ({
  ...d,
  permissions: knownPermissionsByKind(d.permissions),
  approvals: knownPermissionsByKind(d.approvals),
});

/** The company's members with these emails; an unknown email is a 422. */
async function supervisorIds(client: pg.ClientBase, accountId: string, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const lower = emails.map((e) => e.toLowerCase());
  const { rows } = await client.query<Pick<UserRow, 'id' | 'email'>>(
    'select id, email from users where account_id = $1 and valid and email = any($2::text[])',
    [accountId, lower],
  );
  const missing = lower.filter((e) => !rows.some((r) => r.email === e));
  if (missing.length)
    throw new AppError('VALIDATION_FAILED', `Not a member of your company: ${missing.join(', ')}`, [
      { path: 'supervised_by', message: `Not a member of your company: ${missing.join(', ')}` },
    ]);
  return rows.map((r) => r.id);
}

async function saveDepartment(
  client: pg.ClientBase,
  auth: AuthContext,
  id: string,
  d: DepartmentInput,
  existing: boolean,
) {
  const clash = await client.query(
    'select 1 from departments where account_id = $1 and lower(name) = lower($2) and id <> $3',
    [auth.accountId, d.name, id],
  );
  if (clash.rowCount)
    throw new AppError('CONFLICT', `A department named ${d.name} already exists.`, [
      { path: 'name', message: `A department named ${d.name} already exists.` },
    ]);
  const supervisors = await supervisorIds(client, auth.accountId, d.supervised_by);
  if (existing) {
    await client.query(
      'update departments set name = $2, permissions = $3, approvals = $4, updated_at = now() where id = $1',
      [id, d.name, JSON.stringify(d.permissions), JSON.stringify(d.approvals)],
    );
    await client.query('delete from department_supervisors where department_id = $1', [id]);
  } else {
    await client.query(
      'insert into departments (id, account_id, name, permissions, approvals) values ($1, $2, $3, $4, $5)',
      [id, auth.accountId, d.name, JSON.stringify(d.permissions), JSON.stringify(d.approvals)],
    );
  }
  for (const u of supervisors)
    await client.query('insert into department_supervisors (department_id, user_id) values ($1, $2)', [id, u]);
}

export function registerDepartmentRoutes(app: App, { pool }: PlatformDeps) {
  const read = { kind: 'member', anyOf: ['see_users', 'approve', 'manage_company'] } as const;
  const write = {
    kind: 'member',
    anyOf: ['manage_company'],
    planFeature: 'department_management_and_reports',
  } as const;
  const listQuery = listQuerySchema([], ['all']);

  app.get(
    '/api/departments',
    {
      schema: {
        tags: ['departments'],
        summary: 'Departments sorted by name, with the number of employees of the company',
        querystring: listQuery,
        response: { 200: listSchema(departmentSchema).extend({ employees: z.number().int() }) },
      },
      config: { access: read },
    },
    async (request) => {
      const q = request.query;
      const auth = request.auth!;
      const where = new Where().add('d.account_id = ?', auth.accountId);
      if (q.search) where.add("lower(d.name) like ? escape '\\'", likePattern(q.search));
      const limit = rowLimit(q.limit);
      const [rows, count, employees] = await Promise.all([
        pool.query<DepartmentListRow>(
          `select ${DEPARTMENT_COLUMNS} from departments d ${where} order by lower(d.name), d.id limit ${limit} offset ${q.page * limit}`,
          where.params,
        ),
        pool.query<{ n: number }>(`select count(*)::int as n from departments d ${where}`, where.params),
        pool.query<{ n: number }>('select count(*)::int as n from users where account_id = $1 and valid', [
          auth.accountId,
        ]),
      ]);
      return {
        rows: rows.rows.map(toDepartment),
        count: count.rows[0]!.n,
        filter_options: {},
        employees: employees.rows[0]!.n,
      };
    },
  );

  app.get(
    '/api/departments/:id',
    {
      schema: {
        tags: ['departments'],
        summary: 'One department with its members',
        params: idParams,
        response: { 200: departmentDetailSchema, 404: errorSchema },
      },
      config: { access: read },
    },
    async (request) => {
      const auth = request.auth!;
      const department = await getDepartment(pool, auth.accountId, request.params.id);
      const { rows } = await pool.query<
        Pick<UserRow, 'id' | 'roles'> & { user_name: UserRow['name']; email_address: UserRow['email'] }
      >(
        'select id, name as user_name, email as email_address, roles from users where department_id = $1 and account_id = $2 and valid order by lower(name), id limit 1000',
        [department.id, auth.accountId],
      );
      return { ...department, members: rows };
    },
  );

  app.post(
    '/api/departments',
    {
      schema: {
        tags: ['departments'],
        summary: 'Create departments (plan feature department_management_and_reports)',
        body: z.strictObject({ departments: z.array(departmentInput).min(1).max(50) }),
        response: {
          201: z.object({ message: z.string(), ids: z.array(z.string()) }),
          409: errorSchema,
          422: errorSchema,
          426: errorSchema,
        },
      },
      config: { access: write },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { departments } = request.body;
      const names = departments.map((d) => d.name.toLowerCase());
      if (new Set(names).size !== names.length) throw new AppError('CONFLICT', 'Two departments have the same name.');
      const ids = await inTransaction(pool, async (client) => {
        const created: string[] = [];
        for (const d of departments) {
          const id = crypto.randomUUID();
          await saveDepartment(client, auth, id, d, false);
          await writeAudit(client, auth, {
            action: 'department.created',
            entityType: 'department',
            entityId: id,
            before: null,
            after: await getDepartment(client, auth.accountId, id),
          });
          created.push(id);
        }
        await publish(client, {
          accountId: auth.accountId,
          message: { type: 'refresh', entities: ['departments', 'users'] },
        });
        return created;
      });
      return reply.status(201).send({ message: ADMIN_MESSAGES.departmentsCreated, ids });
    },
  );

  app.put(
    '/api/departments/:id',
    {
      schema: {
        tags: ['departments'],
        summary: 'Edit a department',
        params: idParams,
        body: departmentInput,
        response: {
          200: z.object({ message: z.string() }),
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
          426: errorSchema,
        },
      },
      config: { access: write },
    },
    async (request) => {
      const auth = request.auth!;
      const { id } = request.params;
      await inTransaction(pool, async (client) => {
        await client.query('select 1 from departments where id = $1 and account_id = $2 for update', [
          id,
          auth.accountId,
        ]);
        const before = await getDepartment(client, auth.accountId, id);
        await saveDepartment(client, auth, id, request.body, true);
        await writeAudit(client, auth, {
          action: 'department.edited',
          entityType: 'department',
          entityId: id,
          before,
          after: await getDepartment(client, auth.accountId, id),
        });
        await publish(client, {
          accountId: auth.accountId,
          message: { type: 'refresh', entities: ['departments', 'users'] },
        });
      });
      return { message: ADMIN_MESSAGES.departmentUpdated };
    },
  );

  app.delete(
    '/api/departments/:id',
    {
      schema: {
        tags: ['departments'],
        summary: 'Delete a department that has no members',
        params: idParams,
        response: { 204: z.null(), 404: errorSchema, 409: errorSchema },
      },
      config: { access: { kind: 'member', anyOf: ['manage_company'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { id } = request.params;
      await inTransaction(pool, async (client) => {
        await client.query('select 1 from departments where id = $1 and account_id = $2 for update', [
          id,
          auth.accountId,
        ]);
        const before = await getDepartment(client, auth.accountId, id);
        if (before.numMembers > 0) throw new AppError('CONFLICT', 'A department with members cannot be deleted.');
        await client.query('delete from departments where id = $1', [id]);
        await writeAudit(client, auth, {
          action: 'department.deleted',
          entityType: 'department',
          entityId: id,
          before,
          after: null,
        });
        await publish(client, { accountId: auth.accountId, message: { type: 'refresh', entities: ['departments'] } });
      });
      return reply.status(204).send(null);
    },
  );
}
