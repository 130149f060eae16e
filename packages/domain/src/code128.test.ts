import { describe, expect, it } from 'vitest';
import {
  CODE128_PATTERNS,
  CODE128_START_B,
  CODE128_START_C,
  CODE128_STOP,
  canEncodeCode128,
  code128Checksum,
  code128Values,
  code128Widths,
} from './code128.js';

/** Reads widths back into symbol values (what a scanner does once it has measured the bars). */
function decode(widths: number[]): number[] {
  const values: number[] = [];
  let i = 0;
  while (i < widths.length) {
    const stop = CODE128_PATTERNS[CODE128_STOP]!;
    if (widths.slice(i, i + 7).join('') === stop) {
      values.push(CODE128_STOP);
      i += 7;
      continue;
    }
    const v = CODE128_PATTERNS.indexOf(widths.slice(i, i + 6).join(''));
    if (v < 0) throw new Error(`no symbol at ${i}`);
    values.push(v);
    i += 6;
  }
  return values;
}

describe('Code 128', () => {
  it('has 107 distinct symbols of 11 modules (the stop 13), three bars each', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((p, v) => {
      const widths = [...p].map(Number);
      expect(widths.reduce((a, b) => a + b, 0)).toBe(v === CODE128_STOP ? 13 : 11);
      // bars are the even positions; their total is even in every symbol (the parity check scanners use)
      expect(widths.filter((_, k) => k % 2 === 0).reduce((a, b) => a + b, 0) % 2).toBe(0);
    });
  });

  it('computes the check symbol as start + Σ position × value mod 103', () => {
    // "RM": R = 50, M = 45 -> 104 + 1×50 + 2×45 = 244; 244 mod 103 = 38
    expect(code128Checksum(CODE128_START_B, [50, 45])).toBe(38);
    expect(code128Values('RM')).toEqual([CODE128_START_B, 50, 45, 38, CODE128_STOP]);
    // the sum wraps: 103 is 0
    expect(code128Checksum(0, [103])).toBe(0);
  });

  it('encodes a Royal Mail tracking number in subset B and reads back', () => {
    const values = code128Values('RM123456785GB');
    expect(values[0]).toBe(CODE128_START_B);
    expect(values.at(-1)).toBe(CODE128_STOP);
    expect(
      values
        .slice(1, -2)
        .map((v) => String.fromCharCode(v + 32))
        .join(''),
    ).toBe('RM123456785GB');
    const widths = code128Widths('RM123456785GB');
    expect(decode(widths)).toEqual(values);
    // start + 13 characters + check = 15 symbols of 11 modules, and the 13-module stop
    expect(widths.reduce((a, b) => a + b, 0)).toBe(15 * 11 + 13);
    expect(widths.length % 2).toBe(1); // ends on a bar
  });

  it('encodes an even all-digit number (DPD) in subset C, two digits a symbol', () => {
    const values = code128Values('15501234567890');
    expect(values[0]).toBe(CODE128_START_C);
    expect(values.slice(1, 8)).toEqual([15, 50, 12, 34, 56, 78, 90]);
    const data = values.slice(1, -2);
    expect(values.at(-2)).toBe(code128Checksum(CODE128_START_C, data));
    // an odd number of digits stays in subset B
    expect(code128Values('123')[0]).toBe(CODE128_START_B);
  });

  it('refuses what it cannot encode', () => {
    expect(canEncodeCode128('')).toBe(false);
    expect(canEncodeCode128('Łukasz')).toBe(false);
    expect(canEncodeCode128('x'.repeat(81))).toBe(false);
    expect(() => code128Values('é')).toThrow(RangeError);
  });
});
