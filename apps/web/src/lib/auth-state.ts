import { AUTH_DEBOUNCE_MS } from '@lp/domain';

export interface AuthStateDebouncer<T> {
  /** Reports a change of the authentication state; only the last of a burst is applied. */
  change(state: T): void;
  /** Drops a change not yet applied. */
  cancel(): void;
}

/**
 * Authentication state changes are debounced by 200 ms (part 1 section 4, AUTH_DEBOUNCE_MS): a burst
 * of changes (every query of a screen answering 401 at once when the session is lost) is applied
 * once, with its last state, 200 ms after the last change.
 */
export function debounceAuthState<T>(apply: (state: T) => void, ms: number = AUTH_DEBOUNCE_MS): AuthStateDebouncer<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    change(state) {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        apply(state);
      }, ms);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
