import { describe, expect, it } from 'vitest';
import { windowLines } from '../../modules/integrations/invoice-pdf.js';
import { callProvider, ProviderError, RateLimiter, retryAfterMs } from './http.js';
import { addressOf, isoDate, toPence } from './mapping.js';

const answer = (status: number, body: unknown = {}, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('calling a provider', () => {
  it('waits out a 429 for as long as Retry-After says, then answers', async () => {
    const seen: number[] = [];
    const replies = [answer(429, {}, { 'retry-after': '1' }), answer(200, { ok: true })];
    const res = await callProvider(
      async () => {
        seen.push(Date.now());
        return replies.shift()!;
      },
      new RateLimiter({ perMinute: 100, concurrent: 2 }),
      'https://api.example/x',
    );
    expect(res.body).toEqual({ ok: true });
    expect(seen[1]! - seen[0]!).toBeGreaterThanOrEqual(990);
  });

  it('gives up at once when Retry-After is longer than it will wait', async () => {
    await expect(
      callProvider(
        async () => answer(429, {}, { 'retry-after': '3600' }),
        new RateLimiter({ perMinute: 9, concurrent: 1 }),
        'https://x',
        {
          maxRetryWaitMs: 5_000,
        },
      ),
    ).rejects.toMatchObject({ kind: 'rate_limited' });
  });

  it('tells refusals by kind and tries a 5xx again', async () => {
    const limiter = new RateLimiter({ perMinute: 100, concurrent: 4 });
    for (const [status, kind] of [
      [401, 'unauthorized'],
      [403, 'unauthorized'],
      [404, 'not_found'],
      [400, 'refused'],
    ] as const) {
      await expect(callProvider(async () => answer(status), limiter, 'https://x')).rejects.toMatchObject({ kind });
    }
    let calls = 0;
    const res = await callProvider(async () => (++calls === 1 ? answer(503) : answer(200, [1])), limiter, 'https://x');
    expect(res.body).toEqual([1]);
    expect(calls).toBe(2);
    const down = await callProvider(
      async () => {
        throw new TypeError('fetch failed');
      },
      limiter,
      'https://x',
      { attempts: 2 },
    ).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(ProviderError);
    expect((down as ProviderError).kind).toBe('unavailable');
  });

  it('keeps within a limit: no more than `concurrent` in flight, `perMinute` a window', async () => {
    const limiter = new RateLimiter({ perMinute: 5, concurrent: 2 }, 400);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, () =>
        limiter.run(async () => {
          started.push(Date.now());
          most = Math.max(most, ++inFlight);
          await new Promise((r) => setTimeout(r, 20));
          inFlight -= 1;
        }),
      ),
    );
    expect(most).toBeLessThanOrEqual(2);
    // The sixth call waited for the window to move on.
    expect(started[5]! - started[0]!).toBeGreaterThanOrEqual(380);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThan(3000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe('reading providers’ values', () => {
  it('turns amounts into pence without binary drift', () => {
    expect(toPence(1.005)).toBe(101);
    expect(toPence('1234.50')).toBe(123450);
    expect(toPence(0.1 + 0.2)).toBe(30);
    expect(toPence('not money')).toBe(0);
    expect(toPence(-12.345)).toBe(-1234);
  });

  it('reads ISO dates and Xero’s /Date(ms)/', () => {
    expect(isoDate('/Date(1518685950940+0000)/')).toBe('2018-02-15');
    expect(isoDate('2026-03-01T00:00:00')).toBe('2026-03-01');
    expect(isoDate('tomorrow')).toBeNull();
  });

  it('keeps a UK postcode apart and a foreign one (and country) among the lines', () => {
    expect(addressOf(['1 High St', '', '  ', 'Leeds'], 'ls15hd', 'United Kingdom')).toEqual({
      addressLines: ['1 High St', 'Leeds'],
      postcode: 'LS1 5HD',
    });
    expect(addressOf(['12 Rue de Rivoli', 'Paris'], '75001', 'France')).toEqual({
      addressLines: ['12 Rue de Rivoli', 'Paris', '75001', 'France'],
      postcode: null,
    });
  });

  it('fits an invoice’s recipient into seven lines for the window', () => {
    expect(windowLines({ name: 'A', addressLines: ['1', '2', '3', '4', '5', '6'], postcode: 'LS1 5HD' })).toEqual([
      'A',
      '1',
      '2',
      '3',
      '4',
      '5, 6',
      'LS1 5HD',
    ]);
    expect(windowLines({ name: 'A', addressLines: ['1'], postcode: null })).toEqual(['A', '1']);
  });
});
