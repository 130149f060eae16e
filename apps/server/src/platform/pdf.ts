import type { Color } from 'pdf-lib';
import { loadOnce } from './load-once.js';

/**
 * pdf-lib, loaded on first use. Evaluating it (its font metrics and encodings) is about a third
 * of a second of CPU, the largest single part of the server's start-up when every module that
 * makes a PDF imported it; only the PDFs the product makes itself need it (receipts, statements,
 * labels, address sheets, proofs), never a start or a list. Colours and the standard fonts' names
 * are plain values and need no load.
 */
export const pdfLib = loadOnce(() => import('pdf-lib'));

/** pdf-lib's rgb() (components 0 to 1), without loading pdf-lib. */
export function rgb(red: number, green: number, blue: number): Color {
  return { type: 'RGB', red, green, blue } as Color;
}

/** The names of the standard PDF fonts the product sets text in (pdf-lib's StandardFonts values). */
export const StandardFonts = { Helvetica: 'Helvetica', HelveticaBold: 'Helvetica-Bold' } as const;
