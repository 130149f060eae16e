/**
 * Royal Mail's 4-State Customer Code (RM4SCC), the postal barcode of the print proof: the postcode
 * and the delivery point suffix, each character as four bars, then a check character. A bar is a
 * tracker (T), or has an ascender (A), a descender (D) or both (F, full). Mailmark, which printers
 * use today, is a 2D code in the same clear zone; the proof shows where it goes with this one.
 */

export type Bar = 'T' | 'A' | 'D' | 'F';

const TABLE = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Which two of the four bars carry the extender, for the values 1 to 6. */
const PATTERNS = ['', '0011', '0101', '0110', '1001', '1010', '1100'];

function rowCol(ch: string): [number, number] {
  const i = TABLE.indexOf(ch);
  if (i < 0) throw new RangeError(`RM4SCC cannot encode "${ch}"`);
  return [Math.floor(i / 6) + 1, (i % 6) + 1];
}

function bars(row: number, col: number): Bar[] {
  const up = PATTERNS[row]!;
  const down = PATTERNS[col]!;
  return [0, 1, 2, 3].map((k) => {
    const a = up[k] === '1';
    const d = down[k] === '1';
    return a && d ? 'F' : a ? 'A' : d ? 'D' : 'T';
  });
}

/** The check character: the sums of the rows and of the columns, each modulo 6 (0 counts as 6). */
export function rm4sccCheck(text: string): string {
  let rows = 0;
  let cols = 0;
  for (const ch of text) {
    const [r, c] = rowCol(ch);
    rows += r;
    cols += c;
  }
  const r = rows % 6 || 6;
  const c = cols % 6 || 6;
  return TABLE[(r - 1) * 6 + (c - 1)]!;
}

/** The bars of a postcode (spaces ignored) and its delivery point suffix (Royal Mail's default 9Z). */
export function rm4scc(postcode: string, dps = '9Z'): Bar[] {
  const text = `${postcode}${dps}`.replace(/\s+/g, '').toUpperCase();
  const out: Bar[] = ['A'];
  for (const ch of text + rm4sccCheck(text)) out.push(...bars(...rowCol(ch)));
  out.push('F');
  return out;
}
