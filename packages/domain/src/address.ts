import { findPostcode } from './postcode.js';

/** A rectangle on an A4 page, in millimetres from the top-left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

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
 * The area inside the window, above the address, where the printing partner prints the postal
 * barcode (Mailmark): it must hold no ink. Royal Mail asks for a clear zone around the barcode;
 * our template reserves the top 8 mm of the window.
 */
export const BARCODE_CLEAR_ZONES = {
  DL: { x: 20, y: 45, width: 90, height: 8 },
  C5: { x: 20, y: 48, width: 90, height: 8 },
} as const satisfies Record<string, Box>;

export type EnvelopeTemplate = keyof typeof ADDRESS_WINDOWS;
export const DEFAULT_TEMPLATE: EnvelopeTemplate = 'DL';

/** One run of text on a page with its box, in millimetres from the top-left corner. */
export interface TextItem extends Box {
  text: string;
}

export type AddressReading =
  | { ok: true; name: string; lines: string[]; postcode: string | null }
  | { ok: false; reason: 'no_text_in_window' | 'no_address_lines' };

const IGNORED_LINE = [
  // A date line near the window: "21 November 2026", "21/11/2026", "Date: ..."
  /^(date\b|\d{1,2}(st|nd|rd|th)?\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}$|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$)/i,
  // Reference lines: "Our ref: AB/123", "Your reference ..."
  /^(our|your)\s+ref(erence)?\b|^ref(erence)?\s*[:.]/i,
  // Confidentiality markings printed above the address.
  /^((private|personal)\s*(&|and)\s*confidential|(strictly\s+)?(private|confidential)|personal|urgent|addressee\s+only)$/i,
];

export function centreInside(item: Box, box: Box): boolean {
  const cx = item.x + item.width / 2;
  const cy = item.y + item.height / 2;
  return cx >= box.x && cx <= box.x + box.width && cy >= box.y && cy <= box.y + box.height;
}

/** Groups text items into lines (same baseline within half a line height), left to right. */
export function groupLines(items: readonly TextItem[]): string[] {
  const sorted = [...items].filter((i) => i.text.trim() !== '').sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: { y: number; height: number; items: TextItem[] }[] = [];
  for (const item of sorted) {
    const line = lines.at(-1);
    if (line && Math.abs(item.y - line.y) <= Math.max(line.height, item.height) / 2) line.items.push(item);
    else lines.push({ y: item.y, height: item.height, items: [item] });
  }
  return lines.map((l) =>
    l.items
      .sort((a, b) => a.x - b.x)
      .map((i) => i.text.trim())
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
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
  const lines = groupLines(inside).filter((l) => l !== '' && !IGNORED_LINE.some((re) => re.test(l)));
  if (lines.length === 0) return { ok: false, reason: 'no_address_lines' };
  let postcodeIndex = -1;
  let postcode: string | null = null;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const found = findPostcode(lines[i]!);
    if (found) {
      postcodeIndex = i;
      postcode = found;
      break;
    }
  }
  const kept = postcodeIndex >= 0 ? lines.slice(0, postcodeIndex + 1) : lines;
  return { ok: true, name: kept[0]!, lines: kept.slice(1), postcode };
}

/** True when no text or drawing overlaps the barcode clear zone. */
export function isClearZoneEmpty(items: readonly Box[], zone: Box = BARCODE_CLEAR_ZONES[DEFAULT_TEMPLATE]): boolean {
  return !items.some(
    (i) => i.x < zone.x + zone.width && i.x + i.width > zone.x && i.y < zone.y + zone.height && i.y + i.height > zone.y,
  );
}
