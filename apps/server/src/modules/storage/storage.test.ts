import { randomBytes } from 'node:crypto';
import { planStorageBytes, STORAGE_CHUNK_BYTES, STORAGE_MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_ADDRESS, png, textPdf } from '../../test/fixtures/corpus.js';
import { type Agent, addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { reconcile } from '../money/reconcile.js';
import { sweepAbandonedUploads } from './sweep-uploads.js';

let t: TestContext;
let owner: Agent;
let accountId: string;
let other: Agent;

beforeAll(async () => {
  t = await createTestContext();
  const a = await signUpCompany(t.app, { companyName: 'Kestrel & Finch LLP' });
  owner = a.agent;
  accountId = a.me.account.id;
  other = (await signUpCompany(t.app)).agent;
});
afterAll(() => t.close());

const pdf = () => textPdf([{ address: CORPUS_ADDRESS }]);
/** A GIF89a of 1 x 1, as an image editor saves it. */
const gif = () => Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const list = async (agent: Agent, folder = 'root') => {
  const res = await agent.get(`/api/storage/folders/${folder}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    folder: { id: string; editable: boolean };
    breadcrumb: Array<{ id: string; name: string }>;
    items: Array<{
      id: string;
      kind: string;
      name: string;
      numFiles: number;
      size: number;
      editable: boolean;
      type: string | null;
      path: string;
      is_customer: boolean;
      letterUUID: string | null;
      creator: { email: string } | null;
    }>;
    next: string | null;
    disk_usage: { used_bytes: number; reserved_bytes: number; quota_bytes: number };
    current_document_metadata: { numFiles: number; size: number };
  };
};

async function folder(agent: Agent, parent: string, name: string) {
  const res = await agent.post('/api/storage/folders', { parent_id: parent, name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

/** Uploads through the resumable protocol, chunk by chunk, as the web does. */
async function upload(agent: Agent, folderId: string, fileName: string, bytes: Buffer) {
  const start = await agent.post('/api/storage/uploads', {
    folder_id: folderId,
    file_name: fileName,
    size: bytes.length,
  });
  if (start.statusCode !== 201) return start;
  const { upload_id, chunk_size } = start.json() as { upload_id: string; chunk_size: number };
  let last = start;
  for (let n = 0; n * chunk_size < bytes.length; n++) {
    last = await agent.request(
      'PUT',
      `/api/storage/uploads/${upload_id}/chunks/${n}`,
      bytes.subarray(n * chunk_size, (n + 1) * chunk_size),
      { 'content-type': 'application/octet-stream' },
    );
    if (last.statusCode >= 300) return last;
  }
  return last;
}

const usageRow = async () => {
  const { rows } = await t.services.pool.query<{ used: string; reserved: string; files: string }>(
    `select coalesce(u.used_bytes, 0) as used, coalesce(u.reserved_bytes, 0) as reserved,
            (select coalesce(sum(size_bytes), 0) from storage_items where account_id = $1 and blob_key is not null) as files
       from accounts a left join storage_usage u on u.account_id = a.id where a.id = $1`,
    [accountId],
  );
  return { used: Number(rows[0]!.used), reserved: Number(rows[0]!.reserved), files: Number(rows[0]!.files) };
};

describe('folders', () => {
  it('starts empty, makes folders with the spec name rules, and lists them by name', async () => {
    const root = await list(owner);
    expect(root.items).toEqual([]);
    expect(root.breadcrumb).toEqual([]);
    expect(root.disk_usage.quota_bytes).toBe(planStorageBytes('Basic'));

    const made = await owner.post('/api/storage/folders', { parent_id: 'root', name: '' });
    expect(made.statusCode).toBe(201);
    expect(made.json().name).toBe('New Folder');
    await folder(owner, 'root', "Zoë's invoices");
    await folder(owner, 'root', 'Archive 2025');

    const bad = async (name: string) => {
      const res = await owner.post('/api/storage/folders', { parent_id: 'root', name });
      return [res.statusCode, res.json().message];
    };
    expect(await bad('a/b')).toEqual([422, "No '/' allowed"]);
    expect(await bad('../../etc')).toEqual([422, "No '/' allowed"]);
    expect(await bad('report.pdf')).toEqual([422, 'A folder should not have any extensions']);
    expect(await bad('Invoice #3')).toEqual([422, 'Invalid folder name. Only alphanumeric characters are accepted.']);
    expect(await bad('a'.repeat(256))).toEqual([422, 'This folder name too long']);
    expect(await bad('new folder')).toEqual([409, 'A folder named new folder is already here.']);

    const names = (await list(owner)).items.map((i) => i.name);
    expect(names).toEqual(['Archive 2025', 'New Folder', "Zoë's invoices"]);
  });

  it('nests folders, with a breadcrumb and paths', async () => {
    const a = await folder(owner, 'root', 'Clients');
    const b = await folder(owner, a.id, 'Leeds');
    const c = await folder(owner, b.id, 'Contracts');
    const inside = await list(owner, c.id);
    expect(inside.breadcrumb.map((x) => x.name)).toEqual(['Clients', 'Leeds', 'Contracts']);
    const leeds = await list(owner, b.id);
    expect(leeds.items[0]).toMatchObject({ name: 'Contracts', kind: 'folder', path: '/Clients/Leeds/Contracts' });
    expect(
      (await owner.get('/api/storage/tree/root')).json().nodes.find((n: { name: string }) => n.name === 'Clients'),
    ).toMatchObject({ has_children: true });
    expect((await owner.get(`/api/storage/tree/${b.id}`)).json().nodes).toMatchObject([
      { name: 'Contracts', has_children: false },
    ]);
  });

  it('renames (empty keeps the name) and refuses dots with the rename words', async () => {
    const f = await folder(owner, 'root', 'Drafts');
    const r = await owner.request('PATCH', `/api/storage/items/${f.id}`, { name: 'Final drafts' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().name).toBe('Final drafts');
    const same = await owner.request('PATCH', `/api/storage/items/${f.id}`, { name: '' });
    expect(same.json().name).toBe('Final drafts');
    const dot = await owner.request('PATCH', `/api/storage/items/${f.id}`, { name: 'x.pdf' });
    expect([dot.statusCode, dot.json().message]).toEqual([
      422,
      "Do not specify an extension - we'll handle that for you.",
    ]);
  });

  it('deletes only when the exact name is typed, with everything inside', async () => {
    const f = await folder(owner, 'root', 'To delete');
    const inner = await folder(owner, f.id, 'Inner');
    const up = await upload(owner, inner.id, 'statement.pdf', pdf());
    expect(up.statusCode, up.body).toBe(201);
    const key = (await t.services.pool.query('select blob_key from storage_items where id = $1', [up.json().item.id]))
      .rows[0].blob_key;
    expect(await t.services.blobs.exists(key)).toBe(true);

    const wrong = await owner.request('DELETE', `/api/storage/items/${f.id}`, { name: 'to delete' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([
      422,
      "The folder's name and the inputted folder name don't match.",
    ]);
    const ok = await owner.request('DELETE', `/api/storage/items/${f.id}`, { name: 'To delete' });
    expect(ok.statusCode, ok.body).toBe(200);
    const left = await t.services.pool.query('select count(*)::int as n from storage_items where $1 = any(ancestors)', [
      f.id,
    ]);
    expect(left.rows[0].n).toBe(0);
    expect(await t.services.blobs.exists(key)).toBe(false);
    const u = await usageRow();
    expect(u.used).toBe(u.files);
  });
});

describe('uploads', () => {
  it('stores a PDF, a PNG and a GIF checked by content, with totals up the tree and usage equal to the files', async () => {
    const box = await folder(owner, 'root', 'Uploads');
    const sub = await folder(owner, box.id, 'Scans');
    const p = await upload(owner, box.id, 'Statement (March).pdf', pdf());
    expect(p.statusCode, p.body).toBe(201);
    expect(p.json().item).toMatchObject({ name: 'Statement March.pdf', kind: 'file', type: 'pdf', numFiles: -1 });
    const i = await upload(owner, sub.id, 'logo.PNG', png(40, 20));
    expect(i.statusCode, i.body).toBe(201);
    expect(i.json().item).toMatchObject({ name: 'logo.PNG'.replace('PNG', 'png'), type: 'image' });
    const g = await owner.upload(`/api/storage/folders/${sub.id}/files`, 'dot.gif', gif());
    expect(g.statusCode, g.body).toBe(201);

    const top = (await list(owner)).items.find((x) => x.id === box.id)!;
    expect(top.numFiles).toBe(3);
    expect(top.size).toBe(pdf().length + png(40, 20).length + gif().length);
    const listing = await list(owner, box.id);
    expect(listing.items.map((x) => [x.kind, x.name])).toEqual([
      ['folder', 'Scans'],
      ['file', 'Statement March.pdf'],
    ]);
    expect(listing.items[1]!.creator?.email).toBeTruthy();
    const u = await usageRow();
    expect(u.used).toBe(u.files);
    expect(u.reserved).toBe(0);
    expect(listing.disk_usage.used_bytes).toBe(u.used);
  });

  it('gives a taken name a number, like a desktop does', async () => {
    const box = await folder(owner, 'root', 'Twice');
    await upload(owner, box.id, 'letter.pdf', pdf());
    const again = await upload(owner, box.id, 'letter.pdf', pdf());
    expect(again.json().item.name).toBe('letter 2.pdf');
  });

  it('says when a name breaking the name rule is saved as another (issue 27 item 10)', async () => {
    const box = await folder(owner, 'root', 'Invoices');
    const start = await owner.post('/api/storage/uploads', {
      folder_id: box.id,
      file_name: 'Supplier invoice #4471 (Nov).pdf',
      size: pdf().length,
    });
    expect(start.statusCode, start.body).toBe(201);
    expect(start.json()).toMatchObject({ name: 'Supplier invoice 4471 Nov.pdf', renamed: true });
    await owner.request('DELETE', `/api/storage/uploads/${start.json().upload_id}`);
    const plain = await owner.post('/api/storage/uploads', {
      folder_id: box.id,
      file_name: "Siobhán O'Neill - statement.pdf",
      size: pdf().length,
    });
    expect(plain.json()).toMatchObject({ name: "Siobhán O'Neill - statement.pdf", renamed: false });
    await owner.request('DELETE', `/api/storage/uploads/${plain.json().upload_id}`);
    const done = await upload(owner, box.id, 'Supplier invoice #4471 (Nov).pdf', pdf());
    expect(done.json().item.name).toBe('Supplier invoice 4471 Nov.pdf');
  });

  it('refuses other types by name and by content, and releases the reservation', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(2000)]);
    const byName = await owner.post('/api/storage/uploads', { folder_id: 'root', file_name: 'setup.exe', size: 10 });
    expect([byName.statusCode, byName.json().message]).toEqual([415, STORAGE_MESSAGES.type]);
    const renamed = await upload(owner, 'root', 'invoice.pdf', exe);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().message).toBe(STORAGE_MESSAGES.contentMismatch('invoice.pdf'));
    const pngAsPdf = await upload(owner, 'root', 'photo.pdf', png(4, 4));
    expect(pngAsPdf.statusCode).toBe(415);
    const viaForm = await owner.upload('/api/storage/folders/root/files', 'tool.gif', exe);
    expect(viaForm.statusCode).toBe(415);
    const tooBig = await owner.post('/api/storage/uploads', {
      folder_id: 'root',
      file_name: 'a.pdf',
      size: 500_000_001,
    });
    expect(tooBig.statusCode).toBe(413);
    const u = await usageRow();
    expect(u.reserved).toBe(0);
    expect(u.used).toBe(u.files);
    const { rows } = await t.services.pool.query("select count(*)::int as n from storage_items where name = 'invoice'");
    expect(rows[0].n).toBe(0);
  });

  it('resumes a file of several chunks after a chunk is cut off, and refuses chunks out of turn', async () => {
    const base = pdf();
    // A real PDF followed by scanned-page-like noise: three chunks, the last one short.
    const bytes = Buffer.concat([base, randomBytes(2 * STORAGE_CHUNK_BYTES + 12345 - base.length)]);
    const start = await owner.post('/api/storage/uploads', {
      folder_id: 'root',
      file_name: 'big scan.pdf',
      size: bytes.length,
    });
    expect(start.statusCode).toBe(201);
    const { upload_id, chunk_size } = start.json();
    expect(chunk_size).toBe(STORAGE_CHUNK_BYTES);
    const put = (n: number, body: Buffer, length = body.length) =>
      owner.request('PUT', `/api/storage/uploads/${upload_id}/chunks/${n}`, body, {
        'content-type': 'application/octet-stream',
        'content-length': String(length),
      });
    expect((await put(0, bytes.subarray(0, chunk_size))).json()).toEqual({ offset: chunk_size });
    // Chunk 1 cut off half-way: nothing of it is kept.
    const cut = await put(1, bytes.subarray(chunk_size, chunk_size + 1000), chunk_size);
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(cut.statusCode).toBeLessThan(500);
    const where = await owner.get(`/api/storage/uploads/${upload_id}`);
    expect(where.json()).toMatchObject({ offset: chunk_size, size: bytes.length });
    // Out of turn: chunk 0 again, chunk 2 before 1.
    expect((await put(0, bytes.subarray(0, chunk_size))).statusCode).toBe(409);
    expect((await put(2, bytes.subarray(2 * chunk_size))).statusCode).toBe(409);
    expect((await put(1, bytes.subarray(chunk_size, 2 * chunk_size))).json()).toEqual({ offset: 2 * chunk_size });
    const done = await put(2, bytes.subarray(2 * chunk_size));
    expect(done.statusCode, done.body).toBe(201);
    const file = await owner.get(`/api/storage/items/${done.json().item.id}/file`);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    // A client that lost the last answer learns from the upload that the file is stored.
    const after = await owner.get(`/api/storage/uploads/${upload_id}`);
    expect(after.json()).toMatchObject({ offset: bytes.length, item: { id: done.json().item.id } });
    expect((await put(2, bytes.subarray(2 * chunk_size))).statusCode).toBe(409);
    const empty = await owner.post('/api/storage/uploads', { folder_id: 'root', file_name: 'blank.pdf', size: 0 });
    expect([empty.statusCode, empty.json().message]).toEqual([422, 'blank.pdf is empty: there is nothing to store.']);
  });

  it('cancels an upload and gives its space back; an abandoned one is swept', async () => {
    const before = await usageRow();
    const a = await owner.post('/api/storage/uploads', { folder_id: 'root', file_name: 'x.pdf', size: 5000 });
    expect((await usageRow()).reserved).toBe(before.reserved + 5000);
    expect((await owner.delete(`/api/storage/uploads/${a.json().upload_id}`)).statusCode).toBe(200);
    expect((await usageRow()).reserved).toBe(before.reserved);
    const b = await owner.post('/api/storage/uploads', { folder_id: 'root', file_name: 'y.pdf', size: 7000 });
    await t.services.pool.query("update storage_uploads set updated_at = now() - interval '25 hours' where id = $1", [
      b.json().upload_id,
    ]);
    expect(await sweepAbandonedUploads(t.services.pool, t.services.blobs, 24 * 3600 * 1000)).toBe(1);
    expect((await usageRow()).reserved).toBe(before.reserved);
  });
});

describe('quota', () => {
  it('accepts a file that fits exactly and refuses one byte more with 507', async () => {
    const quota = planStorageBytes('Basic');
    const file = pdf();
    const n = file.length;
    const { used } = await usageRow();
    // Fill the company up to n - 1 bytes short of its quota (as if large files were there).
    await t.services.pool.query('update storage_usage set used_bytes = $2 where account_id = $1', [
      accountId,
      quota - n + 1,
    ]);
    // The reconciliation sees the usage that no longer matches the files.
    expect((await reconcile(t.services.pool, accountId)).map((b) => b.check)).toEqual([
      'storage usage equals the stored files',
    ]);
    const over = await upload(owner, 'root', 'one byte too many.pdf', file);
    expect([over.statusCode, over.json().message]).toEqual([
      507,
      'Not enough disk space. Please upgrade your storage plan.',
    ]);
    const form = await owner.upload('/api/storage/folders/root/files', 'too many.pdf', file);
    expect(form.statusCode).toBe(507);
    await t.services.pool.query('update storage_usage set used_bytes = $2 where account_id = $1', [
      accountId,
      quota - n,
    ]);
    const fits = await upload(owner, 'root', 'fits exactly.pdf', file);
    expect(fits.statusCode, fits.body).toBe(201);
    expect((await usageRow()).used).toBe(quota);
    const full = await owner.upload('/api/storage/folders/root/files', 'another.gif', gif());
    expect(full.statusCode).toBe(507);
    // Put the real usage back.
    await t.services.pool.query("delete from storage_items where account_id = $1 and name = 'fits exactly'", [
      accountId,
    ]);
    await t.services.pool.query('update storage_usage set used_bytes = $2 where account_id = $1', [accountId, used]);
    const u = await usageRow();
    expect(u.used).toBe(u.files);
  });

  it('refuses a one-request upload at once on its declared size, before reading the body (issue 24 item 11)', async () => {
    const head = Buffer.from(
      '--x\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n%PDF-1.7\n',
    );
    const send = (declared: number) =>
      owner.request('POST', '/api/storage/folders/root/files', head, {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(declared),
      });
    const before = await usageRow();
    const huge = await send(600_000_000);
    expect([huge.statusCode, huge.json().message]).toEqual([
      413,
      'The file is larger than 500,000,000 bytes, the most a file can be.',
    ]);
    // More than the company has free: 507 at once, nothing reserved.
    const quota = planStorageBytes('Basic');
    await t.services.pool.query('update storage_usage set used_bytes = $2 where account_id = $1', [
      accountId,
      quota - 1_000_000,
    ]);
    const full = await send(5_000_000);
    expect(full.statusCode).toBe(507);
    await t.services.pool.query('update storage_usage set used_bytes = $2 where account_id = $1', [
      accountId,
      before.used,
    ]);
    expect((await usageRow()).reserved).toBe(before.reserved);
  });

  it('lets only one of two uploads racing for the last space reserve it', async () => {
    const quota = planStorageBytes('Basic');
    const { used } = await usageRow();
    await t.services.pool.query('update storage_usage set used_bytes = $2 where account_id = $1', [
      accountId,
      quota - 1000,
    ]);
    const [a, b] = await Promise.all([
      owner.post('/api/storage/uploads', { folder_id: 'root', file_name: 'a.pdf', size: 600 }),
      owner.post('/api/storage/uploads', { folder_id: 'root', file_name: 'b.pdf', size: 600 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 507]);
    const won = a.statusCode === 201 ? a : b;
    await owner.delete(`/api/storage/uploads/${won.json().upload_id}`);
    await t.services.pool.query('update storage_usage set used_bytes = $2 where account_id = $1', [accountId, used]);
  });
});

describe('files', () => {
  it('serves a file inline or as a download, and byte ranges', async () => {
    const file = pdf();
    const up = await owner.upload('/api/storage/folders/root/files', 'Zoë’s statement.pdf', file);
    expect(up.statusCode, up.body).toBe(201);
    const fileId = up.json().id;
    const inline = await owner.get(`/api/storage/items/${fileId}/file`);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(
      /^inline; .*filename\*=UTF-8''Zo%C3%AB%E2%80%99s%20statement\.pdf/,
    );
    expect(inline.rawPayload.equals(file)).toBe(true);
    const dl = await owner.get(`/api/storage/items/${fileId}/file?download=1`);
    expect(dl.headers['content-disposition']).toMatch(/^attachment/);
    const part = await owner.request('GET', `/api/storage/items/${fileId}/file`, undefined, { range: 'bytes=0-4' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-');
    expect(part.headers['content-range']).toBe(`bytes 0-4/${file.length}`);
    const outside = await owner.request('GET', `/api/storage/items/${fileId}/file`, undefined, {
      range: `bytes=${file.length + 10}-`,
    });
    expect(outside.statusCode).toBe(400);
  });

  it('renames a file keeping its extension, and deletes several files at once', async () => {
    const a = (await owner.upload('/api/storage/folders/root/files', 'one.pdf', pdf())).json();
    const b = (await owner.upload('/api/storage/folders/root/files', 'two.gif', gif())).json();
    const r = await owner.request('PATCH', `/api/storage/items/${a.id}`, { name: 'First one' });
    expect(r.json().name).toBe('First one.pdf');
    const typedWrong = await owner.request('DELETE', `/api/storage/items/${a.id}`, { name: 'First one' });
    expect(typedWrong.json().message).toBe("The file's name and the inputted file name don't match.");
    const f = await folder(owner, 'root', 'Not in bulk');
    const withFolder = await owner.post('/api/storage/items/delete', { ids: [a.id, f.id] });
    expect(withFolder.statusCode).toBe(422);
    const bulk = await owner.post('/api/storage/items/delete', { ids: [a.id, b.id] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await owner.get(`/api/storage/items/${a.id}/file`)).statusCode).toBe(404);
    const u = await usageRow();
    expect(u.used).toBe(u.files);
  });
});

describe('customer folders', () => {
  it('come with the customer, first in the root, not editable, renamed and kept with them', async () => {
    await folder(owner, 'root', 'Aaa first by name');
    const c = await owner.post('/api/customers', { name: "Siobhán O'Neill-Hughes" });
    expect(c.statusCode, c.body).toBe(201);
    const customerId = c.json().customer_uuid;
    const root = await list(owner);
    expect(root.items[0]).toMatchObject({
      kind: 'customer_folder',
      is_customer: true,
      name: "Siobhán O'Neill-Hughes",
      editable: false,
    });
    const cf = root.items[0]!;
    expect((await owner.request('PATCH', `/api/storage/items/${cf.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await owner.request('DELETE', `/api/storage/items/${cf.id}`, { name: cf.name })).statusCode).toBe(403);
    expect((await owner.post('/api/storage/folders', { parent_id: cf.id, name: 'sub' })).statusCode).toBe(403);
    // A customer's documents may be uploaded into their folder.
    expect((await owner.upload(`/api/storage/folders/${cf.id}/files`, 'id.pdf', pdf())).statusCode).toBe(201);

    await owner.request('PUT', '/api/customers', { customer_uuid: customerId, new_customer_name: 'Siobhán Hughes' });
    expect((await list(owner)).items[0]!.name).toBe('Siobhán Hughes');
    expect((await owner.request('DELETE', `/api/customers/${customerId}`)).statusCode).toBe(200);
    const after = (await list(owner)).items.find((i) => i.id === cf.id)!;
    expect(after).toMatchObject({ kind: 'folder', editable: true, name: 'Siobhán Hughes', numFiles: 1 });
  });
});

describe('who may do what', () => {
  it('lets access_storage read and download but not change; others get 403; other companies 404', async () => {
    const f = await folder(owner, 'root', 'Shared');
    const file = (await owner.upload(`/api/storage/folders/${f.id}/files`, 'policy.pdf', pdf())).json();
    const reader = (await addMember(t, accountId, { permissions: { administrative: ['access_storage'] } })).agent;
    expect((await reader.get(`/api/storage/folders/${f.id}`)).statusCode).toBe(200);
    expect((await reader.get(`/api/storage/items/${file.id}/file`)).statusCode).toBe(200);
    expect((await reader.post('/api/storage/folders', { parent_id: 'root', name: 'Mine' })).statusCode).toBe(403);
    expect(
      (await reader.post('/api/storage/uploads', { folder_id: 'root', file_name: 'a.pdf', size: 9 })).statusCode,
    ).toBe(403);
    const nobody = (await addMember(t, accountId, { permissions: {} })).agent;
    expect((await nobody.get('/api/storage/folders/root')).statusCode).toBe(403);

    expect((await other.get(`/api/storage/folders/${f.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/storage/items/${file.id}/file`)).statusCode).toBe(404);
    expect((await other.post('/api/storage/folders', { parent_id: f.id, name: 'Intruder' })).statusCode).toBe(404);
    expect((await other.request('PATCH', `/api/storage/items/${file.id}`, { name: 'pwned' })).statusCode).toBe(404);
    expect((await other.request('DELETE', `/api/storage/items/${file.id}`, { name: 'policy.pdf' })).statusCode).toBe(
      404,
    );
    expect((await other.post('/api/storage/items/delete', { ids: [file.id] })).statusCode).toBe(404);
    expect((await other.upload(`/api/storage/folders/${f.id}/files`, 'x.pdf', pdf())).statusCode).toBe(404);
    expect(
      (await other.post('/api/storage/uploads', { folder_id: f.id, file_name: 'x.pdf', size: 9 })).statusCode,
    ).toBe(404);
    expect((await other.get('/api/storage/folders/root')).json().items).toEqual([]);
  });

  it('keeps 1,000 random names, NUL bytes and encoded paths inside the company, answering 4xx', async () => {
    const box = await folder(owner, 'root', 'Fuzz');
    const alphabet = [
      'a',
      'Z',
      '0',
      ' ',
      '_',
      '-',
      "'",
      '.',
      '/',
      '\\',
      '%2e',
      '%2F',
      '..',
      'é',
      '\u0000',
      '\n',
      '<',
      '"',
      '😀',
      '~',
    ];
    const statuses = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const length = 1 + (randomBytes(1)[0]! % 12);
      const name = Array.from({ length }, () => alphabet[randomBytes(1)[0]! % alphabet.length]).join('');
      const res = await owner.post('/api/storage/folders', { parent_id: box.id, name });
      statuses.add(res.statusCode);
      expect(res.statusCode, `${JSON.stringify(name)}: ${res.body}`).toBeLessThan(500);
    }
    expect([...statuses].every((s) => [201, 400, 409, 422].includes(s))).toBe(true);
    const { rows } = await t.services.pool.query<{ n: number }>(
      `select count(*)::int as n from storage_items
        where account_id = $1 and parent_id = $2 and (name ~ '[/\\\\.\\x01-\\x1f]' or name like '%..%')`,
      [accountId, box.id],
    );
    expect(rows[0]!.n).toBe(0);
    const escaped = await t.services.pool.query(
      "select count(*)::int as n from storage_items where blob_key is not null and blob_key not like 'storage/' || account_id || '/%'",
    );
    expect(escaped.rows[0].n).toBe(0);
    for (const path of ['..%2F..%2Fetc', '%2e%2e', 'root%00', '../root', '%252e%252e%252f']) {
      const res = await owner.get(`/api/storage/folders/${path}`);
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
    }
    const huge = await owner.post('/api/storage/folders', { parent_id: box.id, name: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    for (const body of [
      { folder_id: box.id, file_name: 'a.pdf', size: '12' },
      { folder_id: box.id, file_name: 'a.pdf', size: -1 },
      { folder_id: box.id, file_name: 'a.pdf', size: 1.5 },
      { folder_id: ['root'], file_name: 'a.pdf', size: 12 },
      { folder_id: box.id, file_name: 'a\u0000.pdf', size: 12 },
    ]) {
      const res = await owner.post('/api/storage/uploads', body);
      expect([400, 422], JSON.stringify(body)).toContain(res.statusCode);
    }
  });
});

describe('reconciliation', () => {
  it('finds every company’s usage equal to its files and every folder’s totals equal to what is below it', async () => {
    expect(await reconcile(t.services.pool)).toEqual([]);
  });
});
