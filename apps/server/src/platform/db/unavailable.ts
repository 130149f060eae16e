/**
 * Recognises the errors that mean "the database cannot be reached right now" (stopped, restarting,
 * unreachable, the connection dropped), as opposed to a query's own fault. Routes answer them 503
 * (UNAVAILABLE) and the process survives them wherever they surface.
 */

/** Node socket errors met while connecting to, or talking with, the database server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);

/** PostgreSQL's own: shutting down, crashed, starting up or recovering, out of connections. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres says when a connection ends or cannot be had. */
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
];

function matches(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, syscall, message } = error as { code?: unknown; syscall?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || SERVER_CODES.has(code)) return true;
    // Class 08: connection exception.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    // The Unix socket of a stopped server is gone.
    if (code === 'ENOENT' && syscall === 'connect') return true;
  }
  return typeof message === 'string' && MESSAGES.some((m) => m.test(message));
}

/** True when `error` (or an error it wraps, as Drizzle and AggregateError do) is a lost database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (matches(e)) return true;
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    if (cause) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}
