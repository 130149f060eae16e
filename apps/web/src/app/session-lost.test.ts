import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { notify } from '../lib/notify';
import { meQueryKey } from '../lib/session';
import { testMe } from '../test/me';
import { createAppQueryClient } from './app';

vi.mock('../lib/notify', () => ({ notify: vi.fn() }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(notify).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a lost session', () => {
  it('is one auth state change for a burst of 401s: one sign-out and one message, 200 ms after the last', async () => {
    const client = createAppQueryClient();
    client.setQueryData(meQueryKey, testMe());
    const unauthenticated = () =>
      Promise.reject(new ApiError(401, 'UNAUTHENTICATED', 'You need to sign in to continue.'));
    const observers = ['letters', 'parcels', 'notifications'].map(
      (key) => new QueryObserver(client, { queryKey: [key], queryFn: unauthenticated, retry: false }),
    );
    const subscriptions = observers.map((o) => o.subscribe(() => undefined));
    await vi.advanceTimersByTimeAsync(150);
    expect(client.getQueryData(meQueryKey)).not.toBeNull();
    expect(notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(client.getQueryData(meQueryKey)).toBeNull();
    expect(vi.mocked(notify).mock.calls).toEqual([
      ['Your session has ended. Please sign in again.', { variant: 'info' }],
    ]);
    for (const unsubscribe of subscriptions) unsubscribe();
  });
});
