import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import { LETTERHEAD_MESSAGES } from '@lp/domain';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import { type Agent, addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { credit } from '../money/ledger.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A letterhead as a designer exports it from Word or InDesign: the firm's name, address and a rule at the top, a footer. */
async function letterheadPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const mm = 72 / 25.4;
  const page = doc.addPage([210 * mm, 297 * mm]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawRectangle({ x: 15 * mm, y: 272 * mm, width: 18 * mm, height: 18 * mm, color: rgb(0.1, 0.2, 0.5) });
  page.drawText('Kestrel & Finch Accountants LLP', { x: 38 * mm, y: 282 * mm, size: 16, font: bold });
  page.drawText('3 Mill Yard, Leeds LS1 4AP · 0113 496 0456', { x: 38 * mm, y: 276 * mm, size: 9, font });
  page.drawLine({ start: { x: 15 * mm, y: 268 * mm }, end: { x: 195 * mm, y: 268 * mm }, thickness: 0.8 });
  page.drawText('Registered in England and Wales OC123456 · Regulated by the SRA', {
    x: 15 * mm,
    y: 8 * mm,
    size: 7,
    font,
  });
  return Buffer.from(await doc.save());
}

/** A real PNG (8-bit RGB, 60 x 20, a blue band), as an image editor writes it. */
function letterheadPng(): Buffer {
  const width = 60;
  const height = 20;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([20, 40, y < 8 ? 160 : 255], y * (width * 3 + 1) + 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function pdfText(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lp-lh-'));
  try {
    const file = path.join(dir, 'x.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdfinfo', [file]);
    const pages = Number(/Pages:\s+(\d+)/.exec(stdout)?.[1]);
    const out: string[] = [];
    for (let p = 1; p <= pages; p++)
      out.push((await promisify(execFile)('pdftotext', ['-f', String(p), '-l', String(p), file, '-'])).stdout);
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function newLetter(agent: Agent, pages = 1): Promise<string> {
  const fixture = ordinaryLetters()[0]!;
  let bytes = await fixture.bytes();
  if (pages > 1) {
    const doc = await PDFDocument.load(bytes);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 1; i < pages; i++)
      doc.addPage([595, 842]).drawText(`Continued, page ${i + 1}`, { x: 60, y: 700, size: 11, font });
    bytes = Buffer.from(await doc.save());
  }
  const res = await agent.upload('/api/letters/files?type=regular', fixture.file, bytes);
  await t.runJobs();
  return res.json().uuid;
}

describe('letterheads', () => {
  it('keeps a primary and a secondary letterhead: upload (PDF or image, checked by content), replace, preview, delete', async () => {
    const { agent } = await signUpCompany(t.app);
    expect((await agent.get('/api/letterheads')).json()).toEqual({ letterheads: [] });
    const up = await agent.upload('/api/letterheads/primary', 'Harrow Pike letterhead.pdf', await letterheadPdf());
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ kind: 'primary', type: 'pdf', path: '/api/letterheads/primary/file' });
    const png = await agent.upload('/api/letterheads/secondary', 'band.png', letterheadPng());
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json()).toMatchObject({ kind: 'secondary', type: 'image', content_type: 'image/png' });
    const list = (await agent.get('/api/letterheads')).json().letterheads;
    expect(list.map((l: { kind: string }) => l.kind)).toEqual(['primary', 'secondary']);
    const file = await agent.get('/api/letterheads/primary/file');
    expect(file.headers['content-type']).toBe('application/pdf');
    // Replacing keeps one primary.
    expect((await agent.upload('/api/letterheads/primary', 'v2.png', letterheadPng())).statusCode).toBe(201);
    expect((await agent.get('/api/letterheads')).json().letterheads).toHaveLength(2);
    const refused = await agent.upload('/api/letterheads/primary', 'letterhead.pdf', Buffer.from('not really a pdf'));
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(LETTERHEAD_MESSAGES.type);
    expect((await agent.upload('/api/letterheads/tertiary', 'x.pdf', await letterheadPdf())).statusCode).toBe(422);
    const del = await agent.request('DELETE', '/api/letterheads/secondary');
    expect(del.json()).toEqual({ kind: 'secondary', message: 'Your secondary letterhead was deleted.' });
    expect((await agent.request('DELETE', '/api/letterheads/secondary')).statusCode).toBe(404);
  });

  it('sends the letter with the letterhead behind its content, on page 1 or every page, the window kept clear', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await inTransaction(t.services.pool, (q) =>
      credit(q, {
        accountId: me.account.id,
        actor: null,
        key: `lh-${me.account.id}`,
        amount: 10_000,
        type: 'bank_transfer',
        description: 'seed',
      }),
    );
    await agent.upload('/api/letterheads/primary', 'letterhead.pdf', await letterheadPdf());
    const id = await newLetter(agent, 2);
    const missing = await agent.post('/api/letters/deliver', { uuid: id, letterhead: 'secondary' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(LETTERHEAD_MESSAGES.missing('secondary'));

    const proof = await agent.get(`/api/letters/${id}/proof?letterhead=primary`);
    expect(proof.statusCode).toBe(200);
    expect((await pdfText(proof.rawPayload))[0]).toContain('Kestrel & Finch Accountants LLP');

    const res = await agent.post('/api/letters/deliver', {
      uuid: id,
      preference_overrides: ['cloud_link'],
      letterhead: 'primary',
      letterhead_placement: 'every_page',
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.runJobs();
    const url = (await agent.get(`/api/letters/${id}/delivery`)).json().delivery.channels[0].cloud_link.url;
    const sent = await agent.post('/api/cloud/file', { token: url.split('#')[1] });
    const pages = await pdfText(sent.rawPayload);
    expect(pages).toHaveLength(2);
    // The letterhead and the letter's own words, on both pages; the recipient still reads in the window.
    for (const page of pages) expect(page).toContain('Kestrel & Finch Accountants LLP');
    expect(pages[0]).toContain("Dr Siobhan O'Neill");
    expect(pages[1]).toContain('Continued, page 2');
    // The letter as uploaded is unchanged.
    expect((await pdfText((await agent.get(`/api/letters/${id}/file`)).rawPayload))[0]).not.toContain(
      'Kestrel & Finch',
    );
  });

  it('is for manage_letterheads (and readable by senders), and another company’s reads as not found', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await agent.upload('/api/letterheads/primary', 'letterhead.pdf', await letterheadPdf());
    const sender = await addMember(t, me.account.id, { permissions: { operational: ['send_letter'] } });
    expect((await sender.agent.get('/api/letterheads')).json().letterheads).toHaveLength(1);
    expect((await sender.agent.upload('/api/letterheads/primary', 'x.pdf', await letterheadPdf())).statusCode).toBe(
      403,
    );
    const other = await signUpCompany(t.app);
    expect((await other.agent.get('/api/letterheads')).json().letterheads).toEqual([]);
    expect((await other.agent.get('/api/letterheads/primary/file')).statusCode).toBe(404);
  });
});
