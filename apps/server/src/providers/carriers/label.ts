import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { code128Widths, type ParcelParty } from '@lp/domain';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { loadFontkit, sheetFontFile } from '../../platform/fonts.js';
import { pdfLib, rgb, StandardFonts } from '../../platform/pdf.js';
import type { CarrierName } from './types.js';

/**
 * A shipping label as the sandbox carriers make it: A6 (298 x 420 pt, the size UK carriers print on
 * thermal printers) or 4 x 6 in (288 x 432 pt), with the carrier and service, the recipient large,
 * the tracking number as a Code 128 barcode, weight, dimensions, collection date, delivery notes,
 * our reference and the sender. Names are set in an embedded system font so accents and Welsh or
 * Polish letters print (Siobhán Ó Briain, Łukasz).
 */

export type LabelSize = 'A6' | '4x6';

export const LABEL_PAGE_SIZES: Readonly<Record<LabelSize, [number, number]>> = {
  A6: [298, 420],
  '4x6': [288, 432],
};

export interface LabelInput {
  carrier: CarrierName;
  serviceName: string;
  trackingNumber: string;
  sender: ParcelParty;
  recipient: ParcelParty;
  /** kg */
  weight: number;
  /** cm */
  length: number;
  width: number;
  height: number;
  /** yyyy-MM-dd */
  collectionDate: string;
  deliveryNotes?: string;
  /** Ours (the parcel id), printed small for the sender's records. */
  reference: string;
  size?: LabelSize;
}

const BOLD_FONTS = [
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
];

let fontFiles: Promise<{ regular: Uint8Array | null; bold: Uint8Array | null }> | null = null;

/** The font files, read once per process. */
function loadFontFiles() {
  fontFiles ??= (async () => {
    const regular = sheetFontFile();
    const bold = BOLD_FONTS.find((f) => existsSync(f));
    return {
      regular: regular ? new Uint8Array(await readFile(regular)) : null,
      bold: bold ? new Uint8Array(await readFile(bold)) : null,
    };
  })();
  return fontFiles;
}

const DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

function collectionText(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : DATE.format(d).replace(',', '');
}

const num = (n: number) => String(Number(n.toFixed(2)));

function addressLines(p: ParcelParty): string[] {
  return [p.addressLine1, p.addressLine2, p.addressLine3, p.town, p.county]
    .map((l) => (l ?? '').trim())
    .filter(Boolean);
}

/** Renders the label; resolves to the PDF's bytes. */
export async function renderLabel(input: LabelInput): Promise<Buffer> {
  const [pageW, pageH] = LABEL_PAGE_SIZES[input.size ?? 'A6'];
  const doc = await (await pdfLib()).PDFDocument.create();
  doc.registerFontkit(await loadFontkit());
  const files = await loadFontFiles();
  // A system font covers every name; the standard font only Latin-1 (then other letters show as ?).
  const font: PDFFont = files.regular
    ? await doc.embedFont(files.regular, { subset: true })
    : await doc.embedFont(StandardFonts.Helvetica);
  const bold: PDFFont = files.bold
    ? await doc.embedFont(files.bold, { subset: true })
    : files.regular
      ? font
      : await doc.embedFont(StandardFonts.HelveticaBold);
  const safe = (t: string) => (files.regular ? t : t.replace(/[^\x20-\xff]/g, '?'));
  doc.setTitle(`${input.carrier} label ${input.trackingNumber}`);
  doc.setProducer('LetterPost');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));

  const page = doc.addPage([pageW, pageH]);
  const margin = 12;
  const inner = pageW - 2 * margin;
  const black = rgb(0, 0, 0);
  const grey = rgb(0.3, 0.3, 0.3);
  let y = pageH - margin;

  /** Draws one line, shrinking the type until it fits the width. */
  const text = (
    t: string,
    size: number,
    f = font,
    opts: { x?: number; maxWidth?: number; colour?: typeof black } = {},
  ) => {
    const s = safe(t);
    const maxWidth = opts.maxWidth ?? inner;
    let sz = size;
    while (sz > 5 && f.widthOfTextAtSize(s, sz) > maxWidth) sz -= 0.5;
    y -= sz;
    page.drawText(s, { x: opts.x ?? margin, y, size: sz, font: f, color: opts.colour ?? black });
    y -= sz * 0.3;
  };
  const rule = (gap = 5) => {
    y -= gap;
    page.drawLine({ start: { x: margin, y }, end: { x: pageW - margin, y }, thickness: 1, color: black });
    y -= gap;
  };

  // Carrier and service, the collection date on the right.
  const top = y;
  text(input.carrier, 18, bold, { maxWidth: inner * 0.6 });
  text(input.serviceName, 10, font, { maxWidth: inner * 0.6 });
  const after = y;
  y = top;
  const collect = `Collection ${collectionText(input.collectionDate)}`;
  const csz = 8;
  page.drawText(safe(collect), {
    x: pageW - margin - font.widthOfTextAtSize(safe(collect), csz),
    y: y - csz,
    size: csz,
    font,
    color: grey,
  });
  y = after;
  rule();

  // The recipient, large.
  text('TO', 8, bold, { colour: grey });
  text(input.recipient.name, 16, bold);
  for (const l of addressLines(input.recipient)) text(l, 12);
  text(input.recipient.postcode, 20, bold);
  text(input.recipient.phoneNumber, 9, font, { colour: grey });
  rule();

  // The tracking number as Code 128, ten modules of quiet zone each side.
  const widths = code128Widths(input.trackingNumber);
  const modules = widths.reduce((a, b) => a + b, 0) + 20;
  const moduleW = Math.min(2, inner / modules);
  const barH = 56;
  let x = margin + (inner - modules * moduleW) / 2 + 10 * moduleW;
  y -= barH;
  widths.forEach((w, i) => {
    if (i % 2 === 0) page.drawRectangle({ x, y, width: w * moduleW, height: barH, color: black });
    x += w * moduleW;
  });
  y -= 4;
  const tsz = 11;
  const tw = bold.widthOfTextAtSize(input.trackingNumber, tsz);
  y -= tsz;
  page.drawText(input.trackingNumber, { x: (pageW - tw) / 2, y, size: tsz, font: bold, color: black });
  y -= 3;
  rule();

  // The parcel.
  text(`Weight ${num(input.weight)} kg   Size ${num(input.length)} x ${num(input.width)} x ${num(input.height)} cm`, 9);
  if (input.deliveryNotes?.trim()) text(`Delivery notes: ${input.deliveryNotes.trim()}`, 9);
  text(`Our reference: ${input.reference}`, 7, font, { colour: grey });
  rule();

  // The sender, small.
  text('FROM', 7, bold, { colour: grey });
  text(input.sender.name, 9, bold);
  text([...addressLines(input.sender), input.sender.postcode].join(', '), 8);
  text(input.sender.phoneNumber, 8, font, { colour: grey });

  drawFrame(page, pageW, pageH);
  return Buffer.from(await doc.save());
}

function drawFrame(page: PDFPage, w: number, h: number) {
  page.drawRectangle({ x: 4, y: 4, width: w - 8, height: h - 8, borderColor: rgb(0, 0, 0), borderWidth: 1 });
}
