import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimit } from './registry.js';

/**
 * How the integration clients reach a provider: `fetch` (or the product's own pipeline for the
 * sandbox), within the provider's rate limit, waiting as long as a 429's Retry-After asks, and with
 * the failure told as one of a few kinds the product acts on.
 */

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export type ProviderErrorKind =
  /** The token was refused (expired or revoked): refresh, or reconnect. */
  | 'unauthorized'
  /** The record (or tenant) is not there for this connection. */
  | 'not_found'
  /** Still limited after waiting as long as we would. */
  | 'rate_limited'
  /** Down, unreachable, too slow, or a 5xx. */
  | 'unavailable'
  /** Any other refusal, or an answer that is not what the documentation says. */
  | 'refused';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status: number | null = null,
    /** The provider's error body (its documented error shape), for a caller that tells refusals apart. */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

/**
 * A provider's limit for one connection: at most `perMinute` calls started in any 60 seconds and
 * `concurrent` in flight. Callers wait their turn rather than being refused; the provider's own
 * 429 still governs when several processes share a connection.
 */
export class RateLimiter {
  private readonly started: number[] = [];
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  /** Until when the provider asked us to wait (a 429's Retry-After). */
  private pausedUntil = 0;

  constructor(
    private readonly limit: RateLimit,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  pause(ms: number) {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.inFlight -= 1;
      this.waiting.shift()?.();
    }
  }

  private async acquire() {
    for (;;) {
      if (this.inFlight >= this.limit.concurrent) {
        await new Promise<void>((resolve) => this.waiting.push(resolve));
        continue;
      }
      const now = this.now();
      while (this.started.length > 0 && this.started[0]! <= now - this.windowMs) this.started.shift();
      const wait = Math.max(
        this.pausedUntil - now,
        this.started.length >= this.limit.perMinute ? this.started[0]! + this.windowMs - now : 0,
      );
      if (wait > 0) {
        await sleep(wait);
        continue;
      }
      this.started.push(now);
      this.inFlight += 1;
      return;
    }
  }
}

/** Seconds or an HTTP date, as Retry-After says; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const s = header.trim();
  if (/^\d+$/.test(s)) return Number(s) * 1000;
  const at = Date.parse(s);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  headers?: Record<string, string>;
  /** Text (JSON, forms) or bytes (a file's content). */
  body?: string | Uint8Array;
  /** The longest Retry-After we wait out; a longer one fails as rate_limited. */
  maxRetryWaitMs?: number;
  /** Tries in all (429 and 5xx are tried again). */
  attempts?: number;
  timeoutMs?: number;
}

/** What a provider answered: its status and body (JSON parsed when it is JSON). */
export interface ProviderAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * Calls a provider within its limit. 429: waits Retry-After (or a second, doubling) and tries again;
 * 5xx and network failures: tried again after a short wait; 401, 403, 404 and other 4xx are told
 * as their kind at once. Never logs or returns the request's headers (they carry the token).
 */
export async function callProvider(
  fetchFn: Fetch,
  limiter: RateLimiter,
  url: string,
  opts: CallOptions = {},
  describe = 'The provider',
): Promise<ProviderAnswer> {
  const attempts = opts.attempts ?? 4;
  const maxWait = opts.maxRetryWaitMs ?? 60_000;
  let lastError: ProviderError | null = null;
  for (let attempt = 0; attempt < attempts; attempt++) {
    let res: Response;
    try {
      res = await limiter.run(() =>
        fetchFn(url, {
          method: opts.method ?? 'GET',
          headers: { accept: 'application/json', ...opts.headers },
          ...(opts.body !== undefined ? { body: opts.body as NonNullable<RequestInit['body']> } : {}),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
        }),
      );
    } catch {
      lastError = new ProviderError('unavailable', `${describe} did not answer.`);
      await sleep(250 * 2 ** attempt);
      continue;
    }
    const text = await res.text().catch(() => '');
    let body: unknown = text;
    if (text && /json/i.test(res.headers.get('content-type') ?? '')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (res.status === 429) {
      const wait = retryAfterMs(res.headers.get('retry-after')) ?? 1000 * 2 ** attempt;
      lastError = new ProviderError('rate_limited', `${describe} asked us to slow down.`, 429);
      if (wait > maxWait) throw lastError;
      limiter.pause(wait);
      continue;
    }
    if (res.status >= 500) {
      lastError = new ProviderError('unavailable', `${describe} answered ${res.status}.`, res.status);
      const wait = retryAfterMs(res.headers.get('retry-after')) ?? 250 * 2 ** attempt;
      if (wait > maxWait) throw lastError;
      await sleep(wait);
      continue;
    }
    if (res.status === 401) throw new ProviderError('unauthorized', `${describe} refused the access token.`, 401);
    if (res.status === 403) throw new ProviderError('unauthorized', `${describe} refused access.`, 403);
    if (res.status === 404) throw new ProviderError('not_found', `${describe} has no such record.`, 404);
    if (res.status >= 400)
      throw new ProviderError('refused', `${describe} refused the request (${res.status}).`, res.status, body);
    return { status: res.status, body, headers: res.headers };
  }
  throw lastError ?? new ProviderError('unavailable', `${describe} did not answer.`);
}
