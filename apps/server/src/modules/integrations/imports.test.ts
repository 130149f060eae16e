import { INTEGRATION_IMPORT_MAX, INTEGRATION_MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  createTestContext,
  databaseFingerprint,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';
import { connect } from '../../test/integrations.js';

let t: TestContext;
let owner: Agent;
let accountId: string;
let other: Agent;

interface Contact {
  external_id: string;
  recipient: string;
  email: string | null;
  address: string[];
  postcode: string | null;
  preview_url: string | null;
  imported: boolean;
  customer_uuid: string | null;
}
interface Invoice {
  external_id: string;
  user_invoice_id: string;
  recipient: string;
  contact_external_id: string;
  total: number;
  amount_due: number;
  currency: string;
  items: string[];
  paid: boolean;
  due_date: string | null;
  preview_url: string | null;
  imported: boolean;
  letter_uuid: string | null;
}

const customers = async () =>
  (
    await t.services.pool.query<{
      id: string;
      name: string;
      email: string | null;
      postcode: string | null;
      address_lines: string[];
    }>('select id, name, email, postcode, address_lines from customers where account_id = $1 order by name', [
      accountId,
    ])
  ).rows;

async function contactsOf(agent: Agent, provider: string) {
  const res = await agent.get(`/api/integrations/${provider}/contacts`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { contacts: Contact[]; next_page: number | null; page: number };
}

async function invoicesOf(agent: Agent, provider: string) {
  const res = await agent.get(`/api/integrations/${provider}/invoices`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { invoices: Invoice[]; next_page: number | null };
}

beforeAll(async () => {
  t = await createTestContext();
  const a = await signUpCompany(t.app, { companyName: 'Harbour Lights Ltd' });
  owner = a.agent;
  accountId = a.me.account.id;
  await t.services.pool.query(`update accounts set current_plan = 'Pro' where id = $1`, [accountId]);
  for (const p of ['xero', 'quickbooks', 'sage'] as const) await connect(t, owner, p);
  const b = await signUpCompany(t.app);
  other = b.agent;
  await t.services.pool.query(`update accounts set current_plan = 'Pro' where id = $1`, [b.me.account.id]);
  await connect(t, other, 'xero');
});
afterAll(() => t.close());

describe('contacts', () => {
  it("lists the provider's contacts in the spec's shape", async () => {
    const { contacts, next_page } = await contactsOf(owner, 'xero');
    expect(contacts).toHaveLength(30);
    expect(next_page).toBeNull();
    const siobhan = contacts.find((c) => c.recipient === "Siobhan O'Neill")!;
    expect(siobhan).toMatchObject({
      email: 'siobhan.oneill@example.co.uk',
      address: ['14 Clifton Down Road', 'Bristol', 'BS8 3HT'],
      postcode: 'BS8 3HT',
      imported: false,
      customer_uuid: null,
    });
    expect(siobhan.preview_url).toContain('/api/integrations/sandbox/xero/view/contacts/');
    expect(contacts.filter((c) => c.email === null).length).toBeGreaterThanOrEqual(5);
    // The record's page in the provider opens.
    const view = await t.app.inject({
      method: 'GET',
      url: new URL(siobhan.preview_url!).pathname + new URL(siobhan.preview_url!).search,
    });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('Siobhan O&#39;Neill');
  });

  it('imports chosen contacts as customers (with their storage folders), and a second import makes none again', async () => {
    const { contacts } = await contactsOf(owner, 'xero');
    const pick = ["Siobhan O'Neill", 'Zoë Brontë-Hughes', 'Gareth Llywelyn-Jones'].map(
      (n) => contacts.find((c) => c.recipient === n)!.external_id,
    );
    const first = await owner.post('/api/integrations/xero/contacts/import', { ids: pick });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      created: 3,
      updated: 0,
      kept: 0,
      refused: [],
      message: INTEGRATION_MESSAGES.contactsImported(3, 0),
    });
    const saved = await customers();
    expect(saved.map((c) => c.name)).toEqual(['Gareth Llywelyn-Jones', "Siobhan O'Neill", 'Zoë Brontë-Hughes']);
    expect(saved.find((c) => c.name === 'Gareth Llywelyn-Jones')).toMatchObject({
      address_lines: ['Tŷ Gwyn', '5 Heol y Deri', 'Cardiff'],
      postcode: 'CF14 6HF',
      email: 'gareth@llywelyn.example.co.uk',
    });
    expect(saved.find((c) => c.name === 'Zoë Brontë-Hughes')!.email).toBeNull();
    const folders = await t.services.pool.query(
      "select count(*)::int as n from storage_items where account_id = $1 and kind = 'customer_folder'",
      [accountId],
    );
    expect(folders.rows[0].n).toBe(3);

    const second = await owner.post('/api/integrations/xero/contacts/import', { ids: pick, update: pick });
    // Nothing differs: nothing to update; the three are kept as they are.
    expect(second.json()).toMatchObject({ created: 0, updated: 0, kept: 3 });
    expect((await customers()).length).toBe(3);
    const listed = (await contactsOf(owner, 'xero')).contacts.filter((c) => pick.includes(c.external_id));
    expect(listed.every((c) => c.imported && c.customer_uuid)).toBe(true);
  });

  it('matches a customer already there by email, then by name and postcode, updating the ones chosen', async () => {
    const byEmail = await owner.post('/api/customers', {
      name: 'J. Martínez (shop)',
      email: 'jose.martinez@example.com',
      address_lines: ['Old address'],
      postcode: 'M1 1AA',
    });
    expect(byEmail.statusCode, byEmail.body).toBe(201);
    const byName = await owner.post('/api/customers', { name: "Mrs Margaret D'Arcy", postcode: 'ba12lr' });
    expect(byName.statusCode, byName.body).toBe(201);
    const { contacts } = await contactsOf(owner, 'xero');
    const ids = ['José Martínez', "Mrs Margaret D'Arcy"].map(
      (n) => contacts.find((c) => c.recipient === n)!.external_id,
    );
    const res = await owner.post('/api/integrations/xero/contacts/import', { ids, update: ids });
    expect(res.json()).toMatchObject({ created: 0, updated: 2, kept: 0 });
    const all = await customers();
    const jose = all.find((c) => c.id === byEmail.json().customer_uuid)!;
    expect(jose).toMatchObject({
      name: 'José Martínez',
      postcode: 'M1 3HE',
      address_lines: ['3 Canal Street', 'Manchester'],
    });
    expect(all.find((c) => c.id === byName.json().customer_uuid)!.address_lines).toEqual(['19 Royal Crescent', 'Bath']);
    expect(all).toHaveLength(5);
  });

  it('refuses ids that are not the connection’s contacts (another company’s, unknown, too many) and imports nothing', async () => {
    const theirs = (await contactsOf(other, 'xero')).contacts.map((c) => c.external_id);
    const mine = (await contactsOf(owner, 'xero')).contacts.map((c) => c.external_id);
    // Each company reaches its own demo organisation: the ids differ.
    expect(theirs.filter((id) => mine.includes(id))).toEqual([]);
    const before = await databaseFingerprint(t.services.pool);
    for (const ids of [[theirs[0]], [mine[5], theirs[1]], ["' or 1=1 --"], ['00000000-0000-4000-8000-000000000000']]) {
      const res = await owner.post('/api/integrations/xero/contacts/import', { ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(404);
    }
    const tooMany = await owner.post('/api/integrations/xero/contacts/import', {
      ids: Array.from({ length: INTEGRATION_IMPORT_MAX + 1 }, (_, i) => `id-${i}`),
    });
    expect(tooMany.statusCode).toBe(422);
    const huge = await owner.post('/api/integrations/xero/contacts/import', {
      ids: Array.from({ length: 50_000 }, () => 'x'),
    });
    expect([413, 422]).toContain(huge.statusCode);
    expect((await owner.post('/api/integrations/xero/contacts/import', { ids: [] })).statusCode).toBe(422);
    expect((await owner.post('/api/integrations/xero/contacts/import', { ids: ['x'.repeat(201)] })).statusCode).toBe(
      422,
    );
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
  });

  it('shows what would change for matched customers and updates only the ones chosen, keeping the others (issue 27 item 9)', async () => {
    const { agent: me, me: session } = await signUpCompany(t.app);
    await t.services.pool.query(`update accounts set current_plan = 'Pro' where id = $1`, [session.account.id]);
    await connect(t, me, 'xero');
    const { contacts } = await contactsOf(me, 'xero');
    const siobhan = contacts.find((c) => c.recipient === "Siobhan O'Neill")!;
    const gareth = contacts.find((c) => c.recipient === 'Gareth Llywelyn-Jones')!;
    const zoe = contacts.find((c) => c.recipient === 'Zoë Brontë-Hughes')!;
    // Two customers already there, matched by email, with addresses of their own.
    const s = await me.post('/api/customers', {
      name: 'Siobhán O’Neill',
      address_lines: ['Flat 2', '9 Harbour View'],
      town: 'Cork Street',
      postcode: 'BS1 4DJ',
      email: siobhan.email,
    });
    expect(s.statusCode, s.body).toBe(201);
    const g = await me.post('/api/customers', {
      name: 'Gareth Llywelyn-Jones',
      address_lines: ['1 Old Road'],
      postcode: 'CF10 1AA',
      email: gareth.email,
      phone: '029 2000 0000',
    });
    expect(g.statusCode, g.body).toBe(201);
    const ids = [siobhan.external_id, gareth.external_id, zoe.external_id];
    const before = await databaseFingerprint(t.services.pool);
    const preview = await me.post('/api/integrations/xero/contacts/import/preview', { ids });
    expect(preview.statusCode, preview.body).toBe(200);
    // The preview writes nothing.
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
    const byId = new Map(preview.json().contacts.map((c: { external_id: string }) => [c.external_id, c]));
    expect(byId.get(zoe.external_id)).toMatchObject({ outcome: 'new', customer_uuid: null, changes: [] });
    expect(byId.get(siobhan.external_id)).toMatchObject({
      outcome: 'matched',
      matched_by: 'email',
      customer_uuid: s.json().customer_uuid,
      customer_name: 'Siobhán O’Neill',
    });
    const changes = (byId.get(siobhan.external_id) as { changes: { field: string; old: string; new: string }[] })
      .changes;
    expect(changes.find((c) => c.field === 'address')).toEqual({
      field: 'address',
      old: 'Flat 2, 9 Harbour View, Cork Street',
      new: siobhan.address.slice(0, -1).join(', '),
    });
    expect(changes.find((c) => c.field === 'name')).toEqual({
      field: 'name',
      old: 'Siobhán O’Neill',
      new: "Siobhan O'Neill",
    });
    expect(byId.get(gareth.external_id)).toMatchObject({ outcome: 'matched', matched_by: 'email' });

    // Update Gareth only: Siobhán is kept as she is (linked to her contact), Zoë is added.
    const apply = await me.post('/api/integrations/xero/contacts/import', { ids, update: [gareth.external_id] });
    expect(apply.statusCode, apply.body).toBe(200);
    expect(apply.json()).toMatchObject({
      created: 1,
      updated: 1,
      kept: 1,
      message: INTEGRATION_MESSAGES.contactsImported(1, 1, 1),
    });
    const { rows } = await t.services.pool.query<{
      id: string;
      name: string;
      address_lines: string[];
      postcode: string;
      phone: string | null;
    }>('select id, name, address_lines, postcode, phone from customers where account_id = $1', [session.account.id]);
    expect(rows.find((r) => r.id === s.json().customer_uuid)).toMatchObject({
      name: 'Siobhán O’Neill',
      address_lines: ['Flat 2', '9 Harbour View', 'Cork Street'],
      postcode: 'BS1 4DJ',
    });
    expect(rows.find((r) => r.id === g.json().customer_uuid)).toMatchObject({
      address_lines: ['Tŷ Gwyn', '5 Heol y Deri', 'Cardiff'],
      postcode: 'CF14 6HF',
    });
    expect(rows).toHaveLength(3);
    // The kept customer is linked: the contact reads as imported, to her.
    const listed = (await contactsOf(me, 'xero')).contacts.find((c) => c.external_id === siobhan.external_id)!;
    expect(listed).toMatchObject({ imported: true, customer_uuid: s.json().customer_uuid });

    // Another company's contact ids: 404, nothing read.
    const theirs = (await contactsOf(other, 'xero')).contacts[0]!.external_id;
    expect((await me.post('/api/integrations/xero/contacts/import/preview', { ids: [theirs] })).statusCode).toBe(404);
    expect((await me.post('/api/integrations/xero/contacts/import/preview', { ids: [] })).statusCode).toBe(422);
    // An id to update that was not chosen changes nothing.
    const stray = await me.post('/api/integrations/xero/contacts/import', {
      ids: [zoe.external_id],
      update: [siobhan.external_id],
    });
    expect(stray.json()).toMatchObject({ created: 0, updated: 0, kept: 1 });
    const after = await t.services.pool.query('select address_lines from customers where id = $1', [
      s.json().customer_uuid,
    ]);
    expect(after.rows[0].address_lines).toEqual(['Flat 2', '9 Harbour View', 'Cork Street']);
  });

  it('imports QuickBooks and Sage contacts under the same rules', async () => {
    for (const provider of ['quickbooks', 'sage']) {
      const { contacts } = await contactsOf(owner, provider);
      expect(contacts, provider).toHaveLength(30);
      const nowak = contacts.find((c) => c.recipient === 'Łukasz Nowak')!;
      expect(nowak.address, provider).toEqual(['47 Derby Road', 'Nottingham', 'NG1 5AW']);
      const res = await owner.post(`/api/integrations/${provider}/contacts/import`, { ids: [nowak.external_id] });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The second provider's contact is the same person by email: one customer.
    expect((await customers()).filter((c) => c.name === 'Łukasz Nowak')).toHaveLength(1);
  });
});

describe('invoices', () => {
  it('lists the sales invoices that can be sent (no drafts, voided ones or bills), amounts in pence', async () => {
    for (const provider of ['xero', 'quickbooks', 'sage']) {
      const { invoices } = await invoicesOf(owner, provider);
      expect(invoices, provider).toHaveLength(20);
      const first = invoices.find((i) => i.recipient === "Siobhan O'Neill")!;
      // 4 x £37.50 + £180 + £12.50 = £342.50, VAT 20% £68.50: £411.00.
      expect(first, provider).toMatchObject({
        total: 41100,
        amount_due: 41100,
        currency: 'GBP',
        paid: false,
        imported: false,
      });
      expect(first.items[0], provider).toMatch(/^4 x A4 newsletters, full colour \(box of 250\) at £37\.50: £150\.00/);
      if (provider === 'xero') expect(first.items[0]).toMatch(/\(VAT 20%\)$/);
      expect(invoices.filter((i) => i.paid).length, provider).toBe(6);
    }
  });

  it('imports an invoice as a letter addressed to its contact (the contact imported too), analysed like an upload', async () => {
    const { invoices } = await invoicesOf(owner, 'xero');
    const boiler = invoices.find((i) => i.recipient === 'Łukasz Nowak')!;
    const res = await owner.post('/api/integrations/xero/invoices/import', { ids: [boiler.external_id] });
    expect(res.statusCode, res.body).toBe(200);
    const [letter] = res.json().letters;
    expect(letter).toMatchObject({
      invoice_id: boiler.external_id,
      user_invoice_id: boiler.user_invoice_id,
      existing: false,
    });
    expect(res.json().message).toBe(INTEGRATION_MESSAGES.invoicesImported(1));
    const customer = (await customers()).find((c) => c.name === 'Łukasz Nowak')!;
    expect(letter.customer_uuid).toBe(customer.id);

    const pending = await owner.get(`/api/letters/${letter.uuid}`);
    expect(pending.json()).toMatchObject({ status: 'Analysing', name: `Invoice ${boiler.user_invoice_id}.pdf` });
    await t.runJobs();
    const analysed = (await owner.get(`/api/letters/${letter.uuid}`)).json();
    expect(analysed).toMatchObject({
      status: 'Analysis Complete',
      recipient_name_snapshot: 'Łukasz Nowak',
      postcode: 'NG1 5AW',
      num_pages: 1,
    });
    const file = await owner.get(`/api/letters/${letter.uuid}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const linked = await t.services.pool.query('select customer_id from letters where id = $1', [letter.uuid]);
    expect(linked.rows[0].customer_id).toBe(customer.id);

    // A second import answers the same letter.
    const again = await owner.post('/api/integrations/xero/invoices/import', { ids: [boiler.external_id] });
    expect(again.json().letters).toEqual([{ ...letter, existing: true }]);
    expect((await invoicesOf(owner, 'xero')).invoices.find((i) => i.external_id === boiler.external_id)).toMatchObject({
      imported: true,
      letter_uuid: letter.uuid,
    });
  });

  it('renders names and addresses outside Latin-1 (Tŷ Gwyn) and reads them back, for QuickBooks and Sage too', async () => {
    const made: string[] = [];
    for (const [provider, who] of [
      ['quickbooks', 'Ingrid Håkansson'],
      ['sage', 'Gareth Llywelyn-Jones'],
      ['xero', "The Mermaid's Tale Bookshop"],
    ] as const) {
      const { invoices } = await invoicesOf(owner, provider);
      const inv = invoices.find((i) => i.recipient === who);
      if (!inv) continue;
      const res = await owner.post(`/api/integrations/${provider}/invoices/import`, { ids: [inv.external_id] });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json().letters[0].uuid);
    }
    expect(made.length).toBeGreaterThanOrEqual(2);
    await t.runJobs();
    for (const id of made) {
      const l = (await owner.get(`/api/letters/${id}`)).json();
      expect(l.status, JSON.stringify(l)).toBe('Analysis Complete');
    }
  });

  it('makes one letter when the same invoice is imported twice at once', async () => {
    const { invoices } = await invoicesOf(owner, 'sage');
    const inv = invoices.find((i) => !i.imported)!;
    const [a, b] = await Promise.all([
      owner.post('/api/integrations/sage/invoices/import', { ids: [inv.external_id] }),
      owner.post('/api/integrations/sage/invoices/import', { ids: [inv.external_id] }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().letters[0].uuid).toBe(b.json().letters[0].uuid);
    const n = await t.services.pool.query(
      'select count(*)::int as n from letters where account_id = $1 and name = $2',
      [accountId, `Invoice ${inv.user_invoice_id}.pdf`],
    );
    expect(n.rows[0].n).toBe(1);
  });

  it("refuses another company's invoice ids and a cloud drive's", async () => {
    const theirs = (await invoicesOf(other, 'xero')).invoices[0]!.external_id;
    const before = await databaseFingerprint(t.services.pool);
    const res = await owner.post('/api/integrations/xero/invoices/import', { ids: [theirs] });
    expect(res.statusCode).toBe(404);
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
    expect((await owner.post('/api/integrations/dropbox/invoices/import', { ids: ['x'] })).statusCode).toBe(404);
  });
});
