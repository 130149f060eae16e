import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { AccountCache } from './account-cache.js';
import { EventHub, type LiveEvent, publish } from './events.js';

const quiet = { warn() {} };
const refresh = (accountId: string, entities: string[]): LiveEvent => ({
  accountId,
  message: { type: 'refresh', entities },
});
const noDatabase = { query: async () => ({ rows: [] }) } as unknown as pg.Pool;

describe('AccountCache', () => {
  it('keeps an answer per company and key until a refresh of its entities for that company', async () => {
    const hub = new EventHub(noDatabase, quiet);
    const cache = new AccountCache<number>(hub, ['letters']);
    const compute = vi.fn(async () => compute.mock.calls.length);
    expect(await cache.get('a', 'k', compute)).toBe(1);
    expect(await cache.get('a', 'k', compute)).toBe(1);
    expect(await cache.get('b', 'k', compute)).toBe(2);
    hub.dispatch(refresh('a', ['users'])); // another entity: kept
    expect(await cache.get('a', 'k', compute)).toBe(1);
    hub.dispatch(refresh('a', ['letters']));
    expect(await cache.get('a', 'k', compute)).toBe(3);
    expect(await cache.get('b', 'k', compute)).toBe(2); // the other company's answer stays
    cache.close();
  });

  it('does not keep an answer computed while a change arrived', async () => {
    const hub = new EventHub(noDatabase, quiet);
    const cache = new AccountCache<string>(hub, ['letters']);
    const first = await cache.get('a', 'k', async () => {
      hub.dispatch(refresh('a', ['letters']));
      return 'old';
    });
    expect(first).toBe('old');
    expect(await cache.get('a', 'k', async () => 'new')).toBe('new');
    cache.close();
  });

  it("computes afresh while this process's own change settles, then keeps again", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const hub = new EventHub(noDatabase, quiet);
      const cache = new AccountCache<number>(hub, ['letters']);
      let n = 0;
      const compute = async () => ++n;
      expect(await cache.get('a', 'k', compute)).toBe(1);
      await publish(noDatabase, refresh('a', ['letters'])); // before the commit's notification returns
      expect(await cache.get('a', 'k', compute)).toBe(2);
      expect(await cache.get('a', 'k', compute)).toBe(3);
      vi.advanceTimersByTime(2_500);
      expect(await cache.get('a', 'k', compute)).toBe(4);
      expect(await cache.get('a', 'k', compute)).toBe(4);
      vi.advanceTimersByTime(31_000); // the time bound
      expect(await cache.get('a', 'k', compute)).toBe(5);
      cache.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
