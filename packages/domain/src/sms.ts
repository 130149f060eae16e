import { UK_PHONE_PATTERN } from './validation.js';

/**
 * Text messages: phone numbers as people type them, turned into the E.164 form providers take;
 * the parts a text is sent in (smsParts: GSM-7 or UCS-2, what the price counts); and the body that
 * is sent (smsBody: the text, the sender's number, the link).
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

/**
 * The GSM 03.38 basic character set (one septet each; \u001b, the escape to the extension table, is
 * left out). Any other character, an en dash, a curly quote, á í ó ú (but not é è ù ì ò), makes the
 * whole text UCS-2.
 */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: an escape and the character, two septets each. */
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsParts {
  encoding: SmsEncoding;
  /** What the encoding counts: septets in GSM-7 (the extension's characters 2), UTF-16 code units in UCS-2 (an emoji 2). */
  characters: number;
  /** Parts the message is sent (and charged) in; 0 for no text. */
  parts: number;
  /** The characters a part holds for this message: 160 / 70 in one part, 153 / 67 each when split. */
  perPart: number;
}

/** One part holds 160 septets or 70 UCS-2 units; a split message loses 7 / 3 to the concatenation header. */
export const SMS_PART_LIMITS = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
} as const;

/**
 * The parts a text message is sent in, as the networks count them: GSM-7 when every character is
 * in the GSM alphabet, else UCS-2. A split message never cuts an extension character from its
 * escape nor an emoji between its two halves (they move whole to the next part), so the count
 * follows the characters, not just the total.
 */
export function smsParts(text: string): SmsParts {
  const chars = [...text];
  const gsm = chars.every((c) => GSM_BASIC.has(c) || GSM_EXTENSION.has(c));
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const costs = chars.map((c) => (gsm ? (GSM_EXTENSION.has(c) ? 2 : 1) : c.length));
  const characters = costs.reduce((sum, n) => sum + n, 0);
  const limits = SMS_PART_LIMITS[encoding];
  if (characters === 0) return { encoding, characters, parts: 0, perPart: limits.single };
  if (characters <= limits.single) return { encoding, characters, parts: 1, perPart: limits.single };
  let parts = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > limits.multi) {
      parts++;
      used = 0;
    }
    used += cost;
  }
  return { encoding, characters, parts, perPart: limits.multi };
}

/** The characters that make a text UCS-2 (outside the GSM alphabet), each once, in order: the counter names them. */
export function nonGsmCharacters(text: string): string[] {
  return [...new Set([...text].filter((c) => !GSM_BASIC.has(c) && !GSM_EXTENSION.has(c)))];
}

/** The length of a cloud link's token (32 random bytes in base64url: letters, digits, - and _, all GSM-7). */
export const CLOUD_LINK_TOKEN_LENGTH = 43;

/** The cloud link's address before its token: `{PUBLIC_URL}/cloud#`. */
export const cloudLinkPrefix = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/cloud#`;

/**
 * A stand-in for a link not yet made: its prefix and a token of the right length. It costs exactly
 * what the real link will (every token character is one GSM-7 septet), so a text's parts and price
 * are known before the link exists.
 */
export const cloudLinkStandIn = (prefix: string) => `${prefix}${'x'.repeat(CLOUD_LINK_TOKEN_LENGTH)}`;

/** The line a text ends its words with when the sender gave a number to reply to. */
export const smsReplyLine = (phone: string) => `Reply to ${phone}`;

/**
 * The body a delivery's text message is sent as: the text, "Reply to {number}" when the sender gave
 * one, and the link to the letter, each on its own line. The counter and the price count this.
 */
export function smsBody(text: string, link: string, senderPhone?: string | null): string {
  return [text, senderPhone ? smsReplyLine(senderPhone) : null, link].filter((l) => l !== null).join('\n');
}

/**
 * A number the recipient can reply to (the spec's sender_phone_number): a UK number (mobile or
 * landline, as people type it) in E.164, or an international number typed with its + and country
 * code (8 to 15 digits). Null when the text is not one.
 */
export function toE164Phone(phone: string): string | null {
  if (typeof phone !== 'string' || phone.length > 40) return null;
  let s = phone.trim().replace(/[\s\-.]/g, '');
  s = s.replace(/^(\+44|0044)\(0\)/, '$1').replace(/[()]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (UK_PHONE_PATTERN.test(s)) return s.startsWith('+44') ? s : `+44${s.slice(1)}`;
  if (s.startsWith('+44')) return null; // a UK number that fails the UK rule
  return /^\+[1-9]\d{7,14}$/.test(s) ? s : null;
}
