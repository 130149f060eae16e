import type { SnackbarKey } from 'notistack';
import { notify } from './notify';

/**
 * Field errors shown as messages ("[label] - [message]", part 1's form rule) that go away when they
 * no longer hold (issue 27 item 13): when the field becomes valid, and when the user goes to another
 * page. Each field has at most one such message at a time.
 */

let close: ((key: SnackbarKey) => void) | null = null;
const shown = new Map<string, SnackbarKey>();
let counter = 0;

/** Called by the snackbar host once mounted: how a message is taken away. */
export function attachSnackbarClose(fn: (key: SnackbarKey) => void): () => void {
  close = fn;
  return () => {
    if (close === fn) close = null;
  };
}

/** Shows "[label] - [message]" for `field`, replacing the one it had. */
export function notifyFieldError(field: string, text: string): void {
  dismissFieldError(field);
  counter += 1;
  const key = `field:${field}:${counter}`;
  shown.set(field, key);
  notify(text, { variant: 'error', key, anchorOrigin: { vertical: 'bottom', horizontal: 'left' } });
}

/** Takes away the message of `field`, if it has one (it has become valid). */
export function dismissFieldError(field: string): void {
  const key = shown.get(field);
  if (key === undefined) return;
  shown.delete(field);
  close?.(key);
}

/** Takes away every field's message (the user left the page). */
export function dismissFieldErrors(): void {
  for (const field of [...shown.keys()]) dismissFieldError(field);
}
