import { useSyncExternalStore } from 'react';

/** How long a top-up answered "processing" keeps the balance polling at most, when the balance never says so. */
export const CREDITING_HINT_MS = 5 * 60_000;

/** A top-up answered "processing": when, and the balance (pence) it was made on. */
export interface CreditingHint {
  since: number;
  balance: number;
}

let hint: CreditingHint | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Records that a top-up was accepted by the card but not credited yet: the balance polls until it is. */
export function markCrediting(balance: number, now = Date.now()): void {
  hint = { since: now, balance };
  emit();
}

export function clearCreditingHint(): void {
  if (!hint) return;
  hint = null;
  emit();
}

/** True while a "processing" top-up may still be credited (at most CREDITING_HINT_MS). */
export function creditingHintActive(now = Date.now()): boolean {
  return hint !== null && now - hint.since < CREDITING_HINT_MS;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current hint (re-renders when it is set or cleared). */
export function useCreditingHint(): CreditingHint | null {
  return useSyncExternalStore(
    subscribe,
    () => hint,
    () => null,
  );
}
