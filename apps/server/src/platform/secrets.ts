import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (decision 0021, "Tokens"): AES-256-GCM with a fresh 12-byte IV for every seal,
 * the key's id in front so keys can rotate: `k1.<iv>.<tag>.<data>`, each part base64url. The first
 * key of the ring seals; every key of the ring opens. Optional associated data binds a sealed value
 * to where it is kept (a connection's company and provider), so a value copied elsewhere does not open.
 */

export interface SecretKey {
  id: string;
  key: Buffer;
}

/** The keys: `sealing` seals, every key of `keys` (sealing among them) opens. */
export interface KeyRing {
  sealing: SecretKey;
  keys: ReadonlyMap<string, Buffer>;
}

export class SecretError extends Error {}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
/** The id of the key derived from AUTH_SECRET (used when INTEGRATION_KEYS is unset, and always able to open). */
export const DERIVED_KEY_ID = 'auth';

/**
 * Parses `k1:<base64 32 bytes>,k2:...` (INTEGRATION_KEYS); throws with the problem, never a key.
 * Standard and URL-safe base64 are both read.
 */
export function parseKeyList(spec: string): SecretKey[] {
  const keys: SecretKey[] = [];
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const colon = part.indexOf(':');
    const id = colon > 0 ? part.slice(0, colon) : '';
    if (!KEY_ID.test(id))
      throw new SecretError('each key is <id>:<base64 of 32 bytes>, the id letters, digits, - or _');
    if (id === DERIVED_KEY_ID) throw new SecretError(`the key id "${DERIVED_KEY_ID}" is reserved`);
    // Node's base64 reader takes the URL-safe alphabet too.
    const key = Buffer.from(part.slice(colon + 1), 'base64');
    if (key.length !== 32) throw new SecretError(`key ${id} is not 32 bytes`);
    if (keys.some((k) => k.id === id)) throw new SecretError(`key ${id} is listed twice`);
    keys.push({ id, key });
  }
  if (keys.length === 0) throw new SecretError('no key listed');
  return keys;
}

/** The key derived from AUTH_SECRET (HKDF-SHA256), for installations that set no INTEGRATION_KEYS. */
export function derivedKey(authSecret: string): SecretKey {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'letterpost', 'integration-tokens v1', 32));
  return { id: DERIVED_KEY_ID, key };
}

/**
 * The ring: the listed keys (the first seals) or, with none, the key derived from AUTH_SECRET. The
 * derived key always opens, so values sealed before INTEGRATION_KEYS was set still open after.
 */
export function keyRing(listed: readonly SecretKey[], authSecret: string): KeyRing {
  const derived = derivedKey(authSecret);
  const sealing = listed[0] ?? derived;
  const keys = new Map<string, Buffer>([[derived.id, derived.key]]);
  for (const k of listed) keys.set(k.id, k.key);
  return { sealing, keys };
}

const b64 = (b: Buffer) => b.toString('base64url');

/** Seals a text; `aad` (if any) must be given again to open it. */
export function seal(ring: KeyRing, plaintext: string, aad = ''): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.sealing.key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [ring.sealing.id, b64(iv), b64(cipher.getAuthTag()), b64(data)].join('.');
}

/** Opens a sealed text; throws SecretError when the key is unknown or anything was changed. */
export function open(ring: KeyRing, sealed: string, aad = ''): string {
  const parts = sealed.split('.');
  if (parts.length !== 4) throw new SecretError('not a sealed value');
  const [id, iv, tag, data] = parts as [string, string, string, string];
  const key = ring.keys.get(id);
  if (!key) throw new SecretError(`sealed with key ${id}, which is not configured`);
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== 12 || tagBytes.length !== 16) throw new SecretError('not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, ivBytes);
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretError('the sealed value was changed or belongs elsewhere');
  }
}

/** The id of the key a value was sealed with (to re-seal values of a retired key). */
export function sealedKeyId(sealed: string): string | null {
  const id = sealed.split('.')[0];
  return id && KEY_ID.test(id) ? id : null;
}
