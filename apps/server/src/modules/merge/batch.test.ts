// Merged letters converted as one Word document and cut back (decision 0040) against the same
// letters converted alone, through the real resident LibreOffice, poppler and the product's
// analysis: the same pages, page sizes, text on every page (letterhead, header, footer and its page
// number included) and the same address read from the window. Templates: the repo's merge letter
// (Word's MERGEFIELDs) and LibreOffice's own business letters (frames placed on the page, a header
// with a logo, a footer with a page number) with merge fields put in their recipient's place.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PizZip from 'pizzip';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeTemplateDocx, mergeTemplateFromLetter, wordRun } from '../../test/fixtures/merge.js';
import { analysePdf } from '../letters/analyse.js';
import { closeOfficeConverters, convertToPdf } from '../letters/index.js';
import { combineLetters, convertBatch, fieldNames, whyNotBatched } from './batch.js';
import { fillLetter, prepareTemplate } from './fill.js';

const LETTERS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/template-letters');
const MANIFEST = JSON.parse(readFileSync(path.join(LETTERS, 'manifest.json'), 'utf8')) as {
  name: string;
  recipient: { name: string; lines: string[] };
}[];

afterAll(() => closeOfficeConverters());

/** Five recipients: accents, apostrophes, an address of two, three and four lines. */
const PEOPLE = [
  { name: "Mrs Siân O'Connor", lines: ['Flat 3, Tŷ Gwyn', '27 Heol y Castell', 'Cardiff'], postcode: 'CF10 1BJ' },
  { name: 'Mr Jan Kowalski', lines: ['8 Mill Lane', 'Leeds'], postcode: 'LS1 4AP' },
  { name: "Ms Zoë D'Arcy-Smith", lines: ['12 Rue Cottage', 'Glasgow'], postcode: 'G2 1DU' },
  {
    name: 'Dr Aoife Ní Bhriain',
    lines: ['The Old Rectory', 'Church Street', 'Much Wenlock', 'Shropshire'],
    postcode: 'TF13 6AE',
  },
  { name: 'Mr Étienne Laurent', lines: ['Apartment 12', 'Quayside House', 'London'], postcode: 'E1W 2RG' },
];

function valuesOf(p: (typeof PEOPLE)[number]): Record<string, string> {
  const [first, ...rest] = p.name.split(' ').slice(1);
  return {
    name: p.name,
    first_name: first!,
    last_name: rest.join(' '),
    address: p.lines.join('\n'),
    postcode: p.postcode,
  };
}

function fromLetter(name: string): Buffer {
  const entry = MANIFEST.find((e) => e.name === name)!;
  return mergeTemplateFromLetter(readFileSync(path.join(LETTERS, `${name}.docx`)), entry.recipient);
}

const pdfText = (file: string, page: number) =>
  spawnSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-']).stdout.toString('utf8');

function pdfPages(file: string): { pages: number; sizes: string[] } {
  const out = spawnSync('pdfinfo', ['-f', '1', '-l', '50', file]).stdout.toString('utf8');
  return {
    pages: Number(/^Pages:\s+(\d+)/m.exec(out)![1]),
    sizes: [...out.matchAll(/^Page\s+\d+ size:\s+(.*)$/gm)].map((m) => m[1]!.trim()),
  };
}

const blobs = {
  put: async (_key: string, stream: NodeJS.ReadableStream) => {
    for await (const _ of stream);
    return 0;
  },
};

/** What the analysis reads from a letter's PDF that a person sees: status, pages, recipient. */
async function analysed(file: string) {
  const o = await analysePdf(file, blobs as never, 'thumbnail.jpg');
  return { status: o.status, reason: o.reason, pages: o.pages, name: o.name, lines: o.lines, postcode: o.postcode };
}

async function compareWithAlone(template: Buffer, people = PEOPLE, check: (files: string[]) => void = () => {}) {
  const prepared = prepareTemplate(template).docx;
  expect(whyNotBatched(prepared)).toBeNull();
  const letters = people.map((p) => fillLetter(prepared, valuesOf(p)));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lp-batch-test-'));
  try {
    const outcome = await convertBatch(
      prepared,
      letters.map((l) => l.documentXml),
      dir,
    );
    if ('fallback' in outcome) throw new Error(outcome.fallback);
    expect(outcome.files).toHaveLength(people.length);
    for (const [i, letter] of letters.entries()) {
      const alone = path.join(dir, `alone-${i}.pdf`);
      await writeFile(alone, await convertToPdf(letter.docx));
      const batched = outcome.files[i]!;
      const a = pdfPages(alone);
      expect(pdfPages(batched), people[i]!.name).toEqual(a);
      for (let page = 1; page <= a.pages; page += 1) expect(pdfText(batched, page)).toBe(pdfText(alone, page));
      const read = await analysed(batched);
      expect(read).toEqual(await analysed(alone));
      expect(read.postcode).toBe(people[i]!.postcode);
    }
    check(outcome.files);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a batch of merged letters converted as one document', () => {
  it('gives each letter of the repo’s merge template the PDF it has alone', async () => {
    await compareWithAlone(mergeTemplateDocx());
  }, 120_000);

  it('keeps LibreOffice’s business letter (frames placed on the page, a header with a logo) as alone', async () => {
    await compareWithAlone(fromLetter('bus-modern-l'));
  }, 120_000);

  it('gives each one-page letter its own first page (letterhead, no page-number footer), blank pages LibreOffice inserts left out', async () => {
    // The template's first page has its own header and no footer (titlePg); later pages a footer with the page number.
    await compareWithAlone(fromLetter('modern-business-letter-serif'), PEOPLE, (files) => {
      for (const [i, file] of files.entries()) {
        expect(pdfPages(file).pages).toBe(1);
        const text = pdfText(file, 1);
        expect(text).toContain('Harrow & Pike Ltd');
        expect(text).toContain(PEOPLE[i]!.name);
        expect(text).not.toMatch(/^\s*\d\s*$/m);
      }
    });
  }, 120_000);

  it('numbers each letter’s pages from 1 (a footer with the page number), two-page letters included', async () => {
    const template = fromLetter('modern-business-letter-serif');
    expect(fieldNames(new PizZip(template).file('word/footer1.xml')!.asText())).toContain('PAGE');
    // One paragraph more makes every letter two pages: the second letter's pages are 1 and 2 again.
    const zip = new PizZip(template);
    const xml = zip.file('word/document.xml')!.asText();
    const long = `<w:p><w:r><w:t>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(60)}</w:t></w:r></w:p>`;
    zip.file('word/document.xml', xml.replace(/(<w:sectPr\b)(?![\s\S]*<w:sectPr\b)/, `${long}$1`));
    const twoPages = zip.generate({ type: 'nodebuffer' });
    await compareWithAlone(twoPages, PEOPLE.slice(0, 3), (files) => {
      for (const file of files) {
        expect(pdfPages(file).pages).toBe(2);
        expect(pdfText(file, 2)).toMatch(/^\s*2\s*$/m);
      }
    });
  }, 120_000);

  it('falls back, letter by letter, when the batch cannot be converted', async () => {
    const prepared = prepareTemplate(mergeTemplateDocx()).docx;
    const documents = PEOPLE.slice(0, 2).map((p) => fillLetter(prepared, valuesOf(p)).documentXml);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lp-batch-test-'));
    try {
      // No LibreOffice here: the batch answers why, and the caller converts each letter alone.
      const none = await convertBatch(prepared, documents, dir, { soffice: '/nonexistent/soffice' });
      expect(none).toEqual({ fallback: 'no LibreOffice kept running converted the batch' });
      // A letter whose body cannot be joined (no closing section) sends the batch back too.
      const broken = await convertBatch(prepared, [documents[0]!, '<w:document><w:body></w:body></w:document>'], dir);
      expect(broken).toEqual({ fallback: 'the letters could not be joined' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('templates converted letter by letter', () => {
  const withParts = (body: string, parts: Record<string, string> = {}) => {
    const zip = new PizZip(mergeTemplateDocx({ extra: [body] }));
    for (const [name, xml] of Object.entries(parts)) zip.file(name, xml);
    return prepareTemplate(zip.generate({ type: 'nodebuffer' })).docx;
  };
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  it('names what a batch would change; a template without it is batched', () => {
    expect(whyNotBatched(withParts(wordRun('Nothing special.')))).toBeNull();
    expect(whyNotBatched(withParts(wordRun('Lorem ipsum dolor sit amet. '.repeat(10_000))))).toBe('a long letter');
    const numPages = `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> NUMPAGES </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${wordRun('1')}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    expect(whyNotBatched(withParts(numPages))).toBe('a NUMPAGES field');
    expect(whyNotBatched(withParts('<w:r><w:footnoteReference w:id="1"/></w:r>'))).toBe('footnotes or endnotes');
    const header = `<w:hdr ${W}><w:p><w:r><w:t>Ref {{first_name}}</w:t></w:r></w:p></w:hdr>`;
    expect(whyNotBatched(withParts(wordRun('Body.'), { 'word/header1.xml': header }))).toBe(
      'a merge field in word/header1.xml',
    );
    const numbering = `<w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`;
    const listItem = `</w:r></w:p><w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>First point</w:t>`;
    expect(
      whyNotBatched(withParts(`<w:r><w:t>Points:</w:t>${listItem}</w:r>`, { 'word/numbering.xml': numbering })),
    ).toBe('a numbered list');
  });

  it('joins letters into one document with a section and bookmarks each', () => {
    const prepared = prepareTemplate(mergeTemplateDocx()).docx;
    const documents = PEOPLE.slice(0, 3).map((p) => fillLetter(prepared, valuesOf(p)).documentXml);
    const joined = new PizZip(combineLetters(prepared, documents)!).file('word/document.xml')!.asText();
    expect(joined.match(/<w:sectPr\b/g)).toHaveLength(3);
    expect(joined.match(/<w:type w:val="nextPage"\/>/g)).toHaveLength(3);
    expect(joined.match(/w:name="_LpLetter\d+"/g)).toEqual([
      'w:name="_LpLetter1"',
      'w:name="_LpLetter2"',
      'w:name="_LpLetter3"',
    ]);
    for (const name of ['Siân', 'Kowalski', 'Zoë']) expect(joined).toContain(name);
    // Every letter but the last ends its section in its last paragraph; the last keeps the body's.
    expect(joined).toMatch(/<\/w:sectPr><\/w:body>/);
  });
});
