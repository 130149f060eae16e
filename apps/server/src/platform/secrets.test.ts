import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { DERIVED_KEY_ID, keyRing, open, parseKeyList, SecretError, seal, sealedKeyId } from './secrets.js';

const key = () => randomBytes(32).toString('base64');
const AUTH = 'a'.repeat(43);

describe('sealed secrets (AES-256-GCM)', () => {
  it('opens what it sealed, with the key id in front', () => {
    const ring = keyRing(parseKeyList(`k1:${key()}`), AUTH);
    const sealed = seal(ring, 'refresh-token-é', 'integrations:acc:xero');
    expect(sealed.startsWith('k1.')).toBe(true);
    expect(sealed).not.toContain('refresh-token');
    expect(open(ring, sealed, 'integrations:acc:xero')).toBe('refresh-token-é');
    expect(sealedKeyId(sealed)).toBe('k1');
  });

  it('uses a fresh IV each time: the same text never seals the same way', () => {
    const ring = keyRing([], AUTH);
    const a = seal(ring, 'same');
    const b = seal(ring, 'same');
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
    expect(Buffer.from(a.split('.')[1]!, 'base64url')).toHaveLength(12);
  });

  it('refuses a changed value, another place (associated data) and an unknown key', () => {
    const ring = keyRing(parseKeyList(`k1:${key()}`), AUTH);
    const sealed = seal(ring, 'secret', 'place-a');
    const [id, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => open(ring, [id, iv, tag, flipped.toString('base64url')].join('.'), 'place-a')).toThrow(SecretError);
    const badTag = Buffer.from(tag, 'base64url');
    badTag[3] = badTag[3]! ^ 0x80;
    expect(() => open(ring, [id, iv, badTag.toString('base64url'), data].join('.'), 'place-a')).toThrow(SecretError);
    expect(() => open(ring, sealed, 'place-b')).toThrow(SecretError);
    expect(() => open(ring, `k9.${iv}.${tag}.${data}`, 'place-a')).toThrow(/k9/);
    expect(() => open(ring, 'not sealed', 'place-a')).toThrow(SecretError);
    const other = keyRing(parseKeyList(`k1:${key()}`), AUTH);
    expect(() => open(other, sealed, 'place-a')).toThrow(SecretError);
  });

  it('rotates: sealed with k1, opened after k2 is put first; new values are sealed with k2', () => {
    const k1 = key();
    const k2 = key();
    const before = keyRing(parseKeyList(`k1:${k1}`), AUTH);
    const old = seal(before, 'token');
    const after = keyRing(parseKeyList(`k2:${k2},k1:${k1}`), AUTH);
    expect(open(after, old)).toBe('token');
    expect(sealedKeyId(seal(after, 'token'))).toBe('k2');
    // Once k1 is dropped from the list, its values no longer open.
    expect(() => open(keyRing(parseKeyList(`k2:${k2}`), AUTH), old)).toThrow(/k1/);
  });

  it('derives a key from AUTH_SECRET when none is listed, and that key keeps opening after keys are set', () => {
    const derived = keyRing([], AUTH);
    const sealed = seal(derived, 'token');
    expect(sealedKeyId(sealed)).toBe(DERIVED_KEY_ID);
    expect(open(keyRing(parseKeyList(`k1:${key()}`), AUTH), sealed)).toBe('token');
    expect(() => open(keyRing([], 'b'.repeat(43)), sealed)).toThrow(SecretError);
  });

  it('reads INTEGRATION_KEYS in the configuration and refuses a bad list without printing a key', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/lp-secrets-test', AUTH_SECRET: AUTH } as const;
    const good = loadConfig({ ...base, INTEGRATION_KEYS: `k2:${key()}, k1:${key()}` });
    expect(good.integrationKeys.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(loadConfig(base).integrationKeys).toEqual([]);
    const short = Buffer.alloc(16, 7).toString('base64');
    expect(() => loadConfig({ ...base, INTEGRATION_KEYS: `k1:${short}` })).toThrow(
      /INTEGRATION_KEYS: key k1 is not 32 bytes/,
    );
    let message = '';
    try {
      loadConfig({ ...base, INTEGRATION_KEYS: `k1:${short}` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain(short);
    expect(() => loadConfig({ ...base, INTEGRATION_KEYS: `k1:${key()},k1:${key()}` })).toThrow(/twice/);
    expect(() => loadConfig({ ...base, INTEGRATION_KEYS: 'nonsense' })).toThrow(/INTEGRATION_KEYS/);
  });
});
