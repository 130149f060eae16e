import {
  DELIVERY_MESSAGES,
  EMAIL_MESSAGE_MAX,
  EMAIL_SUBJECT_MAX,
  isUkPostcodeFormat,
  MESSAGES,
  normalisePostcode,
  SMS_TEXT_MAX,
  toE164UK,
  UK_PHONE_PATTERN,
} from '@lp/domain';
import { z } from 'zod';
import type { DigitalChannelsRequest, LetterPostageRequest } from './api';

export const POSTCODE_INVALID = 'Must be a valid UK postcode';
const NAME_MAX = 100;
const ADDRESS_LINE_MAX = 100;
/** A test letter has one to four address lines above the postcode. */
export const ADDRESS_LINES = 4;

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGES.maxLength(max) });
const required = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(max, { error: MESSAGES.maxLength(max) });

/**
 * The spec's UK phone rule (0 or +44, a digit 1-9, then 8 or 9 digits), with the spaces, dashes,
 * dots and brackets people type ignored, as the delivery checks do.
 */
export function isUkPhoneAsTyped(phone: string): boolean {
  return UK_PHONE_PATTERN.test(phone.replace(/[\s\-.()]/g, '').replace(/^0044/, '+44'));
}

/**
 * "Send yourself an email/SMS": the email (subject and message) goes to the signed-in user; the
 * text message needs both a number (a UK mobile) and its text. Either may be left out, not both
 * (that check is the form's, on submit: DELIVERY_MESSAGES.nothingToSend).
 */
export const digitalTestSchema = z
  .object({
    subject: optional(EMAIL_SUBJECT_MAX),
    message_to_recipient: optional(EMAIL_MESSAGE_MAX),
    recipient_phone_number: optional(40),
    sms_text: optional(SMS_TEXT_MAX),
  })
  .superRefine((v, ctx) => {
    const phone = v.recipient_phone_number;
    if (phone && !isUkPhoneAsTyped(phone))
      ctx.addIssue({ code: 'custom', path: ['recipient_phone_number'], message: MESSAGES.ukPhone });
    else if (phone && !toE164UK(phone))
      ctx.addIssue({ code: 'custom', path: ['recipient_phone_number'], message: DELIVERY_MESSAGES.phoneNotMobile });
    if (!phone && v.sms_text)
      ctx.addIssue({ code: 'custom', path: ['recipient_phone_number'], message: DELIVERY_MESSAGES.phoneRequired });
    if (phone && !v.sms_text)
      ctx.addIssue({ code: 'custom', path: ['sms_text'], message: DELIVERY_MESSAGES.smsTextRequired });
  });
export type DigitalTestInput = z.input<typeof digitalTestSchema>;
export type DigitalTest = z.output<typeof digitalTestSchema>;

export const wantsEmail = (v: Partial<DigitalTestInput>) => !!(v.subject?.trim() || v.message_to_recipient?.trim());
export const wantsSms = (v: Partial<DigitalTestInput>) => !!(v.recipient_phone_number?.trim() || v.sms_text?.trim());

/** The request body: only the parts filled in. */
export function digitalTestBody(v: DigitalTest): DigitalChannelsRequest {
  const body: DigitalChannelsRequest = {};
  if (v.subject) body.subject = v.subject;
  if (v.message_to_recipient) body.message_to_recipient = v.message_to_recipient;
  if (v.recipient_phone_number) body.recipient_phone_number = v.recipient_phone_number;
  if (v.sms_text) body.sms_text = v.sms_text;
  return body;
}

/** "Post Letter": the recipient's name, one to four address lines, the postcode, the service and the print. */
export const letterTestSchema = z.object({
  name: required(NAME_MAX),
  address_line_1: required(ADDRESS_LINE_MAX),
  address_line_2: optional(ADDRESS_LINE_MAX),
  address_line_3: optional(ADDRESS_LINE_MAX),
  address_line_4: optional(ADDRESS_LINE_MAX),
  postcode: required(10)
    .refine((p) => isUkPostcodeFormat(p), { error: POSTCODE_INVALID })
    .transform((p) => normalisePostcode(p)),
  service: z.enum(['standard', 'premium']),
  print: z.enum(['colour', 'black_and_white']),
});
export type LetterTestInput = z.input<typeof letterTestSchema>;
export type LetterTest = z.output<typeof letterTestSchema>;

export function letterTestBody(v: LetterTest): LetterPostageRequest {
  return {
    is_premium: v.service === 'premium',
    is_colour: v.print === 'colour',
    recipient: {
      name: v.name,
      address_lines: [v.address_line_1, v.address_line_2, v.address_line_3, v.address_line_4].filter(Boolean),
      postcode: v.postcode,
    },
  };
}
