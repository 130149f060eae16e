import {
  CLOUD_LINK_DEFAULT_DAYS,
  CLOUD_LINK_MAX_DAYS,
  DELIVERY_CHANNELS,
  DELIVERY_MESSAGES,
  DELIVERY_TIME_DEFAULT,
  type DeliverRequest,
  type DeliveryChannel,
  deliverRequestSchema,
  deliveryFieldProblems,
  EMAIL_MESSAGE_MAX,
  EMAIL_SUBJECT_MAX,
  type LetterService,
  MAIL_MAX_PAGES,
  MESSAGES,
  nonGsmCharacters,
  SMS_TEXT_MAX,
  type SmsParts,
  scheduledRunAt,
} from '@lp/domain';
import { z } from 'zod';
import { toDateTimeLocal } from '../../lib/dates';

/**
 * The letter panel's delivery form: its values, their checks (part 1 section 5, "Letter delivery")
 * and the body of POST /api/letters/deliver they make (decision 0016, "API contract").
 */

/** The words of the delivery screens that are not the domain's texts. */
export const DELIVERY_TEXT = {
  channels: 'Delivery channels',
  postage: 'Postage',
  premium: 'Premium (1st class)',
  standard: 'Standard (2nd class)',
  print: 'Print',
  colour: 'Colour',
  blackAndWhite: 'Black and white',
  sides: 'Sides',
  bothSides: 'Both sides',
  oneSide: 'One side (more sheets)',
  insert: 'Insert',
  noInsert: 'None',
  /** "Posting to France (Europe): International Standard or International Tracked." */
  abroad: (country: string, zone: string) =>
    `Posting to ${country} (${zone}): International Standard or International Tracked.`,
  recipientEmail: "Recipient's email",
  subject: 'Subject',
  messageToRecipient: 'Message to the recipient',
  emailLink: 'Send a link instead of attaching the letter',
  recipientPhone: "Recipient's mobile number",
  smsText: 'Text message',
  cloudLinkDays: 'Link expires after (days)',
  cloudLinkDaysInvalid: `Choose between 1 and ${CLOUD_LINK_MAX_DAYS} days.`,
  when: 'When',
  now: 'Now',
  scheduled: 'Scheduled',
  scheduledAt: 'Delivery date and time',
  printProof: 'Print proof',
  price: 'Price',
  total: 'Total',
  balanceAfter: 'Balance after',
  priceLater: 'The price shows once the choices above are complete.',
  senderPhone: 'Number to reply to (optional)',
  senderPhoneHint: 'Added to the text as “Reply to …” for texts that need an answer.',
  variablesHint: 'You can write {recipient}, {company} or {letter}: they are filled in when it is sent.',
  preview: 'As sent',
  asSent: 'Sent with these options',
  /**
   * The text message's counter, for the message as sent (the text, Reply to and the link):
   * "139 of 160 characters with the link, 1 part", or for a text outside the GSM alphabet
   * "150 characters with the link, 3 parts of 67 (Unicode because of ’ –)".
   */
  smsCounter: (p: SmsParts, text: string) => {
    const count =
      p.parts <= 1
        ? `${p.characters} of ${p.perPart} characters with the link, 1 part`
        : `${p.characters} characters with the link, ${p.parts} parts of ${p.perPart}`;
    if (p.encoding === 'GSM-7') return count;
    return `${count} (Unicode because of ${nonGsmCharacters(text).slice(0, 5).join(' ')})`;
  },
} as const;

/** A mail or email option left as it is follows the company's delivery preferences (the server decides). */
export type Preferred<T extends string> = T | '';

/** Mail's postage: a class (premium: 1st, standard: 2nd, as before issue 28) or another Royal Mail service. */
export type Postage = 'premium' | 'standard' | Exclude<LetterService, 'first_class' | 'second_class'>;

/** The postage choice a service is shown as. */
export const postageOf = (service: LetterService): Postage =>
  service === 'first_class' ? 'premium' : service === 'second_class' ? 'standard' : service;

export interface DeliveryValues {
  channels: DeliveryChannel[];
  postage: Preferred<Postage>;
  colour: Preferred<'colour' | 'black_and_white'>;
  /** Printed on both sides (the default) or on the front only. */
  sides: Preferred<'double' | 'single'>;
  /** One of the company's inserts added to the envelope ('' for none). */
  insert_id: string;
  /** Email as a cloud link (true) or with the letter attached (false); null follows the company's email kind. */
  email_link: boolean | null;
  recipient_email: string;
  subject: string;
  message_to_recipient: string;
  recipient_phone_number: string;
  sms_text: string;
  /** A number the recipient can reply to, sent in the text as "Reply to …" (optional). */
  sender_phone_number: string;
  cloud_link_expiry_days: string;
  /** The company's letterhead behind the letter, or none. */
  letterhead: '' | 'primary' | 'secondary';
  letterhead_placement: 'first_page' | 'every_page';
  when: 'now' | 'scheduled';
  /** An `<input type="datetime-local">` value (local time). */
  scheduled_at: string;
}

export function defaultDeliveryValues(mailDisabled: boolean, now: number = Date.now()): DeliveryValues {
  return {
    channels: mailDisabled ? [] : ['mail'],
    postage: '',
    colour: '',
    sides: '',
    insert_id: '',
    email_link: null,
    recipient_email: '',
    subject: '',
    message_to_recipient: '',
    recipient_phone_number: '',
    sms_text: '',
    sender_phone_number: '',
    cloud_link_expiry_days: String(CLOUD_LINK_DEFAULT_DAYS),
    letterhead: '',
    letterhead_placement: 'first_page',
    when: DELIVERY_TIME_DEFAULT.when,
    // What "Scheduled" offers first: an hour ahead (now itself is under the 1-minute minimum).
    scheduled_at: toDateTimeLocal(new Date(now + 60 * 60 * 1000)),
  };
}

/** The epoch seconds of a datetime-local value, or null when it is not a time. */
export function scheduledSeconds(local: string): number | null {
  if (!local) return null;
  const at = new Date(local).getTime();
  return Number.isNaN(at) ? null : Math.floor(at / 1000);
}

/**
 * The request body for these values: the chosen channels (in the domain's order) and only their
 * options; an option left as it is is not sent, so the company's preferences apply. With
 * `forQuote` the time is left out (the quote ignores it).
 */
export function toDeliverRequest(
  values: DeliveryValues,
  uuid: string,
  options: { forQuote?: boolean } = {},
): DeliverRequest {
  const chosen = new Set(values.channels);
  const body: DeliverRequest = {
    uuid,
    preference_overrides: DELIVERY_CHANNELS.filter((c) => chosen.has(c)),
  };
  if (chosen.has('mail')) {
    if (values.postage === 'premium' || values.postage === 'standard') body.is_premium = values.postage === 'premium';
    else if (values.postage) body.mail_service = values.postage;
    if (values.colour) body.is_colour = values.colour === 'colour';
    if (values.sides) body.is_double_sided = values.sides === 'double';
    if (values.insert_id) body.insert_id = values.insert_id;
  }
  if (chosen.has('email')) {
    if (values.email_link !== null) body.is_cloud_link = values.email_link;
    body.recipient_email = values.recipient_email.trim();
    if (values.subject.trim()) body.subject = values.subject.trim();
    if (values.message_to_recipient.trim()) body.message_to_recipient = values.message_to_recipient;
  }
  if (chosen.has('sms')) {
    body.recipient_phone_number = values.recipient_phone_number.trim();
    body.sms_text = values.sms_text;
    if (values.sender_phone_number.trim()) body.sender_phone_number = values.sender_phone_number.trim();
  }
  if (chosen.has('cloud_link')) {
    const days = Number(values.cloud_link_expiry_days);
    body.cloud_link_expiry_days = values.cloud_link_expiry_days.trim() && Number.isFinite(days) ? days : Number.NaN;
  }
  if (!options.forQuote && values.letterhead) {
    body.letterhead = values.letterhead;
    body.letterhead_placement = values.letterhead_placement;
  }
  if (!options.forQuote && values.when === 'scheduled') {
    body.scheduled_delivery_date_time = scheduledSeconds(values.scheduled_at) ?? Number.NaN;
  }
  return body;
}

/** The request's field names, as the server reports them under a 422's `fields`, to the form's. */
export const REQUEST_TO_FORM_FIELD: Record<string, keyof DeliveryValues> = {
  preference_overrides: 'channels',
  is_premium: 'postage',
  mail_service: 'postage',
  is_colour: 'colour',
  is_double_sided: 'sides',
  insert_id: 'insert_id',
  is_cloud_link: 'email_link',
  recipient_email: 'recipient_email',
  subject: 'subject',
  message_to_recipient: 'message_to_recipient',
  recipient_phone_number: 'recipient_phone_number',
  sms_text: 'sms_text',
  sender_phone_number: 'sender_phone_number',
  cloud_link_expiry_days: 'cloud_link_expiry_days',
  scheduled_delivery_date_time: 'scheduled_at',
  schedule_time_delay: 'scheduled_at',
};

export interface DeliveryProblem {
  field: keyof DeliveryValues;
  message: string;
}

/**
 * Everything wrong with the values, first problem per field: no channel, the recipient's email,
 * mobile and text (the domain's deliveryFieldProblems), lengths, the link's expiry, and the
 * scheduled time (not in the past, 1 minute to 30 days ahead).
 */
export function deliveryProblems(values: DeliveryValues, now: number = Date.now()): DeliveryProblem[] {
  const problems: DeliveryProblem[] = [];
  const add = (field: keyof DeliveryValues, message: string) => {
    if (!problems.some((p) => p.field === field)) problems.push({ field, message });
  };
  const chosen = new Set(values.channels);
  if (chosen.size === 0) add('channels', DELIVERY_MESSAGES.noChannel);
  const body = toDeliverRequest(values, 'check', { forQuote: true });
  for (const p of deliveryFieldProblems({ ...body, preference_overrides: body.preference_overrides ?? [] })) {
    const field = REQUEST_TO_FORM_FIELD[p.field];
    if (field) add(field, p.message);
  }
  if (chosen.has('email')) {
    if (values.subject.trim().length > EMAIL_SUBJECT_MAX) add('subject', MESSAGES.maxLength(EMAIL_SUBJECT_MAX));
    if (values.message_to_recipient.length > EMAIL_MESSAGE_MAX)
      add('message_to_recipient', MESSAGES.maxLength(EMAIL_MESSAGE_MAX));
  }
  if (chosen.has('sms') && values.sms_text.length > SMS_TEXT_MAX) add('sms_text', MESSAGES.maxLength(SMS_TEXT_MAX));
  if (chosen.has('cloud_link')) {
    const days = Number(values.cloud_link_expiry_days);
    if (!/^\d+$/.test(values.cloud_link_expiry_days.trim()) || days < 1 || days > CLOUD_LINK_MAX_DAYS)
      add('cloud_link_expiry_days', DELIVERY_TEXT.cloudLinkDaysInvalid);
  }
  if (values.when === 'scheduled') {
    const problem = scheduleProblem(values.scheduled_at, now);
    if (problem) add('scheduled_at', problem);
  }
  return problems;
}

/** Why a scheduled time cannot be used, or null (the domain's window; a time that means "now" is too soon). */
export function scheduleProblem(local: string, now: number): string | null {
  const seconds = scheduledSeconds(local);
  if (seconds === null) return MESSAGES.required;
  const { at, problem } = scheduledRunAt({ scheduled_delivery_date_time: seconds }, now);
  if (problem) return problem;
  return at === null ? DELIVERY_MESSAGES.scheduleTooSoon : null;
}

/** The body to price, or null while the values are not complete (the quote would only answer 422). */
export function quotableRequest(values: DeliveryValues, uuid: string): DeliverRequest | null {
  const problems = deliveryProblems({ ...values, when: 'now' });
  if (problems.length > 0) return null;
  const body = toDeliverRequest(values, uuid, { forQuote: true });
  return deliverRequestSchema.safeParse(body).success ? body : null;
}

/** The form's resolver schema: deliveryProblems as zod issues on their fields. */
export function deliveryFormSchema(now: () => number = Date.now) {
  return z.custom<DeliveryValues>().superRefine((values, ctx) => {
    for (const p of deliveryProblems(values, now()))
      ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });
}

/** Why mail cannot be chosen for this letter, from what the browser knows (the quote may say more). */
export function localMailRefusal(numPages: number | null): string {
  return (numPages ?? 0) > MAIL_MAX_PAGES ? DELIVERY_MESSAGES.mailTooManyPages : DELIVERY_MESSAGES.mailIssues;
}

/** What a delivery was sent with (GET /api/letters/:id/delivery), as the form's values. */
export interface SentDelivery {
  options: {
    mail: {
      is_premium: boolean;
      is_colour: boolean;
      mail_service?: LetterService;
      is_double_sided?: boolean;
      insert?: { id: string } | null;
    } | null;
    email: { subject: string; message: string; is_cloud_link: boolean } | null;
    sms: { text: string; sender_phone_number: string | null } | null;
  };
  channels: ReadonlyArray<{ channel: DeliveryChannel; recipient: string | null }>;
}

/**
 * The form's values for a delivery already asked for (issue 27 item 6): its channels, mail's class
 * and print, the email and the text as sent, so the panel shows what went, not the defaults.
 */
export function valuesFromDelivery(sent: SentDelivery, base: DeliveryValues): DeliveryValues {
  const { mail, email, sms } = sent.options;
  const recipient = (c: DeliveryChannel) => sent.channels.find((x) => x.channel === c)?.recipient ?? '';
  return {
    ...base,
    channels: sent.channels.map((c) => c.channel),
    postage: mail
      ? mail.mail_service
        ? postageOf(mail.mail_service)
        : mail.is_premium
          ? 'premium'
          : 'standard'
      : base.postage,
    colour: mail ? (mail.is_colour ? 'colour' : 'black_and_white') : base.colour,
    sides: mail ? (mail.is_double_sided === false ? 'single' : 'double') : base.sides,
    insert_id: mail?.insert?.id ?? base.insert_id,
    email_link: email ? email.is_cloud_link : base.email_link,
    recipient_email: email ? recipient('email') : base.recipient_email,
    subject: email?.subject ?? base.subject,
    message_to_recipient: email?.message ?? base.message_to_recipient,
    recipient_phone_number: sms ? recipient('sms') : base.recipient_phone_number,
    sms_text: sms?.text ?? base.sms_text,
    sender_phone_number: sms?.sender_phone_number ?? base.sender_phone_number,
  };
}
