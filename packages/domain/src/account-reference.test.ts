import { describe, expect, it } from 'vitest';
import {
  BANK_REFERENCE_MAX_LENGTH,
  findAccountReference,
  newAccountReference,
  parseAccountReference,
  REFERENCE_ALPHABET,
  referenceCheckCharacter,
} from './account-reference.js';

describe('account references (issue 27 item 1)', () => {
  it('are "LP-" and 11 unambiguous characters in groups, short enough for a UK bank payment', () => {
    for (let i = 0; i < 200; i++) {
      const ref = newAccountReference();
      expect(ref).toMatch(/^LP-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{3}$/);
      expect(ref.length).toBeLessThanOrEqual(BANK_REFERENCE_MAX_LENGTH);
      expect(parseAccountReference(ref)).toBe(ref);
    }
    expect(REFERENCE_ALPHABET).toHaveLength(32);
    expect(REFERENCE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('end with a Luhn mod 32 check character computed from the random ones', () => {
    const zeros = new Uint8Array(10);
    expect(newAccountReference(() => zeros)).toBe('LP-0000-0000-000');
    const bytes = Uint8Array.from([7, 19, 3, 20, 9, 23, 29, 13, 2, 24]); // 7 K 3 M 9 Q X D 2 R
    const ref = newAccountReference(() => bytes);
    expect(ref.slice(0, 15)).toBe('LP-7K3M-9QXD-2R');
    expect(ref.at(-1)).toBe(referenceCheckCharacter('7K3M9QXD2R'));
    // By hand, from the right: R(24)x2=48 -> 1+16, 2, D(13)x2=26, X=29, Q(23)x2=46 -> 1+14, 9, M(20)x2=40 -> 1+8,
    // 3, K(19)x2=38 -> 1+6, 7: sum 124, 124 mod 32 = 28, check 32-28 = 4.
    expect(referenceCheckCharacter('7K3M9QXD2R')).toBe('4');
  });

  it('reads what a person typed: any case, spaces, hyphens, no prefix, I/L as 1 and O as 0', () => {
    const ref = 'LP-7K3M-9QXD-2R4';
    expect(parseAccountReference('lp 7k3m 9qxd 2r4')).toBe(ref);
    expect(parseAccountReference('LP7K3M9QXD2R4')).toBe(ref);
    expect(parseAccountReference(' 7k3m-9qxd-2r4 ')).toBe(ref);
    expect(parseAccountReference('LP-0000-0000-000')).toBe('LP-0000-0000-000');
    expect(parseAccountReference('LP-OOOO-oooo-000')).toBe('LP-0000-0000-000');
  });

  it('catches a mistyped character and a swap of neighbours', () => {
    const ref = 'LP-7K3M-9QXD-2R4';
    const chars = '7K3M9QXD2R4';
    for (let i = 0; i < chars.length; i++) {
      for (const c of REFERENCE_ALPHABET) {
        if (c === chars[i]) continue;
        expect(parseAccountReference(`LP${chars.slice(0, i)}${c}${chars.slice(i + 1)}`)).toBeNull();
      }
      if (i + 1 < chars.length && chars[i] !== chars[i + 1]) {
        const swapped = chars.slice(0, i) + chars[i + 1] + chars[i] + chars.slice(i + 2);
        expect(parseAccountReference(swapped)).toBeNull();
      }
    }
    expect(parseAccountReference(ref.slice(0, -1))).toBeNull();
    expect(parseAccountReference('LP-7K3M-9QXD-2RU')).toBeNull();
    expect(parseAccountReference('')).toBeNull();
    expect(parseAccountReference('a3f1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b')).toBeNull();
    expect(parseAccountReference('x'.repeat(10_000))).toBeNull();
  });

  it('finds the reference inside a bank payment reference', () => {
    expect(findAccountReference('INV 4471 lp-7k3m 9qxd 2r4')).toBe('LP-7K3M-9QXD-2R4');
    expect(findAccountReference('Help LP7K3M9QXD2R4 Nov')).toBe('LP-7K3M-9QXD-2R4');
    expect(findAccountReference('LP-7K3M-9QXD-2R5')).toBeNull();
    expect(findAccountReference('Invoice 4471')).toBeNull();
  });
});
