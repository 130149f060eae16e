import type { Box, TextItem } from './page-geometry.js';
import { findPostcode } from './postcode.js';
import { baselineGroups, looksLikeSentence, textSegments } from './text-lines.js';

/** How far (mm) an address line may start from the name's left edge and still belong to the block. */
const ADDRESS_COLUMN_TOLERANCE = 4;

// The page's geometry is its own file (text-lines reads it too); address keeps exporting it.
export type { Box, TextItem } from './page-geometry.js';

export const A4 = { width: 210, height: 297 } as const;

/**
 * Where the recipient's address shows through the window of standard UK window envelopes, on the
 * first page of an A4 letter. Both envelopes have a 90 x 45 mm window 20 mm from the left edge
 * (Royal Mail, "Guidance for correct mail presentation", DL and C5 window envelopes); folded A4
 * sits with the window about 45 mm below the top of the page. The boxes add 5 mm of slack on every
 * side because a letter moves inside its envelope. These are our template's values: the print
 * partner's own template is the reference before launch (docs/decisions/0008).
 */
export const ADDRESS_WINDOWS = {
  DL: { x: 15, y: 40, width: 100, height: 55 },
  C5: { x: 15, y: 43, width: 100, height: 55 },
} as const satisfies Record<string, Box>;

/**
 * The postal barcode (Royal Mail Mailmark, a Data Matrix of type 7: 16 x 48 modules, 8 x 24 mm at
 * 0.5 mm a module) is printed by the print partner through the window, next to the address, with a
 * 1 mm quiet zone on every side: this is the clear space it needs. Ordinary letters put the address
 * anywhere from 40 to 55 mm from the top (GOV.UK Notify's address zone is y 39.5-66.3 mm), so no
 * fixed zone of the window can be kept clear for it; it goes where the letter leaves room, below
 * the address first (docs/decisions/0008).
 */
export const BARCODE_SPACE = { width: 26, height: 10 } as const;
/** Gap kept between the address block and the barcode's clear space, in millimetres. */
export const BARCODE_GAP = 1;
/**
 * Where the barcode may be printed: the window itself (the reading box less its 5 mm of slack),
 * with the address zone's top (GOV.UK Notify, y 39.5 mm) as the top, so that it shows through the
 * window however the address is placed.
 */
export const BARCODE_AREAS = {
  DL: { x: 20, y: 39.5, width: 90, height: 50.5 },
  C5: { x: 20, y: 42.5, width: 90, height: 50.5 },
} as const satisfies Record<string, Box>;

/**
 * Where the address sheet sets the recipient: 25 mm from the left, the first line's top 50 mm from
 * the top (inside GOV.UK Notify's address zone, x 24.6-120, y 39.5-66.3), 11 pt, 4.8 mm a line,
 * so that seven lines end by 84 mm and the barcode fits below them in the window.
 */
export const ADDRESS_SHEET_LAYOUT = { left: 25, top: 50, size: 11, pitch: 4.8 } as const;

export type EnvelopeTemplate = keyof typeof ADDRESS_WINDOWS;
export const DEFAULT_TEMPLATE: EnvelopeTemplate = 'DL';

/** One run of text on a page with its box, in millimetres from the top-left corner. */

export type AddressReading =
  | {
      ok: true;
      name: string;
      lines: string[];
      postcode: string | null;
      /** The box around the address lines read (name to postcode). */
      box: Box;
    }
  | { ok: false; reason: 'no_text_in_window' | 'no_address_lines' };

const IGNORED_LINE = [
  // A date line near the window: "21 November 2026", "21/11/2026", "Date: ..."
  /^(date\b|\d{1,2}(st|nd|rd|th)?\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}$|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$)/i,
  // Reference lines: "Our ref: AB/123", "Your reference ..."
  /^(our|your)\s+ref(erence)?\b|^ref(erence)?\s*[:.]/i,
  // Confidentiality markings printed above the address.
  /^((private|personal)\s*(&|and)\s*confidential|(strictly\s+)?(private|confidential)|personal|urgent|addressee\s+only)$/i,
  // A small return address printed in the window above the recipient.
  /^(if\s+undelivered|return\s+(address|to)\b|please\s+return\s+to\b)/i,
];

export function centreInside(item: Box, box: Box): boolean {
  const cx = item.x + item.width / 2;
  const cy = item.y + item.height / 2;
  return cx >= box.x && cx <= box.x + box.width && cy >= box.y && cy <= box.y + box.height;
}

/** A line of text with the box around its items. */
export interface TextLine {
  text: string;
  box: Box;
}

/** Groups text items into lines (same baseline within half a line height), left to right, with their boxes. */
export function groupLineBoxes(items: readonly TextItem[]): TextLine[] {
  return baselineGroups(items).map((line) => ({
    text: line
      .map((i) => i.text.trim())
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
    box: unionBox(line),
  }));
}

/** Groups text items into lines (same baseline within half a line height), left to right. */
export function groupLines(items: readonly TextItem[]): string[] {
  return groupLineBoxes(items).map((l) => l.text);
}

/** The smallest box holding every box given (a zero box at the origin for none). */
export function unionBox(boxes: readonly Box[]): Box {
  if (boxes.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** A box made larger by `by` mm on every side. */
export function grow(box: Box, by: number): Box {
  return { x: box.x - by, y: box.y - by, width: box.width + 2 * by, height: box.height + 2 * by };
}

/** True when two boxes share some area. */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
}

/**
 * Reads the recipient from the text of page 1 inside the envelope window: the first line is the
 * name, the following lines the address, ending at the line with the postcode (lines after it,
 * such as a country, are dropped). Letterheads, logos, dates and references outside or near the
 * window are ignored.
 */
export function readAddress(
  items: readonly TextItem[],
  window: Box = ADDRESS_WINDOWS[DEFAULT_TEMPLATE],
): AddressReading {
  const inside = items.filter((i) => centreInside(i, window));
  if (inside.every((i) => i.text.trim() === '')) return { ok: false, reason: 'no_text_in_window' };
  // The address is a column: the name's block and the blocks below it that start where it starts.
  // Text beside it on the same baseline (a phone number, a reference in the window) is not part of
  // it, and a sentence above it (the end of a paragraph, a return-address line) is never the name.
  const lines: TextLine[] = [];
  let column: number | null = null;
  for (const segments of textSegments(inside)) {
    const kept = segments.filter((seg) => !IGNORED_LINE.some((re) => re.test(seg.text)));
    if (column === null) {
      const name = kept.find((seg) => !looksLikeSentence(seg.text));
      if (!name) continue;
      column = name.x;
      lines.push({ text: name.text, box: name });
      continue;
    }
    const start = column;
    const inColumn = kept.filter((seg) => Math.abs(seg.x - start) <= ADDRESS_COLUMN_TOLERANCE);
    if (inColumn.length === 0) continue;
    lines.push({ text: inColumn.map((seg) => seg.text).join(' '), box: unionBox(inColumn) });
  }
  if (lines.length === 0) return { ok: false, reason: 'no_address_lines' };
  let postcodeIndex = -1;
  let postcode: string | null = null;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const found = findPostcode(lines[i]!.text);
    if (found) {
      postcodeIndex = i;
      postcode = found;
      break;
    }
  }
  const kept = postcodeIndex >= 0 ? lines.slice(0, postcodeIndex + 1) : lines;
  return {
    ok: true,
    name: kept[0]!.text,
    lines: kept.slice(1).map((l) => l.text),
    postcode,
    box: unionBox(kept.map((l) => l.box)),
  };
}

/** Something on page 1 in the way of the barcode: a line of text, or a graphic (a logo, a rule, a tint). */
export interface Intrusion {
  kind: 'text' | 'graphic';
  /** The text of a text intrusion. */
  text?: string;
  box: Box;
}

/**
 * Where the postal barcode's clear space goes on page 1: inside the barcode area, clear of the
 * address (with a gap) and of every obstacle. The places tried first are the usual ones, in
 * order: below the address, to its right (top-aligned, then bottom-aligned), above it, upright and
 * then turned a quarter; then any place in the area, nearest to the address first, on a 1 mm
 * grid. Null when there is none.
 */
export function placeBarcode(
  address: Box,
  obstacles: readonly Box[],
  area: Box = BARCODE_AREAS[DEFAULT_TEMPLATE],
  space: { width: number; height: number } = BARCODE_SPACE,
): Box | null {
  const g = BARCODE_GAP;
  const kept = grow(address, g);
  const fits = (b: Box) =>
    b.x >= area.x - 1e-6 &&
    b.y >= area.y - 1e-6 &&
    b.x + b.width <= area.x + area.width + 1e-6 &&
    b.y + b.height <= area.y + area.height + 1e-6 &&
    !overlaps(b, kept) &&
    !obstacles.some((o) => overlaps(b, o));
  const right = address.x + address.width + g;
  const bottom = address.y + address.height + g;
  // A Data Matrix reads in any orientation: upright first, then turned a quarter beside a long address.
  const shapes = [
    { w: space.width, h: space.height },
    { w: space.height, h: space.width },
  ];
  const usual: Box[] = shapes.flatMap(({ w, h }) => [
    { x: Math.max(area.x, address.x), y: bottom, width: w, height: h },
    { x: right, y: address.y, width: w, height: h },
    { x: right, y: address.y + address.height - h, width: w, height: h },
    { x: Math.max(area.x, address.x), y: address.y - g - h, width: w, height: h },
  ]);
  const found = usual.find(fits);
  if (found) return found;
  const centre = { x: address.x + address.width / 2, y: address.y + address.height / 2 };
  let best: Box | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const { w, h } of shapes)
    for (let y = area.y; y + h <= area.y + area.height + 1e-6; y += 1) {
      for (let x = area.x; x + w <= area.x + area.width + 1e-6; x += 1) {
        const b = { x, y, width: w, height: h };
        if (!fits(b)) continue;
        const d = Math.hypot(x + w / 2 - centre.x, y + h / 2 - centre.y);
        if (d < bestDistance) {
          best = b;
          bestDistance = d;
        }
      }
    }
  return best;
}

/** Where a box starts on the page, for messages: "20 mm from the left, 40 mm from the top". */
export function describePosition(box: Box): string {
  return `${Math.round(box.x)} mm from the left, ${Math.round(box.y)} mm from the top`;
}

/** The reason a letter has no room for its barcode, naming what is in the way and where. */
export function barcodeBlockedReason(intrusions: readonly Intrusion[]): string {
  const named = intrusions
    .slice(0, 3)
    .map((i) =>
      i.kind === 'text'
        ? `text "${(i.text ?? '').slice(0, 40)}" at ${describePosition(i.box)}`
        : `a graphic at ${describePosition(i.box)}`,
    );
  const more = intrusions.length > 3 ? ` and ${intrusions.length - 3} more` : '';
  const what = named.length === 0 ? 'the address fills the window' : `in the way: ${named.join('; ')}${more}`;
  return `No clear space is left in the address window of page 1 for the postal barcode (${BARCODE_SPACE.width} x ${BARCODE_SPACE.height} mm beside the address): ${what}. Add an address sheet to post the letter as it is.`;
}

/** What page 1 holds around the address, in millimetres from the top-left (drawn over the preview). */
export interface PageLayout {
  /** Where the barcode may go (the window). */
  window: Box;
  address: Box;
  /** The barcode's clear space, or null when nothing fits. */
  barcode: Box | null;
  /** Text and graphics in the window other than the address. */
  intrusions: Intrusion[];
}

/**
 * Page 1's layout from its words and its inked 1 mm cells (in the barcode area): the text lines
 * and graphics beside the address, and where the barcode goes among them.
 */
export function analyseLayout(
  words: readonly TextItem[],
  ink: readonly Box[],
  address: Box,
  area: Box = BARCODE_AREAS[DEFAULT_TEMPLATE],
): PageLayout {
  const kept = grow(address, BARCODE_GAP);
  const inArea = words.filter((w) => w.text.trim() !== '' && overlaps(w, area));
  const texts: Intrusion[] = groupLineBoxes(inArea.filter((w) => !overlaps(w, kept))).map((l) => ({
    kind: 'text',
    text: l.text,
    box: l.box,
  }));
  // Ink that no word explains is a graphic: a logo, a rule, a tint, a picture.
  const covers = inArea.map((w) => grow(w, 0.5));
  const loose = ink.filter((c) => !overlaps(c, kept) && !covers.some((w) => contains(w, c)));
  const graphics: Intrusion[] = components(loose).map((box) => ({ kind: 'graphic', box }));
  const intrusions = [...texts, ...graphics].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const barcode = placeBarcode(
    address,
    intrusions.map((i) => i.box),
    area,
  );
  return { window: area, address, barcode, intrusions };
}

function contains(outer: Box, inner: Box): boolean {
  const cx = inner.x + inner.width / 2;
  const cy = inner.y + inner.height / 2;
  return cx >= outer.x && cx <= outer.x + outer.width && cy >= outer.y && cy <= outer.y + outer.height;
}

/** Boxes of the groups of touching cells (8-connected; cells are 1 mm squares on a grid). */
export function components(cells: readonly Box[]): Box[] {
  const key = (x: number, y: number) => `${Math.round(x)},${Math.round(y)}`;
  const byKey = new Map(cells.map((c) => [key(c.x, c.y), c]));
  const seen = new Set<string>();
  const out: Box[] = [];
  for (const cell of cells) {
    const start = key(cell.x, cell.y);
    if (seen.has(start)) continue;
    seen.add(start);
    const group: Box[] = [];
    const stack = [cell];
    while (stack.length > 0) {
      const c = stack.pop()!;
      group.push(c);
      for (let dx = -1; dx <= 1; dx += 1)
        for (let dy = -1; dy <= 1; dy += 1) {
          const k = key(c.x + dx, c.y + dy);
          const next = byKey.get(k);
          if (next && !seen.has(k)) {
            seen.add(k);
            stack.push(next);
          }
        }
    }
    out.push(unionBox(group));
  }
  return out;
}
