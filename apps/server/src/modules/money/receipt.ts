import { readFile } from 'node:fs/promises';
import { formatPounds } from '@lp/domain';
import type { PDFFont } from 'pdf-lib';
import { loadFontkit, sheetFontFile } from '../../platform/fonts.js';
import { pdfLib, rgb, StandardFonts } from '../../platform/pdf.js';

export interface ReceiptIssuer {
  name: string;
  address: string;
  vatNumber: string | null;
}

export interface ReceiptInput {
  issuer: ReceiptIssuer;
  /** The company, with its account reference (the account id people see, decision 0031). */
  company: { name: string; reference: string };
  entry: {
    id: string;
    type: 'top_up' | 'bank_transfer';
    amount: number;
    date: Date;
    reference: string | null;
    user_name: string | null;
    user_email: string | null;
  };
}

const DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * A one-page A4 receipt for money received (a card top-up or a bank transfer): who we are (with our
 * VAT number as configured), the company, the amount, the date, the method and the references.
 * A prepaid balance is not a supply, so it shows no VAT: VAT is on the invoices of what it pays for.
 */
export async function receiptPdf(input: ReceiptInput): Promise<Uint8Array> {
  const doc = await (await pdfLib()).PDFDocument.create();
  doc.registerFontkit(await loadFontkit());
  const fontFile = sheetFontFile();
  // A system font covers every name (accents, Welsh); the standard font only Latin-1.
  const font: PDFFont = fontFile
    ? await doc.embedFont(await readFile(fontFile), { subset: true })
    : await doc.embedFont(StandardFonts.Helvetica);
  const safe = (t: string) => (fontFile ? t : t.replace(/[^\x20-\xff]/g, '?'));
  doc.setTitle(`Receipt ${input.entry.id}`);
  doc.setProducer('LetterPost');
  const mm = 72 / 25.4;
  const page = doc.addPage([210 * mm, 297 * mm]);
  let y = 297 - 25;
  const line = (text: string, size = 11, x = 20, gap = 6.5) => {
    page.drawText(safe(text), { x: x * mm, y: y * mm, size, font, color: rgb(0.1, 0.1, 0.1) });
    y -= gap;
  };
  line(input.issuer.name, 16, 20, 7);
  for (const part of input.issuer.address.split(/\s*,\s*|\n/).filter(Boolean)) line(part, 10, 20, 5);
  line(input.issuer.vatNumber ? `VAT registration number: ${input.issuer.vatNumber}` : 'Not registered for VAT', 10);
  y -= 8;
  line('Receipt', 20, 20, 12);
  const rows: Array<[string, string]> = [
    ['Receipt number', input.entry.id],
    ['Date', DATE.format(input.entry.date)],
    ['Received from', input.company.name],
    ['Account ID', input.company.reference],
    ['Paid by', input.entry.type === 'top_up' ? 'Card' : 'Bank transfer'],
    ['Payment reference', input.entry.reference ?? '-'],
  ];
  if (input.entry.user_name || input.entry.user_email)
    rows.push([
      'Made by',
      [input.entry.user_name, input.entry.user_email && `(${input.entry.user_email})`].filter(Boolean).join(' '),
    ]);
  for (const [k, v] of rows) {
    page.drawText(safe(k), { x: 20 * mm, y: y * mm, size: 11, font, color: rgb(0.35, 0.35, 0.35) });
    page.drawText(safe(v), { x: 70 * mm, y: y * mm, size: 11, font });
    y -= 7;
  }
  y -= 6;
  page.drawLine({ start: { x: 20 * mm, y: (y + 4) * mm }, end: { x: 190 * mm, y: (y + 4) * mm }, thickness: 0.5 });
  page.drawText('Added to the prepaid balance', { x: 20 * mm, y: (y - 4) * mm, size: 12, font });
  const amount = formatPounds(input.entry.amount);
  page.drawText(amount, { x: 190 * mm - font.widthOfTextAtSize(amount, 14), y: (y - 4) * mm, size: 14, font });
  y -= 20;
  line('The balance pays for letters, parcels and plan fees. VAT, where due, is shown on the invoice', 9, 20, 4.5);
  line('of what it pays for: a prepaid balance is not itself a supply.', 9);
  return doc.save();
}
