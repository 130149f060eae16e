import { randomUUID } from 'node:crypto';
import {
  API_KEY_MAX_DAYS,
  API_KEY_MESSAGES,
  type ApiKeyMode,
  isPermission,
  PERMISSION_CATALOGUE,
  type Permission,
} from '@lp/domain';
import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import { generateApiKey } from '../../platform/api-keys.js';
import { writeAudit } from '../../platform/audit.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError, type FieldError } from '../../platform/errors.js';
import { type ApiKeyView, getApiKey } from './list-api-keys.js';

export interface NewApiKey {
  name: string;
  permissions: string[];
  expiresAt: Date | null;
  mode: ApiKeyMode;
}

const DAY_MS = 24 * 3600_000;

/**
 * Makes a key for the signed-in member: its permissions are catalogue names they hold now (never
 * more), its expiry in the future and at most two years away. Only the secret's hash is stored;
 * the whole key is answered this once. The audit log records it in the same transaction.
 */
export async function createApiKey(
  pool: pg.Pool,
  auth: AuthContext,
  input: NewApiKey,
): Promise<{ key: ApiKeyView; secret: string }> {
  const fields: FieldError[] = [];
  input.permissions.forEach((p, i) => {
    if (!isPermission(p)) fields.push({ path: `permissions.${i}`, message: API_KEY_MESSAGES.unknownPermission(p) });
    else if (!auth.abilities.has(p))
      fields.push({
        path: `permissions.${i}`,
        message: API_KEY_MESSAGES.beyondOwnPermissions(PERMISSION_CATALOGUE[p].label),
      });
  });
  if (input.expiresAt) {
    const now = Date.now();
    if (input.expiresAt.getTime() <= now) fields.push({ path: 'expires_at', message: API_KEY_MESSAGES.expiryInPast });
    else if (input.expiresAt.getTime() > now + API_KEY_MAX_DAYS * DAY_MS)
      fields.push({ path: 'expires_at', message: API_KEY_MESSAGES.expiryTooFar });
  }
  if (fields.length) throw new AppError('VALIDATION_FAILED', fields[0]!.message, fields);

  const permissions = [...new Set(input.permissions as Permission[])];
  const id = randomUUID();
  const made = generateApiKey(input.mode);
  return inTransaction(pool, async (client) => {
    await client.query(
      `insert into api_keys (id, account_id, name, prefix, secret_hash, permissions, created_by, expires_at, mode)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        auth.accountId,
        input.name,
        made.prefix,
        made.secretHash,
        JSON.stringify(permissions),
        auth.userId,
        input.expiresAt,
        input.mode,
      ],
    );
    await writeAudit(client, auth, {
      action: 'api_key.create',
      entityType: 'api_key',
      entityId: id,
      before: null,
      after: {
        name: input.name,
        prefix: made.prefix,
        mode: input.mode,
        permissions,
        expires_at: input.expiresAt?.toISOString() ?? null,
      },
    });
    const key = await getApiKey(client, auth.accountId, id);
    return { key: key!, secret: made.key };
  });
}
