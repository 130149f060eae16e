// OCR of an area of a page, for scanned letters (pages without a text layer): the recipient's
// address is read from the envelope window with tesseract, as pdftotext reads it from a text layer.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Box, TextItem } from '@lp/domain';
import { asPdfError, PdfError, POPPLER_LIMITS, runTool, runToolRaw, ToolError, type ToolLimits } from './poppler.js';

/** Resolution the area is rendered at: tesseract's models read 9-12 pt type best at 300 dpi. */
export const OCR_DPI = 300;

/**
 * Bounds of one tesseract run. Reading the 100 x 65 mm address area at 300 dpi takes 0.3-0.5 s
 * and 280 MB resident with the Latin model (40 MB with eng), measured with /usr/bin/time; the
 * address space that prlimit bounds is larger than what is resident (300 MB makes tesseract abort
 * with bad_alloc, 500 MB is enough), so 768 MiB leaves room for larger areas without letting a
 * hostile raster take the machine. The time bound is 15 s unless the caller gives one. Tesseract
 * writes its TSV and hOCR to files in a temporary folder (a few kB for an address area); the output
 * bound is for what it prints.
 */
export const OCR_LIMITS = {
  timeoutMs: 15_000,
  maxOutputBytes: 4 * 1024 * 1024,
  memoryBytes: 768 * 1024 * 1024,
} as const satisfies ToolLimits;

/**
 * Tesseract's page segmentation: 4 ("a single column of text of variable sizes") read the
 * scanned corpus best: 94 of 100 addresses exactly, against 92 with 6 ("a single uniform block of
 * text"), at the same speed (measured on the letters of test/fixtures/scanned-letters.ts scanned
 * at 5 settings each, Latin model).
 */
const PAGE_SEGMENTATION = '4';

/**
 * Below this overall confidence a reading is "unsure" and the user confirms the address.
 * Measured on 100 scans (20 letters at 5 settings: 200 and 300 dpi, PNG and JPEG, straight and
 * turned up to 1.5 degrees; Latin model, psm 4): the 94 exact readings had confidences from 82.9
 * to 96.1 (median 94.8, 10th percentile 89.8); the 6 wrong ones, each one character off ("ï" read
 * "i", "Mill" read "Mili", "HG1 1TT" read "HG1 11T"), 82.4 to 94.8: confidence cannot tell a
 * one-letter slip from an exact reading, and no threshold would. What it does tell is a reading of
 * marks that are not type: a scan whose letters are boxes (bench/pdf-corpus.mjs's canvas scans,
 * drawn without a font) read as "0000 OOOO" at 39.9 to 69.5, and a page or area without type reads
 * no words at all (0). 80 passes every exact reading measured and stops those; a clean straight
 * 300 dpi scan reads at 85.2 to 95.7.
 */
export const OCR_CONFIDENT = 80;

export interface OcrWord extends TextItem {
  /** Tesseract's confidence in the word, 0-100. */
  confidence: number;
}

export interface OcrResult {
  words: OcrWord[];
  /** Mean word confidence weighted by characters, 0-100; 0 when no word was read. */
  confidence: number;
}

const TESSERACT_MISSING = 'OCR (tesseract-ocr) is not installed on the server.';
const LANGUAGE_MISSING =
  'OCR language data (tesseract-ocr-script-latn or tesseract-ocr-eng) is not installed on the server.';

/** A tesseract failure as the letter's outcome: its own missing data and unreadable page, else as poppler.ts says. */
function ocrFailure(error: unknown): PdfError {
  if (error instanceof ToolError && error.kind === 'exit')
    return /Failed loading language|Error opening data file|Could not initialize tesseract/i.test(error.stderr)
      ? new PdfError('unavailable', LANGUAGE_MISSING)
      : new PdfError('corrupted', 'The scanned page could not be read.');
  return asPdfError(error, TESSERACT_MISSING);
}

let language: string | undefined;

/**
 * The model tesseract reads with: Latin (tesseract-ocr-script-latn) when installed, else eng. UK
 * names are written with accents (Zoë, Seán, Ó Briain, Łukasz, Ŵyr) and eng knows one of them (é):
 * on the scanned corpus eng read 10 of 24 addresses exactly, Latin 24 of 24, at about 0.3 s more
 * per area. Asked once per process (`tesseract --list-langs`, about 20 ms) and kept once known.
 */
async function ocrLanguage(deadline: number): Promise<string> {
  if (language) return language;
  let stdout: string;
  try {
    ({ stdout } = await runTool('tesseract', ['--list-langs'], {
      ...OCR_LIMITS,
      timeoutMs: Math.max(1, deadline - Date.now()),
    }));
  } catch (error) {
    throw ocrFailure(error);
  }
  const installed = new Set(stdout.split('\n').map((l) => l.trim()));
  const found = ['Latin', 'eng'].find((l) => installed.has(l));
  if (!found) throw new PdfError('unavailable', LANGUAGE_MISSING);
  language = found;
  return found;
}

/**
 * Reads the words of one area of a page by OCR: pdftoppm renders only that area, in grey, at
 * 300 dpi (a 100 x 65 mm area is 1181 x 768 pixels, under 1 MB); tesseract reads it; the words come
 * back in millimetres from the page's top-left corner, as pageWords gives them from a text layer,
 * each with its confidence, and the overall confidence of the reading. Scans turned by up to 1.5
 * degrees are read as they are: straightening the raster first (skew found from the rows of ink,
 * turned back in JavaScript) read the same 94 of 100 addresses as not doing it, so it is not done.
 */
export async function ocrWords(
  file: string,
  page: number,
  area: Box,
  options: { dpi?: number; timeoutMs?: number } = {},
): Promise<{ words: OcrWord[]; confidence: number }> {
  const dpi = options.dpi ?? OCR_DPI;
  // One time bound for the whole reading: rendering, the language check and tesseract.
  const deadline = Date.now() + (options.timeoutMs ?? OCR_LIMITS.timeoutMs);
  const left = () => Math.max(1, deadline - Date.now());
  const pxPerMm = dpi / 25.4;
  const x0 = Math.max(0, Math.floor(area.x * pxPerMm));
  const y0 = Math.max(0, Math.floor(area.y * pxPerMm));
  const w = Math.max(1, Math.ceil((area.x + area.width) * pxPerMm) - x0);
  const h = Math.max(1, Math.ceil((area.y + area.height) * pxPerMm) - y0);
  let image: Buffer;
  try {
    ({ stdout: image } = await runToolRaw(
      'pdftoppm',
      ['-f', String(page), '-l', String(page), '-r', String(dpi), '-gray'].concat([
        '-x',
        String(x0),
        '-y',
        String(y0),
        '-W',
        String(w),
        '-H',
        String(h),
        '-singlefile',
        file,
      ]),
      { ...POPPLER_LIMITS, timeoutMs: Math.min(POPPLER_LIMITS.timeoutMs, left()) },
    ));
  } catch (error) {
    throw asPdfError(error);
  }
  // pdftoppm -gray writes a binary PGM; it writes nothing for a page that does not exist.
  if (image.subarray(0, 2).toString('latin1') !== 'P5')
    throw new PdfError('corrupted', 'The page could not be rendered.');
  const lang = await ocrLanguage(deadline);
  const dir = await mkdtemp(path.join(tmpdir(), 'lp-ocr-'));
  try {
    const input = path.join(dir, 'area.pgm');
    await writeFile(input, image, { mode: 0o600 });
    try {
      await runTool(
        'tesseract',
        // --dpi: a PGM carries no resolution, and tesseract's own guess (369 for this area) is wrong.
        // One recognition, two outputs: TSV for the words and their confidences, hOCR for each
        // line's baseline and type size (TSV has neither).
        [input, path.join(dir, 'read'), '--dpi', String(dpi), '--psm', PAGE_SEGMENTATION, '-l', lang, 'tsv', 'hocr'],
        { ...OCR_LIMITS, timeoutMs: left() },
        // One thread: OpenMP otherwise starts one per core, which is slower on a busy 2-core machine
        // (bench/ocr.mjs measures both).
        { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, cwd: dir },
      );
    } catch (error) {
      throw ocrFailure(error);
    }
    const [tsv = '', hocr = ''] = await Promise.all(
      ['read.tsv', 'read.hocr'].map((f) => readFile(path.join(dir, f), 'utf8').catch(() => '')),
    );
    const types = lineTypes(hocr);
    return readTsv(tsv, (word, line) => {
      // The line's type box (baseline, ascent, descent), or its ink when hOCR did not say.
      const type = types.get(`${line.x} ${line.y} ${line.width} ${line.height}`) ?? line;
      return {
        x: (x0 + word.x) / pxPerMm,
        y: (y0 + type.y) / pxPerMm,
        width: word.width / pxPerMm,
        height: type.height / pxPerMm,
      };
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Each line's type box from tesseract's hOCR, keyed by the line's ink box ("left top width height"
 * in pixels, as TSV gives it): from the baseline (at the line's centre, so a turned line's words
 * share it) up by the type's height above it and down by its descent (x_size, x_descenders). A
 * word's box is then the type's, as pdftotext gives it from a text layer, whatever its letters:
 * "NR21 0JE" (capitals) and "Fakenham" (ascenders) are as tall as "Flat 4, Gypsy Lane"
 * (descenders), so readers that group lines by type size see one size.
 */
export function lineTypes(hocr: string): Map<string, Box> {
  const types = new Map<string, Box>();
  const re = /class='ocr_(?:line|caption|textfloat|header)'[^>]*?title="([^"]*)"/g;
  for (const m of hocr.matchAll(re)) {
    const title = m[1]!;
    const bbox = /bbox (\d+) (\d+) (\d+) (\d+)/.exec(title);
    const baseline = /baseline (-?[\d.]+) (-?[\d.]+)/.exec(title);
    const size = /x_size ([\d.]+)/.exec(title);
    const descent = /x_descenders ([\d.]+)/.exec(title);
    if (!bbox || !baseline || !size || !descent) continue;
    const [x0, y0, x1, y1] = bbox.slice(1, 5).map(Number) as [number, number, number, number];
    const base = y1 + Number(baseline[2]) + Number(baseline[1]) * ((x1 - x0) / 2);
    const height = Number(size[1]);
    const top = base - (height - Number(descent[1]));
    types.set(`${x0} ${y0} ${x1 - x0} ${y1 - y0}`, { x: x0, y: top, width: x1 - x0, height });
  }
  return types;
}

/**
 * Tesseract's TSV: one row per page, block, paragraph, line and word (levels 1 to 5), with its box
 * in pixels and, for words, a confidence (-1 on the other levels). `place` maps a word's box and
 * its line's box to page millimetres: a word takes the top and height of its line, so that the
 * words of one line share a baseline whatever their letters (ascenders, descenders, and a sheet
 * turned by a degree move each word's own box) and group into one line as pdftotext's words do.
 */
export function readTsv(tsv: string, place: (word: Box, line: Box) => Box): OcrResult {
  const lines = new Map<string, Box>();
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols.length < 12) continue;
    const [level, , block, par, line, , left, top, width, height, conf] = cols.slice(0, 11).map(Number);
    const text = cols.slice(11).join('\t').trim();
    const key = `${block}/${par}/${line}`;
    const box = { x: left!, y: top!, width: width!, height: height! };
    if (level === 4) lines.set(key, box);
    if (level !== 5 || !(conf! >= 0) || text === '') continue;
    words.push({ text, ...place(box, lines.get(key) ?? box), confidence: conf! });
  }
  const chars = words.reduce((n, w) => n + w.text.length, 0);
  const confidence = chars === 0 ? 0 : words.reduce((s, w) => s + w.confidence * w.text.length, 0) / chars;
  return { words, confidence };
}
