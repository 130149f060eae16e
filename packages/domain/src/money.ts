/** Formats integer pence as pounds with two decimals (1234 -> "12.34"). */
export function penceToPounds(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError('pence must be a safe integer');
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Formats integer pence for display with the pound sign (1234 -> "£12.34"). */
export function formatPounds(pence: number): string {
  const text = penceToPounds(pence);
  return text.startsWith('-') ? `-£${text.slice(1)}` : `£${text}`;
}

/** Parses a pounds amount with at most two decimals into integer pence, or null when it is not one. */
export function poundsToPence(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const pence = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(pence)) return null;
  return m[1] === '-' ? -pence : pence;
}

/**
 * Parses a non-negative pounds amount into pence rounded to 2 decimals (half up, on the decimal
 * text, so no floating-point drift: "12.345" -> 1235), or null when it is not one.
 */
export function roundPoundsToPence(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const decimals = m[2] ?? '';
  const roundUp = Number(decimals[2] ?? 0) >= 5 ? 1 : 0;
  const pence = Number(m[1]) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0')) + roundUp;
  return Number.isSafeInteger(pence) ? pence : null;
}
