// Ordinary UK letters (PDF and Word, address blocks 40-55 mm from the top, 3 to 7 lines, with
// letterheads, logos, dates and references beside the window) go through the real upload route and
// analysis and end New with the recipient exactly as printed; letters with something in the window
// that leaves the barcode no room end "Barcode area not empty" with a reason saying what and where,
// and become New after the one-click address sheet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedLetters, ordinaryLetters, type UkLetter } from '../../test/fixtures/uk-letters.js';
import { type Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

let t: TestContext;
let owner: Agent;

beforeAll(async () => {
  t = await createTestContext();
  ({ agent: owner } = await signUpCompany(t.app, { companyName: 'Window Letters Ltd' }));
});

afterAll(async () => {
  await t.close();
});

interface LetterBody {
  uuid: string;
  status: string;
  display_status: string;
  status_reason: string | null;
  recipient_name_snapshot: string | null;
  recipient_address_snapshot: string[] | null;
  postcode: string | null;
  num_pages: number | null;
  address_sheet: boolean;
  layout: {
    address: { x: number; y: number; width: number; height: number };
    barcode: { x: number; y: number; width: number; height: number } | null;
    intrusions: { kind: string; text?: string; box: { x: number; y: number } }[];
  } | null;
}

async function uploadAll(letters: UkLetter[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const letter of letters) {
    const res = await owner.upload('/api/letters/files?type=regular', letter.file, await letter.bytes());
    expect(res.statusCode, `${letter.file}: ${res.body}`).toBe(201);
    ids.set(letter.file, (res.json() as { uuid: string }).uuid);
  }
  await t.runJobs();
  return ids;
}

async function get(id: string): Promise<LetterBody> {
  const res = await owner.get(`/api/letters/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as LetterBody;
}

describe('ordinary UK letters', () => {
  const letters = ordinaryLetters();

  it('has at least 20 letters, PDF and Word', () => {
    expect(letters.length).toBeGreaterThanOrEqual(20);
    expect(letters.filter((l) => l.file.endsWith('.docx')).length).toBeGreaterThanOrEqual(5);
  });

  it('every one ends New with the recipient exactly as printed, and a place for the barcode', async () => {
    const ids = await uploadAll(letters);
    const outcomes = [];
    for (const letter of letters) {
      const body = await get(ids.get(letter.file)!);
      outcomes.push({
        file: letter.file,
        status: body.display_status,
        reason: body.status_reason,
        name: body.recipient_name_snapshot,
        lines: body.recipient_address_snapshot,
        postcode: body.postcode,
        barcode: body.layout?.barcode !== null && body.layout !== null,
        address: body.layout?.address,
      });
    }
    const expected = letters.map((l) => ({
      file: l.file,
      status: 'New',
      reason: null,
      name: l.recipient.name,
      lines: l.recipient.lines,
      postcode: l.recipient.postcode,
      barcode: true,
    }));
    expect(outcomes.map(({ address: _a, ...o }) => o)).toEqual(expected);
    // The address blocks really start where ordinary letters put them: 40 to 55 mm from the top.
    for (const o of outcomes) {
      expect(o.address!.y, o.file).toBeGreaterThanOrEqual(38);
      expect(o.address!.y, o.file).toBeLessThanOrEqual(56);
    }
  }, 240_000);
});

describe('letters with no room for the barcode', () => {
  const letters = blockedLetters();

  it('end Barcode area not empty, saying what is in the way and where', async () => {
    expect(letters.length).toBeGreaterThanOrEqual(5);
    const ids = await uploadAll(letters);
    const statuses = [];
    for (const letter of letters)
      statuses.push({ file: letter.file, status: (await get(ids.get(letter.file)!)).status });
    expect(statuses).toEqual(letters.map((l) => ({ file: l.file, status: 'Barcode area not empty' })));
    for (const letter of letters) {
      const body = await get(ids.get(letter.file)!);
      expect(body.display_status).toBe('Encountered Issues');
      // The recipient is still read, so the fix knows whom to address.
      expect(body.recipient_name_snapshot).toBe(letter.recipient.name);
      expect(body.postcode).toBe(letter.recipient.postcode);
      expect(body.status_reason).toMatch(/postal barcode/);
      expect(body.status_reason).toMatch(/mm from the left, \d+ mm from the top/);
      expect(body.layout?.barcode).toBeNull();
      expect(body.layout?.intrusions.length).toBeGreaterThan(0);
    }

    // One click each: an address sheet in front, and the letter is New with the same recipient.
    for (const letter of letters) {
      const id = ids.get(letter.file)!;
      const before = await get(id);
      const res = await owner.post(`/api/letters/${id}/address-sheet`);
      expect(res.statusCode, res.body).toBe(202);
      await t.runJobs();
      const after = await get(id);
      expect({
        file: letter.file,
        status: after.display_status,
        reason: after.status_reason,
        name: after.recipient_name_snapshot,
        lines: after.recipient_address_snapshot,
        postcode: after.postcode,
        sheet: after.address_sheet,
        pages: after.num_pages,
      }).toEqual({
        file: letter.file,
        status: 'New',
        reason: null,
        name: letter.recipient.name,
        lines: letter.recipient.lines,
        postcode: letter.recipient.postcode,
        sheet: true,
        pages: before.num_pages! + 1,
      });
      expect(after.layout?.barcode).not.toBeNull();
      // The file served is the one that will be sent: the sheet, then the letter as uploaded.
      const file = await owner.get(`/api/letters/${id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  }, 240_000);

  it('a sheet is refused twice, on a letter that does not need one, and from another company; it can be taken off', async () => {
    const [letter] = blockedLetters();
    const ids = await uploadAll([letter!]);
    const id = ids.get(letter!.file)!;
    const { agent: outsider } = await signUpCompany(t.app);
    expect((await outsider.post(`/api/letters/${id}/address-sheet`)).statusCode).toBe(404);
    expect((await outsider.delete(`/api/letters/${id}/address-sheet`)).statusCode).toBe(404);
    expect((await owner.delete(`/api/letters/${id}/address-sheet`)).statusCode).toBe(409);
    expect((await owner.post(`/api/letters/${id}/address-sheet`)).statusCode).toBe(202);
    expect((await owner.post(`/api/letters/${id}/address-sheet`)).statusCode).toBe(409);
    await t.runJobs();
    const withSheet = await get(id);
    expect(withSheet.display_status).toBe('New');
    const off = await owner.delete(`/api/letters/${id}/address-sheet`);
    expect(off.statusCode, off.body).toBe(202);
    await t.runJobs();
    const back = await get(id);
    expect({ status: back.status, sheet: back.address_sheet, pages: back.num_pages }).toEqual({
      status: 'Barcode area not empty',
      sheet: false,
      pages: withSheet.num_pages! - 1,
    });
    // A letter with room for its barcode needs no sheet.
    const [ordinary] = ordinaryLetters();
    const fine = await uploadAll([ordinary!]);
    expect((await owner.post(`/api/letters/${fine.get(ordinary!.file)!}/address-sheet`)).statusCode).toBe(409);
    const history = (await owner.get(`/api/letters/${id}/history`)).json() as { rows: { reason: string | null }[] };
    expect(history.rows.map((r) => r.reason)).toContain('Address sheet added in front of the letter');
  }, 120_000);

  it('deleting a letter for good removes the sent file with its sheet and the uploaded one', async () => {
    const [letter] = blockedLetters();
    const id = (await uploadAll([letter!])).get(letter!.file)!;
    expect((await owner.post(`/api/letters/${id}/address-sheet`)).statusCode).toBe(202);
    await t.runJobs();
    const { rows } = await t.services.pool.query<{ blob_key: string; original_key: string }>(
      'select blob_key, original_key from letters where id = $1',
      [id],
    );
    const keys = [rows[0]!.blob_key, rows[0]!.original_key];
    expect(keys[0]).not.toBe(keys[1]);
    for (const key of keys) expect(await t.services.blobs.exists(key)).toBe(true);
    expect((await owner.post('/api/letters/trash', { uuids: [id] })).statusCode).toBe(200);
    expect((await owner.post('/api/letters/delete-permanently', { uuids: [id] })).statusCode).toBe(200);
    for (const key of keys) expect(await t.services.blobs.exists(key)).toBe(false);
  }, 60_000);
});
