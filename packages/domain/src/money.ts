/** Formats integer pence as pounds with two decimals (1234 -> "12.34"). */
export function penceToPounds(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError('pence must be a safe integer');
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Formats integer pence for display with the pound sign (1234 -> "£12.34"). */
export function formatPounds(pence: number): string {
  const text = penceToPounds(pence);
  return text.startsWith('-') ? `-£${text.slice(1)}` : `£${text}`;
}

/** Parses a pounds amount with at most two decimals into integer pence, or null when it is not one. */
export function poundsToPence(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const pence = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(pence)) return null;
  return m[1] === '-' ? -pence : pence;
}

/**
 * Parses a non-negative pounds amount into pence rounded to 2 decimals (half up, on the decimal
 * text, so no floating-point drift: "12.345" -> 1235), or null when it is not one.
 */
export function roundPoundsToPence(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const decimals = m[2] ?? '';
  const roundUp = Number(decimals[2] ?? 0) >= 5 ? 1 : 0;
  const pence = Number(m[1]) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0')) + roundUp;
  return Number.isSafeInteger(pence) ? pence : null;
}

/** The smallest card top-up: above £0.29 (part 2 section 5). */
export const MIN_TOP_UP_PENCE = 30;
/**
 * The largest single top-up: £10,000. Above it a company pays by bank transfer (no card limit
 * applies there); it keeps a mistyped amount (an extra zero or two) from reaching the card.
 */
export const MAX_TOP_UP_PENCE = 1_000_000;
/** The balance widget refetches this often while a top-up is being credited (part 2 section 9). */
export const BALANCE_REFETCH_MS = 10_000;

/**
 * Whether a member may see the company's balance: always, unless the owner restricts it to finance
 * admins (restrict_balance_to_finance_admins), then only with top_up (part 2 section 6).
 */
export function canSeeBalance(restrictBalance: boolean | null | undefined, abilities: Iterable<string>): boolean {
  return !restrictBalance || [...abilities].includes('top_up');
}

/** The money texts: the spec's own (part 2 sections 2, 5 and 8) quoted exactly, and ours beside them. */
export const MONEY_MESSAGES = {
  minimumTopUp: 'Minimum top up amount: 30p',
  // A literal (a call here would keep this object in every bundle); a test checks it against the constant.
  maximumTopUp: 'The most you can top up by card at once is £10000.00. For more, pay by bank transfer.',
  processing: 'Processing transaction. Please DO NOT leave this page until the transaction is fulfilled.',
  paymentFailed: (message: string) => `Payment failed ${message}`,
  cardIncomplete: 'Your card details are incomplete.',
  topUpCredited: (pence: number) => `${formatPounds(pence)} was added to your balance.`,
  topUpCrediting: 'Your payment was accepted. The balance is updated as soon as the card issuer confirms it.',
  /**
   * The 402 text. `available` is null for a member who may not see the balance (canSeeBalance):
   * the spec gives no text for this case, so ours says the same without the figure, and sends them
   * to those who can top up, as the spec's suspension banner does (part 2 section 2).
   */
  insufficientFunds: (cost: number, available: number | null) =>
    available === null
      ? `Insufficient funds: this costs ${formatPounds(cost)} and the available balance is not enough. Ask the owner or an authorised member to top up.`
      : `Insufficient funds: this costs ${formatPounds(cost)} and the available balance is ${formatPounds(available)}. Top up to continue.`,
  capExceeded: (cap: number, left: number) =>
    `This would go over your monthly spending limit of ${formatPounds(cap)}: ${formatPounds(left)} is left this month.`,
  balanceHidden: 'Only members who can top up see the balance.',
  restrictSaved: (on: boolean) =>
    on ? 'Only finance admins (members who can top up) now see the balance.' : 'Every member now sees the balance.',
  cannotFetchCap: 'Cannot fetch spending cap',
  capUpdated: "Member's spending cap updated successfully",
  transferRecorded: (pence: number) => `A bank transfer of ${formatPounds(pence)} was credited.`,
} as const;

/** What a ledger entry records; each moves the posted balance, the held amount, or both. */
export const TRANSACTION_TYPES = [
  'top_up',
  'bank_transfer',
  'charge',
  'hold',
  'capture',
  'release',
  'refund',
  'plan_charge',
  'plan_refund',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The Type column's words. */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  top_up: 'Card top-up',
  bank_transfer: 'Bank transfer',
  charge: 'Charge',
  hold: 'Reserved',
  capture: 'Charge',
  release: 'Reservation released',
  refund: 'Refund',
  plan_charge: 'Plan',
  plan_refund: 'Plan refund',
};

/** Ledger entries a receipt can be downloaded for (money received). */
export const RECEIPT_TYPES: readonly TransactionType[] = ['top_up', 'bank_transfer'];

/**
 * A top-up amount typed in pounds ("25", "25.5", "£25.50") as pence, with the spec's message
 * when it is below 30p; null with a message when it is not an amount at all.
 */
export function parseTopUpPounds(input: string): { pence: number } | { error: string } {
  const text = input.trim().replace(/^£/, '').replace(/,/g, '');
  if (text === '') return { error: MONEY_MESSAGES.minimumTopUp };
  const pence = poundsToPence(text);
  if (pence === null) return { error: 'Enter an amount in pounds, with at most 2 decimals.' };
  if (pence < MIN_TOP_UP_PENCE) return { error: MONEY_MESSAGES.minimumTopUp };
  if (pence > MAX_TOP_UP_PENCE) return { error: MONEY_MESSAGES.maximumTopUp };
  return { pence };
}
