import { MAIL_MAX_PAGES } from './constants.js';
import { hasAny } from './permissions.js';

/** Raw letter statuses (part 1 section 4), defined once. */
export const LETTER_STATUS = {
  analysing: 'Analysing',
  analysisComplete: 'Analysis Complete',
  delivering: 'Delivering',
  sendingAsEmailAttachment: 'Sending as Email Attachment',
  delivered: 'Delivered',
  sentAsEmailAttachment: 'Sent as Email Attachment',
  posting: 'Posting',
  posted: 'Posted',
  inReview: 'In Review',
  deniedBySupervisor: 'Denied by Supervisor',
  invalidPostcode: 'Invalid Postcode',
  barcodeAreaNotEmpty: 'Barcode area not empty',
  /** The address runs past an edge of the envelope window (decision 0026). */
  addressOutsideWindow: 'Address outside window',
  /** Something besides the address (a date, a logo, a band) would show through the window. */
  windowNotClear: 'Window not clear',
  /** A scanned letter whose address OCR read without confidence: the user confirms or corrects it. */
  addressToConfirm: 'Address to confirm',
  corrupted: 'Corrupted',
  failedToAnalyse: 'Failed to Analyse',
  /** Royal Mail brought the letter back (gone away, refused...): the reason is the status reason (decision 0037). */
  returnedToSender: 'Returned to Sender',
} as const;

/** Statuses from which an address sheet may be taken off again (nothing is on its way yet). */
export const ADDRESS_SHEET_REMOVABLE_STATUSES: readonly string[] = [
  LETTER_STATUS.analysisComplete,
  LETTER_STATUS.barcodeAreaNotEmpty,
  LETTER_STATUS.addressOutsideWindow,
  LETTER_STATUS.windowNotClear,
  LETTER_STATUS.addressToConfirm,
  LETTER_STATUS.invalidPostcode,
  LETTER_STATUS.failedToAnalyse,
];

export type RawLetterStatus = (typeof LETTER_STATUS)[keyof typeof LETTER_STATUS];

/** A scheduled letter's raw status starts with this text, followed by the date and time. */
export const SCHEDULED_PREFIX = 'Delivery scheduled for: ';

export const DISPLAY_STATUSES = [
  'Processing',
  'New',
  'Sending',
  'Sent',
  'Scheduled',
  'In Review',
  'Denied by Supervisor',
  'Encountered Issues',
  'Failed',
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

const DISPLAY: Partial<Record<string, DisplayStatus>> = {
  [LETTER_STATUS.analysing]: 'Processing',
  [LETTER_STATUS.analysisComplete]: 'New',
  [LETTER_STATUS.delivering]: 'Sending',
  [LETTER_STATUS.sendingAsEmailAttachment]: 'Sending',
  // Decision (the spec leaves Posting unmapped): a letter being posted is on its way, like Delivering.
  [LETTER_STATUS.posting]: 'Sending',
  [LETTER_STATUS.delivered]: 'Sent',
  [LETTER_STATUS.sentAsEmailAttachment]: 'Sent',
  [LETTER_STATUS.posted]: 'Sent',
  [LETTER_STATUS.inReview]: 'In Review',
  [LETTER_STATUS.deniedBySupervisor]: 'Denied by Supervisor',
  [LETTER_STATUS.invalidPostcode]: 'Encountered Issues',
  // Decision: a filled barcode clear zone is, like an invalid postcode, a problem the user can fix
  // before sending, not a failure. Corrupted and Failed to Analyse fall to Failed (the table's rule).
  [LETTER_STATUS.barcodeAreaNotEmpty]: 'Encountered Issues',
  // Decision 0026: the window problems and an address waiting for confirmation are fixable in the
  // product before anything is charged, like an invalid postcode.
  [LETTER_STATUS.addressOutsideWindow]: 'Encountered Issues',
  [LETTER_STATUS.windowNotClear]: 'Encountered Issues',
  [LETTER_STATUS.addressToConfirm]: 'Encountered Issues',
};

/**
 * Statuses of a letter that cannot be posted as it is until its address or window is fixed
 * (mail is disabled; email, text message and cloud link stay open).
 */
export const POSTING_BLOCKED_STATUSES: readonly string[] = [
  LETTER_STATUS.invalidPostcode,
  LETTER_STATUS.barcodeAreaNotEmpty,
  LETTER_STATUS.addressOutsideWindow,
  LETTER_STATUS.windowNotClear,
  LETTER_STATUS.addressToConfirm,
];

/** Statuses an address sheet is put in front for: the window leaves the address or the barcode no room as it is. */
export const ADDRESS_SHEET_STATUSES: readonly string[] = [
  LETTER_STATUS.barcodeAreaNotEmpty,
  LETTER_STATUS.addressOutsideWindow,
  LETTER_STATUS.windowNotClear,
];

/** Statuses the address is re-set on page 1 for (when the layout says nothing but the address is in the window). */
export const ADDRESS_RESET_STATUSES: readonly string[] = [
  LETTER_STATUS.addressOutsideWindow,
  LETTER_STATUS.barcodeAreaNotEmpty,
];

/** Why a readable letter has no recipient: nothing in the window, or nothing there that is an address. */
export const NO_ADDRESS_REASONS = {
  noText: 'No text was found in the address window of page 1.',
  noAddressLines: 'No address lines were found in the address window of page 1.',
} as const;

/** A Failed to Analyse letter whose page was read but had no address in the window (the user may type one). */
export function isNoAddressFailure(status: string, reason: string | null): boolean {
  return (
    status === LETTER_STATUS.failedToAnalyse &&
    (reason === NO_ADDRESS_REASONS.noText || reason === NO_ADDRESS_REASONS.noAddressLines)
  );
}

/** Statuses in which the one-click fixes (address sheet, re-set address, corrected address) are offered. */
export const ADDRESS_FIXABLE_STATUSES: readonly string[] = [
  LETTER_STATUS.analysisComplete,
  ...POSTING_BLOCKED_STATUSES,
];

/** The label a letter shows for its raw status; a failed flag or an unknown value shows Failed. */
export function displayLetterStatus(raw: string, failed = false): DisplayStatus {
  if (failed) return 'Failed';
  if (raw.startsWith(SCHEDULED_PREFIX)) return 'Scheduled';
  return DISPLAY[raw] ?? 'Failed';
}

export type BadgeColour = 'blue' | 'purple' | 'green' | 'yellow' | 'orange' | 'red';

/** The generic badge's colours (part 1 section 4: "blue, purple, green, yellow, red with icon and text"). */
export const GENERIC_BADGE_COLOURS = [
  'blue',
  'purple',
  'green',
  'yellow',
  'red',
] as const satisfies readonly BadgeColour[];
export type GenericBadgeColour = (typeof GENERIC_BADGE_COLOURS)[number];

/** Badge colours in the shell (lists): orange for work in progress or issues, purple New, green Sent, red failures. */
export function shellBadgeColour(status: DisplayStatus): BadgeColour {
  switch (status) {
    case 'New':
      return 'purple';
    case 'Sent':
      return 'green';
    case 'Denied by Supervisor':
    case 'Failed':
      return 'red';
    default:
      return 'orange';
  }
}

/** Badge colours in the letter panel: blue Processing, yellow Sending/Scheduled/In Review/Issues, the rest as the shell. */
export function panelBadgeColour(status: DisplayStatus): BadgeColour {
  if (status === 'Processing') return 'blue';
  if (status === 'Sending' || status === 'Scheduled' || status === 'In Review' || status === 'Encountered Issues')
    return 'yellow';
  return shellBadgeColour(status);
}

const DELETE_BLOCKED = new Set<string>([
  LETTER_STATUS.analysing,
  LETTER_STATUS.delivering,
  LETTER_STATUS.delivered,
  LETTER_STATUS.posting,
  LETTER_STATUS.posted,
  LETTER_STATUS.sendingAsEmailAttachment,
  LETTER_STATUS.sentAsEmailAttachment,
]);

/** Delete is disabled while analysing, delivering, delivered, posting, posted, in either email-attachment state, or scheduled. */
export function canDeleteLetter(raw: string): boolean {
  return !DELETE_BLOCKED.has(raw) && !raw.startsWith(SCHEDULED_PREFIX);
}

/** A scheduled letter shows "Cancel Delivery" instead of Delete. */
export function showsCancelDelivery(raw: string): boolean {
  return raw.startsWith(SCHEDULED_PREFIX);
}

/** Deliver is disabled while Processing, Sending or In Review, on Failed to Analyse or Corrupted, or without send_letter. */
export function canDeliverLetter(raw: string, abilities: readonly string[], failed = false): boolean {
  if (!hasAny(abilities, ['send_letter'])) return false;
  if (raw === LETTER_STATUS.failedToAnalyse || raw === LETTER_STATUS.corrupted) return false;
  const shown = displayLetterStatus(raw, failed);
  return shown !== 'Processing' && shown !== 'Sending' && shown !== 'In Review';
}

/** A merged letter's split: its letters looked for (proposing), waiting for review (proposed), cut (splitting), done or failed. */
export type SplitStatus = 'proposing' | 'proposed' | 'splitting' | 'split' | 'failed' | null;

/**
 * Merged letters show Split, disabled while analysing or without create_letter. Decision: also
 * disabled while the letters are looked for, while a split runs or once it is done (a failed split
 * may be tried again; a proposal waiting for review may be looked for again).
 */
export function canSplitLetter(
  raw: string,
  documentType: 'regular' | 'merged',
  abilities: readonly string[],
  splitStatus: SplitStatus = null,
): boolean {
  return (
    documentType === 'merged' &&
    raw !== LETTER_STATUS.analysing &&
    splitStatus !== 'proposing' &&
    splitStatus !== 'splitting' &&
    splitStatus !== 'split' &&
    hasAny(abilities, ['create_letter'])
  );
}

/** Mail is not offered above 50 pages, when the recipient omits mail, or while the address or window has a problem (invalid postcode, barcode area, window). */
export function isMailDisabled(numPages: number, recipientOmitsMail: boolean, raw: string): boolean {
  return numPages > MAIL_MAX_PAGES || recipientOmitsMail || POSTING_BLOCKED_STATUSES.includes(raw);
}

/**
 * The raw statuses behind a display label, for filtering in a database: `raw` lists exact values,
 * `scheduled` means the scheduled prefix, and `otherwise` (Failed) means every value not mapped
 * elsewhere. A failed flag shows Failed whatever the raw value.
 */
export function rawStatusesFor(label: DisplayStatus): { raw: string[]; scheduled: boolean; otherwise: boolean } {
  return {
    raw: Object.entries(DISPLAY)
      .filter(([, shown]) => shown === label)
      .map(([raw]) => raw),
    scheduled: label === 'Scheduled',
    otherwise: label === 'Failed',
  };
}

/** Every raw status that has a display label of its own (anything else shows Failed). */
export const MAPPED_RAW_STATUSES: readonly string[] = Object.keys(DISPLAY);
