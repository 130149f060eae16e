import { describe, expect, it } from 'vitest';
import { formatInvoiceTotal } from './money';

describe('formatInvoiceTotal', () => {
  it('writes pence as £1,234.50', () => {
    expect(formatInvoiceTotal(123450, 'GBP')).toBe('£1,234.50');
    expect(formatInvoiceTotal(123450, 'gbp')).toBe('£1,234.50');
    expect(formatInvoiceTotal(0, 'GBP')).toBe('£0.00');
    expect(formatInvoiceTotal(123456789, 'GBP')).toBe('£1,234,567.89');
    expect(formatInvoiceTotal(-2000, 'GBP')).toBe('-£20.00');
    expect(formatInvoiceTotal(5, '')).toBe('£0.05');
  });

  it('writes other currencies with Intl in British style', () => {
    expect(formatInvoiceTotal(9990, 'EUR')).toBe('€99.90');
    expect(formatInvoiceTotal(123450, 'USD')).toBe('US$1,234.50');
  });

  it('keeps a code Intl cannot read', () => {
    expect(formatInvoiceTotal(1200, 'pounds')).toBe('12.00 POUNDS');
  });
});
