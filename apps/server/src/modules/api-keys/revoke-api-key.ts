import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import type { ApiKeyRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';

/**
 * Revokes a key of the member's company at once: the next request with it is refused (the access
 * check reads the row every time). Another company's key, or none: 404. Revoking a revoked key
 * changes nothing.
 */
export async function revokeApiKey(pool: pg.Pool, auth: AuthContext, id: string): Promise<void> {
  await inTransaction(pool, async (client) => {
    const { rows } = await client.query<Pick<ApiKeyRow, 'name' | 'prefix' | 'revoked_at'>>(
      'select name, prefix, revoked_at from api_keys where id = $1 and account_id = $2 for update',
      [id, auth.accountId],
    );
    const key = rows[0];
    if (!key) throw new AppError('NOT_FOUND');
    if (key.revoked_at) return;
    await client.query('update api_keys set revoked_at = now() where id = $1', [id]);
    await writeAudit(client, auth, {
      action: 'api_key.revoke',
      entityType: 'api_key',
      entityId: id,
      before: { name: key.name, prefix: key.prefix, revoked_at: null },
      after: { name: key.name, prefix: key.prefix, revoked_at: new Date().toISOString() },
    });
  });
}
