import { existsSync } from 'node:fs';

/**
 * Fonts the product sets its own PDFs in (address sheets, receipts, labels), first found wins:
 * Liberation Sans (Arial's metrics, installed by the project's scripts with LibreOffice), then
 * DejaVu Sans. Both cover Latin, Welsh and Polish letters.
 */
export const SHEET_FONTS = [
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
];

/** The first of SHEET_FONTS this machine has, or undefined (callers fall back to a standard font). */
export const sheetFontFile = (): string | undefined => SHEET_FONTS.find((f) => existsSync(f));
