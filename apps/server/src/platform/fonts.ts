import { existsSync } from 'node:fs';
import { loadOnce } from './load-once.js';

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

type Fontkit = Parameters<import('pdf-lib').PDFDocument['registerFontkit']>[0];

/**
 * fontkit, which pdf-lib needs to embed a TrueType font, loaded on first use: it is more than a
 * tenth of the server's start-up when imported with the rest, and only PDFs the product sets
 * itself need it.
 */
export const loadFontkit = loadOnce(() => import('@pdf-lib/fontkit').then((m) => m.default as Fontkit));
