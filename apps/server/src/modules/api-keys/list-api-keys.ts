import { isPermission, type Permission } from '@lp/domain';
import type pg from 'pg';
import type { LeftJoined } from '../../platform/db/row.js';
import type { ApiKeyRow, UserRow } from '../../platform/db/rows.js';

/** A key as the company sees it: never its secret nor its hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  mode: ApiKeyRow['mode'];
  permissions: Permission[];
  created_by: { name: string; email: string } | null;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

type KeyListRow = Pick<
  ApiKeyRow,
  'id' | 'name' | 'prefix' | 'mode' | 'permissions' | 'created_at' | 'expires_at' | 'last_used_at' | 'revoked_at'
> &
  LeftJoined<{ creator_name: UserRow['name']; creator_email: UserRow['email'] }>;

const COLUMNS = `k.id, k.name, k.prefix, k.mode, k.permissions, k.created_at, k.expires_at, k.last_used_at,
  k.revoked_at, u.name as creator_name, u.email as creator_email
  from api_keys k left join users u on u.id = k.created_by`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toView(r: KeyListRow): ApiKeyView {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    mode: r.mode,
    // Catalogue names only: a name the catalogue no longer has opens nothing (abilities are the catalogue's).
    permissions: r.permissions.filter(isPermission),
    created_by: r.creator_email === null ? null : { name: r.creator_name ?? '', email: r.creator_email },
    created_at: r.created_at.toISOString(),
    expires_at: iso(r.expires_at),
    last_used_at: iso(r.last_used_at),
    revoked_at: iso(r.revoked_at),
  };
}

/** The company's keys, newest first, revoked ones included (their status shows). */
export async function listApiKeys(q: pg.Pool | pg.ClientBase, accountId: string): Promise<ApiKeyView[]> {
  const { rows } = await q.query<KeyListRow>(
    `select ${COLUMNS} where k.account_id = $1 order by k.created_at desc, k.id`,
    [accountId],
  );
  return rows.map(toView);
}

/** One key of the company; null when it is another company's or none. */
export async function getApiKey(q: pg.Pool | pg.ClientBase, accountId: string, id: string): Promise<ApiKeyView | null> {
  const { rows } = await q.query<KeyListRow>(`select ${COLUMNS} where k.id = $1 and k.account_id = $2`, [
    id,
    accountId,
  ]);
  return rows[0] ? toView(rows[0]) : null;
}
