/**
 * An invoice's total with its currency, in British style: GBP as £1,234.50, others by Intl
 * (€1,234.50, US$1,234.50). The providers give totals in the currency's units (a number, or a
 * decimal string); what is not a number is shown as it came.
 */
export function formatInvoiceTotal(total: number | string, currency: string): string {
  const amount = typeof total === 'number' ? total : Number(String(total).trim());
  const code = currency.trim().toUpperCase();
  if (!Number.isFinite(amount) || String(total).trim() === '') return `${String(total)} ${code}`.trim();
  try {
    return new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: code || 'GBP',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // Not an ISO 4217 code Intl knows: the amount, then the code as given.
    return `${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${code}`;
  }
}
