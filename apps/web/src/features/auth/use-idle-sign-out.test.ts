import { IDLE_DEBOUNCE_MS, IDLE_SIGN_OUT_DELAY_MS, IDLE_TIMEOUT_MS, MESSAGES } from '@lp/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleSignOut } from './use-idle-sign-out';

function setup(enabled = true) {
  const notify = vi.fn();
  const signOut = vi.fn();
  const hook = renderHook(
    (props: { enabled: boolean }) => useIdleSignOut({ enabled: props.enabled, firstName: 'Ada', notify, signOut }),
    { initialProps: { enabled } },
  );
  return { notify, signOut, hook };
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function moveMouse() {
  act(() => {
    window.dispatchEvent(new MouseEvent('mousemove'));
  });
}

describe('useIdleSignOut', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec timings', () => {
    expect(IDLE_TIMEOUT_MS).toBe(1_795_000);
    expect(IDLE_SIGN_OUT_DELAY_MS).toBe(5_000);
  });

  it('warns after 1,795,000 ms of inactivity, not before', () => {
    const { notify, signOut } = setup();
    advance(IDLE_TIMEOUT_MS - 1);
    expect(notify).not.toHaveBeenCalled();
    advance(1);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(MESSAGES.idleWarning, 'info');
    expect(notify).toHaveBeenCalledWith('You will be signed out due to being inactive', 'info');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs out 5,000 ms after the warning', () => {
    const { signOut } = setup();
    advance(IDLE_TIMEOUT_MS);
    advance(IDLE_SIGN_OUT_DELAY_MS - 1);
    expect(signOut).not.toHaveBeenCalled();
    advance(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('cancels the sign-out and welcomes the user back on activity during the 5 s', () => {
    const { notify, signOut } = setup();
    advance(IDLE_TIMEOUT_MS);
    advance(2_000);
    moveMouse();
    expect(notify).toHaveBeenLastCalledWith('Welcome back, Ada', 'info');
    advance(IDLE_SIGN_OUT_DELAY_MS * 2);
    expect(signOut).not.toHaveBeenCalled();
    // The idle clock starts again from the activity.
    notify.mockClear();
    advance(IDLE_TIMEOUT_MS - IDLE_SIGN_OUT_DELAY_MS * 2 - 1);
    expect(notify).not.toHaveBeenCalled();
    advance(1);
    expect(notify).toHaveBeenCalledWith(MESSAGES.idleWarning, 'info');
  });

  it('treats activity as resetting the idle clock', () => {
    const { notify } = setup();
    advance(IDLE_TIMEOUT_MS - 1_000);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    advance(IDLE_TIMEOUT_MS - 1);
    expect(notify).not.toHaveBeenCalled();
    advance(1);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('debounces bursts of activity but still counts the last event of a burst', () => {
    const { notify } = setup();
    moveMouse(); // handled at t=0
    advance(IDLE_DEBOUNCE_MS - 100);
    moveMouse(); // inside the cool-down: counted when it ends, at t=IDLE_DEBOUNCE_MS
    advance(100);
    advance(IDLE_TIMEOUT_MS - 1);
    expect(notify).not.toHaveBeenCalled();
    advance(1);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('does nothing while signed out and stops when the user signs out', () => {
    const { notify, signOut, hook } = setup(false);
    advance(IDLE_TIMEOUT_MS * 2);
    expect(notify).not.toHaveBeenCalled();
    hook.rerender({ enabled: true });
    advance(IDLE_TIMEOUT_MS - 1);
    hook.rerender({ enabled: false });
    advance(IDLE_TIMEOUT_MS * 2);
    expect(notify).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });
});
