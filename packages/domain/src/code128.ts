/**
 * Code 128 (ISO/IEC 15417), the linear barcode carriers print their tracking numbers in. Subset B
 * encodes printable ASCII; an all-digit text of even length uses subset C instead (two digits a
 * symbol, so a DPD 14-digit number is half as wide). Each symbol is three bars and three spaces
 * summing to 11 modules; the stop symbol has a fourth bar (13 modules). The check symbol is the
 * start value plus each data value times its position, modulo 103.
 */

/** The 107 symbols' element widths, bar first (index = symbol value; 103-105 the starts, 106 the stop). */
// biome-ignore format: the table reads as the standard prints it
export const CODE128_PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

export const CODE128_START_B = 104;
export const CODE128_START_C = 105;
export const CODE128_STOP = 106;

/** Whether Code 128 can carry the text (printable ASCII, 1 to 80 characters). */
export function canEncodeCode128(text: string): boolean {
  return text.length > 0 && text.length <= 80 && /^[\x20-\x7e]+$/.test(text);
}

/** The check symbol: (start + Σ position × value) mod 103, positions counted from 1. */
export function code128Checksum(start: number, data: readonly number[]): number {
  let sum = start;
  for (let i = 0; i < data.length; i++) sum += (i + 1) * data[i]!;
  return sum % 103;
}

/** The symbol values to print for the text: start, data, check, stop (subset C for even all-digit texts). */
export function code128Values(text: string): number[] {
  if (!canEncodeCode128(text)) throw new RangeError(`Code 128 cannot encode "${text}"`);
  const subsetC = /^\d+$/.test(text) && text.length % 2 === 0;
  const start = subsetC ? CODE128_START_C : CODE128_START_B;
  const data: number[] = [];
  if (subsetC) for (let i = 0; i < text.length; i += 2) data.push(Number(text.slice(i, i + 2)));
  else for (const ch of text) data.push(ch.charCodeAt(0) - 32);
  return [start, ...data, code128Checksum(start, data), CODE128_STOP];
}

/** The element widths in modules, bar first and alternating (no quiet zones: leave 10 modules each side). */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((v) => [...CODE128_PATTERNS[v]!].map(Number));
}
