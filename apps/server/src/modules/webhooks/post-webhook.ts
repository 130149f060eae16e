import http from 'node:http';
import https from 'node:https';
import { BlockedAddressError, guardedLookup, refusalAtSend, type UrlPolicy } from './endpoint-url.js';

export interface PostOutcome {
  /** The response's status code; null when none came. */
  statusCode: number | null;
  /** Why no response came (refused, timed out, connection error), readable by a person. */
  error: string | null;
  durationMs: number;
}

/**
 * POSTs a webhook: no redirect followed (a 3xx is a failure, and cannot lead inside), the response
 * body never read, the whole exchange bounded by `timeoutMs`. In production the connection's own
 * lookup refuses internal addresses (endpoint-url.ts).
 */
export function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; policy: UrlPolicy },
): Promise<PostOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const refused = refusalAtSend(url, options.policy);
  if (refused) return Promise.resolve({ statusCode: null, error: refused, durationMs: 0 });
  return new Promise((resolve) => {
    let settled = false;
    const done = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      resolve({ statusCode, error, durationMs: took() });
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      agent: false,
      signal: AbortSignal.timeout(options.timeoutMs),
      ...(options.policy.production ? { lookup: guardedLookup } : {}),
    });
    request.on('response', (response) => {
      done(response.statusCode ?? null, null);
      response.destroy();
    });
    request.on('error', (error) => done(null, describeError(error, options.timeoutMs)));
    request.end(body);
  });
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof BlockedAddressError) return error.message;
  const e = error as NodeJS.ErrnoException & { cause?: unknown };
  if (e.cause instanceof BlockedAddressError) return e.cause.message;
  if (e.name === 'AbortError' || e.name === 'TimeoutError' || e.code === 'ABORT_ERR')
    return `No answer within ${Math.round(timeoutMs / 1000)} s.`;
  const known: Record<string, string> = {
    ECONNREFUSED: 'The connection was refused.',
    ECONNRESET: 'The connection was closed before an answer.',
    ENOTFOUND: 'The host name does not exist.',
    EAI_AGAIN: 'The host name could not be resolved.',
    EHOSTUNREACH: 'The host cannot be reached.',
    ENETUNREACH: 'The network cannot be reached.',
    ETIMEDOUT: 'The connection timed out.',
    CERT_HAS_EXPIRED: "The endpoint's TLS certificate has expired.",
    DEPTH_ZERO_SELF_SIGNED_CERT: "The endpoint's TLS certificate is self-signed.",
    ERR_TLS_CERT_ALTNAME_INVALID: "The endpoint's TLS certificate is not for this host.",
  };
  return (e.code && known[e.code]) ?? `The request failed (${e.code ?? 'no answer'}).`;
}
