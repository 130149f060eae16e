import { fold } from './articles';

/**
 * Where the search terms occur in `text` ([start, end) in the original string, merged and in
 * order), comparing without case or accents: "cafe" marks "Café".
 */
export function matchRanges(text: string, terms: readonly string[]): Array<[number, number]> {
  if (terms.length === 0 || !text) return [];
  // Folded text with, for each of its code units, the index of the original character it came from.
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const f = fold(ch);
    for (let k = 0; k < f.length; k++) origin.push(i);
    folded += f;
    i += ch.length;
  }
  origin.push(text.length);
  const ranges: Array<[number, number]> = [];
  for (const term of terms) {
    if (!term) continue;
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + term.length)) {
      ranges.push([origin[at]!, origin[at + term.length]!]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}
