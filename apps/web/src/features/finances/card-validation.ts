import type { ApiBody } from '../../lib/api';

/** The card the sandbox's payment method call takes (Stripe's card fields). */
export type SandboxCard = ApiBody<'/api/payments/sandbox/payment_methods', 'post'>['card'];

/** What the user typed in the sandbox card form. */
export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardInput;
export type CardErrors = Partial<Record<CardField, string>>;

export const CARD_LABELS: Record<CardField, string> = {
  number: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
};

/** The card messages, in the card provider's words. */
export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

/** The digits of a card number (spaces and dashes dropped). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "4242424242424242" shown in groups of four as it is typed. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" -> "12/30" as it is typed. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Month and four-digit year of "MM/YY", or null when it is not one. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(m[2]) };
}

/**
 * Checks that the card is complete (part 2 section 5): a 12-19 digit number passing the Luhn check,
 * an expiry month not yet over, and a 3 or 4 digit security code. Returns the error of each field.
 */
export function validateCard(input: CardInput, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(input.number);
  if (!/^\d{12,19}$/.test(digits)) errors.number = CARD_MESSAGES.numberIncomplete;
  else if (!luhnValid(digits)) errors.number = CARD_MESSAGES.numberInvalid;

  const expiry = input.expiry.trim();
  if (!/^\d{2}\s*\/\s*\d{2}$/.test(expiry)) errors.expiry = CARD_MESSAGES.expiryIncomplete;
  else {
    const parsed = parseExpiry(expiry);
    if (!parsed) errors.expiry = CARD_MESSAGES.expiryInvalid;
    else if (parsed.year * 12 + parsed.month < now.getFullYear() * 12 + now.getMonth() + 1) {
      errors.expiry = CARD_MESSAGES.expiryPast;
    }
  }

  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = CARD_MESSAGES.cvcIncomplete;
  return errors;
}

/** The card as the sandbox takes it, once validateCard found nothing wrong. */
export function toSandboxCard(input: CardInput): SandboxCard {
  const expiry = parseExpiry(input.expiry);
  if (!expiry) throw new Error('toSandboxCard: validate the card first');
  return { number: cardDigits(input.number), exp_month: expiry.month, exp_year: expiry.year, cvc: input.cvc.trim() };
}

/** The card field a provider's error names (`param`: number, exp_month, exp_year, cvc). */
export function cardFieldOfParam(param: string | null | undefined): CardField | null {
  if (param === 'number') return 'number';
  if (param === 'exp_month' || param === 'exp_year') return 'expiry';
  if (param === 'cvc') return 'cvc';
  return null;
}
