import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PATTERN, type ApiKeyMode } from '@lp/domain';
import type pg from 'pg';
import { MEMBER_COLUMNS, MEMBER_JOINS, type MemberRow } from './auth.js';
import type { ApiKeyRow } from './db/rows.js';

/**
 * API keys as the access check reads them (decision 0028). A key is `lp_<mode>_<prefix>_<secret>`:
 * the prefix (12 base62 characters, about 71 bits) finds the row through a unique index, the secret
 * (32 random bytes, base64url) is compared with the stored SHA-256 in constant time. A fast hash is
 * right here, unlike for passwords: the secret is random and long, so there is nothing to guess.
 */

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PREFIX_LENGTH = 12;

/** Writes last_used_at at most this often per key: a busy program does not write on every call. */
export const LAST_USED_EVERY_MS = 60_000;

export interface NewApiKeySecret {
  /** The whole key, shown once. */
  key: string;
  prefix: string;
  /** SHA-256 of the secret part, hex: what is stored. */
  secretHash: string;
}

function base62(length: number): string {
  let out = '';
  while (out.length < length) {
    // Rejection sampling: bytes 248-255 would favour the first characters.
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += BASE62[b % 62];
    }
  }
  return out;
}

export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A new key: its mode, a random prefix and 32 random bytes of secret. */
export function generateApiKey(mode: ApiKeyMode): NewApiKeySecret {
  const prefix = base62(PREFIX_LENGTH);
  const secret = randomBytes(32).toString('base64url');
  return { key: `lp_${mode}_${prefix}_${secret}`, prefix, secretHash: hashApiKeySecret(secret) };
}

/** What the Authorization header says, before anything is looked up. */
export type BearerHeader =
  | { kind: 'none' }
  /** Not `Bearer <a well-formed key>`: a wrong scheme, an empty or malformed token. */
  | { kind: 'malformed'; isBearer: boolean }
  | { kind: 'key'; mode: ApiKeyMode; prefix: string; secret: string };

export function readBearer(header: string | string[] | undefined): BearerHeader {
  if (header === undefined) return { kind: 'none' };
  if (typeof header !== 'string') return { kind: 'malformed', isBearer: true };
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) return { kind: 'malformed', isBearer: /^bearer\b/i.test(header) };
  const key = API_KEY_PATTERN.exec(match[1]!);
  if (!key) return { kind: 'malformed', isBearer: true };
  return { kind: 'key', mode: key[1] as ApiKeyMode, prefix: key[2]!, secret: key[3]! };
}

/** A key with the member it acts as (the columns a session reads), as one query finds it. */
export type KeyActorRow = MemberRow & {
  key_id: ApiKeyRow['id'];
  key_name: ApiKeyRow['name'];
  key_account_id: ApiKeyRow['account_id'];
  secret_hash: ApiKeyRow['secret_hash'];
  key_permissions: ApiKeyRow['permissions'];
  key_mode: ApiKeyRow['mode'];
  last_used_at: ApiKeyRow['last_used_at'];
};

/**
 * The key of this prefix and secret, still in force (not revoked, not expired), with its creator;
 * null otherwise. Read from the database on every request, so a revocation holds at once on every
 * process. The mode must match the one the key was made with.
 */
export async function findApiKey(
  pool: pg.Pool,
  given: { mode: ApiKeyMode; prefix: string; secret: string },
): Promise<KeyActorRow | null> {
  const { rows } = await pool.query<KeyActorRow>({
    name: 'find-api-key',
    text: `select k.id as key_id, k.name as key_name, k.account_id as key_account_id, k.secret_hash,
                  k.permissions as key_permissions, k.mode as key_mode, k.last_used_at,
                  ${MEMBER_COLUMNS}
             from api_keys k
             join users u on u.id = k.created_by
             ${MEMBER_JOINS}
            where k.prefix = $1 and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())`,
    values: [given.prefix],
  });
  const row = rows[0];
  if (!row || row.key_mode !== given.mode) return null;
  const expected = Buffer.from(row.secret_hash, 'hex');
  const actual = Buffer.from(hashApiKeySecret(given.secret), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return row;
}

/** Notes the key's use, at most once a minute (the row's own last_used_at decides, so every process agrees). */
export async function touchApiKey(pool: pg.Pool, row: Pick<KeyActorRow, 'key_id' | 'last_used_at'>): Promise<void> {
  if (row.last_used_at && Date.now() - row.last_used_at.getTime() < LAST_USED_EVERY_MS) return;
  await pool.query(
    `update api_keys set last_used_at = now()
      where id = $1 and (last_used_at is null or last_used_at < now() - make_interval(secs => $2))`,
    [row.key_id, LAST_USED_EVERY_MS / 1000],
  );
}
