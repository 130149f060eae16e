import { describe, expect, it } from 'vitest';
import { formatInvoiceTotal } from './money';

describe('formatInvoiceTotal', () => {
  it('writes pounds as £1,234.50', () => {
    expect(formatInvoiceTotal(1234.5, 'GBP')).toBe('£1,234.50');
    expect(formatInvoiceTotal('1234.5', 'gbp')).toBe('£1,234.50');
    expect(formatInvoiceTotal(0, 'GBP')).toBe('£0.00');
    expect(formatInvoiceTotal(1234567.891, 'GBP')).toBe('£1,234,567.89');
    expect(formatInvoiceTotal(-20, 'GBP')).toBe('-£20.00');
  });

  it('writes other currencies with Intl in British style', () => {
    expect(formatInvoiceTotal(99.9, 'EUR')).toBe('€99.90');
    expect(formatInvoiceTotal(1234.5, 'USD')).toBe('US$1,234.50');
  });

  it('keeps what it cannot read as a number or a currency', () => {
    expect(formatInvoiceTotal('n/a', 'GBP')).toBe('n/a GBP');
    expect(formatInvoiceTotal(12, 'pounds')).toBe('12.00 POUNDS');
  });
});
