// The fixes of a letter whose address or window is not right for posting (decision 0026): the
// corrected recipient, the re-set address and the address sheet, through the real routes and the
// analysis job; each ends New with a file that passes the same window check, and bad input changes
// nothing.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENVELOPE_WINDOWS } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterPdf } from '../../test/fixtures/letters.js';
import { blockedLetters, ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import { type Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

let t: TestContext;
let owner: Agent;

beforeAll(async () => {
  t = await createTestContext();
  ({ agent: owner } = await signUpCompany(t.app, { companyName: 'Fixes & Co Ltd' }));
});

afterAll(async () => {
  await t.close();
});

interface LetterBody {
  uuid: string;
  status: string;
  status_reason: string | null;
  recipient_name_snapshot: string | null;
  recipient_address_snapshot: string[] | null;
  postcode: string | null;
  address_reset: boolean;
  address_sheet: boolean;
  address_source: string;
  num_pages: number;
  layout: { resetOffered?: boolean; barcode: unknown; outside?: unknown[]; intrusions: unknown[] } | null;
}

async function upload(name: string, bytes: Buffer): Promise<string> {
  const res = await owner.upload('/api/letters/files?type=regular', name, bytes);
  expect(res.statusCode, res.body).toBe(201);
  await t.runJobs();
  return (res.json() as { uuid: string }).uuid;
}

async function get(id: string): Promise<LetterBody> {
  return (await owner.get(`/api/letters/${id}`)).json() as LetterBody;
}

/** The words of page 1 of the file the letter is sent as, with their tops in mm (poppler alone). */
async function sentWords(id: string): Promise<{ text: string; x: number; y: number }[]> {
  const file = await owner.get(`/api/letters/${id}/file`);
  expect(file.statusCode).toBe(200);
  const dir = await mkdtemp(path.join(tmpdir(), 'lp-fix-'));
  try {
    const pdf = path.join(dir, 'sent.pdf');
    await writeFile(pdf, file.rawPayload);
    const out = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-bbox', pdf, '-']).toString();
    const pt = 25.4 / 72;
    return [...out.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
      text: m[3]!,
      x: Number(m[1]) * pt,
      y: Number(m[2]) * pt,
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of the letter's print proof (page 1 as it will be printed, with the window drawn). */
async function proofText(id: string): Promise<string> {
  const res = await owner.get(`/api/letters/${id}/proof`);
  expect(res.statusCode).toBe(200);
  const dir = await mkdtemp(path.join(tmpdir(), 'lp-proof-'));
  try {
    const pdf = path.join(dir, 'proof.pdf');
    await writeFile(pdf, res.rawPayload);
    return execFileSync('pdftotext', [pdf, '-']).toString();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('correcting the recipient', () => {
  it('refuses bad input with a clear error and changes nothing', async () => {
    const water = ordinaryLetters().find((l) => l.file === 'water-bill-43mm.pdf')!;
    const id = await upload(water.file, await water.bytes());
    const before = await get(id);
    const bad: [unknown, number, RegExp][] = [
      [{ name: '', lines: [], postcode: 'LS11 5PS' }, 422, /This field is required/],
      [{ name: 'Smith', lines: [], postcode: 'LS11' }, 422, /Invalid Postcode/],
      [{ name: 'Smith', lines: [], postcode: 'ZZ1 1ZZZ' }, 422, /Invalid Postcode/],
      [{ name: 'Smi\u0000th', lines: [], postcode: 'LS11 5PS' }, 422, /NUL/],
      [{ name: 'Smith', lines: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], postcode: 'LS11 5PS' }, 422, /at most 6 lines/],
      [{ name: 'x'.repeat(10_000), lines: [], postcode: 'LS11 5PS' }, 422, /at most 100 characters/],
      [{ name: 'Smith', lines: 'Leeds', postcode: 'LS11 5PS' }, 422, /./],
      [{ name: 42, lines: [], postcode: 'LS11 5PS' }, 422, /./],
    ];
    for (const [body, status, message] of bad) {
      const res = await owner.request('PUT', `/api/letters/${id}/recipient`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body).toMatch(message);
    }
    const { agent: outsider } = await signUpCompany(t.app);
    const theirs = await outsider.request('PUT', `/api/letters/${id}/recipient`, {
      name: 'Mallory',
      lines: [],
      postcode: 'LS11 5PS',
    });
    expect(theirs.statusCode).toBe(404);
    expect(await get(id)).toEqual(before);
  });

  it('records the corrected recipient, and the re-set address prints it inside the window', async () => {
    const water = ordinaryLetters().find((l) => l.file === 'water-bill-43mm.pdf')!;
    const id = await upload('corrected.pdf', await water.bytes());
    expect((await get(id)).status).toBe('Address outside window');
    const res = await owner.request('PUT', `/api/letters/${id}/recipient`, {
      name: 'Smith & Sons (Leeds) Ltd',
      lines: ['Accounts Department', 'Unit 7, Canal Wharf', 'Leeds'],
      postcode: 'ls115ps',
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.runJobs();
    const corrected = await get(id);
    // The printed block is still above the window: the record changed, the verdict did not.
    expect(corrected).toMatchObject({
      status: 'Address outside window',
      recipient_name_snapshot: 'Smith & Sons (Leeds) Ltd',
      recipient_address_snapshot: ['Accounts Department', 'Unit 7, Canal Wharf', 'Leeds', 'LS11 5PS'],
      postcode: 'LS11 5PS',
      address_source: 'corrected',
    });
    expect(corrected.layout?.resetOffered).toBe(true);
    // The print proof marks in red what the window would not show as it should.
    expect(await proofText(id)).toContain('In red: what the window would not show as it should');

    expect((await owner.post(`/api/letters/${id}/address-reset`)).statusCode).toBe(202);
    await t.runJobs();
    const reset = await get(id);
    expect(reset).toMatchObject({
      status: 'Analysis Complete',
      status_reason: null,
      address_reset: true,
      recipient_name_snapshot: 'Smith & Sons (Leeds) Ltd',
      postcode: 'LS11 5PS',
      num_pages: corrected.num_pages,
    });
    expect(await proofText(id)).not.toContain('In red');
    // The page sent, read by poppler alone: the corrected name inside the window.
    const words = await sentWords(id);
    const w = ENVELOPE_WINDOWS.DL;
    const name = words.find((word) => word.text === 'Department');
    expect(name).toBeDefined();
    expect(name!.y).toBeGreaterThanOrEqual(w.y);
    expect(name!.y).toBeLessThanOrEqual(w.y + w.height);
    expect(name!.x).toBeGreaterThanOrEqual(w.x);

    // A re-set twice, or a sheet on top of it, is refused; undone, the letter is as uploaded.
    expect((await owner.post(`/api/letters/${id}/address-reset`)).statusCode).toBe(409);
    expect((await owner.post(`/api/letters/${id}/address-sheet`)).statusCode).toBe(409);
    expect((await owner.delete(`/api/letters/${id}/address-reset`)).statusCode).toBe(202);
    await t.runJobs();
    expect(await get(id)).toMatchObject({ status: 'Address outside window', address_reset: false });
  }, 60_000);

  it('confirms an address as read, and types one for a letter with none, which a sheet then prints', async () => {
    // No text in the window at all: the user types the recipient and adds an address sheet.
    const id = await upload(
      'no-address.pdf',
      await letterPdf([{ body: 'Dear customer, this letter has no address.' }]),
    );
    expect(await get(id)).toMatchObject({
      status: 'Failed to Analyse',
      status_reason: 'No text was found in the address window of page 1.',
    });
    const typed = await owner.request('PUT', `/api/letters/${id}/recipient`, {
      name: 'Mr Rhodri ap Siôn',
      lines: ['Tŷ Newydd', 'Ffordd y Castell', 'Caernarfon'],
      postcode: 'LL55 2AY',
    });
    expect(typed.statusCode, typed.body).toBe(202);
    await t.runJobs();
    expect(await get(id)).toMatchObject({
      status: 'Address outside window',
      recipient_name_snapshot: 'Mr Rhodri ap Siôn',
    });
    expect((await owner.post(`/api/letters/${id}/address-sheet`)).statusCode).toBe(202);
    await t.runJobs();
    expect(await get(id)).toMatchObject({
      status: 'Analysis Complete',
      address_sheet: true,
      recipient_name_snapshot: 'Mr Rhodri ap Siôn',
      recipient_address_snapshot: ['Tŷ Newydd', 'Ffordd y Castell', 'Caernarfon', 'LL55 2AY'],
    });
  }, 60_000);

  it('offers no re-set where it would white out something of the sender', async () => {
    const tinted = blockedLetters().find((l) => l.file === 'tinted-panel.pdf')!;
    const id = await upload(tinted.file, await tinted.bytes());
    const letter = await get(id);
    expect(letter.status).toBe('Window not clear');
    expect(letter.layout?.resetOffered).toBe(false);
    const res = await owner.post(`/api/letters/${id}/address-reset`);
    expect(res.statusCode).toBe(409);
    expect(await get(id)).toEqual(letter);
  });
});
