// Letters for the PDF engine bench (docs/decisions/0009): A4 letters made with pdf-lib, the
// recipient inside the DL address window (x 15-115 mm, y 40-95 mm from the top-left), below the
// barcode clear zone (x 20-110 mm, y 45-53 mm), which is left without ink.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const PT_PER_MM = 72 / 25.4;
const A4 = { width: 210 * PT_PER_MM, height: 297 * PT_PER_MM };

const PEOPLE = [
  ['Ms Jane Smith', 'Flat 2', '14 High Street', 'Leeds', 'LS1 4AB'],
  ['Mr Tom Evans', '7 Church Lane', 'Headingley', 'Leeds', 'LS6 2QR'],
  ['Dr Priya Shah', 'The Old Rectory', 'Mill Road', 'Cambridge', 'CB1 2AD'],
  ['Mrs Ann Jones', '221 Baker Street', 'Marylebone', 'London', 'NW1 6XE'],
  ['Mr Owen Price', '3 Castle Walk', 'Cathays', 'Cardiff', 'CF10 3AT'],
  ['Miss Eve Clark', '18 Queen Street', 'New Town', 'Edinburgh', 'EH2 1JX'],
];

const BODY = [
  'Thank you for your letter about the repairs to your home. We have now arranged for an engineer',
  'to visit and will confirm the appointment by telephone. If the time does not suit you, please',
  'call us on the number above and we will find another one. We are sorry for the delay and for',
  'any inconvenience it has caused. The work should take no more than one day to complete.',
];

/** The recipient of the n-th letter: a name and 4 address lines, the last one ending in a postcode. */
export function recipient(n) {
  const [name, ...lines] = PEOPLE[n % PEOPLE.length];
  // A number in the second line keeps every recipient of the merged file distinct.
  lines[0] = `${lines[0]} (${n + 1})`;
  return { name, lines };
}

/** Draws text with its top-left corner at (x, y) mm from the page's top-left. */
function text(page, font, s, x, y, size = 11) {
  const ascent = font.heightAtSize(size, { descender: false });
  page.drawText(s, { x: x * PT_PER_MM, y: A4.height - y * PT_PER_MM - ascent, size, font, color: rgb(0, 0, 0) });
}

function addLetterPages(doc, fonts, n, pages) {
  const to = recipient(n);
  for (let p = 0; p < pages; p += 1) {
    const page = doc.addPage([A4.width, A4.height]);
    if (p === 0) {
      // Letterhead at the top right, a date line, then the address inside the window.
      text(page, fonts.bold, 'Northfield Housing Ltd', 130, 12, 14);
      text(page, fonts.regular, '1 Market Square, York YO1 7HZ', 130, 19, 9);
      text(page, fonts.regular, 'Telephone 01904 000000', 130, 23, 9);
      text(page, fonts.regular, '21 November 2026', 150, 60);
      text(page, fonts.regular, to.name, 25, 57);
      to.lines.forEach((line, i) => {
        text(page, fonts.regular, line, 25, 62 + i * 5);
      });
      text(page, fonts.regular, `Dear ${to.name},`, 25, 105);
    } else {
      text(page, fonts.regular, `${to.name}, page ${p + 1} of ${pages}`, 25, 15, 9);
    }
    for (let l = 0; l < 24; l += 1) text(page, fonts.regular, BODY[l % BODY.length], 25, 115 + l * 6, 10);
  }
}

/** One letter of `pages` pages for recipient n, or a merged file of `letters` letters, as bytes. */
export async function makePdf({ pages, letters = 1, pagesPerLetter = pages }) {
  const doc = await PDFDocument.create();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  for (let n = 0; n < letters; n += 1) addLetterPages(doc, fonts, n, pagesPerLetter);
  return doc.save();
}

/**
 * A scanned 1-page letter: the same layout drawn as a 200 dpi JPEG filling the page, with
 * no text layer (what a scanner without OCR produces).
 */
export async function makeScannedPdf(n = 0) {
  const dpi = 200;
  const px = dpi / 25.4;
  const canvas = createCanvas(Math.round(210 * px), Math.round(297 * px));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.textBaseline = 'top';
  const draw = (s, x, y, size = 11, weight = '') => {
    ctx.font = `${weight} ${Math.round((size / 72) * dpi)}px sans-serif`.trim();
    ctx.fillText(s, x * px, y * px);
  };
  const to = recipient(n);
  draw('Northfield Housing Ltd', 130, 12, 14, 'bold');
  draw('1 Market Square, York YO1 7HZ', 130, 19, 9);
  draw('21 November 2026', 150, 60);
  draw(to.name, 25, 57);
  to.lines.forEach((line, i) => {
    draw(line, 25, 62 + i * 5);
  });
  draw(`Dear ${to.name},`, 25, 105);
  for (let l = 0; l < 24; l += 1) draw(BODY[l % BODY.length], 25, 115 + l * 6, 10);
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(await canvas.encode('jpeg', 75));
  doc.addPage([A4.width, A4.height]).drawImage(image, { x: 0, y: 0, width: A4.width, height: A4.height });
  return doc.save();
}

/**
 * Writes the corpus to `dir`: letters of 1, 3 and 10 pages and a 200-page merged file (a new
 * recipient every 2 pages), plus a scanned 1-page letter without a text layer (no recipient can be
 * read from it without OCR). Returns [{ name, file, pages, recipients: [{ page, name, lines }] }].
 */
export async function writeCorpus(dir) {
  mkdirSync(dir, { recursive: true });
  const specs = [
    { name: 'letter-1p', pages: 1, letters: 1, pagesPerLetter: 1 },
    { name: 'letter-3p', pages: 3, letters: 1, pagesPerLetter: 3 },
    { name: 'letter-10p', pages: 10, letters: 1, pagesPerLetter: 10 },
    { name: 'merged-200p', pages: 200, letters: 100, pagesPerLetter: 2 },
  ];
  const out = [];
  for (const spec of specs) {
    const file = path.join(dir, `${spec.name}.pdf`);
    writeFileSync(file, await makePdf(spec));
    const recipients = Array.from({ length: spec.letters }, (_, n) => ({
      page: n * spec.pagesPerLetter + 1,
      ...recipient(n),
    }));
    out.push({ name: spec.name, file, pages: spec.pages, recipients });
  }
  const scan = path.join(dir, 'scan-1p.pdf');
  writeFileSync(scan, await makeScannedPdf());
  out.push({ name: 'scan-1p', file: scan, pages: 1, recipients: [] });
  return out;
}
