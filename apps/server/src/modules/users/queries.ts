import { knownPermissionsByKind, sortRoles } from '@lp/domain';
import type pg from 'pg';
import type { DepartmentRow, UserRow as UserTableRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import type { UserRow } from './schemas.js';

/** The columns of a member as the users table shows them (from `users u` left-joined to `departments d`). */
export const USER_COLUMNS = `u.id, u.name as user_name, u.email as email_address, d.name as department, u.roles,
  u.permissions, u.approvals, u.accepted_invite, u.job_title, u.phone_number, ('owner' = any(u.roles)) as is_owner,
  u.created_at`;

/** The departments a member supervises; applied to the rows of a page only, after LIMIT. */
export const SUPERVISED_COLUMN = `array(select d2.name from department_supervisors s join departments d2 on d2.id = s.department_id
  where s.user_id = p.id order by lower(d2.name)) as supervised_departments`;

/** A member as USER_COLUMNS and SUPERVISED_COLUMN read them. */
export type MemberRow = Pick<
  UserTableRow,
  'id' | 'roles' | 'permissions' | 'approvals' | 'accepted_invite' | 'job_title' | 'phone_number' | 'created_at'
> & {
  user_name: UserTableRow['name'];
  email_address: UserTableRow['email'];
  department: DepartmentRow['name'] | null;
  is_owner: boolean;
  supervised_departments: DepartmentRow['name'][];
};

export function toUserRow(r: MemberRow, selfId: string): UserRow {
  return {
    ...r,
    roles: sortRoles(r.roles),
    permissions: knownPermissionsByKind(r.permissions),
    approvals: knownPermissionsByKind(r.approvals),
    is_self: r.id === selfId,
    created_at: r.created_at.toISOString(),
  };
}

/** One member of the caller's company; another company's member reads as not found. */
export async function getMember(
  q: pg.Pool | pg.ClientBase,
  accountId: string,
  userId: string,
  selfId: string,
): Promise<UserRow> {
  const { rows } = await q.query<MemberRow>(
    `select p.*, ${SUPERVISED_COLUMN} from (
       select ${USER_COLUMNS} from users u left join departments d on d.id = u.department_id
        where u.id = $1 and u.account_id = $2 and u.valid) p`,
    [userId, accountId],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return toUserRow(rows[0], selfId);
}

/** Department ids by name within a company; unknown names are a 422 on the given field. */
export async function departmentIds(
  q: pg.Pool | pg.ClientBase,
  accountId: string,
  names: readonly string[],
  field: string,
): Promise<string[]> {
  if (names.length === 0) return [];
  const { rows } = await q.query<Pick<DepartmentRow, 'id' | 'name'>>(
    'select id, name from departments where account_id = $1 and lower(name) = any($2::text[])',
    [accountId, names.map((n) => n.toLowerCase())],
  );
  const found = new Set(rows.map((r) => r.name.toLowerCase()));
  const missing = names.filter((n) => !found.has(n.toLowerCase()));
  if (missing.length > 0) {
    throw new AppError('VALIDATION_FAILED', `Unknown department: ${missing.join(', ')}`, [
      { path: field, message: `Unknown department: ${missing.join(', ')}` },
    ]);
  }
  return rows.map((r) => r.id);
}
