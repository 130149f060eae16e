import {
  classService,
  isInternationalService,
  LETTER_SERVICE_LABELS,
  type LetterService,
  POST_ZONE_LABELS,
  type PostZone,
} from './post-services.js';
import { smsParts } from './sms.js';

/**
 * What each service costs, in pence (decisions 0015 and 0037): the one price list. Prices are
 * all-in (print, paper, envelope, postage), in line with UK business mail: about 73p second class
 * and £1.56 first class for one sheet (GOV.UK Notify's published rates, 2026). The sandbox's
 * defaults for the other services follow Royal Mail's published prices from 7 April 2025 (and
 * Stannp's, where it publishes them): decision 0037 says where each figure comes from.
 */

export type MailService = 'premium' | 'standard';

/** A sheet is printed on both sides: two pages (unless the sender asks for one side only). */
export const PAGES_PER_SHEET = 2;
/** Up to this many sheets go as a letter (100 g); more go as a large letter. */
export const LETTER_MAX_SHEETS = 5;
/** An insert (terms and conditions...) has at most this many sheets. */
export const INSERT_MAX_SHEETS = 2;
/** An insert's PDF has at most this many pages (2 sheets printed on both sides). */
export const INSERT_MAX_PAGES = 4;
/** A company keeps at most this many inserts. */
export const INSERTS_MAX = 20;
/** An insert's file is at most this many bytes. */
export const INSERT_MAX_BYTES = 10 * 1024 * 1024;

/** The sheets an insert of `pages` pages takes, printed as the letter is (both sides or the front only). */
export const insertSheets = (pages: number, duplex: boolean) => (duplex ? Math.ceil(pages / PAGES_PER_SHEET) : pages);

type UkService = Exclude<LetterService, 'international_standard' | 'international_tracked'>;

export const PRICE_LIST = {
  /** The first sheet in black and white, with its envelope and postage (1st and 2nd class). */
  letter: { standard: 79, premium: 159 },
  /** Large letter postage instead (more than 5 sheets). */
  largeLetter: { standard: 159, premium: 269 },
  /** Each UK service's first sheet, envelope and postage: a letter, and a large letter. */
  uk: {
    second_class: { letter: 79, large: 159 },
    first_class: { letter: 159, large: 269 },
    // Royal Mail's Signed For: £2.75 (2nd) and £3.05 (1st) for a letter, i.e. 188p and 135p over the stamp.
    signed_for_second: { letter: 79 + 188, large: 159 + 188 },
    signed_for_first: { letter: 159 + 135, large: 269 + 135 },
    // Special Delivery Guaranteed by 1pm, up to 100 g (£7.95) and up to 500 g (£8.95), plus 30p print.
    special_delivery: { letter: 825, large: 925 },
  } satisfies Record<UkService, { letter: number; large: number }>,
  /** International services by zone: the first sheet, envelope and postage of a letter. */
  international: {
    // Royal Mail's International Standard letter up to 100 g: £3.20 to every zone (7 April 2025), plus 25p print.
    international_standard: { europe: 345, world_1: 345, world_2: 345, world_3: 345 },
    // International Tracked letter: Royal Mail's zone prices as decision 0037 gives them, plus 25p print.
    international_tracked: { europe: 895, world_1: 1015, world_2: 1065, world_3: 1065 },
  } satisfies Record<'international_standard' | 'international_tracked', Record<PostZone, number>>,
  /** Added to an international item of more than 5 sheets (a large letter abroad), by zone. */
  internationalLarge: { europe: 150, world_1: 250, world_2: 300, world_3: 300 } satisfies Record<PostZone, number>,
  /** Each sheet after the first (the letter's, an address sheet's, an insert's). */
  extraSheet: { mono: 8, color: 16 },
  /** Colour on the first sheet. */
  firstSheetColor: 12,
  email: 5,
  /** Per 160-character part of a text message. */
  smsPart: 6,
  cloudLink: 2,
} as const;

export interface PostPrice {
  total: number;
  sheets: number;
  large: boolean;
  lines: Array<{ label: string; pence: number }>;
}

export interface LetterPostInput {
  pages: number;
  /** A class (every delivery before issue 28) or a Royal Mail service. */
  service: MailService | LetterService;
  color: boolean;
  addressSheet?: boolean;
  /** Printed on both sides (default) or on the front only: then each page is a sheet. */
  duplex?: boolean;
  /** An insert added to the envelope: its sheets and its name. */
  insert?: { sheets: number; name: string } | null;
  /** The international zone (needed by the international services). */
  zone?: PostZone | null;
}

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** The price of posting a letter of `pages` pages (plus an address sheet, an insert, when added). */
export function priceLetterPost(input: LetterPostInput): PostPrice {
  if (!Number.isSafeInteger(input.pages) || input.pages < 1) throw new RangeError('a letter has at least one page');
  const service: LetterService =
    input.service === 'premium' || input.service === 'standard' ? classService(input.service) : input.service;
  const duplex = input.duplex ?? true;
  const insertSheets = input.insert ? input.insert.sheets : 0;
  if (!Number.isSafeInteger(insertSheets) || insertSheets < 0 || insertSheets > INSERT_MAX_SHEETS)
    throw new RangeError(`an insert has 1 to ${INSERT_MAX_SHEETS} sheets`);
  const letterSheets = duplex ? Math.ceil(input.pages / PAGES_PER_SHEET) : input.pages;
  const sheets = letterSheets + (input.addressSheet ? 1 : 0) + insertSheets;
  const large = sheets > LETTER_MAX_SHEETS;
  const kind = large ? 'large letter' : 'letter';
  const lines: Array<{ label: string; pence: number }> = [];
  if (isInternationalService(service)) {
    if (!input.zone) throw new RangeError('an international service needs a zone');
    const zone = input.zone;
    const table = PRICE_LIST.international[service as 'international_standard' | 'international_tracked'];
    lines.push({ label: `${LETTER_SERVICE_LABELS[service]} ${kind}, ${POST_ZONE_LABELS[zone]}`, pence: table[zone] });
    if (large)
      lines.push({
        label: `Large letter abroad, ${POST_ZONE_LABELS[zone]}`,
        pence: PRICE_LIST.internationalLarge[zone],
      });
  } else {
    const prices = PRICE_LIST.uk[service as UkService];
    lines.push({ label: `${LETTER_SERVICE_LABELS[service]} ${kind}`, pence: large ? prices.large : prices.letter });
  }
  if (input.color) lines.push({ label: 'Colour, first sheet', pence: PRICE_LIST.firstSheetColor });
  const perSheet = input.color ? PRICE_LIST.extraSheet.color : PRICE_LIST.extraSheet.mono;
  // The letter's own sheets after the first (and the address sheet); the insert's on their own line.
  const more = sheets - 1 - insertSheets;
  if (more > 0)
    lines.push({
      label: `${plural(more, 'more sheet')}${duplex ? '' : ' (printed on one side)'}`,
      pence: more * perSheet,
    });
  if (input.insert && insertSheets > 0)
    lines.push({
      label: `Insert: ${input.insert.name} (${plural(insertSheets, 'sheet')})`,
      pence: insertSheets * perSheet,
    });
  return { total: lines.reduce((sum, l) => sum + l.pence, 0), sheets, large, lines };
}

/** A text message's price: its parts (smsParts: GSM-7 160/153, UCS-2 70/67) at the price of a part. */
export function priceSms(text: string): number {
  return smsParts(text).parts * PRICE_LIST.smsPart;
}

export function priceEmail(): number {
  return PRICE_LIST.email;
}

export function priceCloudLink(): number {
  return PRICE_LIST.cloudLink;
}

/** The texts of the inserts' routes and page (decision 0037). */
export const INSERT_MESSAGES = {
  oneFile: 'Choose exactly one PDF file to upload as an insert.',
  type: 'An insert is a PDF file.',
  unreadable: 'This PDF could not be read: re-save it as a standard PDF without a password and upload it again.',
  tooLarge: `An insert can be at most ${INSERT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyPages: (pages: number) =>
    `This PDF has ${pages} pages: an insert is at most ${INSERT_MAX_SHEETS} sheets (${INSERT_MAX_PAGES} pages printed on both sides).`,
  tooMany: `A company keeps at most ${INSERTS_MAX} inserts: delete one first.`,
  deleted: (name: string) => `The insert ${name} was deleted.`,
} as const;
