import { IDLE_DEBOUNCE_MS, IDLE_SIGN_OUT_DELAY_MS, IDLE_TIMEOUT_MS, MESSAGES } from '@lp/domain';
import { useEffect, useRef } from 'react';

/** The events that count as the user being present. */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'mousedown', 'scroll', 'touchstart'] as const;

export interface IdleSignOutOptions {
  /** Only a signed-in user is watched. */
  enabled: boolean;
  firstName: string;
  notify: (message: string, variant: 'info') => void;
  signOut: () => void;
}

type Timer = ReturnType<typeof setTimeout>;

/**
 * Part 1 section 4: after IDLE_TIMEOUT_MS without activity warn "You will be signed out due to being
 * inactive" and sign out IDLE_SIGN_OUT_DELAY_MS later; activity in between cancels the sign-out and
 * greets the user back. Activity is handled at once, then at most once per IDLE_DEBOUNCE_MS (a burst
 * of mouse moves costs one timer reset, and the last move of a burst still counts). Only setTimeout
 * is used, so fake clocks (vitest, Playwright's page.clock) drive it.
 */
export function useIdleSignOut({ enabled, firstName, notify, signOut }: IdleSignOutOptions): void {
  const latest = useRef({ firstName, notify, signOut });
  useEffect(() => {
    latest.current = { firstName, notify, signOut };
  }, [firstName, notify, signOut]);

  useEffect(() => {
    if (!enabled) return;
    let idleTimer: Timer | undefined;
    let signOutTimer: Timer | undefined;
    let coolDown: Timer | undefined;
    let pending = false;

    const warn = () => {
      idleTimer = undefined;
      latest.current.notify(MESSAGES.idleWarning, 'info');
      signOutTimer = setTimeout(() => {
        signOutTimer = undefined;
        latest.current.signOut();
      }, IDLE_SIGN_OUT_DELAY_MS);
    };

    const restartIdleTimer = () => {
      if (idleTimer !== undefined) clearTimeout(idleTimer);
      idleTimer = setTimeout(warn, IDLE_TIMEOUT_MS);
    };

    const handleActivity = () => {
      if (signOutTimer !== undefined) {
        clearTimeout(signOutTimer);
        signOutTimer = undefined;
        latest.current.notify(MESSAGES.welcomeBack(latest.current.firstName), 'info');
      }
      restartIdleTimer();
    };

    const releaseCoolDown = () => {
      coolDown = undefined;
      if (pending) {
        pending = false;
        handleActivity();
        coolDown = setTimeout(releaseCoolDown, IDLE_DEBOUNCE_MS);
      }
    };

    const onActivity = () => {
      if (coolDown !== undefined) {
        pending = true;
        return;
      }
      handleActivity();
      coolDown = setTimeout(releaseCoolDown, IDLE_DEBOUNCE_MS);
    };

    const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, listenerOptions);
    restartIdleTimer();

    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, listenerOptions);
      for (const t of [idleTimer, signOutTimer, coolDown]) if (t !== undefined) clearTimeout(t);
    };
  }, [enabled]);
}
