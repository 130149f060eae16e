// The hostile and unusual corpus, through the real upload route and the real analysis job: every
// file ends in a named status (with its reason where the reason matters), nothing crashes or
// hangs, and a Word letter's outside links are never fetched.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_ADDRESS, type CorpusFile, hostileCorpus, png } from '../../test/fixtures/corpus.js';
import { type Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { MAX_PAGES } from './analyse.js';
import { DOCX_LIMITS } from './docx.js';

let t: TestContext;
let recorder: Server;
let requests: string[];
let scratch: string;
let corpus: CorpusFile[];

beforeAll(async () => {
  t = await createTestContext();
  requests = [];
  recorder = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'image/png' }).end(png(16, 16));
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  scratch = await mkdtemp(path.join(tmpdir(), 'lp-corpus-'));
  const localImage = path.join(scratch, 'secret.png');
  await writeFile(localImage, png(64, 64, [255, 0, 0]));
  corpus = hostileCorpus({
    linkBase: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`,
    localImage,
  });
});

afterAll(async () => {
  await new Promise((resolve) => recorder.close(resolve));
  await rm(scratch, { recursive: true, force: true });
  await t.close();
});

async function upload(agent: Agent, name: string, bytes: Buffer) {
  return agent.upload('/api/letters/files?type=regular', name, bytes);
}

const PDF_CORRUPTED = 'Make sure the file is a standard PDF: re-save it and upload it again.';
const DOCX_CORRUPTED = 'Make sure the file is a standard Word document (.docx): re-save it and upload it again.';
const ENCRYPTED = 'The PDF is encrypted: save it without a password and upload it again.';
const NO_TEXT = 'No text was found in the address window of page 1.';
const BOMB = 'The Word document is too large once unpacked (a possible zip bomb).';
const COMPLETE = { status: 'Analysis Complete', reason: null };

/** What each file must end as: the HTTP answer when the upload is refused, else status and reason. */
const EXPECTED: Record<string, { http: number } | { status: string; reason: string | null; pages?: number }> = {
  'truncated.pdf': { status: 'Corrupted', reason: PDF_CORRUPTED },
  'bad-xref.pdf': { ...COMPLETE, pages: 1 },
  'no-xref.pdf': { ...COMPLETE, pages: 1 },
  'header-only.pdf': { status: 'Corrupted', reason: PDF_CORRUPTED },
  'garbage-after-header.pdf': { status: 'Corrupted', reason: PDF_CORRUPTED },
  'zero-pages.pdf': { status: 'Corrupted', reason: 'The PDF has no pages.' },
  'page-tree-loop.pdf': { status: 'Corrupted', reason: PDF_CORRUPTED, pages: 1 },
  'deep-nesting.pdf': { ...COMPLETE, pages: 1 },
  '2000-pages.pdf': { ...COMPLETE, pages: 2000 },
  '2001-pages.pdf': { status: 'Failed to Analyse', reason: `The PDF has more than ${MAX_PAGES} pages.`, pages: 2001 },
  'huge-page.pdf': {
    status: 'Failed to Analyse',
    reason: 'Page 1 is 5080 x 5080 mm: pages can be at most 1200 mm on a side.',
    pages: 1,
  },
  'huge-image.pdf': { ...COMPLETE, pages: 1 },
  'self-drawing-form.pdf': { ...COMPLETE, pages: 1 },
  'encrypted-rc4-user-password.pdf': { status: 'Failed to Analyse', reason: ENCRYPTED },
  'encrypted-aes-owner-only.pdf': { status: 'Failed to Analyse', reason: ENCRYPTED, pages: 1 },
  'javascript.pdf': { ...COMPLETE, pages: 1 },
  'launch-and-uri-actions.pdf': { ...COMPLETE, pages: 1 },
  'broken-font.pdf': { ...COMPLETE, pages: 1 },
  'rotated-90.pdf': { status: 'Failed to Analyse', reason: NO_TEXT, pages: 1 },
  'landscape.pdf': { ...COMPLETE, pages: 1 },
  'us-letter.pdf': { ...COMPLETE, pages: 1 },
  'address-on-page-2.pdf': { status: 'Failed to Analyse', reason: NO_TEXT, pages: 2 },
  'scan-image-only.pdf': { status: 'Failed to Analyse', reason: NO_TEXT, pages: 1 },
  'junk-before-header.pdf': { http: 415 },
  'empty.pdf': { http: 415 },
  'pdf-inside-a-zip.zip': { status: 'Corrupted', reason: DOCX_CORRUPTED },
  'password-protected.docx': { http: 415 },
  'zip-bomb-ratio.docx': { status: 'Failed to Analyse', reason: BOMB },
  'zip-bomb-overlapping.docx': { status: 'Failed to Analyse', reason: BOMB },
  'zip-bomb-lying-size.docx': { status: 'Failed to Analyse', reason: BOMB },
  'thousands-of-parts.docx': {
    status: 'Failed to Analyse',
    reason: `The Word document has too many parts (3003; at most ${DOCX_LIMITS.maxEntries}).`,
  },
  'huge-image.docx': {
    status: 'Failed to Analyse',
    reason: 'The Word document holds an image too large to convert (30000 x 30000 pixels).',
  },
  'missing-document.docx': { status: 'Corrupted', reason: DOCX_CORRUPTED },
  'truncated.docx': { status: 'Corrupted', reason: DOCX_CORRUPTED },
  'bad-crc.docx': { status: 'Corrupted', reason: DOCX_CORRUPTED },
  'encrypted-zip-entry.docx': {
    status: 'Failed to Analyse',
    reason: 'The Word document is password-protected: save it without a password and upload it again.',
  },
  'unknown-compression.docx': { status: 'Corrupted', reason: DOCX_CORRUPTED },
  'doctype-entities.docx': { status: 'Corrupted', reason: DOCX_CORRUPTED },
  'external-links.docx': { ...COMPLETE, pages: 1 },
  'macro-enabled.docm': { ...COMPLETE, pages: 1 },
  'address-in-table.docx': { ...COMPLETE, pages: 1 },
  'address-in-text-box.docx': { ...COMPLETE, pages: 1 },
  'letterhead-logo.docx': { ...COMPLETE, pages: 1 },
  'empty-body.docx': { status: 'Failed to Analyse', reason: NO_TEXT, pages: 1 },
};

describe('hostile and unusual files', () => {
  it('every file of the corpus ends in its named status, in bounded time, and no outside link is fetched', {
    timeout: 120_000,
  }, async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(EXPECTED).sort()).toEqual(corpus.map((f) => f.name).sort());
    const { agent } = await signUpCompany(t.app);
    const uploaded = new Map<string, string>();
    const actual: Record<string, unknown> = {};
    for (const file of corpus) {
      const res = await upload(agent, file.name, file.bytes);
      if (res.statusCode === 201) uploaded.set(file.name, res.json().uuid);
      else actual[file.name] = { http: res.statusCode };
    }
    const started = Date.now();
    await t.runJobs();
    const jobsMs = Date.now() - started;
    const table: string[] = [];
    for (const file of corpus) {
      const id = uploaded.get(file.name);
      if (!id) {
        table.push(`| ${file.name} | ${file.about} | HTTP ${(actual[file.name] as { http: number }).http} |`);
        continue;
      }
      const letter = (await agent.get(`/api/letters/${id}`)).json();
      const expected = EXPECTED[file.name]!;
      actual[file.name] = {
        status: letter.status,
        reason: letter.status_reason,
        ...('pages' in expected ? { pages: letter.num_pages } : {}),
      };
      table.push(`| ${file.name} | ${file.about} | ${letter.status} | ${letter.status_reason ?? ''} |`);
    }
    if (process.env.CORPUS_TABLE) console.log(`${table.join('\n')}\n(jobs ${jobsMs} ms)`);
    expect(actual).toEqual(EXPECTED);
    expect(requests).toEqual([]);
  });

  it('reads the recipient of Word letters laid out with a table, a text box or a letterhead logo', {
    timeout: 60_000,
  }, async () => {
    const { agent } = await signUpCompany(t.app);
    for (const name of ['address-in-table.docx', 'address-in-text-box.docx', 'letterhead-logo.docx']) {
      const file = corpus.find((f) => f.name === name)!;
      const res = await upload(agent, name, file.bytes);
      await t.runJobs();
      const letter = (await agent.get(`/api/letters/${res.json().uuid}`)).json();
      expect(letter, name).toMatchObject({
        status: 'Analysis Complete',
        recipient_name_snapshot: CORPUS_ADDRESS[0],
        recipient_address_snapshot: CORPUS_ADDRESS.slice(1),
      });
    }
  });

  it("keeps a Word letter's outside pictures out of its PDF: neither the web one nor the server's own file", {
    timeout: 60_000,
  }, async () => {
    const { agent } = await signUpCompany(t.app);
    const file = corpus.find((f) => f.name === 'external-links.docx')!;
    const res = await upload(agent, file.name, file.bytes);
    await t.runJobs();
    const { rows } = await t.services.pool.query<{ blob_key: string }>('select blob_key from letters where id = $1', [
      res.json().uuid,
    ]);
    const { buffer } = await import('node:stream/consumers');
    const pdf = await buffer(t.services.blobs.read(rows[0]!.blob_key));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.includes('/Subtype/Image')).toBe(false);
    expect(requests).toEqual([]);
  });
});
