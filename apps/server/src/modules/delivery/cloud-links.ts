import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { AccountRow, CloudLinkRow, LetterRow } from '../../platform/db/rows.js';

/**
 * Private links to a letter (the cloud link channel, emails sent as a link, text messages). The
 * token is 32 random bytes; the database keeps its SHA-256 to find it and a sealed copy
 * (AES-256-GCM under a key derived from the server's secret) so the sender can copy the link again.
 */

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const sealKey = (secret: string) => createHash('sha256').update(`cloud-link-seal:${secret}`).digest();

function seal(secret: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unseal(secret: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const cloudLinkUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/cloud#${token}`;

/** A token of the right shape (43 base64url characters); anything else is not looked up. */
export const isTokenShape = (token: unknown): token is string =>
  typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);

export async function createCloudLink(
  q: pg.ClientBase,
  c: { secret: string; publicUrl: string },
  link: { accountId: string; letterId: string; deliveryId: string | null; channel: string | null; days: number },
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + link.days * 86_400_000);
  await q.query(
    `insert into cloud_links (token_hash, account_id, letter_id, delivery_id, channel, token_sealed, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [hashToken(token), link.accountId, link.letterId, link.deliveryId, link.channel, seal(c.secret, token), expiresAt],
  );
  return { url: cloudLinkUrl(c.publicUrl, token), expiresAt };
}

export type OpenedLink = Pick<CloudLinkRow, 'account_id' | 'letter_id' | 'expires_at'> & {
  /** Set by the opening's update. */
  first_opened_at: NonNullable<CloudLinkRow['first_opened_at']>;
  name: LetterRow['name'];
  num_pages: number | null; // num_pages::int
  /** The file sent (options.fileKey) or the letter's. */
  blob_key: LetterRow['blob_key'];
  company_name: AccountRow['name'];
};

/**
 * The letter behind a live link, or null (unknown, expired, revoked, or the letter deleted): a
 * revoked link answers exactly as an unknown one. Opening it counts, and the first opening is the
 * sender's read receipt.
 */
export async function openCloudLink(pool: pg.Pool, token: string, count: boolean): Promise<OpenedLink | null> {
  if (!isTokenShape(token)) return null;
  const { rows } = await pool.query<OpenedLink>(
    `with link as (
       update cloud_links set first_opened_at = coalesce(first_opened_at, now()),
              open_count = open_count + case when $2 then 1 else 0 end
        where token_hash = $1 and expires_at > now() and revoked_at is null
        returning account_id, letter_id, delivery_id, expires_at, first_opened_at)
     select link.account_id, link.letter_id, l.name, l.num_pages::int as num_pages,
            coalesce(d.options->>'fileKey', l.blob_key) as blob_key, a.name as company_name,
            link.expires_at, link.first_opened_at
       from link join letters l on l.id = link.letter_id and not l.mark_for_deletion
       join accounts a on a.id = link.account_id
       left join letter_deliveries d on d.id = link.delivery_id`,
    [hashToken(token), count],
  );
  return rows[0] ?? null;
}
