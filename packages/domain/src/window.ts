// The envelope window check (issue 23, docs/decisions/0026): which block of page 1 is the
// recipient, whether every line of it shows through the window the letter is posted in, and what
// else would show through the window beside it. One pure function over the analysed layout, used by
// the analysis job, the letter panel and the print proof alike.

import { z } from 'zod';
import {
  type AddressReading,
  BARCODE_GAP,
  BARCODE_SPACE,
  type Box,
  centreInside,
  components,
  type EnvelopeTemplate,
  grow,
  overlaps,
  placeBarcode,
  type TextItem,
  unionBox,
} from './address.js';
import { findPostcode, isUkPostcodeFormat, normalisePostcode } from './postcode.js';
import { baselineGroups, looksLikeSentence, type TextSegment, textSegments } from './text-lines.js';

/**
 * The window itself, in millimetres from the top-left of page 1 of a folded A4 letter: DL and C5
 * window envelopes have a 90 x 45 mm window 20 mm from the left; folded A4 shows through it from
 * 45 to 90 mm down in a DL envelope, 3 mm lower in a C5.
 */
export const ENVELOPE_WINDOWS = {
  DL: { x: 20, y: 45, width: 90, height: 45 },
  C5: { x: 20, y: 48, width: 90, height: 45 },
} as const satisfies Record<EnvelopeTemplate, Box>;

/** How far (mm) an address line may run past the window's edge and still count as inside (a letter moves a little in its envelope). */
export const WINDOW_TOLERANCE = 1;

/**
 * Where the reader looks for the recipient's block: the window and enough round it to find an
 * address that starts above the window or runs below it (typed at the top of the body, pushed
 * down by a long company name), so such a letter is told it runs outside rather than read wrong.
 */
export const READING_MARGIN = { left: 10, top: 30, right: 12, bottom: 35 } as const;

/** The reading area of an envelope: the window plus the reading margin. */
export function readingArea(envelope: EnvelopeTemplate = 'DL'): Box {
  const w = ENVELOPE_WINDOWS[envelope];
  return {
    x: w.x - READING_MARGIN.left,
    y: w.y - READING_MARGIN.top,
    width: w.width + READING_MARGIN.left + READING_MARGIN.right,
    height: w.height + READING_MARGIN.top + READING_MARGIN.bottom,
  };
}

/** A line of the recipient's block with its box. */
export interface AddressLine extends Box {
  text: string;
}

/** What a text line in the window is, so the reason can say it in words. */
export type InWindowKind = 'date' | 'reference' | 'return_address' | 'salutation' | 'text' | 'graphic';

/** Something other than the address that would show through the window. */
export interface WindowIntrusion {
  kind: InWindowKind;
  text?: string;
  box: Box;
}

/** An edge of the window the address runs past, and by how much (mm, beyond the edge itself). */
export interface WindowOverflow {
  side: 'top' | 'bottom' | 'left' | 'right';
  by: number;
  /** The line that runs furthest past that edge. */
  line: string;
}

const DATE_LINE =
  /^(date\b|\d{1,2}(st|nd|rd|th)?\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s+\d{4}$|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(st|nd|rd|th)?,?\s+\d{4}$|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$|(mon|tues|wednes|thurs|fri|satur|sun)day\b.*\d{4}$)/i;
const REFERENCE_LINE =
  /^((our|your)\s+ref(erence)?\b|ref(erence)?\s*(no\.?|number)?\s*[:.]|account\s+(no\.?|number)\b|invoice\s+(no\.?|number)\b|customer\s+(no\.?|number)\b)/i;
const RETURN_LINE = /^(if\s+undelivered|return\s+(address|to)\b|please\s+return\s+to\b|from\s*:)/i;
const CONFIDENTIAL_LINE =
  /^((private|personal)\s*(&|and)\s*confidential|(strictly\s+)?(private|confidential)|personal|urgent|addressee\s+only|by\s+hand|recorded\s+delivery|special\s+delivery|signed\s+for)$/i;
const SALUTATION_LINE = /^(dear\b|to whom it may concern|hello\b|hi\b)/i;
const CONTACT_LINE =
  /^(tel|telephone|phone|fax|mob(ile)?|e-?mail|web|www\.|https?:|☎|vat\b|company\s+(no|number|reg))/i;

/** What kind of text a line in the window is (a date, a reference, a return address, a salutation). */
export function classifyLine(text: string): InWindowKind {
  const t = text.trim();
  if (DATE_LINE.test(t)) return 'date';
  if (REFERENCE_LINE.test(t)) return 'reference';
  if (RETURN_LINE.test(t)) return 'return_address';
  if (SALUTATION_LINE.test(t)) return 'salutation';
  return 'text';
}

/** True for a line that can never be part of a recipient's address (a date, a reference, a phone line, a salutation, prose). */
function isNotAddress(text: string): boolean {
  return (
    DATE_LINE.test(text) ||
    REFERENCE_LINE.test(text) ||
    RETURN_LINE.test(text) ||
    SALUTATION_LINE.test(text) ||
    CONTACT_LINE.test(text) ||
    /@/.test(text)
  );
}

/** A return address set on one line (a company, a street and a town with its postcode, run together with commas). */
function isOneLineAddress(text: string): boolean {
  return (text.match(/,/g)?.length ?? 0) >= 2 && findPostcode(text) !== null;
}

/** Words overlapping by more than this (mm) on one baseline are different layers of text, not one line. */
const LAYER_OVERLAP = 0.5;

/**
 * The page's lines as textSegments reads them, but with text laid over other text (a frame over
 * the body, as Word files converted from other programs often have) kept apart: on one baseline,
 * each word joins the first layer whose last word it does not overlap, and each layer is cut into
 * segments on its own.
 */
function layeredSegments(items: readonly TextItem[]): TextSegment[][] {
  const rows: TextSegment[][] = [];
  for (const group of baselineGroups(items)) {
    const overlapping = group.some(
      (item, i) => i > 0 && item.x < group[i - 1]!.x + group[i - 1]!.width - LAYER_OVERLAP,
    );
    if (!overlapping) {
      rows.push(textSegments(group).flat());
      continue;
    }
    // Text over text: the words of one layer share their top and height (one font, one baseline).
    const layers: TextItem[][] = [];
    for (const item of group) {
      const layer = layers.find(
        (l) => Math.abs(l[0]!.y - item.y) <= LAYER_OVERLAP && Math.abs(l[0]!.height - item.height) <= LAYER_OVERLAP,
      );
      if (layer) layer.push(item);
      else layers.push([item]);
    }
    rows.push(layers.flatMap((layer) => textSegments(layer).flat()).sort((a, b) => a.x - b.x));
  }
  return rows;
}

/** How far apart (mm) two lines' left edges may be and still be one column. */
const COLUMN_TOLERANCE = 4;
/**
 * The gap between two lines of one block is under this many line heights: Word's paragraph
 * spacing (8 pt after an 11 pt line) stays inside, a blank line (a whole line height) does not.
 */
const BLOCK_GAP = 0.8;
/** Two lines of one block have text this alike in height (smaller over larger): a heading or a small return line is another block. */
const HEIGHT_RATIO = 0.85;

interface Block {
  lines: AddressLine[];
}

/** Lines of text grouped into blocks: one column, one type size, evenly spaced. */
function blocksOf(segments: readonly TextSegment[][]): Block[] {
  const blocks: Block[] = [];
  const open: Block[] = [];
  for (const row of segments) {
    for (const seg of row) {
      const line: AddressLine = { text: seg.text, x: seg.x, y: seg.y, width: seg.width, height: seg.height };
      const joined = open.find((b) => {
        const last = b.lines.at(-1)!;
        const gap = line.y - (last.y + last.height);
        const ratio = Math.min(line.height, last.height) / Math.max(line.height, last.height);
        // One column: the same left edge, or (text wrapped round a picture) a line right below the
        // last that shares some of its width.
        const column =
          Math.abs(line.x - b.lines[0]!.x) <= COLUMN_TOLERANCE ||
          Math.abs(line.x - last.x) <= COLUMN_TOLERANCE ||
          (line.x < last.x + last.width && line.x + line.width > last.x);
        return (
          column &&
          gap <= BLOCK_GAP * Math.max(line.height, last.height) &&
          gap > -line.height / 2 &&
          ratio >= HEIGHT_RATIO
        );
      });
      if (joined) joined.lines.push(line);
      else {
        const block = { lines: [line] };
        blocks.push(block);
        open.push(block);
      }
    }
  }
  return blocks;
}

function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** An address reading (readAddress's) with each line's box and the block's other lines. */
export type RecipientReading =
  | (Extract<AddressReading, { ok: true }> & {
      /** Each line of the address read, name first, with its box. */
      lineBoxes: AddressLine[];
      /** Lines of the recipient's block that are not the address (a confidentiality mark, a country). */
      extra: AddressLine[];
    })
  | Extract<AddressReading, { ok: false }>;

/**
 * Reads the recipient: the block of lines the envelope window frames (one column, one type size,
 * evenly spaced), never the sender's lines above or beside it. Blocks in the reading area are
 * scored by how much of the window they cover and whether they end in a UK postcode; the best
 * one's first line that is not a mark, a date or prose is the name, and the address runs to the
 * line with the postcode. A block that runs out of the window is read whole, so the window check
 * can say by how much it runs out.
 */
export function readRecipient(items: readonly TextItem[], envelope: EnvelopeTemplate = 'DL'): RecipientReading {
  const window = ENVELOPE_WINDOWS[envelope];
  const area = readingArea(envelope);
  const inArea = items.filter((i) => i.text.trim() !== '' && centreInside(i, area));
  if (!inArea.some((i) => centreInside(i, grow(window, 5)))) return { ok: false, reason: 'no_text_in_window' };
  let best: { score: number; reading: Extract<RecipientReading, { ok: true }> } | null = null;
  for (const block of blocksOf(layeredSegments(inArea))) {
    // The name is the block's first line that is not a mark above the address, a date or prose.
    const start = block.lines.findIndex(
      (l) => !CONFIDENTIAL_LINE.test(l.text) && !isNotAddress(l.text) && !looksLikeSentence(l.text),
    );
    if (start < 0) continue;
    let lines = block.lines.slice(start);
    // The address ends at its postcode (its first line that ends with one).
    const end = lines.findIndex((l) => findPostcode(l.text) !== null);
    const extra = [...block.lines.slice(0, start), ...(end >= 0 ? lines.slice(end + 1) : [])];
    if (end >= 0) lines = lines.slice(0, end + 1);
    if (lines.length === 1 && isOneLineAddress(lines[0]!.text)) continue; // a return address on one line
    // Prose or contact lines inside: keep the part before them (an address has none). A postcode
    // line is never prose ("SO14 3FH" opens like "So ...").
    const prose = (l: AddressLine, i: number) =>
      i > 0 && !findPostcode(l.text) && (isNotAddress(l.text) || looksLikeSentence(l.text));
    const cut = lines.findIndex(prose);
    if (cut > 0) lines = lines.slice(0, cut);
    if (lines.length === 0) continue;
    const box = unionBox(lines);
    const covered = overlapArea(box, window);
    if (covered <= 0 && !overlaps(box, grow(window, 2))) continue;
    const postcode = end >= 0 ? findPostcode(lines.at(-1)!.text) : null;
    // A postcode weighs most, then how much of the window the block covers, then its lines.
    const score =
      (postcode ? 1000 : 0) + (covered / (window.width * window.height)) * 500 + Math.min(lines.length, 7) * 20;
    if (lines.length < 2 && !postcode) continue;
    if (!best || score > best.score)
      best = {
        score,
        reading: {
          ok: true,
          name: lines[0]!.text,
          lines: lines.slice(1).map((l) => l.text),
          postcode,
          box,
          lineBoxes: lines,
          extra,
        },
      };
  }
  return best ? best.reading : { ok: false, reason: 'no_address_lines' };
}

/**
 * Page 1 around the address as stored with a letter and drawn over its preview and print proof,
 * in mm from the top-left: the window, the address read (and each of its lines), the barcode's
 * place, what else shows through the window, the edges the address runs past, and whether the
 * address can be re-set on the page (nothing but the address in the area to white out).
 */
export interface WindowLayout {
  window: Box;
  address: Box;
  lines?: Box[];
  barcode: Box | null;
  intrusions: WindowIntrusion[];
  outside?: WindowOverflow[];
  resetOffered?: boolean;
}

/** The window check's verdict. */
export interface WindowCheck {
  /** True when the address shows whole through the window and nothing else does. */
  ok: boolean;
  window: Box;
  /** Edges the address runs past (beyond the tolerance), largest first. */
  outside: WindowOverflow[];
  /** Everything else that would show through the window. */
  intrusions: WindowIntrusion[];
  /** Where the postal barcode goes (clear of the address and of everything else in the window), or null. */
  barcode: Box | null;
}

/**
 * Checks page 1 against the envelope window: every line of the address inside the window (with
 * WINDOW_TOLERANCE), nothing else inside it (text lines, and ink no word explains: a logo, a side
 * band, a tint), and room for the postal barcode beside the address.
 * `others` are the page's other text lines and graphics near the window.
 */
export function checkWindow(
  address: readonly AddressLine[],
  others: readonly WindowIntrusion[],
  envelope: EnvelopeTemplate = 'DL',
): WindowCheck {
  const window = ENVELOPE_WINDOWS[envelope];
  const t = WINDOW_TOLERANCE;
  const sides: WindowOverflow[] = [];
  const furthest = (side: WindowOverflow['side'], by: (l: AddressLine) => number) => {
    let worst: { by: number; line: string } | null = null;
    for (const l of address) {
      const d = by(l);
      if (d > t && (!worst || d > worst.by)) worst = { by: d, line: l.text };
    }
    if (worst) sides.push({ side, by: Math.round(worst.by * 10) / 10, line: worst.line });
  };
  furthest('top', (l) => window.y - l.y);
  furthest('bottom', (l) => l.y + l.height - (window.y + window.height));
  furthest('left', (l) => window.x - l.x);
  furthest('right', (l) => l.x + l.width - (window.x + window.width));
  sides.sort((a, b) => b.by - a.by);
  // Ink counts as showing through when it reaches more than the tolerance inside the window's edge.
  const inner = grow(window, -t);
  const intrusions = others.filter((o) => overlaps(o.box, inner));
  const addressBox = unionBox(address);
  const barcode = placeBarcode(
    addressBox,
    intrusions.map((i) => i.box),
    window,
  );
  return { ok: sides.length === 0 && intrusions.length === 0, window, outside: sides, intrusions, barcode };
}

/**
 * The other text lines and graphics of page 1 near the window, given its words, its inked 1 mm
 * cells (read over the window) and the address read: text lines that are not the address, and ink
 * no word explains grouped into boxes of touching cells.
 */
export function windowOthers(
  words: readonly TextItem[],
  ink: readonly Box[],
  address: readonly AddressLine[],
  extra: readonly AddressLine[] = [],
  envelope: EnvelopeTemplate = 'DL',
): WindowIntrusion[] {
  const window = grow(ENVELOPE_WINDOWS[envelope], 2);
  const mine = [...address, ...extra].map((l) => grow(l, 0.3));
  const nearInk = ink.filter((c) => overlaps(c, window));
  const near = words.filter((w) => w.text.trim() !== '' && overlaps(w, window));
  const theirs = near.filter((w) => !mine.some((m) => centreInside(w, m)));
  // A confidentiality marking above the address ("Private & Confidential") may show through the
  // window: Royal Mail's guidance places it there.
  const texts: WindowIntrusion[] = layeredSegments(theirs)
    .flat()
    .filter((seg) => !CONFIDENTIAL_LINE.test(seg.text))
    .map((seg) => ({
      kind: isOneLineAddress(seg.text) ? 'return_address' : classifyLine(seg.text),
      text: seg.text,
      box: { x: seg.x, y: seg.y, width: seg.width, height: seg.height },
    }));
  const covers = near.map((w) => grow(w, 0.5));
  const kept = grow(unionBox(address), BARCODE_GAP / 2);
  const loose = nearInk.filter((c) => !overlaps(c, kept) && !covers.some((w) => centreInside(c, w)));
  const graphics: WindowIntrusion[] = components(loose).map((box) => ({ kind: 'graphic', box }));
  return [...texts, ...graphics].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

/**
 * The words that show on paper: a word inside `area` (where the ink was read) is kept only when an
 * inked 1 mm cell lies under it. Text under a white box (an address re-set over the old one), or
 * printed white on white, is not printed, so it is never read as the address.
 */
export function visibleWords(words: readonly TextItem[], ink: readonly Box[], area: Box): TextItem[] {
  const inked = new Set(ink.map((c) => `${Math.round(c.x)},${Math.round(c.y)}`));
  return words.filter((w) => {
    if (!centreInside(w, area)) return true;
    for (let y = Math.floor(w.y); y <= Math.floor(w.y + w.height); y += 1)
      for (let x = Math.floor(w.x); x <= Math.floor(w.x + w.width); x += 1) if (inked.has(`${x},${y}`)) return true;
    return false;
  });
}

const SIDE_WORDS: Record<WindowOverflow['side'], string> = {
  top: 'above the top',
  bottom: 'below the bottom',
  left: 'past the left edge',
  right: 'past the right edge',
};

/** "45-90 mm from the top and 20-110 mm from the left of page 1" for an envelope's window. */
export function describeWindow(envelope: EnvelopeTemplate = 'DL'): string {
  const w = ENVELOPE_WINDOWS[envelope];
  return `${w.x}-${w.x + w.width} mm from the left, ${w.y}-${w.y + w.height} mm from the top of page 1`;
}

const fmt = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/** The reason of a letter whose address runs outside the window: which edges, by how much. */
export function outsideWindowReason(outside: readonly WindowOverflow[], envelope: EnvelopeTemplate = 'DL'): string {
  const parts = outside.map((o) => `${fmt(o.by)} mm ${SIDE_WORDS[o.side]}`);
  const where = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  const line = outside[0] ? ` ("${outside[0].line.slice(0, 40)}")` : '';
  return `The address runs ${where} of the envelope window${line}: posted as it is, the window (${describeWindow(envelope)}) would show only part of it. Re-set the address or add an address sheet to post it.`;
}

const KIND_WORDS: Record<InWindowKind, string> = {
  date: 'the date',
  reference: 'a reference',
  return_address: 'a return-address line',
  salutation: 'the salutation',
  text: 'text',
  graphic: 'a graphic',
};

/** Where a box starts on the page, for messages: "20 mm from the left, 40 mm from the top". */
function at(box: Box): string {
  return `${Math.round(box.x)} mm from the left, ${Math.round(box.y)} mm from the top`;
}

/** One intrusion in words: 'the date "21 November 2026" at 127 mm from the left, 60 mm from the top'. */
export function describeIntrusion(i: WindowIntrusion): string {
  const text = i.text ? ` "${i.text.slice(0, 40)}"` : '';
  return `${KIND_WORDS[i.kind]}${text} at ${at(i.box)}`;
}

/** The reason of a letter with something else in the window: what and where, in mm (up to three items). */
export function windowNotClearReason(
  intrusions: readonly WindowIntrusion[],
  envelope: EnvelopeTemplate = 'DL',
): string {
  const named = intrusions.slice(0, 3).map(describeIntrusion);
  const more = intrusions.length > 3 ? ` and ${intrusions.length - 3} more` : '';
  return `Something besides the address would show through the envelope window (${describeWindow(envelope)}): ${named.join('; ')}${more}. Move it out of the window, or add an address sheet to post the letter as it is.`;
}

/** The reason of a letter whose address fills the window so the barcode has no room. */
export function noBarcodeRoomReason(): string {
  return `No clear space is left in the envelope window of page 1 for the postal barcode (${BARCODE_SPACE.width} x ${BARCODE_SPACE.height} mm beside the address): the address fills the window. Add an address sheet to post the letter as it is.`;
}

/** A word for the list of what is wrong with a letter that cannot be posted as it is. */
export const LETTER_PROBLEM_WORDS = {
  addressOutsideWindow: 'Address outside window',
  windowNotClear: 'Window not clear',
  addressToConfirm: 'Address to confirm',
  invalidPostcode: 'Invalid postcode',
  noBarcodeRoom: 'No room for barcode',
  noAddress: 'No address',
  corrupted: 'Corrupted file',
  failedToAnalyse: 'Could not be read',
} as const;

/** A recipient's address line as printed: letters, digits and punctuation, no control characters. */
const ADDRESS_TEXT = /^[^\p{Cc}\p{Cs}]*$/u;

/** The recipient as a person corrects it in the letter panel before delivery (decision 0026). */
export const recipientCorrectionSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'This field is required' })
    .max(100, { error: 'Must have at most 100 characters' })
    .regex(ADDRESS_TEXT, { error: 'Only printable characters are allowed' }),
  lines: z
    .array(
      z
        .string()
        .trim()
        .max(60, { error: 'Must have at most 60 characters' })
        .regex(ADDRESS_TEXT, { error: 'Only printable characters are allowed' }),
    )
    .max(6, { error: 'An address has at most 6 lines besides the name and postcode' })
    .transform((lines) => lines.filter((l) => l !== '')),
  postcode: z
    .string()
    .trim()
    .max(10)
    .refine((p) => isUkPostcodeFormat(p), { error: 'Invalid Postcode' })
    .transform((p) => normalisePostcode(p)),
});
export type RecipientCorrection = z.output<typeof recipientCorrectionSchema>;

/** The lines a corrected recipient prints after the name: its lines, then the postcode on a line of its own unless the last line ends with it. */
export function correctedAddressLines(c: RecipientCorrection): string[] {
  const last = c.lines.at(-1);
  if (last && findPostcode(last) === c.postcode) return c.lines;
  return [...c.lines, c.postcode];
}
