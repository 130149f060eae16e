// OCR of scanned letters (image-only PDFs made from the clean UK letters, test/fixtures/
// scanned-letters.ts): uploaded and analysed as any letter, the reading area is read by pdftoppm +
// tesseract and the recipient by the same window check as a text layer's; at least 9 in 10 must
// come back exactly as written in the source letter. Real tools, no mocks.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REL, wordPackage, wordPicture } from '../../test/fixtures/corpus.js';
import { type ScannedLetter, scannedLetters, scanPdf } from '../../test/fixtures/scanned-letters.js';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import { createTestContext, signUpCompany } from '../../test/harness.js';
import { OCR_CONFIDENT, ocrWords } from './ocr.js';
import { findCommand, PdfError, pageWords } from './poppler.js';

/** The reading box with a little more room above and below: x 15-115, y 35-100 mm. */
const AREA = { x: 15, y: 35, width: 100, height: 65 };

let dir: string;
const letters = scannedLetters();
const files = new Map<string, string>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lp-ocr-test-'));
  // Two scans at a time (rendering and pdf-lib's PNG encoding take a core each): about 15 s.
  const queue = [...letters];
  await Promise.all(
    [0, 1].map(async () => {
      for (let letter = queue.shift(); letter; letter = queue.shift()) {
        const file = path.join(dir, letter.file);
        await writeFile(file, await letter.bytes());
        files.set(letter.file, file);
      }
    }),
  );
}, 180_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Outcome {
  letter: ScannedLetter;
  exact: boolean;
  confidence: number;
  got: unknown;
}

describe('scanned letters', () => {
  const outcomes: Outcome[] = [];
  const statuses: string[] = [];

  it('are at least 20 image-only PDFs, some turned, at 200 and 300 dpi, PNG and JPEG', async () => {
    expect(letters.length).toBeGreaterThanOrEqual(20);
    expect(new Set(letters.map((l) => l.file)).size).toBe(letters.length);
    expect(letters.some((l) => Math.abs(l.scan.angle) === 1.5)).toBe(true);
    expect(new Set(letters.map((l) => `${l.scan.dpi}/${l.scan.format}`)).size).toBe(4);
    // No text layer: without OCR, nothing to read.
    for (const l of letters) expect(await pageWords(files.get(l.file)!, 1), l.file).toEqual([]);
  });

  it('reads at least 9 in 10 recipients exactly through the upload and analysis, and says so with its confidence', async () => {
    const t = await createTestContext();
    try {
      const { agent } = await signUpCompany(t.app, { companyName: 'Scans Ltd' });
      const ids = new Map<string, string>();
      for (const letter of letters) {
        const res = await agent.upload(
          '/api/letters/files?type=regular',
          letter.file,
          await readFile(files.get(letter.file)!),
        );
        expect(res.statusCode, res.body).toBe(201);
        ids.set(letter.file, (res.json() as { uuid: string }).uuid);
      }
      await t.runJobs();
      for (const letter of letters) {
        const body = (await agent.get(`/api/letters/${ids.get(letter.file)}`)).json() as {
          status: string;
          recipient_name_snapshot: string | null;
          recipient_address_snapshot: string[] | null;
          postcode: string | null;
          address_source: string;
          ocr_confidence: number | null;
        };
        const got = {
          name: body.recipient_name_snapshot,
          lines: body.recipient_address_snapshot,
          postcode: body.postcode,
        };
        const { name, lines, postcode } = letter.recipient;
        const exact = JSON.stringify(got) === JSON.stringify({ name, lines, postcode });
        const confidence = body.ocr_confidence ?? -1;
        outcomes.push({ letter, exact, confidence, got });
        // A scanned letter says it was read by OCR, with its confidence; an unsure reading is never New.
        expect(body.address_source, letter.file).toBe('ocr');
        expect(confidence, letter.file).toBeGreaterThan(0);
        expect(confidence, letter.file).toBeLessThanOrEqual(100);
        if (confidence < OCR_CONFIDENT) expect(body.status, letter.file).not.toBe('Analysis Complete');
        statuses.push(body.status);
      }
    } finally {
      await t.close();
    }
    const misses = outcomes.filter((o) => !o.exact);
    for (const m of misses)
      console.log(
        `OCR miss ${m.letter.file} (confidence ${m.confidence}): read ${JSON.stringify(m.got)}, written ${JSON.stringify(m.letter.recipient)}`,
      );
    console.log(
      `OCR: ${outcomes.length - misses.length} of ${outcomes.length} read exactly; confidences ${outcomes
        .map((o) => o.confidence)
        .join(', ')}; statuses ${statuses.join(', ')}`,
    );
    expect(outcomes.length - misses.length).toBeGreaterThanOrEqual(Math.ceil(0.9 * outcomes.length));
    // Scans of letters whose address sits in the window come out New, like their originals.
    expect(statuses.filter((s) => s === 'Analysis Complete').length).toBeGreaterThanOrEqual(letters.length / 3);
  }, 240_000);

  it('is confident on a clean straight 300 dpi scan', () => {
    const clean = outcomes.filter((o) => o.letter.scan.dpi === 300 && o.letter.scan.angle === 0);
    expect(clean.length).toBeGreaterThanOrEqual(4);
    for (const o of clean) expect(o.confidence, o.letter.file).toBeGreaterThanOrEqual(OCR_CONFIDENT);
  });

  it('puts the words where the clean letter prints them, in page millimetres', async () => {
    // A straight 300 dpi scan of a pdf-lib letter, whose text layer says where each word is printed.
    const scan = letters.find((l) => l.source.endsWith('.pdf') && l.scan.angle === 0 && l.scan.dpi === 300)!;
    const source = ordinaryLetters().find((l) => l.file === scan.source)!;
    const cleanFile = path.join(dir, 'clean-source.pdf');
    await writeFile(cleanFile, await source.bytes());
    const inArea = (w: { x: number; y: number }) => w.x >= AREA.x && w.y >= AREA.y && w.y <= AREA.y + AREA.height;
    const printed = (await pageWords(cleanFile, 1)).filter(inArea);
    const { words } = await ocrWords(files.get(scan.file)!, 1, AREA);
    const once = (list: { text: string }[], text: string) => list.filter((w) => w.text === text).length === 1;
    const compared = scan.recipient.lines
      .flatMap((l) => l.split(' '))
      .filter((t) => once(printed, t) && once(words, t));
    expect(compared.length, compared.join(' ')).toBeGreaterThanOrEqual(3);
    for (const text of compared) {
      const p = printed.find((w) => w.text === text)!;
      const o = words.find((w) => w.text === text)!;
      // The ink's left and right edges against the font's advance: within three quarters of a millimetre (0.4 seen).
      expect(Math.abs(o.x - p.x), text).toBeLessThan(0.75);
      expect(Math.abs(o.x + o.width - (p.x + p.width)), text).toBeLessThan(0.75);
      // The line's type box (hOCR's baseline and size) against the font's box: centres within
      // 0.6 mm (0.26 seen), so a reader that groups lines by type size sees the same sizes.
      expect(Math.abs(o.y + o.height / 2 - (p.y + p.height / 2)), text).toBeLessThan(0.6);
    }
  });
});

describe('a Word letter whose page 1 is a picture', () => {
  it('is read by OCR like a scanned PDF', async () => {
    // A scan of a clean letter (PNG, 200 dpi, grey) placed as the only thing on page 1 of a Word
    // document, as an office pastes a scanned letter into Word.
    const source = ordinaryLetters().find((l) => l.file === 'council-tax-47mm.pdf')!;
    const dir2 = await mkdtemp(path.join(tmpdir(), 'lp-word-scan-'));
    try {
      await writeFile(path.join(dir2, 'clean.pdf'), await source.bytes());
      execFileSync('pdftoppm', ['-r', '200', '-gray', '-png', '-singlefile', 'clean.pdf', 'page'], { cwd: dir2 });
      const picture = await readFile(path.join(dir2, 'page.png'));
      const docx = wordPackage({
        topMm: 10,
        body: `<w:p>${wordPicture('rIdScan', 168, 237.6)}</w:p>`,
        relationships: `<Relationship Id="rIdScan" Type="${REL}/image" Target="media/scan.png"/>`,
        parts: [{ name: 'word/media/scan.png', data: picture, store: true }],
      });
      const t = await createTestContext();
      try {
        const { agent } = await signUpCompany(t.app, { companyName: 'Pasted Scans Ltd' });
        const res = await agent.upload('/api/letters/files?type=regular', 'pasted-scan.docx', docx);
        expect(res.statusCode, res.body).toBe(201);
        await t.runJobs();
        const letter = (await agent.get(`/api/letters/${(res.json() as { uuid: string }).uuid}`)).json();
        expect(letter).toMatchObject({
          address_source: 'ocr',
          recipient_name_snapshot: source.recipient.name,
          recipient_address_snapshot: source.recipient.lines,
          postcode: source.recipient.postcode,
        });
        expect(letter.ocr_confidence).toBeGreaterThan(0);
      } finally {
        await t.close();
      }
    } finally {
      await rm(dir2, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('an unsure reading', () => {
  it('waits in Address to confirm, never New on a guess, until the user corrects it', async () => {
    // A fax-quality copy (75 dpi, grey JPEG, turned a degree): tesseract misreads part of it.
    const source = ordinaryLetters().find((l) => l.file === 'council-tax-47mm.pdf')!;
    const fax = await scanPdf(await source.bytes(), { dpi: 75, format: 'jpeg', grey: true, angle: 1 });
    const t = await createTestContext();
    try {
      const { agent } = await signUpCompany(t.app, { companyName: 'Fax Machines Ltd' });
      const res = await agent.upload('/api/letters/files?type=regular', 'fax.pdf', fax);
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { uuid: string }).uuid;
      await t.runJobs();
      const unsure = (await agent.get(`/api/letters/${id}`)).json();
      expect(unsure).toMatchObject({
        status: 'Address to confirm',
        display_status: 'Encountered Issues',
        address_source: 'ocr',
      });
      expect(unsure.ocr_confidence).toBeLessThan(100);
      expect(unsure.status_reason).toMatch(/read by OCR with \d+% confidence/);
      // Mail waits for the confirmation; the user corrects what OCR misread.
      const { name, lines } = source.recipient;
      const put = await agent.request('PUT', `/api/letters/${id}/recipient`, {
        name,
        lines,
        postcode: source.recipient.postcode,
      });
      expect(put.statusCode, put.body).toBe(202);
      await t.runJobs();
      const confirmed = (await agent.get(`/api/letters/${id}`)).json();
      // Confirmed, the letter leaves Address to confirm for the window's own verdict. On a copy this
      // poor, what OCR could not read next to the address may count as something in the window; the
      // address sheet prints the confirmed address where the window shows it.
      expect(confirmed).toMatchObject({ address_source: 'corrected', recipient_name_snapshot: name });
      expect(confirmed.status).not.toBe('Address to confirm');
      if (confirmed.status !== 'Analysis Complete') {
        expect((await agent.post(`/api/letters/${id}/address-sheet`)).statusCode).toBe(202);
        await t.runJobs();
      }
      expect((await agent.get(`/api/letters/${id}`)).json()).toMatchObject({
        status: 'Analysis Complete',
        recipient_name_snapshot: name,
        recipient_address_snapshot: lines,
        postcode: source.recipient.postcode,
      });
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('ocrWords', () => {
  it('reads no words, confidence 0, from an area without text', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595.28, 841.89]);
    const blank = path.join(dir, 'blank.pdf');
    await writeFile(blank, await doc.save());
    expect(await ocrWords(blank, 1, AREA)).toEqual({ words: [], confidence: 0 });
    // The bottom of a scanned letter: paper only.
    const scan = files.get(letters[0]!.file)!;
    expect(await ocrWords(scan, 1, { x: 15, y: 240, width: 100, height: 40 })).toEqual({ words: [], confidence: 0 });
  });

  it('stops at its time bound', async () => {
    const error = await ocrWords(files.get(letters[0]!.file)!, 1, AREA, { timeoutMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfError);
    expect((error as PdfError).kind).toBe('timeout');
  });

  it('says OCR is unavailable when tesseract is not installed', async () => {
    // A PATH with poppler's pdftoppm (and prlimit) but no tesseract.
    const bin = path.join(dir, 'bin');
    await mkdir(bin);
    for (const tool of ['pdftoppm', 'prlimit']) {
      const found = findCommand(tool);
      if (found) await symlink(found, path.join(bin, tool));
    }
    const saved = process.env.PATH;
    process.env.PATH = bin;
    try {
      const error = await ocrWords(files.get(letters[0]!.file)!, 1, AREA).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PdfError);
      expect((error as PdfError).kind).toBe('unavailable');
      expect((error as PdfError).message).toBe('OCR (tesseract-ocr) is not installed on the server.');
    } finally {
      process.env.PATH = saved;
    }
  });
});
