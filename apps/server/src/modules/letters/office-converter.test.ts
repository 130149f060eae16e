// The LibreOffices kept running to convert Word letters (issue 23), with the real LibreOffice: the
// PDF holds the letter's words, letters at once each get their own PDF, a killed soffice, a letter
// over its time bound and a letter LibreOffice cannot open each fail only themselves (or nothing),
// a converter that cannot start hands letters to one LibreOffice per letter, and nothing is left
// running once the converters are closed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { plainWordLetter, wordPackage, wordParagraph, wordParts } from '../../test/fixtures/corpus.js';
import { zip } from '../../test/fixtures/letters.js';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import { convertToPdf, DocxError } from './docx.js';
import { closeOfficeConverters, OFFICE_LIMITS, officeConverterProcesses } from './office-converter.js';

// Test files share their worker (vitest.config.ts): the converters an earlier file's letters
// started are closed first, so these tests count only their own.
beforeAll(() => closeOfficeConverters());
afterAll(() => closeOfficeConverters());

/** The PDF's text as pdftotext reads it. */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lp-office-test-'));
  try {
    const file = path.join(dir, 'letter.pdf');
    await writeFile(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const sofficeBins = () => officeConverterProcesses().filter((p) => p.name === 'soffice.bin');
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
/** Processes whose command line holds `pattern` (pgrep exits 1 when there is none). */
const pgrep = (pattern: string) => {
  try {
    return execFileSync('pgrep', ['-f', pattern], { encoding: 'utf8' }).trim();
  } catch (error) {
    if ((error as { status?: number }).status === 1) return '';
    throw error;
  }
};
const shared = (docx: Buffer, timeoutMs?: number) => convertToPdf(docx, { converter: 'shared', timeoutMs });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

/** A Word letter LibreOffice needs well over a second for: 6,000 paragraphs, about 140 pages. */
const longLetter = () =>
  wordPackage({
    body: Array.from({ length: 6000 }, (_, i) =>
      wordParagraph(`Paragraph ${i} of a letter that goes on and on, long enough to keep LibreOffice busy.`),
    ).join(''),
  });

const CORRUPTED = 'Make sure the file is a standard Word document (.docx): re-save it and upload it again.';

describe('LibreOffices kept running', { timeout: 120_000 }, () => {
  it('converts a Word letter into a PDF that holds its words', async () => {
    const letter = ordinaryLetters().find((l) => l.file === 'word-table-cell.docx')!;
    const text = await pdfText(await convertToPdf(await letter.bytes()));
    for (const line of [letter.recipient.name, ...letter.recipient.lines]) expect(text).toContain(line);
    // It was converted by a converter that is still running, ready for the next letter.
    expect(sofficeBins().length).toBeGreaterThanOrEqual(1);
  });

  it('converts 8 letters at once, each into its own PDF, on at most the configured converters', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `Customer Number${i} Smith`);
    const pdfs = await Promise.all(
      names.map((name) => convertToPdf(plainWordLetter([name, '14 High Street', 'Leeds', 'LS1 4AB']))),
    );
    for (const [i, pdf] of pdfs.entries()) {
      const text = await pdfText(pdf);
      expect(text).toContain(names[i]);
      for (const [j, other] of names.entries()) if (j !== i) expect(text).not.toContain(other);
    }
    expect(sofficeBins().length).toBeLessThanOrEqual(OFFICE_LIMITS.converters);
  });

  it('starts a fresh LibreOffice when soffice is killed, between letters and during one', async () => {
    await Promise.all([shared(plainWordLetter()), shared(plainWordLetter())]);
    const before = sofficeBins().map((p) => p.pid);
    expect(before.length).toBeGreaterThan(0);
    // Between letters: the next letter is converted (by a fresh converter, or after a retry).
    for (const pid of before) process.kill(pid, 'SIGKILL');
    const text = await pdfText(await shared(plainWordLetter(['Ms After Kill', 'Leeds', 'LS1 4AB'])));
    expect(text).toContain('Ms After Kill');
    const after = sofficeBins().map((p) => p.pid);
    expect(after.length).toBeGreaterThan(0);
    for (const pid of after) expect(before).not.toContain(pid);

    // During a letter: that letter fails with the reason a crash has always had; the next one is converted.
    await Promise.all([shared(plainWordLetter()), shared(plainWordLetter())]);
    const converting = shared(longLetter());
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const p of sofficeBins()) process.kill(p.pid, 'SIGKILL');
    const error = await failure(converting);
    expect(error).toBeInstanceOf(DocxError);
    expect(error).toMatchObject({ kind: 'refused', message: 'LibreOffice could not convert the Word document.' });
    expect(await pdfText(await shared(plainWordLetter()))).toContain('Ms Jane Smith');
  });

  it('stops a letter at its time bound, kills its converter, and converts the next letter', async () => {
    await shared(plainWordLetter());
    const before = officeConverterProcesses();
    const error = await failure(shared(longLetter(), 300));
    expect(error).toBeInstanceOf(DocxError);
    expect(error).toMatchObject({ kind: 'refused', message: 'The Word document took too long to convert.' });
    // The converter that had the letter is gone with its soffice (SIGKILL takes a moment); the others are untouched.
    await vi.waitFor(() => expect(before.filter((p) => !alive(p.pid)).map((p) => p.name)).toContain('soffice.bin'));
    const killed = before.filter((p) => !alive(p.pid));
    expect(new Set(killed.map((p) => p.pipe)).size).toBe(1);
    expect(await pdfText(await shared(plainWordLetter()))).toContain('Ms Jane Smith');
  });

  it('names a letter LibreOffice cannot open Corrupted, and keeps its converter for the next', async () => {
    await shared(plainWordLetter());
    const parts = wordParts({ body: wordParagraph('x') }).map((p) =>
      p.name === 'word/document.xml' ? { ...p, data: '<w:document><<< not XML at all' } : p,
    );
    const error = await failure(shared(zip(parts)));
    expect(error).toBeInstanceOf(DocxError);
    expect(error).toMatchObject({ kind: 'corrupted', message: CORRUPTED });
    // The converters are known by their pipe names: a LibreOffice new to its profile restarts itself
    // once (a new pid, the same converter), which is not a converter replaced.
    const before = sofficeBins().map((p) => p.pipe);
    expect(await pdfText(await shared(plainWordLetter()))).toContain('Ms Jane Smith');
    expect(sofficeBins().map((p) => p.pipe)).toEqual(expect.arrayContaining(before));
  });

  describe('where no converter can run', () => {
    afterEach(async () => {
      delete process.env.UNO_PYTHON_PATH;
      await closeOfficeConverters(); // forgets the failed start: the next test starts afresh
    });

    it('converts one LibreOffice per letter when the Python cannot start a converter', async () => {
      await closeOfficeConverters();
      // A Python without uno (a pyenv one first on PATH) exits at once, as /bin/false does.
      process.env.UNO_PYTHON_PATH = '/bin/false';
      const text = await pdfText(await shared(plainWordLetter(['Mr Fall Back', 'Leeds', 'LS1 4AB'])));
      expect(text).toContain('Mr Fall Back');
      expect(officeConverterProcesses()).toEqual([]);
    });

    it('converts one LibreOffice per letter without the Python, and says LibreOffice is missing without soffice', async () => {
      await closeOfficeConverters();
      process.env.UNO_PYTHON_PATH = '/nonexistent/python3';
      expect(await pdfText(await shared(plainWordLetter()))).toContain('Ms Jane Smith');
      delete process.env.UNO_PYTHON_PATH;
      const error = await failure(convertToPdf(plainWordLetter(), { soffice: '/nonexistent/bin/soffice' }));
      expect(error).toMatchObject({
        kind: 'unavailable',
        message:
          'DOCX conversion is unavailable on this server (LibreOffice is not installed): upload the letter as a PDF.',
      });
    });
  });

  it('leaves no process and no folder behind once closed', async () => {
    await Promise.all([shared(plainWordLetter()), shared(plainWordLetter())]);
    const processes = officeConverterProcesses();
    expect(processes.map((p) => p.name)).toEqual(expect.arrayContaining(['python3', 'soffice.bin']));
    const folders = processes
      .filter((p) => p.name === 'soffice.bin')
      .map(
        (p) => /UserInstallation=file:\/\/(\/\S+)\/profile/.exec(readFileSync(`/proc/${p.pid}/cmdline`, 'utf8'))![1]!,
      );
    expect(folders.every((f) => existsSync(f))).toBe(true);
    await closeOfficeConverters();
    expect(officeConverterProcesses()).toEqual([]);
    for (const p of processes) expect(alive(p.pid), `${p.name} ${p.pid}`).toBe(false);
    for (const pipe of new Set(processes.map((p) => p.pipe))) expect(pgrep(pipe), pipe).toBe('');
    for (const folder of folders) expect(existsSync(folder), folder).toBe(false);
  });
});
