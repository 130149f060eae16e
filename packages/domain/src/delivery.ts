import { z } from 'zod';
import { MAIL_MAX_PAGES } from './constants.js';
import { LETTERHEAD_KINDS, LETTERHEAD_PLACEMENTS } from './letterheads.js';
import { TEMPLATE_MESSAGES, templateVarsSchema, unknownTemplateVariables } from './message-templates.js';
import { LETTER_MESSAGES, MESSAGES } from './messages.js';
import { hasAny, type Permission } from './permissions.js';
import { LETTER_SERVICES } from './post-services.js';
import { toE164Phone, toE164UK } from './sms.js';

/**
 * Letter delivery (part 1 sections 3, 4, 5, 7, 8 and 9; decision 0016): the channels, the request
 * a client sends to POST /api/letters/deliver, its rules, and the texts users read. Shared by the
 * server (which decides) and the web (which checks first).
 */

/**
 * The channels a letter can go by. Cloud storage (issue 14, decision 0020) files the letter in its
 * customer's storage folder (and, with integrations, their drive); it is free and needs a customer.
 */
export const DELIVERY_CHANNELS = ['mail', 'email', 'sms', 'cloud_link', 'cloud_storage'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  mail: 'Mail',
  email: 'Email',
  sms: 'Text message',
  cloud_link: 'Cloud link',
  cloud_storage: 'Cloud storage',
};

/** A delivery's life: waiting for a supervisor, waiting for its time, being handed over, then an end. */
export const DELIVERY_STATES = ['in_review', 'scheduled', 'sending', 'done', 'cancelled', 'denied'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A channel's life: waiting, handed to the provider (charged), confirmed, failed (refunded) or cancelled. */
export const CHANNEL_STATES = ['queued', 'handed_over', 'succeeded', 'failed', 'cancelled'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];

/** Part 1 section 9: a scheduled delivery is at least 1 minute and at most 2,580,000,000 ms (about 30 days) ahead. */
export const SCHEDULE_MIN_AHEAD_MS = 60_000;
export const SCHEDULE_MAX_AHEAD_MS = 2_580_000_000;
/**
 * The time a delivery form starts with (part 1 section 9: "scheduled time is now in seconds, delay
 * 0"): now, with no delay. A request without a time or delay means exactly this (scheduledRunAt).
 */
export const DELIVERY_TIME_DEFAULT = { when: 'now', delaySeconds: 0 } as const;
/** A cloud link lasts this many days unless the sender chooses (1 to 90). */
export const CLOUD_LINK_DEFAULT_DAYS = 30;
export const CLOUD_LINK_MAX_DAYS = 90;
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_MESSAGE_MAX = 5000;
/** Ten concatenated parts at most (Twilio's limit is 1,600 characters; the link is added after). */
export const SMS_TEXT_MAX = 1400;
/** Letters delivered in one bulk request. */
export const BULK_DELIVER_MAX = 100;

/** Who may revoke a letter's links (issue 24 item 12): whoever may send the letter. */
export const CLOUD_LINK_REVOKERS = ['send_letter'] as const satisfies readonly Permission[];
/** Whether these abilities may revoke a letter's links. */
export const canRevokeCloudLink = (abilities: ReadonlySet<string> | readonly string[]) =>
  hasAny(abilities, CLOUD_LINK_REVOKERS);

export const DELIVERY_MESSAGES = {
  ok: 'OK',
  delivering: 'Delivering letter...',
  scheduling: 'Scheduling letter delivery...',
  deliverFailed: 'Failed to deliver letter!',
  scheduleFailed: 'Failed to schedule letter delivery!',
  cancelling: 'Cancelling the delivery...',
  cancelled: 'The delivery was cancelled and the money held for it released.',
  cancelFailed: 'Failed to cancel the delivery!',
  inReview: 'The delivery is waiting for a supervisor’s approval. The money is held until then.',
  noChannel: LETTER_MESSAGES.noChannel,
  recipientEmailRequired: LETTER_MESSAGES.recipientEmailRequired,
  recipientEmailInvalid: LETTER_MESSAGES.recipientEmailInvalid,
  phoneRequired: "You must enter the recipient's mobile number before sending a text message!",
  phoneInvalid: MESSAGES.ukPhone,
  phoneNotMobile: 'Text messages go to UK mobile numbers (07…) only.',
  smsTextRequired: 'Write the text message to send.',
  senderPhoneInvalid:
    'Enter the number to reply to as a UK phone number (07700 900123 or 020 7946 0000), or an international one with + and its country code.',
  scheduleInPast: 'The delivery time is in the past.',
  scheduleTooSoon: 'Choose a time at least 1 minute from now.',
  scheduleTooLate: 'Choose a time at most 30 days from now.',
  mailTooManyPages: `Letters of more than ${MAIL_MAX_PAGES} pages cannot be posted.`,
  mailIssues: 'This letter cannot be posted until its issues are fixed.',
  mailNoAddress: "The recipient's address could not be read from this letter, so it cannot be posted.",
  customerOmitsMail: "This customer's communication preferences leave mail out.",
  mailOmitted: "Your company's delivery preferences leave mail out.",
  emailOmitted: "Your company's delivery preferences leave email out.",
  notDeliverable: 'This letter cannot be delivered now.',
  alreadySent: 'This letter has already been sent.',
  alreadyOpen: 'This letter already has a delivery on its way, scheduled or in review.',
  nothingToCancel: 'This letter has no delivery that can still be cancelled.',
  tooLateToCancel: 'Too late to cancel: the delivery has started.',
  cloudStorageNeedsCustomer: "Link this letter to a customer first: cloud storage files it in the customer's folder.",
  cloudLinkGone: 'This link has expired or does not exist. Ask the sender for a new one.',
  cloudLinkRevoked: 'The link was revoked: it no longer opens the letter.',
  noLiveCloudLink: 'This letter has no link that still opens.',
  revokeFailed: 'Failed to revoke the link!',
  cloudLinkRevokedBy: (name: string) => `Cloud link revoked by ${name}`,
  testEmailSent: 'A test email was sent to you.',
  testSmsSent: 'A test text message was sent.',
  testLetterPosted: 'A test letter is on its way to the printer.',
  nothingToSend: 'Fill in the email or the text message to send.',
  noSuchInsert: 'There is no such insert: choose one of your company’s inserts.',
  insertTooLongOneSided: (pages: number) =>
    `This insert has ${pages} pages: printed on one side it takes ${pages} sheets, and an insert has at most 2. Print on both sides or choose another insert.`,
} as const;

const optionalText = (max: number) => z.string().max(max).optional();

/** The body of POST /api/letters/deliver (field names from part 1 sections 3 and 7). */
export const deliverRequestSchema = z.strictObject({
  uuid: z.string().min(1).max(100),
  /** The channels chosen; default mail (part 1 section 9). */
  preference_overrides: z
    .array(z.enum(DELIVERY_CHANNELS))
    .min(1, { error: DELIVERY_MESSAGES.noChannel })
    .max(DELIVERY_CHANNELS.length)
    .refine((c) => new Set(c).size === c.length, { error: 'Each channel once.' })
    .default(['mail']),
  /** Mail: 1st class (premium) or 2nd class; default from the company's preferences. */
  is_premium: z.boolean().optional(),
  is_colour: z.boolean().optional(),
  /**
   * Mail: the Royal Mail service (decision 0037). Without it, is_premium chooses 1st or 2nd class
   * for a UK address, and a letter abroad goes by International Standard.
   */
  mail_service: z.enum(LETTER_SERVICES).optional(),
  /** Mail: printed on both sides of each sheet (default) or on the front only (more sheets). */
  is_double_sided: z.boolean().optional(),
  /** Mail: one of the company's inserts (GET /api/letters/inserts) added to the envelope; null or absent for none. */
  insert_id: z.string().min(1).max(100).nullable().optional(),
  /** Email: send a cloud link instead of attaching the letter; default from the company's email kind. */
  is_cloud_link: z.boolean().optional(),
  recipient_email: optionalText(320),
  subject: optionalText(EMAIL_SUBJECT_MAX),
  message_to_recipient: optionalText(EMAIL_MESSAGE_MAX),
  recipient_phone_number: optionalText(40),
  sms_text: optionalText(SMS_TEXT_MAX),
  /** A number the recipient can reply to: "Reply to {number}" is added to the text message. */
  sender_phone_number: optionalText(40),
  /** Values of {recipient}, {company} and {letter} in the email's subject and message (else the letter's own). */
  email_template_vars: templateVarsSchema.optional(),
  /** Values of {recipient}, {company} and {letter} in the text message (else the letter's own). */
  sms_template_vars: templateVarsSchema.optional(),
  cloud_link_expiry_days: z.number().int().min(1).max(CLOUD_LINK_MAX_DAYS).optional(),
  /** A letterhead behind the letter's content: the company's primary or secondary one, or none. */
  letterhead: z.enum(LETTERHEAD_KINDS).nullable().optional(),
  /** On page 1 only (default) or on every page. */
  letterhead_placement: z.enum(LETTERHEAD_PLACEMENTS).optional(),
  /** When to deliver, epoch seconds; absent means now. */
  scheduled_delivery_date_time: z.number().int().min(0).max(99_999_999_999).nullable().optional(),
  /** Seconds added to the scheduled time (default 0). */
  schedule_time_delay: z.number().int().min(0).max(2_580_000).optional(),
});
export type DeliverRequest = z.input<typeof deliverRequestSchema>;
export type DeliverRequestParsed = z.output<typeof deliverRequestSchema>;

/** The body of POST /api/letters/deliver/bulk: the same options for every letter (no per-recipient fields). */
export const bulkDeliverRequestSchema = z.strictObject({
  uuids: z.array(z.string().min(1).max(100)).min(1).max(BULK_DELIVER_MAX),
  preference_overrides: z
    .array(z.enum(['mail', 'cloud_link']))
    .min(1)
    .max(2)
    .default(['mail']),
  is_premium: z.boolean().optional(),
  is_colour: z.boolean().optional(),
  mail_service: z.enum(LETTER_SERVICES).optional(),
  is_double_sided: z.boolean().optional(),
  insert_id: z.string().min(1).max(100).nullable().optional(),
  scheduled_delivery_date_time: z.number().int().min(0).max(99_999_999_999).nullable().optional(),
  schedule_time_delay: z.number().int().min(0).max(2_580_000).optional(),
});

export interface FieldProblem {
  field: string;
  message: string;
}

/** The per-channel checks of part 1 section 5 that need no database (addresses, texts). */
export function deliveryFieldProblems(r: DeliverRequestParsed): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const channels = new Set(r.preference_overrides);
  if (channels.has('email')) {
    const email = r.recipient_email?.trim() ?? '';
    if (!email) problems.push({ field: 'recipient_email', message: DELIVERY_MESSAGES.recipientEmailRequired });
    else if (!z.email().safeParse(email).success)
      problems.push({ field: 'recipient_email', message: DELIVERY_MESSAGES.recipientEmailInvalid });
  }
  if (channels.has('sms')) {
    const phone = r.recipient_phone_number?.trim() ?? '';
    if (!phone) problems.push({ field: 'recipient_phone_number', message: DELIVERY_MESSAGES.phoneRequired });
    else if (!/^(?:0|\+44)[1-9]\d{8,9}$/.test(phone.replace(/[\s\-.()]/g, '').replace(/^0044/, '+44')))
      problems.push({ field: 'recipient_phone_number', message: DELIVERY_MESSAGES.phoneInvalid });
    else if (!toE164UK(phone))
      problems.push({ field: 'recipient_phone_number', message: DELIVERY_MESSAGES.phoneNotMobile });
    if (!r.sms_text?.trim()) problems.push({ field: 'sms_text', message: DELIVERY_MESSAGES.smsTextRequired });
    if (r.sender_phone_number?.trim() && !toE164Phone(r.sender_phone_number))
      problems.push({ field: 'sender_phone_number', message: DELIVERY_MESSAGES.senderPhoneInvalid });
  }
  // Placeholders that are not variables ({date}, {Recipient}) are refused, naming them.
  const texts: Array<[string, string | undefined, boolean]> = [
    ['subject', r.subject, channels.has('email')],
    ['message_to_recipient', r.message_to_recipient, channels.has('email')],
    ['sms_text', r.sms_text, channels.has('sms')],
  ];
  for (const [field, text, used] of texts) {
    const unknown = used && text ? unknownTemplateVariables(text) : [];
    if (unknown.length) problems.push({ field, message: TEMPLATE_MESSAGES.unknown(unknown) });
  }
  return problems;
}

/**
 * When a delivery runs: null for now, else the time (epoch ms). Throws the user's message when it is
 * outside the window (not in the past, at least 1 minute and at most 2,580,000,000 ms ahead).
 */
export function scheduledRunAt(
  r: Pick<DeliverRequestParsed, 'scheduled_delivery_date_time' | 'schedule_time_delay'>,
  now: number,
): { at: number | null; problem: string | null } {
  const delay = (r.schedule_time_delay ?? 0) * 1000;
  if (r.scheduled_delivery_date_time == null) {
    if (delay === 0) return { at: null, problem: null };
    return windowCheck(now + delay, now);
  }
  return windowCheck(r.scheduled_delivery_date_time * 1000 + delay, now);
}

function windowCheck(at: number, now: number): { at: number | null; problem: string | null } {
  // A second of grace: "now in seconds" (the spec's default) is slightly in the past on arrival.
  if (at < now - 1000) return { at: null, problem: DELIVERY_MESSAGES.scheduleInPast };
  if (at - now < SCHEDULE_MIN_AHEAD_MS) {
    // The spec's default request (time now, delay 0) means now.
    if (at - now <= 1000) return { at: null, problem: null };
    return { at: null, problem: DELIVERY_MESSAGES.scheduleTooSoon };
  }
  if (at - now > SCHEDULE_MAX_AHEAD_MS) return { at: null, problem: DELIVERY_MESSAGES.scheduleTooLate };
  return { at, problem: null };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The date display format of part 1 section 9, dd.MM.yy | hh:mm a, in UK time (the scheduled
 * status reads "Delivery scheduled for: 24.11.26 | 09:30 AM").
 */
export function formatUkDateTime(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: '2-digit',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: false,
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const hour24 = Number(parts.hour) % 24;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${parts.day}.${parts.month}.${parts.year} | ${two(hour12)}:${parts.minute} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** Raw letter statuses a delivery may start from (New, Encountered Issues, denied, or a delivery that failed). */
export const DELIVERY_FAILED_STATUS = 'Failed to Deliver';

/** A channel that reached its provider (charged) or its recipient counts as delivered. */
export function channelSucceeded(state: ChannelState): boolean {
  return state === 'handed_over' || state === 'succeeded';
}

/**
 * The letter's raw status while a delivery is being handed over and after (part 1 section 4):
 * Delivering (or Sending as Email Attachment when email is the only channel) while a channel waits;
 * then Posting / Posted when mail went (handed over to the printer / to Royal Mail), Sent as Email
 * Attachment when email carried the file, Delivered otherwise; Failed to Deliver (shown Failed)
 * only when every channel failed.
 */
export function letterStatusForDelivery(
  channels: ReadonlyArray<{ channel: DeliveryChannel; state: ChannelState; provider_status?: string | null }>,
  emailAsLink: boolean,
): string {
  if (channels.some((c) => c.state === 'queued')) {
    const onlyEmail = channels.length === 1 && channels[0]!.channel === 'email' && !emailAsLink;
    return onlyEmail ? 'Sending as Email Attachment' : 'Delivering';
  }
  const ok = channels.filter((c) => channelSucceeded(c.state));
  if (ok.length === 0) {
    // Royal Mail brought the letter back: the status says so (its reason is the status reason).
    const returned = channels.some((c) => c.channel === 'mail' && c.provider_status === 'returned');
    return returned ? 'Returned to Sender' : DELIVERY_FAILED_STATUS;
  }
  const mail = ok.find((c) => c.channel === 'mail');
  if (mail) return mail.state === 'succeeded' ? 'Posted' : 'Posting';
  if (!emailAsLink && ok.some((c) => c.channel === 'email')) return 'Sent as Email Attachment';
  return 'Delivered';
}

/** Raw statuses a delivery may start from: New, Encountered Issues, Denied by Supervisor, or a failed delivery. */
export const DELIVERABLE_STATUSES: readonly string[] = [
  'Analysis Complete',
  'Invalid Postcode',
  'Barcode area not empty',
  'Address outside window',
  'Window not clear',
  'Address to confirm',
  'Denied by Supervisor',
  DELIVERY_FAILED_STATUS,
  'Returned to Sender',
];

/** The channels past messages are listed by (part 1 section 7, "comms retrieve ... [Email|SMS|Letter|Parcel]"). */
export const MESSAGE_CHANNELS = ['Email', 'SMS', 'Letter', 'Parcel'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

const CHANNEL_STATE_LABELS: Record<ChannelState, string> = {
  queued: 'Waiting to be sent',
  handed_over: 'Handed over',
  succeeded: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A past message's state as a person reads it; a parcel's state is already its status ("Confirmed", "In transit"). */
export function messageStateLabel(channel: MessageChannel, state: string): string {
  if (channel === 'Parcel') return state;
  return CHANNEL_STATE_LABELS[state as ChannelState] ?? state;
}
