// Word letters: converted by LibreOffice into the PDF the letter is served as, then analysed like
// any PDF; the package checks, the outside-link removal and the process bounds, each proven.
import { execFileSync } from 'node:child_process';
import { buffer } from 'node:stream/consumers';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainWordLetter, textPdf } from '../../test/fixtures/corpus.js';
import { letterDocx, zip } from '../../test/fixtures/letters.js';
import { type Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { runAnalysis } from './analyse.js';
import {
  convertToPdf,
  DOCX_LIMITS,
  DocxError,
  imageSize,
  inspectDocx,
  neutraliseRelationships,
  sanitiseDocx,
} from './docx.js';
import { runTool, ToolError } from './poppler.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function upload(agent: Agent, name: string, bytes: Buffer): Promise<string> {
  const res = await agent.upload('/api/letters/files?type=regular', name, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uuid;
}

const ADDRESS = ['Mr John Smith', 'Flat 2', '10 High Street', 'London', 'SW1A 1AA'];

describe('Word letters', () => {
  it('converts an uploaded DOCX to the PDF the letter is served as, and reads its recipient from it', {
    timeout: 60_000,
  }, async () => {
    const { agent } = await signUpCompany(t.app);
    const docx = letterDocx(ADDRESS, { body: ['Dear Mr Smith,', 'Thank you for your order.'] });
    const id = await upload(agent, 'Order letter.docx', docx);
    await t.runJobs();
    const letter = (await agent.get(`/api/letters/${id}`)).json();
    expect(letter).toMatchObject({
      name: 'Order letter.docx',
      status: 'Analysis Complete',
      status_reason: null,
      num_pages: 1,
      recipient_name_snapshot: 'Mr John Smith',
      recipient_address_snapshot: ['Flat 2', '10 High Street', 'London', 'SW1A 1AA'],
      postcode: 'SW1A 1AA',
    });
    const { rows } = await t.services.pool.query<{ blob_key: string; source_key: string; source_type: string }>(
      'select blob_key, source_key, source_type from letters where id = $1',
      [id],
    );
    const row = rows[0]!;
    expect(row.source_type).toBe('docx');
    // The original is kept as uploaded; the converted PDF sits at blob_key and is what the file route serves.
    expect(await buffer(t.services.blobs.read(row.source_key))).toEqual(docx);
    const pdf = await buffer(t.services.blobs.read(row.blob_key));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const served = await agent.get(`/api/letters/${id}/file`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload).toEqual(pdf);
    const thumb = await agent.get(`/api/letters/${id}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('ends in Failed to Analyse, saying why, when LibreOffice is not installed', async () => {
    const { agent } = await signUpCompany(t.app);
    const id = await upload(agent, 'letter.docx', plainWordLetter());
    // As the job does, with SOFFICE_PATH pointing at a program that is not there.
    await runAnalysis(t.services.pool, t.services.blobs, id, null, true, { soffice: '/nonexistent/bin/soffice' });
    const letter = (await agent.get(`/api/letters/${id}`)).json();
    expect(letter).toMatchObject({
      status: 'Failed to Analyse',
      status_reason:
        'DOCX conversion is unavailable on this server (LibreOffice is not installed): upload the letter as a PDF.',
      display_status: 'Failed',
    });
    await t.runJobs(); // the queued job finds the letter done and leaves it
    expect((await agent.get(`/api/letters/${id}`)).json().status).toBe('Failed to Analyse');
  });

  it('runs conversions side by side, each in its own profile', { timeout: 60_000 }, async () => {
    const [a, b] = await Promise.all([
      convertToPdf(letterDocx(['A One', 'Leeds LS1 4AB'])),
      convertToPdf(letterDocx(['B Two', 'Leeds LS1 4AB'])),
    ]);
    expect(a.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(b.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('stops a conversion at its time limit with a reason', async () => {
    // A LibreOffice of the letter's own (its start-up counts); the shared converters' bound is
    // proved in office-converter.test.ts.
    const error = await convertToPdf(plainWordLetter(), { timeoutMs: 200, converter: 'own' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocxError);
    expect((error as DocxError).message).toBe('The Word document took too long to convert.');
  });
});

describe('Word package checks', () => {
  it('reads the central directory without inflating and names what is wrong', () => {
    const good = letterDocx(['A B', 'Leeds LS1 4AB']);
    expect(inspectDocx(good).map((e) => e.name)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    const reason = (bytes: Buffer) => {
      try {
        inspectDocx(bytes);
        return 'ok';
      } catch (error) {
        return `${(error as DocxError).kind}: ${(error as DocxError).message}`;
      }
    };
    expect(reason(Buffer.from('PK\x03\x04 not really a zip'))).toMatch(/^corrupted:/);
    expect(reason(zip([{ name: 'word/document.xml', data: '<w:document/>' }]))).toMatch(/^corrupted:/);
    const many = zip(Array.from({ length: DOCX_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `p${i}`, data: '' })));
    expect(reason(many)).toBe(
      `refused: The Word document has too many parts (${DOCX_LIMITS.maxEntries + 1}; at most ${DOCX_LIMITS.maxEntries}).`,
    );
  });

  it('removes outside links (however the attribute is written) but keeps hyperlinks and internal parts', () => {
    const rels = `<?xml version="1.0"?><Relationships xmlns="x">
<Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/a.png"/>
<Relationship Id="r2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://evil.invalid/a.png" TargetMode="External"/>
<Relationship TargetMode='&#x45;xternal' Target='//evil.invalid/t.dotx' Id='r3' Type='http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate'></Relationship>
<Relationship Id="r4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="file:///etc/secret.png"/>
<Relationship Id="r5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/" TargetMode="External"/>
</Relationships>`;
    const { xml, removed } = neutraliseRelationships(rels);
    expect(removed).toBe(3);
    expect(xml).toContain('Id="r1"');
    expect(xml).toContain('Id="r5"');
    expect(xml).not.toMatch(/evil|secret/);
  });

  it('cleans relationship parts written in UTF-16 too, and writes them back in UTF-8', async () => {
    const rels = `<?xml version="1.0" encoding="UTF-16"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://evil.invalid/a.png" TargetMode="External"/></Relationships>`;
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(rels, 'utf16le').swap16()]);
    const docx = letterDocx(['A B', 'Leeds LS1 4AB'], {
      extraParts: [{ name: 'word/_rels/document.xml.rels', data: utf16be.toString('latin1') }],
    });
    // letterDocx writes strings as UTF-8: put the raw bytes in with the zip writer instead.
    const parts = [
      ...inspectDocx(docx)
        .filter((e) => e.name !== 'word/_rels/document.xml.rels')
        .map((e) => ({ name: e.name, data: inflateRawSync(docx.subarray(e.dataStart, e.dataEnd)) })),
      { name: 'word/_rels/document.xml.rels', data: utf16be },
    ];
    const bytes = zip(parts);
    const { docx: clean, removedLinks } = await sanitiseDocx(bytes, inspectDocx(bytes));
    expect(removedLinks).toBe(1);
    const entry = inspectDocx(clean).find((e) => e.name === 'word/_rels/document.xml.rels')!;
    const text = inflateRawSync(clean.subarray(entry.dataStart, entry.dataEnd)).toString('utf8');
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Relationships /);
    expect(text).not.toContain('evil');
  });

  it('reads image sizes from PNG and JPEG headers', () => {
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0000b08000a0014010100', 'hex');
    expect(imageSize(jpeg)).toEqual({ width: 20, height: 10 });
    expect(imageSize(Buffer.from('not an image'))).toBeNull();
  });
});

describe('process bounds', () => {
  it('kills the whole process group at the time limit, children included', async () => {
    const marker = `${3000 + Math.floor(Math.random() * 1000)}.5`;
    const error = await runTool('sh', ['-c', `sleep ${marker} & sleep ${marker}; wait`], {
      timeoutMs: 300,
      maxOutputBytes: 1024,
      memoryBytes: 256 * 1024 * 1024,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).kind).toBe('timeout');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const left = execFileSync('ps', ['-eo', 'args']).toString();
    expect(left).not.toContain(`sleep ${marker}`);
  });

  it('bounds memory: a render that needs more address space than allowed fails as out of memory', async () => {
    const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'lp-mem-'));
    try {
      const file = path.join(dir, 'a.pdf');
      await writeFile(file, textPdf([{ address: ADDRESS }]));
      // A4 at 2,000 dpi is a 1.1 GB bitmap; the bound is 300 MB.
      const error = await runTool(
        'pdftoppm',
        ['-r', '2000', '-f', '1', '-l', '1', '-png', file, path.join(dir, 'big')],
        {
          timeoutMs: 20_000,
          maxOutputBytes: 1024,
          memoryBytes: 300 * 1024 * 1024,
        },
      ).catch((e: unknown) => e);
      expect((error as ToolError).kind).toBe('memory');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names a missing program', async () => {
    const error = await runTool('/nonexistent/pdfinfo', [], {
      timeoutMs: 1000,
      maxOutputBytes: 1024,
      memoryBytes: 1024 ** 3,
    }).catch((e: unknown) => e);
    expect((error as ToolError).kind).toBe('missing');
  });
});
