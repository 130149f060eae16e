import { AUTH_DEBOUNCE_MS } from '@lp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounceAuthState } from './auth-state';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('authentication state changes (debounced by 200 ms)', () => {
  it('uses the spec constant', () => {
    expect(AUTH_DEBOUNCE_MS).toBe(200);
  });

  it('applies a burst of changes once, with the last state, 200 ms after the last change', () => {
    const apply = vi.fn();
    const auth = debounceAuthState<string>(apply);
    auth.change('signed-out');
    vi.advanceTimersByTime(150);
    auth.change('signed-in');
    vi.advanceTimersByTime(150);
    auth.change('signed-out');
    vi.advanceTimersByTime(199);
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith('signed-out');
    vi.advanceTimersByTime(1000);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('applies changes further apart than 200 ms each', () => {
    const apply = vi.fn();
    const auth = debounceAuthState<number>(apply);
    auth.change(1);
    vi.advanceTimersByTime(AUTH_DEBOUNCE_MS);
    auth.change(2);
    vi.advanceTimersByTime(AUTH_DEBOUNCE_MS);
    expect(apply.mock.calls).toEqual([[1], [2]]);
  });

  it('drops a pending change when cancelled', () => {
    const apply = vi.fn();
    const auth = debounceAuthState<number>(apply);
    auth.change(1);
    auth.cancel();
    vi.advanceTimersByTime(1000);
    expect(apply).not.toHaveBeenCalled();
  });
});
