import { isUkPostcodeFormat, normalisePostcode } from '@lp/domain';
import { ProviderError } from './http.js';

/** Helpers the clients share to read providers' answers into our shapes. */

/** Pence of an amount in pounds, as a number or a decimal string (1.005 is 101: no binary drift). */
export function toPence(amount: unknown): number {
  const n = typeof amount === 'number' ? amount : Number(String(amount ?? '0').trim() || '0');
  if (!Number.isFinite(n)) return 0;
  return Math.round(Number((n * 100).toFixed(6)));
}

export function toNumber(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  return Number.isFinite(n) ? n : fallback;
}

/** A trimmed text, or null for nothing. */
export function text(value: unknown, max = 500): string | null {
  if (typeof value !== 'string') return null;
  const t = value.replace(/\s+/g, ' ').trim();
  return t ? t.slice(0, max) : null;
}

const UK_NAMES = new Set([
  '',
  'GB',
  'GBR',
  'UK',
  'UNITED KINGDOM',
  'GREAT BRITAIN',
  'ENGLAND',
  'SCOTLAND',
  'WALES',
  'NORTHERN IRELAND',
]);

/**
 * An address as customers keep it: lines (at most 6, each at most 200 characters) and a UK
 * postcode (normalised) apart. A postcode that is not a UK one stays among the lines, and so does a
 * country other than the UK.
 */
export function addressOf(
  parts: readonly unknown[],
  postcode: unknown,
  country: unknown = '',
): { addressLines: string[]; postcode: string | null } {
  const lines: string[] = [];
  for (const p of parts) {
    const t = text(p, 200);
    if (t && !lines.some((l) => l.toLowerCase() === t.toLowerCase())) lines.push(t);
  }
  const pc = text(postcode, 20);
  let uk: string | null = null;
  if (pc && isUkPostcodeFormat(pc)) uk = normalisePostcode(pc);
  else if (pc) lines.push(pc);
  const c = text(country, 100);
  if (c && !UK_NAMES.has(c.toUpperCase())) lines.push(c);
  return { addressLines: lines.slice(0, 6), postcode: uk };
}

/** An email address worth keeping (a customer's must be valid), lower-cased. */
export function emailOf(value: unknown): string | null {
  const t = text(value, 320);
  if (!t) return null;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t) ? t.toLowerCase() : null;
}

/** YYYY-MM-DD of an ISO date or date-time; Xero's "/Date(1518685950940+0000)/" too. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  const ms = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value);
  if (ms) return new Date(Number(ms[1])).toISOString().slice(0, 10);
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return m ? m[1]! : null;
}

/** The object a provider answered, or a refusal naming what was wrong (the answer is not as documented). */
export function objectOf(body: unknown, provider: string): Record<string, unknown> {
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  throw new ProviderError('refused', `${provider} answered in a shape we do not know.`);
}

export function arrayOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object') : [];
}

export function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Reads a JWT's payload without checking it (only to pick the tenant it was issued for; the provider checks it). */
export function jwtClaims(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) return {};
  try {
    return record(JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
  } catch {
    return {};
  }
}
