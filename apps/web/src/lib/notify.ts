import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => SnackbarKey;

let enqueue: Enqueue | null = null;
let requested = false;
const pending: [SnackbarMessage, OptionsObject | undefined][] = [];
const listeners = new Set<() => void>();

/**
 * Shows a snackbar message (bottom left). The snackbar code (notistack) is loaded by the first
 * message, so pages that never show one do not download it; messages sent meanwhile are queued.
 */
export function notify(message: SnackbarMessage, options?: OptionsObject): void {
  if (enqueue) {
    enqueue(message, options);
    return;
  }
  pending.push([message, options]);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/** Called by the snackbar host once its provider is mounted: delivers the queued messages. */
export function attachSnackbarHost(fn: Enqueue): () => void {
  enqueue = fn;
  for (const [message, options] of pending.splice(0)) fn(message, options);
  return () => {
    if (enqueue === fn) enqueue = null;
  };
}

/** For the app's providers: whether the snackbar host is wanted yet, and a way to hear when it is. */
export const snackbarDemand = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isRequested(): boolean {
    return requested;
  },
};
