import { formatDisplayDate } from '../../lib/dates';
import type { DataTableParams } from './types';

/**
 * The list query string of the API contract: `page` (0-based), `limit` (a number or `all`),
 * `search`, `tab`, and one `filter.<column>=<value>` per active filter value.
 */
export function listSearchParams(params: DataTableParams): URLSearchParams {
  const q = new URLSearchParams();
  q.set('page', String(params.page));
  q.set('limit', String(params.limit));
  if (params.search) q.set('search', params.search);
  if (params.tab) q.set('tab', params.tab);
  for (const [key, values] of Object.entries(params.filters)) {
    for (const value of values) q.append(`filter.${key}`, value);
  }
  return q;
}

/** `path?query` for a list call. */
export function listUrl(path: string, params: DataTableParams): string {
  return `${path}?${listSearchParams(params).toString()}`;
}

/** An open end of a date range. */
const OPEN = '..';

/**
 * A date filter's value: an ISO 8601 time interval "start/end" in UTC, ".." for an open end
 * (2026-11-01T00:00:00.000Z/.. is "from the 1st of November on"). Null when both ends are empty.
 */
export function encodeDateRange(from: Date | null, to: Date | null): string | null {
  if (!from && !to) return null;
  return `${from ? from.toISOString() : OPEN}/${to ? to.toISOString() : OPEN}`;
}

/** The two ends of a date filter's value (null for an open or unreadable end). */
export function decodeDateRange(value: string): { from: Date | null; to: Date | null } {
  const [a = OPEN, b = OPEN] = value.split('/');
  const read = (s: string) => {
    if (s === OPEN || !s) return null;
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? null : d;
  };
  return { from: read(a), to: read(b) };
}

/** A date filter's value for people: "from 01.11.26 | 12:00 AM to 30.11.26 | 11:59 PM". */
export function describeDateRange(value: string): string {
  const { from, to } = decodeDateRange(value);
  if (from && to) return `${formatDisplayDate(from)} - ${formatDisplayDate(to)}`;
  if (from) return `from ${formatDisplayDate(from)}`;
  if (to) return `until ${formatDisplayDate(to)}`;
  return value;
}
