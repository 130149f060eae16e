import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ADDRESS_SHEET_LAYOUT,
  type Box,
  centreInside,
  DEFAULT_TEMPLATE,
  ENVELOPE_WINDOWS,
  grow,
  type TextItem,
  type WindowLayout,
} from '@lp/domain';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadFontkit, sheetFontFile } from '../../platform/fonts.js';
import { pdfLib, rgb } from '../../platform/pdf.js';
import { POPPLER_LIMITS, pageWords, runTool } from './poppler.js';

export class AddressSheetError extends Error {}

/**
 * A one-page A4 PDF with the recipient's address set where the window shows it, in a plain font,
 * and nothing else in the window, so that the barcode has room below it.
 */
export async function addressSheetPdf(name: string, lines: readonly string[]): Promise<Uint8Array> {
  const fontFile = sheetFontFile();
  if (!fontFile)
    throw new AddressSheetError('No font to set the address sheet in: install fonts-liberation2 on the server.');
  const doc = await (await pdfLib()).PDFDocument.create();
  doc.registerFontkit(await loadFontkit());
  const font = await doc.embedFont(await readFile(fontFile), { subset: true });
  doc.setTitle('Address sheet');
  doc.setProducer('LetterPost');
  const page = doc.addPage([210 * MM, 297 * MM]);
  setAddress(page, font, [name, ...lines]);
  return doc.save();
}

const MM = 72 / 25.4;
/** The widest an address line may be set (mm), so the barcode still fits beside the block in the window. */
const MAX_LINE_MM = 72;
/** The smallest size (pt) an address is set in when its lines are long. */
const MIN_SIZE = 8;

/**
 * Sets the address lines inside the window of page 1 (ADDRESS_SHEET_LAYOUT: 25 mm from the left,
 * the first line 50 mm down, 11 pt), a smaller size when a line would be wider than the window
 * leaves room for beside the barcode. Coordinates from the page's crop box, as poppler reads them.
 */
function setAddress(page: PDFPage, font: PDFFont, lines: readonly string[]) {
  const { left, top } = ADDRESS_SHEET_LAYOUT;
  let size: number = ADDRESS_SHEET_LAYOUT.size;
  const widest = () => Math.max(...lines.map((l) => font.widthOfTextAtSize(l, size) / MM));
  while (size > MIN_SIZE && widest() > MAX_LINE_MM) size -= 0.5;
  const pitch = (ADDRESS_SHEET_LAYOUT.pitch * size) / ADDRESS_SHEET_LAYOUT.size;
  const crop = page.getCropBox();
  lines.forEach((line, i) => {
    // y is the top of the line in mm; pdf-lib draws at the baseline.
    const baseline = crop.y + crop.height - (top + i * pitch) * MM - size * 0.8;
    page.drawText(line, { x: crop.x + left * MM, y: baseline, size, font, color: rgb(0, 0, 0) });
  });
}

/**
 * Re-sets the address on page 1 (decision 0026): the envelope window and the old address lines
 * are whited out and the address is set again inside the window in the sheet's font; every other
 * page, and the rest of page 1, is left as it was. Returns the words of page 1 now under the white,
 * so that the analysis of the new file does not read them again (they are still in its text layer).
 */
export async function resetAddress(
  letterPdf: string,
  recipient: { name: string; lines: readonly string[] },
  layout: WindowLayout | null,
  out: string,
): Promise<TextItem[]> {
  const fontFile = sheetFontFile();
  if (!fontFile) throw new AddressSheetError('No font to set the address in: install fonts-liberation2 on the server.');
  let doc: PDFDocument;
  try {
    doc = await (await pdfLib()).PDFDocument.load(await readFile(letterPdf), { updateMetadata: false });
  } catch {
    throw new AddressSheetError('The address cannot be re-set on this PDF: add an address sheet instead.');
  }
  doc.registerFontkit(await loadFontkit());
  const font = await doc.embedFont(await readFile(fontFile), { subset: true });
  const page = doc.getPage(0);
  if (page.getRotation().angle % 360 !== 0)
    throw new AddressSheetError(
      'Page 1 is turned, so the address cannot be re-set on it: add an address sheet instead.',
    );
  const crop = page.getCropBox();
  const areas = [
    grow(layout?.window ?? ENVELOPE_WINDOWS[DEFAULT_TEMPLATE], 1),
    ...(layout?.lines ?? []).map((l) => grow(l, 1)),
  ];
  const hidden = (await pageWords(letterPdf, 1)).filter((w) => areas.some((a) => centreInside(w, a)));
  const white = (b: Box) =>
    page.drawRectangle({
      x: crop.x + b.x * MM,
      y: crop.y + crop.height - (b.y + b.height) * MM,
      width: b.width * MM,
      height: b.height * MM,
      color: rgb(1, 1, 1),
    });
  for (const area of areas) white(area);
  setAddress(page, font, [recipient.name, ...recipient.lines]);
  await writeFile(out, await doc.save());
  return hidden;
}

/**
 * The letter's PDF with an address sheet in front, written to `out`: the sheet, then every page of
 * the letter as it was (pdfunite, bounded like every analysis tool).
 */
export async function prependAddressSheet(
  letterPdf: string,
  recipient: { name: string; lines: readonly string[] },
  out: string,
): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'lp-sheet-'));
  try {
    const sheet = path.join(work, 'sheet.pdf');
    await writeFile(sheet, await addressSheetPdf(recipient.name, recipient.lines));
    await runTool('pdfunite', [sheet, letterPdf, out], { ...POPPLER_LIMITS, timeoutMs: 60_000 });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
