import { describe, expect, it } from 'vitest';
import { rm4scc, rm4sccCheck } from './barcode.js';

describe('RM4SCC', () => {
  it('encodes each character as four bars with two ascenders and two descenders', () => {
    const b = rm4scc('SN34RD', '1A');
    // Start bar, 8 characters plus the check character, stop bar.
    expect(b).toHaveLength(1 + 9 * 4 + 1);
    expect(b[0]).toBe('A');
    expect(b.at(-1)).toBe('F');
    for (let i = 1; i < b.length - 1; i += 4) {
      const group = b.slice(i, i + 4);
      expect(group.filter((x) => x === 'A' || x === 'F')).toHaveLength(2);
      expect(group.filter((x) => x === 'D' || x === 'F')).toHaveLength(2);
    }
  });

  it('encodes 0 as TTFF and Z as FFTT (row 1 col 1, row 6 col 6)', () => {
    expect(rm4scc('0', '').slice(1, 5)).toEqual(['T', 'T', 'F', 'F']);
    expect(rm4scc('Z', '').slice(1, 5)).toEqual(['F', 'F', 'T', 'T']);
  });

  it('computes the check character from row and column sums modulo 6', () => {
    // 1 = row 1 col 2, 2 = row 1 col 3: rows 2, cols 5, so row 2 col 5 = A.
    expect(rm4sccCheck('12')).toBe('A');
    // Sums that are multiples of 6 count as 6: Z Z = rows 12, cols 12 -> row 6 col 6 = Z.
    expect(rm4sccCheck('ZZ')).toBe('Z');
  });

  it('ignores spaces and case, and refuses what it cannot encode', () => {
    expect(rm4scc('sw1a 1aa')).toEqual(rm4scc('SW1A1AA'));
    expect(() => rm4scc('SW1A-1AA')).toThrow(RangeError);
  });
});
