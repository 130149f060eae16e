import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { TextItem } from '@lp/domain';

const run = promisify(execFile);
const PT_TO_MM = 25.4 / 72;

/** Each tool runs in its own process with a time and output bound, so a hostile file cannot hang or flood us. */
const LIMITS = { timeout: 20_000, maxBuffer: 32 * 1024 * 1024, killSignal: 'SIGKILL' as const };

export class PdfError extends Error {
  constructor(
    readonly kind: 'encrypted' | 'corrupted' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** Page count and encryption, from pdfinfo. */
export async function pdfInfo(file: string): Promise<{ pages: number; encrypted: boolean }> {
  try {
    const { stdout } = await run('pdfinfo', [file], LIMITS);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? Number.NaN);
    const encrypted = /^Encrypted:\s+yes/m.test(stdout);
    if (!Number.isInteger(pages)) throw new PdfError('corrupted', 'The file has no readable page count.');
    return { pages, encrypted };
  } catch (error) {
    if (error instanceof PdfError) throw error;
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new PdfError('unavailable', 'PDF tools (poppler-utils) are not installed on the server.');
    if (/Incorrect password|encrypted/i.test(e.stderr ?? '')) throw new PdfError('encrypted', 'The PDF is encrypted.');
    throw new PdfError('corrupted', 'The file is not a readable PDF.');
  }
}

/** The words of one page with their boxes in millimetres from the top-left corner (pdftotext -bbox). */
export async function pageWords(file: string, page: number): Promise<TextItem[]> {
  const { stdout } = await run('pdftotext', ['-f', String(page), '-l', String(page), '-bbox', file, '-'], LIMITS);
  const words: TextItem[] = [];
  const re = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (let m = re.exec(stdout); m; m = re.exec(stdout)) {
    const [x0, y0, x1, y1] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    words.push({
      text: decodeEntities(m[5] ?? ''),
      x: x0 * PT_TO_MM,
      y: y0 * PT_TO_MM,
      width: (x1 - x0) * PT_TO_MM,
      height: (y1 - y0) * PT_TO_MM,
    });
  }
  return words;
}

/** A JPEG thumbnail of page 1, at most 300 px on its longer side. */
export async function thumbnail(file: string, outPrefix: string): Promise<string> {
  await run(
    'pdftoppm',
    ['-f', '1', '-l', '1', '-jpeg', '-jpegopt', 'quality=80', '-scale-to', '300', '-singlefile', file, outPrefix],
    LIMITS,
  );
  return `${outPrefix}.jpg`;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
