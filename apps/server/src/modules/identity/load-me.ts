import type { Me, Permission } from '@lp/domain';
import { findPlan, firstName, knownPermissionsByKind } from '@lp/domain';
import type pg from 'pg';
import { abilitiesOf } from '../../platform/access.js';
import type { MemberRow } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';

type MeRow = MemberRow;

/**
 * The session payload: the user, their company and their abilities (which the UI mirrors); an API
 * key's caller passes the key's abilities, which may be fewer than its creator's.
 */
export function toMe(row: MeRow, abilities?: Iterable<Permission>): Me {
  if (!row.account_id || !row.account_name || !row.current_plan) throw new AppError('PERMISSION_DENIED');
  return {
    user: {
      id: row.user_id,
      name: row.name,
      firstName: firstName(row.name),
      email: row.email,
      jobTitle: row.job_title,
      phoneNumber: row.phone_number,
      department: row.department,
      roles: row.roles,
      permissions: knownPermissionsByKind(row.permissions),
      acceptedInvite: row.accepted_invite,
      firstTime: row.first_time,
    },
    account: {
      id: row.account_id,
      name: row.account_name,
      currentPlan: row.current_plan,
      planPrice: findPlan(row.current_plan)?.price ?? 0,
      health: { status: row.health_status ?? 'active', reason: row.health_reason },
      valid: row.account_valid ?? false,
      restrictBalance: row.restrict_balance ?? false,
    },
    abilities: abilities ? [...abilities] : abilitiesOf(row),
  };
}

/** Loads the payload for a user by id (after sign-in or sign-up, before a request carries the cookie). */
export async function loadMe(pool: pg.Pool, userId: string): Promise<Me> {
  const { rows } = await pool.query<MeRow>(
    `select u.id as user_id, u.name, u.email, u.account_id, d.name as department, u.department_id, u.roles,
            u.permissions, u.approvals, d.approvals as department_approvals, u.accepted_invite, u.job_title, u.phone_number, u.first_time,
            u.valid as user_valid, a.name as account_name, a.current_plan, a.health_status, a.health_reason,
            a.valid as account_valid, a.restrict_balance_to_finance_admins as restrict_balance
       from users u left join accounts a on a.id = u.account_id left join departments d on d.id = u.department_id
      where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw new AppError('UNAUTHENTICATED');
  return toMe(row);
}
