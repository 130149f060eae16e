// The cut of a merged file (cut-pages.ts, pdf-lib in a worker thread): each letter's pages are
// exactly the source's (text, size, boxes, rotation and drawing, compared with poppler's reading of
// the source), and a hostile file is refused within the cut's bounds, the next cut unharmed.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  A4,
  CORPUS_ADDRESS,
  encryptedPdf,
  letterContent,
  manyPagesPdf,
  type PdfObject,
  pdfFile,
  pdfStream,
  textPdf,
  US_LETTER,
} from '../../test/fixtures/corpus.js';
import { CUT_LIMITS, closeCutter, cutPages } from './cut-pages.js';
import { PdfError } from './poppler.js';

const run = promisify(execFile);
const A5 = { width: 419.53, height: 595.28 };
const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lp-cut-test-'));
});
afterAll(async () => {
  await closeCutter();
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
async function file(bytes: Buffer): Promise<{ file: string; out: string }> {
  n += 1;
  const f = path.join(dir, `in-${n}.pdf`);
  await writeFile(f, bytes);
  const out = path.join(dir, `out-${n}`);
  await mkdir(out);
  return { file: f, out };
}

/**
 * Pages as scanners and Word exports make them: sizes (A4, US Letter, A4 landscape, A5), rotations
 * (90, 180, 270), a crop box smaller than the media box, and pages that inherit their media box,
 * rotation and resources from an intermediate page-tree node. Every page says its own number.
 */
function mixedPagesPdf(): Buffer {
  type P = { size?: { width: number; height: number }; extra?: string; address?: boolean; inherit?: boolean };
  const pages: P[] = [
    { address: true },
    { extra: '/Rotate 90' },
    { size: US_LETTER, address: true },
    { size: { width: A4.height, height: A4.width } },
    { size: A5, extra: '/Rotate 270 /CropBox [20 30 400 580]' },
    { inherit: true, address: true },
    { inherit: true },
    { size: A4, extra: '/Rotate -90 /TrimBox [10 10 585 831]' },
  ];
  // 1 catalog, 2 root node, 3 font, 4 the node whose pages inherit, then page and content pairs.
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', HELVETICA, ''];
  const rootKids: string[] = [];
  const inheritKids: string[] = [];
  for (const [i, p] of pages.entries()) {
    const no = objects.length + 1;
    const height = p.inherit ? A5.width : (p.size ?? A4).height; // the inherited box is A5 landscape
    const content = pdfStream(
      '',
      letterContent(p.address ? CORPUS_ADDRESS : null, height, `Page ${i + 1} of the run, Zoe O'Brien & Sons`),
    );
    if (p.inherit) {
      objects.push(`<< /Type /Page /Parent 4 0 R /Contents ${no + 1} 0 R >>`);
      inheritKids.push(`${no} 0 R`);
      if (inheritKids.length === 1) rootKids.push('4 0 R');
    } else {
      const size = p.size ?? A4;
      objects.push(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size.width} ${size.height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${no + 1} 0 R ${p.extra ?? ''} >>`,
      );
      rootKids.push(`${no} 0 R`);
    }
    objects.push(content);
  }
  objects[1] = `<< /Type /Pages /Kids [${rootKids.join(' ')}] /Count ${pages.length} >>`;
  objects[3] = `<< /Type /Pages /Parent 2 0 R /Kids [${inheritKids.join(' ')}] /Count ${inheritKids.length} /MediaBox [0 0 ${A5.height} ${A5.width}] /Rotate 180 /Resources << /Font << /F1 3 0 R >> >> >>`;
  return pdfFile(objects);
}

/** What poppler reads of page `page`: its text, its boxes and rotation, and its drawing in grey at 20 dpi. */
async function reading(pdf: string, page: number) {
  const range = ['-f', String(page), '-l', String(page)];
  const text = (await run('pdftotext', [...range, pdf, '-'])).stdout;
  const info = (await run('pdfinfo', [...range, '-box', pdf])).stdout
    .split('\n')
    .filter((l) => /^Page\s+\d+ (size|rot|MediaBox|CropBox|BleedBox|TrimBox|ArtBox):/.test(l))
    .map((l) => l.replace(/^Page\s+\d+ /, '').replace(/\s+/g, ' '));
  const image = (await run('pdftoppm', [...range, '-r', '20', '-gray', pdf], { encoding: 'buffer' })).stdout;
  return { text, info, image: image.toString('base64') };
}

describe('a cut letter has exactly the pages of the source', () => {
  it('pages of every size, box and rotation, inherited ones among them, cut in letters of 1 to 4 pages', async () => {
    const { file: src, out } = await file(mixedPagesPdf());
    expect((await run('pdfinfo', [src])).stdout).toMatch(/^Pages:\s+8$/m);
    const ranges: [number, number][] = [
      [1, 2],
      [3, 3],
      [4, 7],
      [8, 8],
    ];
    const letters = await cutPages(src, ranges, out);
    expect(letters.map((l) => path.basename(l.file))).toEqual(['1.pdf', '2.pdf', '3.pdf', '4.pdf']);
    expect((await readdir(out)).sort()).toEqual(['1.pdf', '2.pdf', '3.pdf', '4.pdf']);
    const rotations = new Set<string>();
    for (const [i, [first, last]] of ranges.entries()) {
      const letter = letters[i]!;
      expect((await run('pdfinfo', [letter.file])).stdout).toMatch(new RegExp(`^Pages:\\s+${last - first + 1}$`, 'm'));
      for (let p = first; p <= last; p += 1) {
        const want = await reading(src, p);
        const got = await reading(letter.file, p - first + 1);
        expect(got.text, `page ${p}`).toContain(`Page ${p} of the run, Zoe O'Brien & Sons`);
        expect(got, `page ${p}`).toEqual(want);
        rotations.add(want.info.find((l) => l.startsWith('rot:'))!);
      }
    }
    // The fixture does hold what the test claims: four rotations, an inherited A5 landscape box.
    expect([...rotations].sort()).toEqual(['rot: 0', 'rot: 180', 'rot: 270', 'rot: 90']);
    expect((await reading(letters[2]!.file, 3)).info).toContain('size: 595.28 x 419.53 pts');
  });

  it('a real run of 100 two-page letters: 100 files of 2 pages each, the last letter ending on the last page', async () => {
    const { file: src, out } = await file(manyPagesPdf(200));
    const ranges = Array.from({ length: 100 }, (_, l): [number, number] => [2 * l + 1, 2 * l + 2]);
    const letters = await cutPages(src, ranges, out);
    expect(letters).toHaveLength(100);
    for (const l of [letters[0]!, letters[99]!])
      expect((await run('pdfinfo', [l.file])).stdout).toMatch(/^Pages:\s+2$/m);
    expect((await reading(letters[0]!.file, 1)).text).toContain('Ms Jane Smith');
    expect((await reading(letters[99]!.file, 2)).text).toContain('Continued.');
  });
});

describe('what the cut refuses', () => {
  const refused = async (bytes: Buffer, ranges: [number, number][], limits = CUT_LIMITS) => {
    const { file: src, out } = await file(bytes);
    const error = await cutPages(src, ranges, out, limits).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PdfError);
    return error as PdfError;
  };
  const twoPages = (first: { extra?: string; xobjects?: string; draw?: string } = {}, more: PdfObject[] = []) =>
    textPdf([{ address: CORPUS_ADDRESS, ...first }, { address: null }], { more });
  const stillCuts = async () => {
    const { file: src, out } = await file(twoPages());
    expect(
      await cutPages(
        src,
        [
          [1, 1],
          [2, 2],
        ],
        out,
      ),
    ).toHaveLength(2);
  };

  it('encrypted files, with or without a password to open them (their pages would be unreadable)', async () => {
    for (const kind of ['aes-128', 'rc4-40'] as const) {
      const error = await refused(encryptedPdf(kind, kind === 'rc4-40' ? 'secret' : '', 'owner', 2), [
        [1, 1],
        [2, 2],
      ]);
      expect(error.kind, kind).toBe('encrypted');
    }
    await stillCuts();
  });

  it('a letter beyond the last page, and files that are not PDFs', async () => {
    expect(
      (
        await refused(twoPages(), [
          [1, 2],
          [3, 3],
        ])
      ).message,
    ).toBe('The file has 2 pages; a letter ends on page 3.');
    expect(
      (
        await refused(Buffer.from('%PDF-1.7\n'), [
          [1, 1],
          [2, 2],
        ])
      ).kind,
    ).toBe('corrupted');
    expect(
      (
        await refused(Buffer.alloc(0), [
          [1, 1],
          [2, 2],
        ])
      ).kind,
    ).toBe('corrupted');
    await stillCuts();
  });

  it('a page dictionary nested 50,000 arrays deep', async () => {
    const error = await refused(twoPages({ extra: `/Junk ${'['.repeat(50_000)}${']'.repeat(50_000)}` }), [
      [1, 1],
      [2, 2],
    ]);
    expect(['corrupted', 'memory']).toContain(error.kind);
    await stillCuts();
  });

  it('an object stream that inflates past the bound (a zip bomb): stopped at the bound, not decoded', async () => {
    // 64 MB of zeros in 64 KB: the object stream's objects are read only once it is inflated.
    const bomb = pdfStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflateSync(Buffer.alloc(64 << 20)));
    const error = await refused(
      twoPages({}, [bomb]),
      [
        [1, 1],
        [2, 2],
      ],
      { ...CUT_LIMITS, maxDecodedBytes: 8 << 20 },
    );
    expect(error).toMatchObject({ kind: 'memory', message: 'A stream of the file decodes to too many bytes.' });
    await stillCuts();
  });

  it('a file whose objects outgrow the heap bound: the thread is stopped, the server is not', async () => {
    // A page with an array of 3,000,000 numbers: a small file, a large object graph.
    const error = await refused(
      twoPages({ extra: `/Junk [${'0 '.repeat(3_000_000)}]` }),
      [
        [1, 1],
        [2, 2],
      ],
      {
        ...CUT_LIMITS,
        heapMb: 24,
      },
    );
    expect(error.kind).toBe('memory');
    await stillCuts();
  });

  it('a huge page count that takes longer than the time bound: stopped when the bound is reached', async () => {
    const error = await refused(
      manyPagesPdf(60_000),
      Array.from({ length: 100 }, (_, l): [number, number] => [l + 1, l + 1]),
      { ...CUT_LIMITS, timeoutMs: 150 },
    );
    expect(error).toMatchObject({ kind: 'timeout', message: 'The cut took longer than 150 ms.' });
    await stillCuts();
  });

  it('letters that together would take more than the bound (one resource shared by every page)', async () => {
    const image = pdfStream(
      '/Type /XObject /Subtype /Image /Width 512 /Height 512 /ColorSpace /DeviceGray /BitsPerComponent 8',
      Buffer.alloc(512 * 512, 0x80),
    );
    // Objects: catalog, page tree, font, 20 page and content pairs, then the image (44).
    const pages = Array.from({ length: 20 }, () => ({
      address: null,
      xobjects: '/Im1 44 0 R',
      draw: 'q 100 0 0 100 50 50 cm /Im1 Do Q',
    }));
    const bytes = textPdf(pages, { more: [image] });
    const ranges = Array.from({ length: 20 }, (_, l): [number, number] => [l + 1, l + 1]);
    const error = await refused(bytes, ranges, { ...CUT_LIMITS, maxTotalBytes: 2 << 20 });
    expect(error).toMatchObject({ kind: 'memory', message: 'The letters cut from the file would be too large.' });
    await stillCuts();
  });
});
