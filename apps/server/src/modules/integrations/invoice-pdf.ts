import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { ADDRESS_SHEET_LAYOUT, ADDRESS_WINDOWS } from '@lp/domain';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadFontkit } from '../../platform/fonts.js';
import { pdfLib, rgb, StandardFonts } from '../../platform/pdf.js';
import type { ExternalInvoice } from '../../providers/integrations/types.js';

/**
 * An accounting provider's invoice as a letter (decision 0021, "Imports"): an A4 PDF with the
 * seller top right, the customer's address where the DL window shows it (set as the address sheet
 * sets it, so the letters analysis reads it and the postal barcode has room below), the invoice's
 * details beside the window, its lines with VAT, the totals and when it is due. Nothing else is
 * printed in the window.
 */

export interface InvoiceParty {
  name: string;
  addressLines: readonly string[];
  postcode: string | null;
}

const MM = 72 / 25.4;
const PAGE = { width: 210, height: 297 };
const LEFT = 20;
const RIGHT = 190;
const BOTTOM = 270;
/** Where the seller and the invoice's details go: right of the window. */
const SIDE = ADDRESS_WINDOWS.DL.x + ADDRESS_WINDOWS.DL.width + 15;

const REGULAR = [
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
];
const BOLD = [
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
];

/** Money as people read it on an invoice: £1,234.50 (another currency by its own sign or code). */
export function formatMoney(pence: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency || 'GBP' }).format(pence / 100);
  } catch {
    return `${(pence / 100).toFixed(2)} ${currency}`;
  }
}

/** "21 November 2026" of a YYYY-MM-DD. */
export function longDate(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** One line of an invoice as a card's tooltip lists it. */
export function itemText(line: ExternalInvoice['lines'][number], currency: string): string {
  const qty = Number.isInteger(line.quantity) ? String(line.quantity) : line.quantity.toFixed(2);
  const vat = line.vatRate ? ` (VAT ${line.vatRate})` : '';
  return `${qty} x ${line.description || 'Item'} at ${formatMoney(line.unitAmount, currency)}: ${formatMoney(line.netAmount, currency)}${vat}`;
}

async function fonts(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont; unicode: boolean }> {
  const regular = REGULAR.find((f) => existsSync(f));
  const bold = BOLD.find((f) => existsSync(f));
  if (regular && bold) {
    doc.registerFontkit(await loadFontkit());
    return {
      regular: await doc.embedFont(await readFile(regular), { subset: true }),
      bold: await doc.embedFont(await readFile(bold), { subset: true }),
      unicode: true,
    };
  }
  // Without the fonts the product installs: the standard fonts, whose encoding lacks ŷ or Ł.
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    unicode: false,
  };
}

/** Words that fit `width` mm at `size`, line by line. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const max = width * MM;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= max) current = next;
    else {
      if (current) lines.push(current);
      // A single word longer than the column is cut.
      let w = word;
      while (font.widthOfTextAtSize(w, size) > max && w.length > 1) w = w.slice(0, -1);
      current = w;
    }
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [''];
}

/**
 * The recipient's block for the window: the name, the address lines and the postcode, at most
 * seven lines (lines beyond are joined with commas), so it ends above the barcode's room.
 */
export function windowLines(party: InvoiceParty): string[] {
  const lines = party.addressLines.filter(Boolean);
  const room = 7 - 1 - (party.postcode ? 1 : 0);
  const fitted = lines.length > room ? [...lines.slice(0, room - 1), lines.slice(room - 1).join(', ')] : lines;
  return [party.name, ...fitted, ...(party.postcode ? [party.postcode] : [])];
}

export async function renderInvoicePdf(opts: {
  seller: InvoiceParty;
  recipient: InvoiceParty;
  invoice: ExternalInvoice;
}): Promise<Uint8Array> {
  const { seller, recipient, invoice } = opts;
  const doc = await (await pdfLib()).PDFDocument.create();
  const f = await fonts(doc);
  // Standard fonts encode WinAnsi only: anything else is replaced rather than failing the import.
  const safe = (s: string) =>
    f.unicode
      ? s
      : s
          .normalize('NFKD')
          .replace(/[\u0300-\u036f]/g, '')
          .replace(/[^\x20-\x7e£€\u00a0-\u00ff]/g, '?');
  doc.setTitle(`Invoice ${invoice.number}`);
  doc.setAuthor(seller.name);
  doc.setProducer('LetterPost');
  doc.setCreator('LetterPost integrations');

  let page: PDFPage = doc.addPage([PAGE.width * MM, PAGE.height * MM]);
  const grey = rgb(0.35, 0.35, 0.35);
  const draw = (text: string, x: number, top: number, size = 10, font = f.regular, color = rgb(0, 0, 0)) => {
    // `top` is the line's top in mm from the page's top; pdf-lib draws at the baseline.
    page.drawText(safe(text), { x: x * MM, y: (PAGE.height - top - size * 0.8 * (25.4 / 72)) * MM, size, font, color });
  };
  const drawRight = (text: string, right: number, top: number, size = 10, font = f.regular) =>
    draw(text, right - font.widthOfTextAtSize(safe(text), size) / MM, top, size, font);
  const money = (pence: number) => formatMoney(pence, invoice.currency);

  // The seller, top right.
  draw(seller.name, SIDE, 15, 11, f.bold);
  [...seller.addressLines, ...(seller.postcode ? [seller.postcode] : [])].slice(0, 6).forEach((l, i) => {
    draw(l, SIDE, 20.5 + i * 4.3, 9, f.regular, grey);
  });
  draw('INVOICE', LEFT, 18, 20, f.bold);

  // The recipient, where the window shows it.
  const { left, top, size, pitch } = ADDRESS_SHEET_LAYOUT;
  windowLines(recipient).forEach((l, i) => {
    draw(l, left, top + i * pitch, size);
  });

  // The invoice's details, beside the window.
  const details: Array<[string, string]> = [
    ['Invoice number', invoice.number],
    ['Invoice date', longDate(invoice.issueDate)],
    ['Due date', longDate(invoice.dueDate)],
    ...(invoice.reference ? ([['Reference', invoice.reference]] as Array<[string, string]>) : []),
    ['Amount due', money(invoice.amountDue)],
  ];
  details.forEach(([label, value], i) => {
    draw(label, SIDE, 50 + i * 5.5, 8.5, f.regular, grey);
    draw(wrap(value, f.bold, 9, RIGHT - SIDE - 27)[0] ?? '', SIDE + 27, 50 + i * 5.5, 9, f.bold);
  });

  // The lines.
  const cols = { qty: 122, unit: 146, vat: 166, amount: RIGHT };
  let y = 105;
  const header = () => {
    draw('Description', LEFT, y, 9, f.bold);
    drawRight('Qty', cols.qty, y, 9, f.bold);
    drawRight('Unit price', cols.unit, y, 9, f.bold);
    drawRight('VAT', cols.vat, y, 9, f.bold);
    drawRight(`Amount ${invoice.currency}`, cols.amount, y, 9, f.bold);
    y += 5;
    page.drawLine({
      start: { x: LEFT * MM, y: (PAGE.height - y) * MM },
      end: { x: RIGHT * MM, y: (PAGE.height - y) * MM },
      thickness: 0.6,
      color: grey,
    });
    y += 2.5;
  };
  const newPage = () => {
    page = doc.addPage([PAGE.width * MM, PAGE.height * MM]);
    y = 20;
    draw(`Invoice ${invoice.number} (continued)`, LEFT, y, 10, f.bold);
    y += 10;
    header();
  };
  header();
  for (const line of invoice.lines) {
    const description = wrap(line.description || 'Item', f.regular, 9.5, cols.qty - LEFT - 18);
    if (y + description.length * 4.5 > BOTTOM) newPage();
    const qty = Number.isInteger(line.quantity) ? String(line.quantity) : line.quantity.toFixed(2);
    drawRight(qty, cols.qty, y, 9.5);
    drawRight(money(line.unitAmount), cols.unit, y, 9.5);
    drawRight(line.vatAmount === null ? (line.vatRate ?? '') : money(line.vatAmount), cols.vat, y, 9.5);
    drawRight(money(line.netAmount), cols.amount, y, 9.5);
    for (const d of description) {
      draw(d, LEFT, y, 9.5);
      y += 4.5;
    }
    if (line.vatRate && line.vatAmount !== null) {
      draw(`VAT ${line.vatRate}`, LEFT, y - 0.5, 7.5, f.regular, grey);
      y += 3.5;
    }
    y += 1.5;
  }

  // The totals.
  if (y + 40 > BOTTOM) newPage();
  y += 3;
  const total = (label: string, value: string, bold = false) => {
    drawRight(label, cols.vat, y, 10, bold ? f.bold : f.regular);
    drawRight(value, cols.amount, y, 10, bold ? f.bold : f.regular);
    y += 5.5;
  };
  total('Subtotal', money(invoice.subtotal));
  total('VAT', money(invoice.vat));
  total(`Total ${invoice.currency}`, money(invoice.total), true);
  const paid = invoice.total - invoice.amountDue;
  if (paid > 0) total('Paid', `-${money(paid)}`);
  total('Amount due', money(invoice.amountDue), true);

  y += 6;
  const closing =
    invoice.amountDue === 0
      ? 'Paid in full. Thank you.'
      : `Please pay ${money(invoice.amountDue)} by ${longDate(invoice.dueDate) || 'the due date'}, quoting ${invoice.number}.`;
  for (const l of wrap(closing, f.regular, 10, RIGHT - LEFT)) {
    draw(l, LEFT, y, 10);
    y += 5;
  }
  return doc.save();
}
