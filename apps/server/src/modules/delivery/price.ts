import {
  CHANNEL_LABELS,
  CLOUD_LINK_DEFAULT_DAYS,
  classService,
  cloudLinkPrefix,
  cloudLinkStandIn,
  countryZone,
  DELIVERY_MESSAGES,
  type DeliverRequestParsed,
  type DeliveryChannel,
  type DeliveryPreferences,
  deliveryFieldProblems,
  fillTemplate,
  INSERT_MAX_SHEETS,
  insertSheets,
  isMailDisabled,
  LETTER_STATUS,
  type LetterService,
  MAIL_MAX_PAGES,
  POST_SERVICE_MESSAGES,
  type PostZone,
  priceCloudLink,
  priceEmail,
  priceLetterPost,
  priceSms,
  readDeliveryPreferences,
  type SmsParts,
  serviceClass,
  serviceRefusal,
  smsBody,
  smsParts,
  TEMPLATE_MESSAGES,
  type TemplateValues,
  templateValues,
  toE164Phone,
  toE164UK,
} from '@lp/domain';
import type pg from 'pg';
import type { AccountRow, CustomerRow, LetterRow } from '../../platform/db/rows.js';
import { AppError, type FieldError } from '../../platform/errors.js';
import { findCustomer } from '../customers/index.js';
import type { InsertForDelivery } from '../letterheads/index.js';

/** What a delivery does on each channel, as validated and priced (stored as letter_deliveries.options). */
export interface DeliveryOptions {
  channels: DeliveryChannel[];
  /**
   * Mail: the class (premium: 1st) and colour; since issue 28 also the Royal Mail service, the
   * sides, the country (null: the UK) and its zone, the insert, and the file the printer gets when
   * an insert is added (with its pages). Deliveries stored before have only service and color.
   */
  mail?: {
    service: 'premium' | 'standard';
    color: boolean;
    postService?: LetterService;
    duplex?: boolean;
    country?: string | null;
    zone?: PostZone | null;
    insert?: { id: string; name: string; sheets: number } | null;
    fileKey?: string;
    pages?: number;
  };
  email?: { to: string; subject: string; message: string; asLink: boolean };
  /** The text with its variables filled; `replyTo` the sender's number (E.164), sent as "Reply to {number}". */
  sms?: { to: string; text: string; replyTo?: string };
  cloudLinkDays: number;
  /** The letterhead applied, and the file sent with it (the letter's own file when none). */
  letterhead?: { kind: 'primary' | 'secondary'; placement: 'first_page' | 'every_page' };
  fileKey?: string;
  /** Requested with a test API key: handed to the sandboxes, nothing held or charged (decision 0030). */
  test?: boolean;
}

export interface PricedChannel {
  channel: DeliveryChannel;
  pence: number;
  lines: Array<{ label: string; pence: number }>;
}

export type LetterForDelivery = Pick<
  LetterRow,
  | 'id'
  | 'account_id'
  | 'name'
  | 'status'
  | 'force_status_error'
  | 'mark_for_deletion'
  | 'address_sheet'
  | 'recipient_name_snapshot'
  | 'recipient_address_snapshot'
  | 'postcode'
  | 'blob_key'
  | 'customer_id'
  | 'test_mode'
  | 'country'
> & { num_pages: number | null }; // num_pages::int

export const LETTER_FOR_DELIVERY = `id, account_id, name, status, force_status_error, mark_for_deletion, num_pages::int as num_pages,
  address_sheet, recipient_name_snapshot, recipient_address_snapshot, postcode, blob_key, customer_id, test_mode, country`;

export type LetterCustomer = Pick<CustomerRow, 'email' | 'phone' | 'communications_preference'> & {
  customer_uuid: CustomerRow['id'];
  recipient: CustomerRow['name'];
};

/** The letter's customer (their address book entry: email, phone, preferences), or null. */
export async function letterCustomer(
  q: pg.ClientBase | pg.Pool,
  letter: LetterForDelivery,
): Promise<LetterCustomer | null> {
  if (!letter.customer_id) return null;
  return findCustomer<LetterCustomer>(
    q,
    letter.account_id,
    letter.customer_id,
    'id as customer_uuid, name as recipient, email, phone, communications_preference',
  );
}

/** The spec's rule: mail is not offered when the recipient omits it (their preferences lack Mail). */
export const customerOmitsMail = (c: LetterCustomer | null) => !!c && !c.communications_preference.includes('Mail');

/**
 * The body of a text message as it will be sent, with a stand-in for its link: the link is made at
 * hand-over, but its prefix is PUBLIC_URL's and its token's length is fixed, so the parts (and the
 * price) of the stand-in are those of the message sent.
 */
export const smsBodyToPrice = (sms: NonNullable<DeliveryOptions['sms']>, publicUrl: string) =>
  smsBody(sms.text, cloudLinkStandIn(cloudLinkPrefix(publicUrl)), sms.replyTo);

/** Why mail cannot carry this letter, or null. */
export function mailRefusal(
  letter: LetterForDelivery,
  prefs: DeliveryPreferences,
  customer: LetterCustomer | null = null,
): string | null {
  if ((letter.num_pages ?? 0) > MAIL_MAX_PAGES) return DELIVERY_MESSAGES.mailTooManyPages;
  if (prefs.mail.omit) return DELIVERY_MESSAGES.mailOmitted;
  if (customerOmitsMail(customer)) return DELIVERY_MESSAGES.customerOmitsMail;
  if (isMailDisabled(letter.num_pages ?? 0, false, letter.status)) return DELIVERY_MESSAGES.mailIssues;
  // A letter abroad may have no postcode (an Irish address without its Eircode, a country without postcodes).
  if (
    !letter.recipient_name_snapshot ||
    !(letter.postcode || letter.country) ||
    !letter.recipient_address_snapshot?.length
  )
    return DELIVERY_MESSAGES.mailNoAddress;
  return null;
}

export async function companyPreferences(q: pg.ClientBase | pg.Pool, accountId: string) {
  const { rows } = await q.query<Pick<AccountRow, 'name' | 'preferences'>>(
    'select name, preferences from accounts where id = $1',
    [accountId],
  );
  return { companyName: rows[0]?.name ?? '', prefs: readDeliveryPreferences(rows[0]?.preferences?.delivery) };
}

/** The values of {recipient}, {company} and {letter} for a letter: its customer or the name read from it. */
export function letterTemplateDefaults(
  letter: LetterForDelivery,
  companyName: string,
  customer: LetterCustomer | null,
) {
  return {
    recipient: customer?.recipient?.trim() || letter.recipient_name_snapshot?.trim() || null,
    company: companyName,
    letter: letter.name,
  };
}

/** The print partner the mail goes through: who it is, and the Royal Mail services it carries. */
export interface PrinterOffer {
  partner: string;
  services: readonly LetterService[];
}

/**
 * Checks a delivery request against the letter and the company's preferences and prices each
 * channel (the price list of @lp/domain). Field problems answer 422 with every field named.
 */
export function planDelivery(
  letter: LetterForDelivery,
  r: DeliverRequestParsed,
  prefs: DeliveryPreferences,
  publicUrl: string,
  customer: LetterCustomer | null = null,
  companyName = '',
  insert: InsertForDelivery | null = null,
  printer: PrinterOffer | null = null,
): { options: DeliveryOptions; priced: PricedChannel[]; total: number; smsParts: SmsParts | null } {
  const fields: FieldError[] = deliveryFieldProblems(r).map((p) => ({ path: p.field, message: p.message }));
  // {recipient}, {company} and {letter} are filled now: the price counts the text that is sent.
  const defaults = letterTemplateDefaults(letter, companyName, customer);
  const fill = (field: string, text: string, values: TemplateValues) => {
    const filled = fillTemplate(text, values);
    // Unknown placeholders were named by deliveryFieldProblems.
    if (filled.missing.length && !filled.unknown.length)
      fields.push({ path: field, message: TEMPLATE_MESSAGES.missing(filled.missing[0]!) });
    return filled.text;
  };
  const emailValues = templateValues(defaults, r.email_template_vars);
  const smsValues = templateValues(defaults, r.sms_template_vars);
  const channels = [...r.preference_overrides];
  const options: DeliveryOptions = { channels, cloudLinkDays: r.cloud_link_expiry_days ?? CLOUD_LINK_DEFAULT_DAYS };
  if (channels.includes('mail')) {
    const refusal = mailRefusal(letter, prefs, customer);
    if (refusal) fields.push({ path: 'preference_overrides', message: refusal });
    const abroad = letter.country && letter.country !== 'GB' ? letter.country : null;
    const postService: LetterService =
      r.mail_service ??
      (abroad
        ? 'international_standard'
        : classService((r.is_premium ?? prefs.mail.service === 'premium') ? 'premium' : 'standard'));
    const serviceProblem = refusal
      ? null
      : (serviceRefusal(postService, abroad) ??
        // Refused before anything is held, rather than by the partner at hand-over.
        (printer && !printer.services.includes(postService)
          ? POST_SERVICE_MESSAGES.notOffered(postService, printer.partner)
          : null));
    if (serviceProblem) fields.push({ path: 'mail_service', message: serviceProblem });
    const duplex = r.is_double_sided ?? true;
    if (r.insert_id && !insert) fields.push({ path: 'insert_id', message: DELIVERY_MESSAGES.noSuchInsert });
    const chosen = r.insert_id && insert ? insert : null;
    const sheets = chosen ? insertSheets(chosen.pages, duplex) : 0;
    if (chosen && sheets > INSERT_MAX_SHEETS)
      fields.push({ path: 'insert_id', message: DELIVERY_MESSAGES.insertTooLongOneSided(chosen.pages) });
    options.mail = {
      service: serviceClass(postService),
      color: r.is_colour ?? prefs.mail.print === 'colour',
      postService,
      duplex,
      country: abroad,
      zone: countryZone(abroad),
      insert: chosen ? { id: chosen.id, name: chosen.name, sheets } : null,
    };
  }
  if (channels.includes('email')) {
    if (prefs.email.omit) fields.push({ path: 'preference_overrides', message: DELIVERY_MESSAGES.emailOmitted });
    options.email = {
      to: (r.recipient_email ?? '').trim(),
      subject: fill('subject', r.subject?.trim() ?? '', emailValues),
      message: fill('message_to_recipient', r.message_to_recipient?.trim() ?? '', emailValues),
      asLink: r.is_cloud_link ?? prefs.email.kind === 'link',
    };
  }
  if (channels.includes('cloud_storage') && !customer)
    fields.push({ path: 'preference_overrides', message: DELIVERY_MESSAGES.cloudStorageNeedsCustomer });
  if (channels.includes('sms')) {
    const replyTo = r.sender_phone_number?.trim() ? toE164Phone(r.sender_phone_number) : null;
    options.sms = {
      to: toE164UK(r.recipient_phone_number ?? '') ?? '',
      text: fill('sms_text', (r.sms_text ?? '').trim(), smsValues),
      ...(replyTo ? { replyTo } : {}),
    };
  }
  if (fields.length) throw new AppError('VALIDATION_FAILED', fields[0]!.message, fields);
  const priced = channels.map((channel): PricedChannel => {
    switch (channel) {
      case 'mail': {
        const mail = options.mail!;
        const post = priceLetterPost({
          pages: Math.max(1, letter.num_pages ?? 1),
          service: mail.postService ?? mail.service,
          color: mail.color,
          addressSheet: letter.address_sheet,
          duplex: mail.duplex ?? true,
          insert: mail.insert ? { sheets: mail.insert.sheets, name: mail.insert.name } : null,
          zone: mail.zone ?? null,
        });
        return { channel, pence: post.total, lines: post.lines };
      }
      case 'email':
        return { channel, pence: priceEmail(), lines: [{ label: CHANNEL_LABELS.email, pence: priceEmail() }] };
      case 'sms': {
        const pence = priceSms(smsBodyToPrice(options.sms!, publicUrl));
        return { channel, pence, lines: [{ label: CHANNEL_LABELS.sms, pence }] };
      }
      case 'cloud_storage':
        return { channel, pence: 0, lines: [{ label: CHANNEL_LABELS.cloud_storage, pence: 0 }] };
      default:
        return {
          channel,
          pence: priceCloudLink(),
          lines: [{ label: CHANNEL_LABELS.cloud_link, pence: priceCloudLink() }],
        };
    }
  });
  return {
    options,
    priced,
    total: priced.reduce((s, p) => s + p.pence, 0),
    smsParts: options.sms ? smsParts(smsBodyToPrice(options.sms, publicUrl)) : null,
  };
}

/** Refuses a letter that cannot start a delivery now (409 with the reason). */
export function assertDeliverable(letter: LetterForDelivery): void {
  if (letter.mark_for_deletion) throw new AppError('CONFLICT', 'This letter is in the trash. Restore it first.');
  const sent: string[] = [
    LETTER_STATUS.delivered,
    LETTER_STATUS.posted,
    LETTER_STATUS.sentAsEmailAttachment,
    LETTER_STATUS.posting,
  ];
  if (sent.includes(letter.status)) throw new AppError('CONFLICT', DELIVERY_MESSAGES.alreadySent);
  if (letter.force_status_error || !DELIVERABLE.has(letter.status))
    throw new AppError('CONFLICT', DELIVERY_MESSAGES.notDeliverable);
}

const DELIVERABLE = new Set<string>([
  LETTER_STATUS.analysisComplete,
  LETTER_STATUS.invalidPostcode,
  LETTER_STATUS.barcodeAreaNotEmpty,
  LETTER_STATUS.addressOutsideWindow,
  LETTER_STATUS.windowNotClear,
  LETTER_STATUS.addressToConfirm,
  LETTER_STATUS.deniedBySupervisor,
  'Failed to Deliver',
  LETTER_STATUS.returnedToSender,
]);
