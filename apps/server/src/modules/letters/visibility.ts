import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import type { DepartmentSupervisorRow } from '../../platform/db/rows.js';
import type { Where } from '../../platform/list.js';

/**
 * Which of the company's letters a reader sees (decision 0012): all of them with see_letters;
 * with `approve` alone, those whose creator belongs to a department the reader supervises, or all
 * of them when the reader supervises no department in particular (the whole company).
 * `null` means every letter of the company, with no extra condition.
 */
export type LetterScope = null | { departmentIds: string[] };

export async function letterScope(
  q: pg.Pool | pg.ClientBase,
  auth: Pick<AuthContext, 'userId' | 'accountId' | 'abilities'>,
): Promise<LetterScope> {
  if (auth.abilities.has('see_letters')) return null;
  const departmentIds = await supervisedDepartmentIds(q, auth);
  return departmentIds.length === 0 ? null : { departmentIds };
}

/** The departments of the member's company that they supervise (none: the whole company). */
export async function supervisedDepartmentIds(
  q: pg.Pool | pg.ClientBase,
  auth: Pick<AuthContext, 'userId' | 'accountId'>,
): Promise<string[]> {
  const { rows } = await q.query<{ id: DepartmentSupervisorRow['department_id'] }>(
    `select s.department_id as id from department_supervisors s join departments d on d.id = s.department_id
      where s.user_id = $1 and d.account_id = $2 order by s.department_id`,
    [auth.userId, auth.accountId],
  );
  return rows.map((r) => r.id);
}

/**
 * Adds the scope to a letters query on `letters l` (nothing for a company-wide reader, so their
 * query and plan stay as they were). As a semi-join on the department's members, like the creator
 * filter: the counts read only their letters through the (account_id, creator_id, created_at)
 * index, and a page walks the list index newest first (EXPLAIN with 400,000 letters: counts 25 ms
 * index-only, page 0.2 ms; an `= any(array(...))` form made the counts scan every letter).
 */
export function addLetterScope(where: Where, scope: LetterScope, accountId: string): Where {
  if (!scope) return where;
  return where.add(
    'l.creator_id in (select u.id from users u where u.account_id = ? and u.department_id = any(?::text[]))',
    accountId,
    scope.departmentIds,
  );
}
