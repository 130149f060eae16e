import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Box, TextItem } from '@lp/domain';
import { step } from '../../platform/steps.js';
import { runInHost } from './tool-host.js';

const PT_TO_MM = 25.4 / 72;

/**
 * Bounds of every poppler process, so that a hostile file cannot hang us, flood us with output or
 * take the machine's memory. The address-space bound is set with `prlimit` (util-linux, in every
 * Debian) on the child only; lowering a limit needs no privilege, so it works as root and not.
 * A plain A4 letter needs under 100 MB; 1 GiB leaves room for large scans.
 */
export const POPPLER_LIMITS = {
  timeoutMs: 20_000,
  maxOutputBytes: 32 * 1024 * 1024,
  memoryBytes: 1024 * 1024 * 1024,
} as const;

/**
 * The largest page side accepted, in millimetres: A0 (841 x 1189 mm) with some slack. Larger
 * pages (PDF allows 5 m, and more with UserUnit) are refused: they are not letters, and rendering
 * them for print at 300 dpi would need gigabytes.
 */
export const MAX_PAGE_SIDE_MM = 1200;

export class PdfError extends Error {
  constructor(
    readonly kind: 'encrypted' | 'corrupted' | 'unavailable' | 'timeout' | 'memory',
    message: string,
  ) {
    super(message);
  }
}

export interface ToolLimits {
  timeoutMs: number;
  maxOutputBytes: number;
  /** Address-space bound of the process and its children (bytes). */
  memoryBytes: number;
}

/** Why a bounded process did not finish well. */
export class ToolError extends Error {
  constructor(
    readonly kind: 'missing' | 'timeout' | 'memory' | 'output' | 'exit',
    message: string,
    readonly stderr = '',
  ) {
    super(message);
  }
  /** The old execFile shape, read by callers that only know `killed`. */
  get killed(): boolean {
    return this.kind === 'timeout';
  }
}

const found = new Map<string, string | null>();

/**
 * Finds a command as the shell would (an explicit path, or the first match on PATH), or null.
 * The answer is kept per command and PATH (a tool installed while the server runs is found on the
 * next look only when it was missing before: a missing one is looked for again each time).
 */
export function findCommand(command: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const key = `${command}\0${env.PATH ?? ''}`;
  const known = found.get(key);
  if (known) return known;
  const candidates = command.includes('/')
    ? [command]
    : (env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(':').map((dir) => path.join(dir || '.', command));
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      if (found.size < 256) found.set(key, file);
      return file;
    } catch {
      // not here: try the next one
    }
  }
  return null;
}

let prlimit: string | null | undefined;

/**
 * The command line that runs `program` under an address-space bound (its children included), with
 * `prlimit` when the machine has it (every Debian does), or as it is.
 */
export function underMemoryBound(program: string, args: string[], memoryBytes: number): [string, string[]] {
  if (prlimit === undefined) prlimit = findCommand('prlimit');
  return prlimit ? [prlimit, [`--as=${memoryBytes}`, '--', program, ...args]] : [program, args];
}

/** The niceness of analysis tools: heavy work waits for the API when both want the processor. */
export const TOOL_NICENESS = 10;

/**
 * Runs a program in its own process group with a time, output and memory bound. On timeout the
 * whole group is killed (programs such as LibreOffice fork helpers that would outlive their parent).
 */
export async function runTool(
  command: string,
  args: string[],
  limits: ToolLimits,
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<{ stdout: string; stderr: string }> {
  const { stdout, stderr } = await runToolRaw(command, args, limits, options);
  return { stdout: stdout.toString('utf8'), stderr };
}

/**
 * runTool with the output as bytes (an image on stdout). With `onStdout`, the output is handed over
 * as it comes and not kept (stdout resolves empty); the output bound still counts it, and
 * `onStdout` returning false stops the program (an 'output' failure).
 */
export function runToolRaw(
  command: string,
  args: string[],
  limits: ToolLimits,
  options: { env?: NodeJS.ProcessEnv; cwd?: string; onStdout?: (chunk: Buffer) => boolean | undefined } = {},
): Promise<{ stdout: Buffer; stderr: string }> {
  const program = findCommand(command, options.env);
  if (!program) return Promise.reject(new ToolError('missing', `${command} is not installed.`));
  const [file, argv] = underMemoryBound(program, args, limits.memoryBytes);
  return step(`tool ${command}`, () =>
    runInHost(
      {
        file,
        argv,
        // Without its own, a tool has the server's environment, as the host has it from the server.
        env: options.env,
        cwd: options.cwd,
        timeoutMs: limits.timeoutMs,
        maxOutputBytes: limits.maxOutputBytes,
        nice: TOOL_NICENESS,
      },
      options.onStdout,
    ),
  ).then((end) => {
    if (end.spawnError) throw new ToolError('exit', `${command} could not be started: ${end.spawnError}`);
    const { code, signal, stderr, failure } = end;
    if (failure) throw new ToolError(failure.kind, `${command} ${failure.message}`, stderr);
    // prlimit reports a program it cannot execute with 126/127.
    if ((code === 126 || code === 127) && /failed to execute/.test(stderr))
      throw new ToolError('missing', `${command} is not installed.`, stderr);
    // Out of address space: poppler prints "Out of memory" (and may still exit 0), C++ programs
    // abort with std::bad_alloc.
    if (/out of memory|bad_alloc|cannot allocate memory/i.test(stderr) || signal === 'SIGABRT')
      throw new ToolError('memory', `${command} ran out of memory.`, stderr);
    if (code !== 0) throw new ToolError('exit', `${command} failed (${code ?? signal}).`, stderr);
    return { stdout: end.stdout ?? Buffer.alloc(0), stderr };
  });
}

const POPPLER_MISSING = 'PDF tools (poppler-utils) are not installed on the server.';

/**
 * A tool failure as a named PdfError (the letter's outcome), never a retry; `missing` says which
 * package to install when the tool is not there (poppler's, or OCR's for tesseract).
 */
export function asPdfError(error: unknown, missing = POPPLER_MISSING): PdfError {
  if (error instanceof PdfError) return error;
  if (!(error instanceof ToolError)) throw error; // not the file's fault: the job retries
  if (error.kind === 'missing') return new PdfError('unavailable', missing);
  if (error.kind === 'timeout') return new PdfError('timeout', 'The file took too long to analyse.');
  if (error.kind === 'memory' || error.kind === 'output')
    return new PdfError('memory', 'The file needs too much memory to analyse.');
  if (/Incorrect password|encrypted/i.test(error.stderr)) return new PdfError('encrypted', 'The PDF is encrypted.');
  return new PdfError('corrupted', 'The file is not a readable PDF.');
}

export interface PdfPage {
  widthMm: number;
  heightMm: number;
  rotation: number;
}

/** Page count, encryption, and the size of every page up to `maxPages`, from pdfinfo. */
export async function pdfInfo(
  file: string,
  maxPages = 1,
): Promise<{ pages: number; encrypted: boolean; sizes: PdfPage[] }> {
  let stdout: string;
  try {
    ({ stdout } = await runTool('pdfinfo', ['-f', '1', '-l', String(Math.max(1, maxPages)), file], POPPLER_LIMITS));
  } catch (error) {
    // pdfinfo refuses a file without pages ("the first page (1) can not be after the last page (0)").
    if (error instanceof ToolError && /last page \(0\)/.test(error.stderr))
      return { pages: 0, encrypted: false, sizes: [] };
    throw asPdfError(error);
  }
  const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? Number.NaN);
  const encrypted = /^Encrypted:\s+yes/m.test(stdout);
  if (!Number.isInteger(pages)) throw new PdfError('corrupted', 'The file has no readable page count.');
  const sizes: PdfPage[] = [];
  const rotations = new Map<number, number>();
  for (const m of stdout.matchAll(/^Page\s+(\d+) rot:\s+(-?\d+)/gm)) rotations.set(Number(m[1]), Number(m[2]));
  for (const m of stdout.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts/gm)) {
    sizes.push({
      widthMm: Number(m[2]) * PT_TO_MM,
      heightMm: Number(m[3]) * PT_TO_MM,
      rotation: rotations.get(Number(m[1])) ?? 0,
    });
  }
  return { pages, encrypted, sizes };
}

/**
 * The words of pages first..last, per page, with their boxes in millimetres from each page's
 * top-left corner (pdftotext -bbox). Callers read long files a chunk of pages at a time, so the
 * output stays under the runner's bound.
 */
export async function wordsByPage(file: string, first: number, last: number): Promise<TextItem[][]> {
  let stdout: string;
  try {
    ({ stdout } = await runTool(
      'pdftotext',
      ['-f', String(first), '-l', String(last), '-bbox', file, '-'],
      POPPLER_LIMITS,
    ));
  } catch (error) {
    throw asPdfError(error);
  }
  return stdout.split('<page ').slice(1).map(pageWordsOf);
}

const WORD = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;

/** The words of one page of pdftotext -bbox's output (its text from `<page ` on). */
export function pageWordsOf(page: string): TextItem[] {
  return Array.from(page.matchAll(WORD), (m) => {
    const [x0, y0, x1, y1] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    return {
      text: decodeEntities(m[5] ?? ''),
      x: x0 * PT_TO_MM,
      y: y0 * PT_TO_MM,
      width: (x1 - x0) * PT_TO_MM,
      height: (y1 - y0) * PT_TO_MM,
    };
  });
}

/**
 * Every page's words, one pdftotext -bbox for the whole file, handed to `onPage` page by page as
 * the output comes (nothing of it kept), so that a long file costs one process and bounded memory.
 * `onPage` returning false stops the reading (refused as an 'output' failure). A file without pages
 * gives none.
 */
export async function eachPageWords(
  file: string,
  limits: ToolLimits,
  onPage: (words: TextItem[]) => boolean | undefined,
): Promise<void> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  const onStdout = (chunk: Buffer) => {
    pending += decoder.write(chunk);
    // Every page complete in what has come, then what is left kept once (not a copy a page).
    let from = 0;
    for (let end = pending.indexOf('</page>'); end >= 0; end = pending.indexOf('</page>', from)) {
      const start = pending.lastIndexOf('<page ', end);
      const words = start >= from ? pageWordsOf(pending.slice(start, end)) : [];
      from = end + 7;
      if (onPage(words) === false) return false;
    }
    if (from > 0) pending = pending.slice(from);
    return undefined;
  };
  try {
    await runToolRaw('pdftotext', ['-bbox', file, '-'], limits, { onStdout });
  } catch (error) {
    // pdftotext refuses a file without pages as pdfinfo does ("the first page (1) can not be after the last page (0)").
    if (error instanceof ToolError && /last page \(0\)/.test(error.stderr)) return;
    throw asPdfError(error);
  }
}

/** The words of one page (see wordsByPage). */
export async function pageWords(file: string, page: number): Promise<TextItem[]> {
  return (await wordsByPage(file, page, page))[0] ?? [];
}

/** Resolution of the ink map: 100 dpi is four pixels a millimetre, enough to see a hairline. */
const INK_DPI = 100;
/** A pixel darker than this (0 black, 255 white) is ink: a 12 % grey tint counts, paper white does not. */
const INK_THRESHOLD = 225;

/**
 * The 1 mm cells of an area of a page that hold ink (text, drawings, images), read from the page
 * rendered in grey by pdftoppm: a box per inked cell, in millimetres from the page's top-left.
 */
export async function inkCells(file: string, page: number, area: Box): Promise<Box[]> {
  const pxPerMm = INK_DPI / 25.4;
  const x0 = Math.floor(area.x * pxPerMm);
  const y0 = Math.floor(area.y * pxPerMm);
  const w = Math.ceil(area.width * pxPerMm);
  const h = Math.ceil(area.height * pxPerMm);
  let stdout: Buffer;
  try {
    ({ stdout } = await runToolRaw(
      'pdftoppm',
      [
        '-f',
        String(page),
        '-l',
        String(page),
        '-r',
        String(INK_DPI),
        '-gray',
        '-x',
        String(x0),
        '-y',
        String(y0),
      ].concat(['-W', String(w), '-H', String(h), '-singlefile', file]),
      POPPLER_LIMITS,
    ));
  } catch (error) {
    throw asPdfError(error);
  }
  return cellsWithInk(readPgm(stdout), area, pxPerMm, x0, y0);
}

/**
 * The 1 mm cells of `area` with a pixel darker than INK_THRESHOLD, from its grey image (whose
 * top-left pixel is page pixel x0, y0 at pxPerMm). One pass over the pixels: each row's inked
 * pixels mark their cell (about 0.1 ms for the DL window instead of ~1.5 ms cell by cell, on the
 * server's thread for every letter).
 */
export function cellsWithInk(
  image: { width: number; height: number; pixels: Uint8Array; offset: number },
  area: Box,
  pxPerMm: number,
  x0: number,
  y0: number,
): Box[] {
  const cols = Math.ceil(area.width);
  const rows = Math.ceil(area.height);
  // The cell column of each pixel column, and the cell row of each pixel row (-1: in no cell).
  const colOf = new Int32Array(image.width).fill(-1);
  for (let c = 0; c < cols; c += 1) {
    const from = Math.max(0, Math.floor((area.x + c) * pxPerMm) - x0);
    const to = Math.min(image.width, Math.floor((area.x + c + 1) * pxPerMm) - x0);
    for (let x = from; x < to; x += 1) colOf[x] = c;
  }
  const inked = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r += 1) {
    const from = Math.max(0, Math.floor((area.y + r) * pxPerMm) - y0);
    const to = Math.min(image.height, Math.floor((area.y + r + 1) * pxPerMm) - y0);
    const cellRow = r * cols;
    for (let y = from; y < to; y += 1) {
      const line = image.offset + y * image.width;
      for (let x = 0; x < image.width; x += 1) {
        if (image.pixels[line + x]! < INK_THRESHOLD && colOf[x]! >= 0) inked[cellRow + colOf[x]!] = 1;
      }
    }
  }
  const cells: Box[] = [];
  for (let r = 0; r < rows; r += 1)
    for (let c = 0; c < cols; c += 1)
      if (inked[r * cols + c]) cells.push({ x: area.x + c, y: area.y + r, width: 1, height: 1 });
  return cells;
}

/** A binary PGM (P5, 8-bit) as written by pdftoppm -gray. */
function readPgm(data: Buffer): { width: number; height: number; pixels: Buffer; offset: number } {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new PdfError('corrupted', 'The page could not be rendered.');
  const width = Number(header[1]);
  const height = Number(header[2]);
  if (Number(header[3]) > 255 || data.length < header[0].length + width * height)
    throw new PdfError('corrupted', 'The page could not be rendered.');
  return { width, height, pixels: data, offset: header[0].length };
}

/**
 * A JPEG thumbnail of page 1, at most 300 px on its longer side. -scale-to makes poppler pick
 * the resolution, so the bitmap it allocates is 300 px whatever the page size.
 */
export async function thumbnail(file: string, outPrefix: string): Promise<string> {
  try {
    await runTool(
      'pdftoppm',
      ['-f', '1', '-l', '1', '-jpeg', '-jpegopt', 'quality=80', '-scale-to', '300', '-singlefile', file, outPrefix],
      POPPLER_LIMITS,
    );
  } catch (error) {
    throw asPdfError(error);
  }
  return `${outPrefix}.jpg`;
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&', nbsp: '\u00a0' };

/**
 * Text of poppler's XHTML output as printed: named entities (`&apos;`, `&amp;`...) and numeric ones
 * (`&#39;`, `&#x174;`) decoded in one pass, so `&amp;lt;` stays `&lt;`. An unknown or out-of-range
 * entity is left as written.
 */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] !== '#') return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
    const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      ? String.fromCodePoint(code)
      : whole;
  });
}
