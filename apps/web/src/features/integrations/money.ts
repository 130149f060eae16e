/**
 * An invoice's total with its currency, in British style: GBP as £1,234.50, others by Intl
 * (€1,234.50, US$1,234.50). The API gives amounts in the currency's hundredths (pence, cents).
 */
export function formatInvoiceTotal(pence: number, currency: string): string {
  const code = currency.trim().toUpperCase() || 'GBP';
  const amount = pence / 100;
  try {
    return new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // Not a currency code Intl can read: the amount, then the code as given.
    return `${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${code}`;
  }
}
