import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleLetterPdf as letterPdf } from '../../test/fixtures/letters.js';
import {
  type Agent,
  addMember,
  count,
  createTestContext,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function upload(agent: Agent, name: string, bytes: Buffer) {
  return agent.upload('/api/letters/files?type=regular', name, bytes);
}

async function uploadAndAnalyse(agent: Agent, name: string, bytes: Buffer) {
  const res = await upload(agent, name, bytes);
  expect(res.statusCode, res.body).toBe(201);
  await t.runJobs();
  return (await agent.get(`/api/letters/${res.json().uuid}`)).json();
}

describe('letters intake', () => {
  it('analyses an uploaded PDF: pages counted, recipient read from the window, postcode checked, thumbnail made', async () => {
    const { agent } = await signUpCompany(t.app);
    const pdf = await letterPdf(['Mr John Smith', 'Flat 2', '10 High Street', 'London', 'SW1A 1AA'], { pages: 3 });
    const res = await upload(agent, 'invoice.pdf', pdf);
    expect(res.json().status).toBe('Analysing');
    expect((await agent.get(`/api/letters/${res.json().uuid}`)).json().display_status).toBe('Processing');
    await t.runJobs();
    const letter = (await agent.get(`/api/letters/${res.json().uuid}`)).json();
    expect(letter).toMatchObject({
      name: 'invoice.pdf',
      status: 'Analysis Complete',
      display_status: 'New',
      num_pages: 3,
      recipient_name_snapshot: 'Mr John Smith',
      recipient_address_snapshot: ['Flat 2', '10 High Street', 'London', 'SW1A 1AA'],
      postcode: 'SW1A 1AA',
    });
    const thumb = await agent.get(`/api/letters/${letter.uuid}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const { rows } = await t.services.pool.query('select status from letter_history where letter_id = $1 order by id', [
      letter.uuid,
    ]);
    expect(rows.map((r) => r.status)).toEqual(['Analysing', 'Analysis Complete']);
    expect((await agent.get('/api/letters')).json().rows.map((r: { uuid: string }) => r.uuid)).toEqual([letter.uuid]);
  });

  it('names each problem: invalid postcode, no text in the window, text in the barcode zone, a corrupted file', async () => {
    const { agent } = await signUpCompany(t.app);
    expect(
      (await uploadAndAnalyse(agent, 'a.pdf', await letterPdf(['Jane Doe', '1 Road', 'Nowhere', 'XX99 9XX']))).status,
    ).toBe('Invalid Postcode');
    const empty = await uploadAndAnalyse(agent, 'b.pdf', await letterPdf([]));
    expect(empty).toMatchObject({
      status: 'Failed to Analyse',
      status_reason: 'No text was found in the address window of page 1.',
    });
    // A mark above the address is not in the barcode's way: it goes below the address.
    const marked = await uploadAndAnalyse(
      agent,
      'c.pdf',
      await letterPdf(['Jane Doe', '1 Road', 'Leeds LS1 4AB'], { above: 'PRIVATE AND CONFIDENTIAL' }),
    );
    expect(marked.status).toBe('Analysis Complete');
    expect(marked.layout.barcode.y).toBeGreaterThan(marked.layout.address.y + marked.layout.address.height);
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    const corrupted = await uploadAndAnalyse(agent, 'd.pdf', broken);
    expect(corrupted.status).toBe('Corrupted');
    expect(corrupted.display_status).toBe('Failed');
  });

  it('checks the type by content: a renamed executable is refused and nothing is stored', async () => {
    const { agent } = await signUpCompany(t.app);
    const letters = await count(t.services.pool, 'letters');
    const exe = await upload(agent, 'letter.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 1)]));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe('Only PDF or DOCX files can be uploaded.');
    expect(await count(t.services.pool, 'letters')).toBe(letters);
  });

  it('needs create_letter to upload and see_letters to read; other companies see nothing', async () => {
    const owner = await signUpCompany(t.app);
    const reader = await addMember(t, owner.me.account.id, { permissions: { observable: ['see_letters'] } });
    expect((await upload(reader.agent, 'x.pdf', await letterPdf(['A B', 'Leeds LS1 4AB']))).statusCode).toBe(403);
    const mine = await uploadAndAnalyse(owner.agent, 'x.pdf', await letterPdf(['A B', 'Leeds LS1 4AB']));
    expect((await reader.agent.get(`/api/letters/${mine.uuid}`)).statusCode).toBe(200);
    const other = await signUpCompany(t.app);
    expect((await other.agent.get(`/api/letters/${mine.uuid}`)).statusCode).toBe(404);
    expect((await other.agent.get('/api/letters')).json().count).toBe(0);
  });

  it('trash, restore and permanent deletion (which removes the file); tabs and search; processed', async () => {
    const { agent } = await signUpCompany(t.app);
    const good = await uploadAndAnalyse(agent, 'smith.pdf', await letterPdf(['Mr John Smith', 'Leeds LS1 4AB']));
    const bad = await uploadAndAnalyse(
      agent,
      'broken.pdf',
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 0x41)]),
    );
    const tab = async (name: string) =>
      (await agent.get(`/api/letters?tab=${name}`)).json().rows.map((r: { uuid: string }) => r.uuid);
    expect(await tab('new')).toEqual([good.uuid]);
    expect(await tab('failed')).toEqual([bad.uuid]);
    expect((await agent.get('/api/letters?search=smith')).json().rows.map((r: { uuid: string }) => r.uuid)).toEqual([
      good.uuid,
    ]);

    expect((await agent.post('/api/letters/trash', { uuids: [good.uuid] })).statusCode).toBe(200);
    expect(await tab('all')).toEqual([bad.uuid]);
    expect(await tab('trash')).toEqual([good.uuid]);
    expect((await agent.post('/api/letters/restore', { uuids: [good.uuid] })).statusCode).toBe(200);
    expect(await tab('trash')).toEqual([]);

    // Permanent deletion only from the trash.
    expect((await agent.post('/api/letters/delete-permanently', { uuids: [good.uuid] })).statusCode).toBe(409);
    await agent.post('/api/letters/trash', { uuids: [good.uuid] });
    const { rows } = await t.services.pool.query('select blob_key from letters where id = $1', [good.uuid]);
    const key: string = rows[0].blob_key;
    expect((await agent.post('/api/letters/delete-permanently', { uuids: [good.uuid] })).statusCode).toBe(200);
    expect((await agent.get(`/api/letters/${good.uuid}`)).statusCode).toBe(404);
    expect(await t.services.blobs.exists(key)).toBe(false);

    const processed = await agent.request('PATCH', '/api/letters/processed', { letter_ids: [bad.uuid] });
    expect(processed.json()).toEqual({ processed_letters: [bad.uuid] });
    expect((await agent.get(`/api/letters/${bad.uuid}`)).json().processed).toBe(true);
  });

  it('refuses to trash a letter while it is being analysed', async () => {
    const { agent } = await signUpCompany(t.app);
    const res = await upload(agent, 'wait.pdf', await letterPdf(['A B', 'Leeds LS1 4AB']));
    const trash = await agent.post('/api/letters/trash', { uuids: [res.json().uuid] });
    expect(trash.statusCode).toBe(409);
    await t.runJobs();
  });
});
