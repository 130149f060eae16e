/**
 * The life of a posted letter at the print-and-post partner, in Stannp's words (plus 'failed', our
 * word for a letter the partner refused or lost). Webhooks arrive late, twice or out of order, so
 * callers apply a status only when it moves the letter forward: `shouldApplyPrintStatus`.
 */
export const PRINT_STATUSES = [
  'received',
  'producing',
  'handed_over',
  'local_delivery',
  'delivered',
  'returned',
  'cancelled',
  'failed',
] as const;

export type PrintStatus = (typeof PRINT_STATUSES)[number];

const TERMINAL_RANK = 5;

const RANKS: Record<PrintStatus, number> = {
  received: 0,
  producing: 1,
  handed_over: 2,
  local_delivery: 3,
  delivered: 4,
  // The end states share the highest rank: once one is reached, nothing moves the letter again.
  // 'returned' is above 'delivered' because a letter can come back after Royal Mail reported it delivered.
  returned: TERMINAL_RANK,
  cancelled: TERMINAL_RANK,
  failed: TERMINAL_RANK,
};

export function isPrintStatus(value: unknown): value is PrintStatus {
  return typeof value === 'string' && (PRINT_STATUSES as readonly string[]).includes(value);
}

/** How far along a letter is: a higher rank never goes back to a lower one. */
export function printStatusRank(status: PrintStatus): number {
  return RANKS[status];
}

/** Returned, cancelled and failed are final. */
export function isTerminalPrintStatus(status: PrintStatus): boolean {
  return RANKS[status] === TERMINAL_RANK;
}

/** Whether an event saying `next` should change a letter now at `current` (false for duplicates, stale events, and anything but a return after delivery). */
export function shouldApplyPrintStatus(current: PrintStatus | null, next: PrintStatus): boolean {
  if (current === null) return true;
  if (isTerminalPrintStatus(current)) return false;
  // Delivered is final too (issue 24 item 5): only a return can follow it, never a late 'failed'
  // or 'cancelled' that would refund a letter Royal Mail delivered.
  if (current === 'delivered') return next === 'returned';
  return RANKS[next] > RANKS[current];
}
