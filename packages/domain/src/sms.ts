import { UK_PHONE_PATTERN } from './validation.js';

/**
 * Text messages: phone numbers as people type them, turned into the E.164 form providers take.
 * The segment count (and so the price) is smsParts in prices.ts.
 */

/** A UK mobile after the 0 or +44: 7, then a digit other than 0 (070 is personal numbering), then 8 digits. */
const UK_MOBILE_NATIONAL = /^7[1-9]\d{8}$/;

/**
 * A UK mobile number in E.164 (+447700900123), or null when the text is not one. Accepts
 * 07700 900123, +44 7700 900123, 0044 7700 900123, +44 (0)7700 900123, with spaces, dashes, dots
 * and brackets; the number must also pass the spec's UK phone rule (UK_PHONE_PATTERN). Pagers
 * (076, except 07624, the Isle of Man's mobiles) and personal numbers (070) cannot take texts.
 */
export function toE164UK(phone: string): string | null {
  if (typeof phone !== 'string' || phone.length > 40) return null;
  let s = phone.trim().replace(/[\s\-.]/g, '');
  // "+44 (0)7700 900123": the trunk 0 in brackets is dropped after the country code.
  s = s.replace(/^(\+44|0044)\(0\)/, '$1');
  s = s.replace(/[()]/g, '');
  if (s.startsWith('0044')) s = `+44${s.slice(4)}`;
  if (!UK_PHONE_PATTERN.test(s)) return null;
  const national = s.startsWith('+44') ? s.slice(3) : s.slice(1);
  if (!UK_MOBILE_NATIONAL.test(national)) return null;
  if (national.startsWith('76') && !national.startsWith('7624')) return null;
  return `+44${national}`;
}

/** True when the text is a UK mobile number that can take text messages. */
export function isUkMobile(phone: string): boolean {
  return toE164UK(phone) !== null;
}

/** Twilio's message statuses, in the order a message moves through them. */
export const SMS_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

export function isSmsStatus(value: unknown): value is SmsStatus {
  return typeof value === 'string' && (SMS_STATUSES as readonly string[]).includes(value);
}

/** Final statuses: no further callback changes them (a late 'sent' after 'delivered' is ignored). */
export function isFinalSmsStatus(status: SmsStatus): boolean {
  return status === 'delivered' || status === 'undelivered' || status === 'failed';
}

/**
 * Whether a status reported by a callback should replace the stored one: callbacks arrive more
 * than once and out of order, so a status only moves forward and a final one stays.
 */
export function smsStatusAdvances(current: SmsStatus, next: SmsStatus): boolean {
  if (isFinalSmsStatus(current)) return false;
  return SMS_STATUSES.indexOf(next) > SMS_STATUSES.indexOf(current);
}
