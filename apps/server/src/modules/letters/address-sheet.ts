import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADDRESS_SHEET_LAYOUT } from '@lp/domain';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { POPPLER_LIMITS, runTool } from './poppler.js';

/**
 * Fonts the sheet is set in, first found wins: Liberation Sans (Arial's metrics, installed by the
 * project's scripts with LibreOffice), then DejaVu Sans. Both cover Latin, Welsh and Polish letters.
 */
export const SHEET_FONTS = [
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
];

export class AddressSheetError extends Error {}

/**
 * A one-page A4 PDF with the recipient's address set where the window shows it, in a plain font,
 * and nothing else in the window, so that the barcode has room below it.
 */
export async function addressSheetPdf(name: string, lines: readonly string[]): Promise<Uint8Array> {
  const fontFile = SHEET_FONTS.find((f) => existsSync(f));
  if (!fontFile)
    throw new AddressSheetError('No font to set the address sheet in: install fonts-liberation2 on the server.');
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(await readFile(fontFile), { subset: true });
  doc.setTitle('Address sheet');
  doc.setProducer('Letterpost');
  const mm = 72 / 25.4;
  const { left, top, size, pitch } = ADDRESS_SHEET_LAYOUT;
  const page = doc.addPage([210 * mm, 297 * mm]);
  [name, ...lines].forEach((line, i) => {
    // y is the top of the line in mm; pdf-lib draws at the baseline.
    const baseline = 297 - (top + i * pitch) - size * 0.8 * (25.4 / 72);
    page.drawText(line, { x: left * mm, y: baseline * mm, size, font });
  });
  return doc.save();
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
