// OCR of an area of a page, for scanned letters (pages without a text layer): the recipient's
// address is read from the envelope window with tesseract, as pdftotext reads it from a text layer.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Box, TextItem } from '@lp/domain';
import { PdfError, POPPLER_LIMITS, runTool, runToolRaw, ToolError, type ToolLimits } from './poppler.js';

/** Resolution the area is rendered at: tesseract's models read 9-12 pt type best at 300 dpi. */
export const OCR_DPI = 300;

/**
 * Bounds of one tesseract run. Reading the 100 x 65 mm address area at 300 dpi takes 0.3-0.5 s
 * and 280 MB resident with the Latin model (40 MB with eng), measured with /usr/bin/time; the
 * address space that prlimit bounds is larger than what is resident (300 MB makes tesseract abort
 * with bad_alloc, 500 MB is enough), so 768 MiB leaves room for larger areas without letting a
 * hostile raster take the machine. The time bound is 15 s unless the caller gives one.
 */
export const OCR_LIMITS = {
  timeoutMs: 15_000,
  maxOutputBytes: 4 * 1024 * 1024,
  memoryBytes: 768 * 1024 * 1024,
} as const satisfies ToolLimits;

/**
 * Tesseract's page segmentation: 4 ("a single column of text of variable sizes") read the
 * scanned corpus best: 94 of 100 addresses exactly, against 92 with 6 ("a single uniform block"),
 * which joins a name to text beside it and mis-splits a tinted block (measured on the scans of
 * test/fixtures/scanned-letters.ts at 5 scan settings each, Latin model).
 */
const PAGE_SEGMENTATION = '4';

/**
 * Below this overall confidence a reading is "unsure" and the user confirms the address.
 * Measured on 100 scans (20 letters, 200 and 300 dpi, PNG and JPEG, straight and turned up to
 * 1.5 degrees, Latin model, psm 4): the 94 exact readings had confidences from 82.9 to 96.4
 * (median 94.8, 10th percentile 89.8); the 6 wrong ones, each one character off (an "ï" read "i",
 * "Mill" read "Mili"), 82.4 to 94.8, so confidence cannot tell a one-letter slip from an exact
 * reading. What it does tell is a reading of noise: areas without type (a tinted panel, a
 * picture) read as a few stray marks at 25 to 68. 80 passes every exact reading measured and
 * stops the noise; below it the product asks. A clean straight 300 dpi scan reads above 90.
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
const POPPLER_MISSING = 'PDF tools (poppler-utils) are not installed on the server.';

/** A tool failure as the letter's outcome (a named PdfError), as poppler.ts does for its own tools. */
function asPdfError(error: unknown, tool: 'pdftoppm' | 'tesseract'): PdfError {
  if (error instanceof PdfError) return error;
  if (!(error instanceof ToolError)) throw error; // not the file's fault: the job retries
  if (error.kind === 'missing')
    return new PdfError('unavailable', tool === 'tesseract' ? TESSERACT_MISSING : POPPLER_MISSING);
  if (error.kind === 'timeout') return new PdfError('timeout', 'The file took too long to analyse.');
  if (error.kind === 'memory' || error.kind === 'output')
    return new PdfError('memory', 'The file needs too much memory to analyse.');
  if (tool === 'tesseract') {
    if (/Failed loading language|Error opening data file|Could not initialize tesseract/i.test(error.stderr))
      return new PdfError('unavailable', LANGUAGE_MISSING);
    return new PdfError('corrupted', 'The scanned page could not be read.');
  }
  if (/Incorrect password|encrypted/i.test(error.stderr)) return new PdfError('encrypted', 'The PDF is encrypted.');
  return new PdfError('corrupted', 'The file is not a readable PDF.');
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
    throw asPdfError(error, 'tesseract');
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
    throw asPdfError(error, 'pdftoppm');
  }
  // pdftoppm -gray writes a binary PGM; it writes nothing for a page that does not exist.
  if (image.subarray(0, 2).toString('latin1') !== 'P5')
    throw new PdfError('corrupted', 'The page could not be rendered.');
  const lang = await ocrLanguage(deadline);
  const dir = await mkdtemp(path.join(tmpdir(), 'lp-ocr-'));
  try {
    const input = path.join(dir, 'area.pgm');
    await writeFile(input, image, { mode: 0o600 });
    let tsv: string;
    try {
      ({ stdout: tsv } = await runTool(
        'tesseract',
        // --dpi: a PGM carries no resolution, and tesseract's own guess (369 for this area) is wrong.
        [input, 'stdout', '--dpi', String(dpi), '--psm', PAGE_SEGMENTATION, '-l', lang, 'tsv'],
        { ...OCR_LIMITS, timeoutMs: left() },
        // One thread: OpenMP otherwise starts one per core, which is slower on a busy 2-core machine
        // (bench/ocr.mjs measures both).
        { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, cwd: dir },
      ));
    } catch (error) {
      throw asPdfError(error, 'tesseract');
    }
    return readTsv(tsv, (word, line) => ({
      x: (x0 + word.x) / pxPerMm,
      y: (y0 + line.y) / pxPerMm,
      width: word.width / pxPerMm,
      height: line.height / pxPerMm,
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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
