// Where the letters of a merged file start (decision 0011): read each page as a person would,
// looking for "Page n of m" marks and for what only a first page has (an address block in the
// window that opens the page, a date, a "Dear ..." line), then propose cut points the user checks.
import { z } from 'zod';
import { ADDRESS_WINDOWS, type Box, centreInside, readAddress, type TextItem } from './address.js';
import { LETTER_MESSAGES } from './messages.js';
import { looksLikeSentence, type TextSegment, textSegments } from './text-lines.js';

/** Page marks are believed up to this many pages a letter. */
const MAX_MARKED_PAGES = 500;

/**
 * The "Page k of N" (or "Page k/N") mark of a page, read from a header or footer line: the line
 * around the mark must not be prose ("see page 2 of 3 of the terms" is not a mark).
 */
export function readPageMark(lines: readonly TextSegment[][]): { page: number; of: number } | null {
  for (const line of lines) {
    for (const segment of line) {
      const m = /\bpage\s+(\d{1,4})\s*(?:of|\/)\s*(\d{1,4})\b/i.exec(segment.text);
      if (!m) continue;
      const page = Number(m[1]);
      const of = Number(m[2]);
      if (page < 1 || of < page || of > MAX_MARKED_PAGES) continue;
      const rest = segment.text.replace(m[0], ' ').replace(/[-–—|·•,()]/g, ' ');
      if (looksLikeSentence(rest)) continue;
      return { page, of };
    }
  }
  return null;
}

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const DATE = new RegExp(
  [
    '^(?:date[d:]?\\s*:?\\s*)?',
    '(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\\s+)?',
    '(?:',
    `\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH},?\\s+\\d{4}`,
    `|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}`,
    '|\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}',
    '|\\d{4}-\\d{2}-\\d{2}',
    ')$',
  ].join(''),
  'i',
);

/** True when the whole text is a date ("21 November 2026", "Date: 21/11/2026", "Monday, 3rd March 2025"). */
export function isDateText(text: string): boolean {
  return DATE.test(text.trim());
}

const SALUTATION = /^(dear\s+\S|to whom it may concern\b)/i;

/** Where a first page's date is read: below a running header, above the middle of the page (mm from the top). */
export const DATE_ZONE = { top: 25, bottom: 150 } as const;
/** How far below the top of the address a salutation may be (mm). */
const SALUTATION_REACH_MM = 110;

/** The address block a page opens with: its recipient and where it sits. */
export interface AddressBlock {
  name: string;
  lines: string[];
  postcode: string;
  top: number;
  bottom: number;
}

/** What one page shows of a letter's first page. */
export interface PageReading {
  mark: { page: number; of: number } | null;
  /** An address in the window whose first line is a name (not a sentence) and that ends with a postcode. */
  address: AddressBlock | null;
  /** A date on a line of its own in the upper part of the page, with no prose above it. */
  date: boolean;
  /** "Dear ..." (or "To whom it may concern") below the address. */
  salutation: boolean;
  /** No prose above the address: the address opens the page's text. */
  opensPage: boolean;
}

/**
 * Reads a page for the split: its page mark, and the signals of a first page. Sentences at the
 * top of the window (a return-address line, the end of a paragraph) are skipped before the address
 * is read, so "If you would rather visit us, our branch is at:" is never the recipient; the
 * prose above then means the block does not open the page.
 */
export function readPage(items: readonly TextItem[], window: Box = ADDRESS_WINDOWS.DL): PageReading {
  const lines = textSegments(items);
  const mark = readPageMark(lines);
  const inWindow = (s: Box) => centreInside(s, window);
  // Drop the prose lines at the top of the window, then read the address from what follows.
  const windowLines = lines.map((l) => l.filter(inWindow)).filter((l) => l.length > 0);
  let firstKept = 0;
  while (firstKept < windowLines.length && looksLikeSentence(windowLines[firstKept]!.map((s) => s.text).join(' ')))
    firstKept += 1;
  const kept = windowLines.slice(firstKept);
  const keptTop = kept[0] ? Math.min(...kept[0].map((s) => s.y)) : Number.POSITIVE_INFINITY;
  const itemsBelow = items.filter((i) => inWindow(i) && i.y + i.height / 2 >= keptTop - 0.01);
  const reading = kept.length ? readAddress(itemsBelow, window) : null;
  let address: AddressBlock | null = null;
  if (reading?.ok && reading.postcode && reading.lines.length >= 1 && !looksLikeSentence(reading.name)) {
    const flat = kept.map((l) => ({ text: l.map((s) => s.text).join(' '), top: Math.min(...l.map((s) => s.y)) }));
    const last = reading.lines.at(-1)!;
    const nameLine = flat.find((l) => l.text.includes(reading.name));
    const lastLine = [...flat].reverse().find((l) => l.text.includes(last));
    const top = nameLine?.top ?? keptTop;
    const lastSegments = kept.find((l) => l.map((s) => s.text).join(' ') === lastLine?.text);
    const bottom = lastSegments ? Math.max(...lastSegments.map((s) => s.y + s.height)) : window.y + window.height;
    address = { name: reading.name, lines: reading.lines, postcode: reading.postcode, top, bottom };
  }
  const segments = lines.flat();
  const prose = segments.filter((s) => looksLikeSentence(s.text));
  const proseAbove = (y: number) => prose.some((s) => s.y + s.height <= y + 0.5);
  const opensPage = address !== null && !proseAbove(address.top);
  const date = lines.some((line) =>
    line.some((s, i) => {
      if (!isDateText(s.text) || s.y < DATE_ZONE.top || s.y > DATE_ZONE.bottom || proseAbove(s.y)) return false;
      // Alone on its line, or a right-hand block beside the address column (not a cell of a table row).
      const others = line.filter((_, j) => j !== i);
      return (
        others.length === 0 || (s.x >= window.x + window.width && others.every((o) => o.x < window.x + window.width))
      );
    }),
  );
  const salutation =
    address !== null &&
    segments.some(
      (s) =>
        SALUTATION.test(s.text) &&
        s.text.split(/\s+/).length <= 8 &&
        s.y > address.top &&
        s.y <= address.top + SALUTATION_REACH_MM,
    );
  return { mark, address, date, salutation, opensPage };
}

// ---------------------------------------------------------------------------------------------
// Proposing the cut points

/**
 * Why a page starts a letter, for the review screen and the history: 'first page' (page 1),
 * 'page 1 of N' (its own mark), 'followed by page k of N' (a later page's mark counts back to it),
 * and the first-page signals 'address', 'date', 'salutation', 'opens the page'.
 */
export type SplitSignal =
  | 'first page'
  | `page 1 of ${number}`
  | `followed by page ${number} of ${number}`
  | 'address'
  | 'date'
  | 'salutation'
  | 'opens the page'
  | 'chosen by hand';

export interface SplitStart {
  /** 1-based page number. */
  page: number;
  signals: SplitSignal[];
  /** The name read from the window, when an address was found. */
  recipient: string | null;
}

const contentSignals = (r: PageReading): SplitSignal[] => [
  ...(r.address ? (['address'] as const) : []),
  ...(r.date ? (['date'] as const) : []),
  ...(r.salutation ? (['salutation'] as const) : []),
  ...(r.opensPage ? (['opens the page'] as const) : []),
];

const samePerson = (a: AddressBlock | null, b: AddressBlock | null) =>
  !!a && !!b && a.postcode === b.postcode && a.name.toLowerCase() === b.name.toLowerCase();

/**
 * The proposed starts of the letters in a merged file, from each page's reading (readPage):
 * 1. Page 1 starts the first letter.
 * 2. A page marked "Page 1 of N" starts a letter, and its next N-1 pages continue it.
 * 3. A page marked "Page k of N" with k > 1 never starts one, and the page k-1 pages before it
 *    does (when that page carries no contrary mark).
 * 4. Any other page outside a marked letter starts a letter when its window holds an address
 *    (first line a name, not a sentence; a postcode line) and it has a date, a salutation, or the
 *    address opens the page. An address repeating the current letter's recipient (a running
 *    header) needs a date or a salutation: opening the page is not enough.
 * Marks that number the whole file rather than its letters are not believed. Pages without text
 * (scans) join the letter before them.
 */
export function proposeStarts(pageReadings: readonly PageReading[]): SplitStart[] {
  let readings = pageReadings;
  const n = readings.length;
  if (n === 0) return [];
  // Marks that number the file as a whole ("Page 5 of 12" on page 5 of 12) say nothing of its letters.
  const marked = readings.filter((r) => r.mark);
  if (marked.length > 0 && readings.every((r, i) => !r.mark || (r.mark.page === i + 1 && r.mark.of === n)))
    readings = readings.map((r) => ({ ...r, mark: null }));
  const covered = new Array<boolean>(n + 2).fill(false);
  const pointedAt = new Map<number, SplitSignal>();
  readings.forEach((r, i) => {
    const page = i + 1;
    if (!r.mark) return;
    if (r.mark.page === 1) {
      for (let q = page + 1; q <= Math.min(n, page + r.mark.of - 1); q += 1) covered[q] = true;
      return;
    }
    const first = page - r.mark.page + 1;
    const firstMark = first >= 1 ? readings[first - 1]!.mark : null;
    if (first < 1 || (firstMark && firstMark.page !== 1)) return;
    for (let q = first + 1; q <= page; q += 1) covered[q] = true;
    if (first > 1 && !pointedAt.has(first))
      pointedAt.set(first, `followed by page ${r.mark.page} of ${r.mark.of}` as SplitSignal);
  });
  const starts: SplitStart[] = [];
  let current: AddressBlock | null = null;
  /** The signals that make the page a start, or null for a continuation. */
  const decide = (r: PageReading, page: number): SplitSignal[] | null => {
    const content = contentSignals(r);
    if (page === 1) return ['first page', ...content];
    if (r.mark && r.mark.page > 1) return null;
    if (r.mark?.page === 1) return [`page 1 of ${r.mark.of}`, ...content];
    const pointed = pointedAt.get(page);
    if (pointed) return [pointed, ...content];
    if (covered[page] || !r.address) return null;
    const repeatsRecipient = samePerson(r.address, current);
    return r.date || r.salutation || (r.opensPage && !repeatsRecipient) ? content : null;
  };
  for (const [i, r] of readings.entries()) {
    const signals = decide(r, i + 1);
    if (!signals) continue;
    starts.push({ page: i + 1, signals, recipient: r.address?.name ?? null });
    current = r.address;
  }
  return starts;
}

// ---------------------------------------------------------------------------------------------
// The proposal and the user's choice

/** The history rows of a split, in the order they happen. */
export const SPLIT_HISTORY = {
  proposing: 'Finding the letters',
  proposed: 'Split proposed',
  splitting: 'Splitting',
  split: 'Split',
  failed: 'Split failed',
} as const;

/** Page ranges [first, last] of the letters starting at `starts` in a file of `pages` pages. */
export function letterRanges(starts: readonly number[], pages: number): [number, number][] {
  return starts.map((s, i) => [s, (starts[i + 1] ?? pages + 1) - 1]);
}

/** The most pages a merged file may have (the analysis refuses more). */
export const SPLIT_MAX_PAGES = 2000;

/** Why a choice of starts cannot be cut, or null when it can: page 1 first, in order, within the file, two letters at least. */
export function splitStartsProblem(starts: readonly number[], pages: number): string | null {
  if (!starts.every((s) => Number.isInteger(s))) return 'Each cut must be a page number.';
  if (starts[0] !== 1) return 'The first letter starts on page 1.';
  for (let i = 1; i < starts.length; i += 1)
    if (starts[i]! <= starts[i - 1]!) return 'The cuts must be in page order, each page once.';
  if (starts.some((s) => s > pages)) return `The file has ${pages} ${pages === 1 ? 'page' : 'pages'}.`;
  if (starts.length < 2) return LETTER_MESSAGES.splitNeedsTwo;
  return null;
}

const startSchema = z.object({
  page: z.number().int().min(1),
  /** SplitSignal values. */
  signals: z.array(z.string()),
  recipient: z.string().nullable(),
});

/** The proposal stored with a merged letter and shown for review (GET /api/letters/{id}/split). */
export const splitProposalSchema = z.object({
  pages: z.number().int().min(0),
  starts: z.array(startSchema),
  /** Other pages where an address was read without being taken for a first page (hints for the review). */
  addresses: z.array(z.object({ page: z.number().int().min(1), recipient: z.string() })),
  /** Information for the user (no second letter was found). */
  note: z.string().nullable(),
  /** The starts the user confirmed (set by the confirm call). */
  confirmed: z.array(z.number().int()).optional(),
});
export type SplitProposal = z.infer<typeof splitProposalSchema>;

/** The body of POST /api/letters/{id}/split/confirm: the first page of every letter, page 1 first, in order. */
export const confirmSplitSchema = z.strictObject({
  starts: z
    .array(z.number().int('Each cut must be a page number.').min(1, 'The first letter starts on page 1.'))
    .min(2, LETTER_MESSAGES.splitNeedsTwo)
    .max(SPLIT_MAX_PAGES)
    .superRefine((starts, ctx) => {
      const problem = splitStartsProblem(starts, Number.MAX_SAFE_INTEGER);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type ConfirmSplitBody = z.infer<typeof confirmSplitSchema>;

/** The proposal for a file whose pages were read: starts, the other addresses found, and a note when only one letter was found. */
export function buildSplitProposal(readings: readonly PageReading[], noSecondLetter: string): SplitProposal {
  const starts = proposeStarts(readings);
  const startPages = new Set(starts.map((s) => s.page));
  return {
    pages: readings.length,
    starts,
    addresses: readings.flatMap((r, i) =>
      r.address && !startPages.has(i + 1) ? [{ page: i + 1, recipient: r.address.name }] : [],
    ),
    note: starts.length < 2 ? noSecondLetter : null,
  };
}

/** Labels of the signals for people (the review screen). */
export function splitSignalLabel(signal: string): string {
  switch (signal) {
    case 'first page':
      return 'First page of the file';
    case 'address':
      return 'Address in the window';
    case 'date':
      return 'Date';
    case 'salutation':
      return 'Greeting ("Dear ...")';
    case 'opens the page':
      return 'Nothing written above the address';
    case 'chosen by hand':
      return 'Chosen by you';
    default: {
      const mark = /page \d+ of \d+$/.exec(signal)?.[0];
      if (!mark) return signal;
      const quoted = `"P${mark.slice(1)}"`;
      return signal.startsWith('followed by') ? `A later page is marked ${quoted}` : `Marked ${quoted}`;
    }
  }
}
