import { smsParts } from './sms.js';

/**
 * What each service costs, in pence (decision 0015). Prices are all-in (print, paper, envelope,
 * postage), in line with UK business mail: about 73p second class and £1.56 first class for one
 * sheet (GOV.UK Notify's published rates, 2026). Issue 11 charges deliveries with these.
 */

export type MailService = 'premium' | 'standard';

/** A sheet is printed on both sides: two pages. */
export const PAGES_PER_SHEET = 2;
/** Up to this many sheets go as a letter (100 g); more go as a large letter. */
export const LETTER_MAX_SHEETS = 5;

export const PRICE_LIST = {
  /** The first sheet in black and white, with its envelope and postage. */
  letter: { standard: 79, premium: 159 },
  /** Large letter postage instead (more than 5 sheets). */
  largeLetter: { standard: 159, premium: 269 },
  /** Each sheet after the first. */
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

/** The price of posting a letter of `pages` pages (plus an address sheet when added). */
export function priceLetterPost(input: {
  pages: number;
  service: MailService;
  color: boolean;
  addressSheet?: boolean;
}): PostPrice {
  if (!Number.isSafeInteger(input.pages) || input.pages < 1) throw new RangeError('a letter has at least one page');
  const sheets = Math.ceil(input.pages / PAGES_PER_SHEET) + (input.addressSheet ? 1 : 0);
  const large = sheets > LETTER_MAX_SHEETS;
  const base = (large ? PRICE_LIST.largeLetter : PRICE_LIST.letter)[input.service];
  const lines: Array<{ label: string; pence: number }> = [
    { label: `${input.service === 'premium' ? '1st' : '2nd'} class ${large ? 'large letter' : 'letter'}`, pence: base },
  ];
  if (input.color) lines.push({ label: 'Colour, first sheet', pence: PRICE_LIST.firstSheetColor });
  if (sheets > 1)
    lines.push({
      label: `${sheets - 1} more ${sheets - 1 === 1 ? 'sheet' : 'sheets'}`,
      pence: (sheets - 1) * (input.color ? PRICE_LIST.extraSheet.color : PRICE_LIST.extraSheet.mono),
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
