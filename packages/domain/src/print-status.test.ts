import { describe, expect, it } from 'vitest';
import {
  isPrintStatus,
  isTerminalPrintStatus,
  PRINT_STATUSES,
  type PrintStatus,
  printStatusRank,
  shouldApplyPrintStatus,
} from './index.js';

describe('print status order', () => {
  it('ranks the journey of a letter in order', () => {
    const journey: PrintStatus[] = ['received', 'producing', 'handed_over', 'local_delivery', 'delivered'];
    for (let i = 1; i < journey.length; i++)
      expect(printStatusRank(journey[i]!)).toBeGreaterThan(printStatusRank(journey[i - 1]!));
  });

  it('treats returned, cancelled and failed as final', () => {
    for (const s of PRINT_STATUSES)
      expect(isTerminalPrintStatus(s)).toBe(s === 'returned' || s === 'cancelled' || s === 'failed');
    expect(shouldApplyPrintStatus('returned', 'delivered')).toBe(false);
    expect(shouldApplyPrintStatus('cancelled', 'producing')).toBe(false);
    expect(shouldApplyPrintStatus('failed', 'returned')).toBe(false);
    expect(shouldApplyPrintStatus('cancelled', 'cancelled')).toBe(false);
  });

  it('moves forward only: duplicates and late events change nothing', () => {
    expect(shouldApplyPrintStatus(null, 'producing')).toBe(true);
    expect(shouldApplyPrintStatus('received', 'producing')).toBe(true);
    expect(shouldApplyPrintStatus('received', 'delivered')).toBe(true);
    expect(shouldApplyPrintStatus('producing', 'producing')).toBe(false);
    expect(shouldApplyPrintStatus('handed_over', 'producing')).toBe(false);
    expect(shouldApplyPrintStatus('delivered', 'local_delivery')).toBe(false);
  });

  it('lets a letter end from any live state, even after delivery for a return', () => {
    expect(shouldApplyPrintStatus('received', 'cancelled')).toBe(true);
    expect(shouldApplyPrintStatus('local_delivery', 'returned')).toBe(true);
    expect(shouldApplyPrintStatus('delivered', 'returned')).toBe(true);
    expect(shouldApplyPrintStatus('producing', 'failed')).toBe(true);
  });

  it('keeps a delivered letter delivered: a late failed or cancelled never refunds it (issue 24 item 5)', () => {
    expect(shouldApplyPrintStatus('delivered', 'failed')).toBe(false);
    expect(shouldApplyPrintStatus('delivered', 'cancelled')).toBe(false);
    expect(shouldApplyPrintStatus('delivered', 'delivered')).toBe(false);
  });

  it('folds a shuffled stream of events into the furthest state', () => {
    const events: PrintStatus[] = ['producing', 'received', 'delivered', 'handed_over', 'delivered', 'local_delivery'];
    let current: PrintStatus | null = null;
    for (const e of events) if (shouldApplyPrintStatus(current, e)) current = e;
    expect(current).toBe('delivered');
  });

  it('recognises its statuses', () => {
    expect(isPrintStatus('handed_over')).toBe(true);
    expect(isPrintStatus('test')).toBe(false);
    expect(isPrintStatus(3)).toBe(false);
  });
});
