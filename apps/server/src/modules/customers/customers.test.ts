import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createTestContext,
  databaseFingerprint,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ POSTCODE_SERVICE_URL: 'sandbox' });
});
afterAll(() => t.close());

const SIOBHAN = {
  name: "Dr Siobhán O'Neill",
  address_lines: ['12 Acacia Avenue', 'Clifton', 'Bristol'],
  postcode: 'bs8 2qt',
  email: 'Siobhan.ONeill@Example.co.uk',
  phone: '07700 900123',
  communications_preference: ['SMS'],
};

describe('customers', () => {
  it('adds, lists, searches, edits and deletes a customer, with the spec’s rules', async () => {
    const { agent } = await signUpCompany(t.app);
    const created = await agent.post('/api/customers', SIOBHAN);
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({
      recipient: "Dr Siobhán O'Neill",
      address: '12 Acacia Avenue, Clifton, Bristol, BS8 2QT',
      postcode: 'BS8 2QT',
      email: 'siobhan.oneill@example.co.uk',
      // SMS alone gets Mail added.
      communications_preference: ['Mail', 'SMS'],
    });
    await agent.post('/api/customers', {
      name: 'Smith & Sons Ltd',
      address_lines: ['Unit 7, Canal Wharf', 'Leeds'],
      postcode: 'LS11 5PS',
    });
    await agent.post('/api/customers', {
      name: 'Zoë Brontë',
      email: 'zoe@example.com',
      communications_preference: ['Email'],
    });

    const list = (await agent.get('/api/customers?limit=25')).json();
    expect(list.count).toBe(3);
    expect(list.rows.map((r: { recipient: string }) => r.recipient)).toEqual([
      "Dr Siobhán O'Neill",
      'Smith & Sons Ltd',
      'Zoë Brontë',
    ]);
    expect(list.rows[1].communications_preference).toEqual(['Mail']);
    expect((await agent.get('/api/customers?search=ls11')).json().rows[0].recipient).toBe('Smith & Sons Ltd');
    expect((await agent.get('/api/customers?search=o%27neill')).json().count).toBe(1);
    expect((await agent.get('/api/customers?filter.communications_preference=Email')).json().count).toBe(1);
    expect((await agent.get('/api/customers?filter.communications_preference=Fax')).statusCode).toBe(422);

    // Only the fields sent change; null clears the phone.
    const edited = await agent.request('PUT', '/api/customers', {
      customer_uuid: c.customer_uuid,
      new_customer_address: 'Flat 3, 1 Park Row, Leeds, ls1 5hd',
      customer_phone: null,
      communications_preferences: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      recipient: "Dr Siobhán O'Neill",
      address: 'Flat 3, 1 Park Row, Leeds, LS1 5HD',
      phone: null,
      email: 'siobhan.oneill@example.co.uk',
      communications_preference: ['Mail'],
    });

    const deleted = await agent.request('DELETE', `/api/customers/${c.customer_uuid}`);
    expect(deleted.statusCode).toBe(200);
    expect((await agent.get(`/api/customers/${c.customer_uuid}`)).statusCode).toBe(404);
    // Counts are kept per company until its customers change: the deletion shows at once.
    expect((await agent.get('/api/customers')).json().count).toBe(2);
    expect((await agent.get('/api/customers?search=o%27neill')).json()).toMatchObject({ count: 0, rows: [] });
  });

  it('refuses bad fields, a duplicate email, another company’s customer and missing permissions, changing nothing', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const other = await signUpCompany(t.app);
    const theirs = (await other.agent.post('/api/customers', { name: 'Theirs', email: 'theirs@example.com' })).json();
    await agent.post('/api/customers', { name: 'Ours', email: 'ours@example.com' });
    const before = await databaseFingerprint(t.services.pool);
    const bad: Array<[object, number, string?]> = [
      [{ name: '' }, 422, 'This field is required'],
      [{ name: 'X', email: 'not-an-email' }, 422, 'Must be a valid email address'],
      [{ name: 'X', phone: '12345' }, 422, 'Must be a valid UK phone number'],
      [{ name: 'X', postcode: 'BS8' }, 422, 'Invalid Postcode'],
      // The right shape, but the postcode service does not know it.
      [{ name: 'X', postcode: 'ZZ99 9ZZ' }, 422, 'Invalid Postcode'],
      [{ name: 'X', communications_preference: ['Fax'] }, 422],
      [{ name: 'X\u0000' }, 422],
      [{ name: 'x'.repeat(5000) }, 422],
      [{ name: 'X', extra: 1 }, 422],
      [{ name: 'Dup', email: 'OURS@example.com' }, 409, 'A customer with this email already exists.'],
    ];
    for (const [body, status, message] of bad) {
      const res = await agent.post('/api/customers', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(
      (await agent.request('PUT', '/api/customers', { customer_uuid: theirs.customer_uuid, new_customer_name: 'Mine' }))
        .statusCode,
    ).toBe(404);
    expect((await agent.request('DELETE', `/api/customers/${theirs.customer_uuid}`)).statusCode).toBe(404);
    expect((await agent.get(`/api/customers/${theirs.customer_uuid}`)).statusCode).toBe(404);
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
    const reader = await addMember(t, me.account.id, { permissions: { observable: ['see_recipients'] } });
    expect((await reader.agent.get('/api/customers')).statusCode).toBe(200);
    expect((await reader.agent.post('/api/customers', { name: 'Nope' })).statusCode).toBe(403);
    const nobody = await addMember(t, me.account.id, { permissions: {} });
    expect((await nobody.agent.get('/api/customers')).statusCode).toBe(403);
    expect((await agent.get('/api/customers')).json().count).toBe(1);
  });
});

describe('the customer’s cloud storage provider', () => {
  it('is set on add, changed and cleared on edit, and kept when an edit leaves it out', async () => {
    const { agent } = await signUpCompany(t.app);
    const created = await agent.post('/api/customers', {
      name: 'Gareth Llywelyn-Jones',
      address_lines: ['Tŷ Gwyn', '5 Heol y Deri', 'Cardiff'],
      postcode: 'CF14 6HF',
      cloud_storage_provider: 'google_drive',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().customer_uuid;
    expect(created.json().cloud_storage_provider).toBe('google_drive');
    expect((await agent.get(`/api/customers/${id}`)).json().cloud_storage_provider).toBe('google_drive');
    // Left out on add: none.
    const plain = await agent.post('/api/customers', { name: 'Zoë Brontë-Hughes' });
    expect(plain.json().cloud_storage_provider).toBeNull();

    const put = (body: object) => agent.request('PUT', '/api/customers', { customer_uuid: id, ...body });
    expect((await put({ cloud_storage_provider: 'onedrive' })).json().cloud_storage_provider).toBe('onedrive');
    // Another field edited: the drive stays.
    const renamed = await put({ new_customer_name: 'Gareth Llywelyn-Jones & Sons' });
    expect(renamed.json()).toMatchObject({
      recipient: 'Gareth Llywelyn-Jones & Sons',
      cloud_storage_provider: 'onedrive',
    });
    expect((await put({ cloud_storage_provider: 'dropbox' })).json().cloud_storage_provider).toBe('dropbox');
    expect((await put({ cloud_storage_provider: null })).json().cloud_storage_provider).toBeNull();
    const stored = await t.services.pool.query('select cloud_storage_provider from customers where id = $1', [id]);
    expect(stored.rows[0].cloud_storage_provider).toBeNull();

    // A row written before the choice was offered holds the drive's name: answered as its id.
    await t.services.pool.query(`update customers set cloud_storage_provider = 'Google Drive' where id = $1`, [id]);
    const listed = (await agent.get('/api/customers')).json();
    expect(listed.rows.find((r: { customer_uuid: string }) => r.customer_uuid === id).cloud_storage_provider).toBe(
      'google_drive',
    );
  });

  it('refuses a value outside the drives, another company’s customer and a member without manage_recipients, changing nothing', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const other = await signUpCompany(t.app);
    const ours = (
      await agent.post('/api/customers', { name: "Siobhan O'Neill", cloud_storage_provider: 'dropbox' })
    ).json();
    const theirs = (await other.agent.post('/api/customers', { name: 'Café Olé Ltd' })).json();
    const reader = await addMember(t, me.account.id, { permissions: { observable: ['see_recipients'] } });
    const before = await databaseFingerprint(t.services.pool);
    const values: unknown[] = [
      'Google Drive', // the name, not the id
      'xero', // an integration, but not a drive
      'icloud',
      'GOOGLE_DRIVE',
      'google_drive\u0000',
      '\u0000',
      'dropbox '.repeat(2000),
      '',
      7,
      true,
      ['dropbox'],
      { provider: 'dropbox' },
    ];
    for (const value of values) {
      const label = JSON.stringify(value).slice(0, 40);
      const added = await agent.post('/api/customers', { name: 'Renée Dubois', cloud_storage_provider: value });
      expect(added.statusCode, `POST ${label}`).toBe(422);
      const edited = await agent.request('PUT', '/api/customers', {
        customer_uuid: ours.customer_uuid,
        cloud_storage_provider: value,
      });
      expect(edited.statusCode, `PUT ${label}`).toBe(422);
    }
    expect(
      (
        await agent.request('PUT', '/api/customers', {
          customer_uuid: theirs.customer_uuid,
          cloud_storage_provider: 'google_drive',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await reader.agent.request('PUT', '/api/customers', {
          customer_uuid: ours.customer_uuid,
          cloud_storage_provider: null,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await reader.agent.post('/api/customers', { name: 'José Martínez', cloud_storage_provider: 'onedrive' }))
        .statusCode,
    ).toBe(403);
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
    expect((await agent.get(`/api/customers/${ours.customer_uuid}`)).json().cloud_storage_provider).toBe('dropbox');
    expect((await other.agent.get(`/api/customers/${theirs.customer_uuid}`)).json().cloud_storage_provider).toBeNull();
  });
});

describe('letters and their customers', () => {
  async function analysed(
    agent: import('../../test/harness.js').Agent,
    file: { file: string; bytes: () => Promise<Buffer> },
  ) {
    const res = await agent.upload('/api/letters/files?type=regular', file.file, await file.bytes());
    expect(res.statusCode, res.body).toBe(201);
    await t.runJobs();
    return (await agent.get(`/api/letters/${res.json().uuid}`)).json();
  }

  it('links a letter to the customer whose name and postcode match, pre-fills delivery, and keeps their preferences', async () => {
    const { ordinaryLetters } = await import('../../test/fixtures/uk-letters.js');
    const solicitors = ordinaryLetters().find((l) => l.file === 'solicitors-46mm.pdf');
    const water = ordinaryLetters().find((l) => l.file === 'water-bill-43mm.pdf');
    const { agent } = await signUpCompany(t.app);
    // Written the way a person types it: another case, no space in the postcode.
    const customer = (
      await agent.post('/api/customers', {
        name: "dr siobhan o'neill",
        postcode: 'bs82qt',
        email: 'siobhan@example.co.uk',
        phone: '07700 900456',
        communications_preference: ['Email'],
      })
    ).json();
    const letter = await analysed(agent, solicitors!);
    expect(letter).toMatchObject({ customer_uuid: customer.customer_uuid, customer_name: "dr siobhan o'neill" });
    const quote = (
      await agent.post('/api/letters/deliver/quote', { uuid: letter.uuid, preference_overrides: ['cloud_link'] })
    ).json();
    expect(quote.customer).toMatchObject({ email: 'siobhan@example.co.uk', phone: '07700 900456' });
    // The customer leaves mail out (Email only): mail is not offered.
    expect(quote.mail).toMatchObject({
      disabled: true,
      reason: "This customer's communication preferences leave mail out.",
    });
    expect((await agent.post('/api/letters/deliver', { uuid: letter.uuid })).statusCode).toBe(422);
    const detail = (await agent.get(`/api/customers/${customer.customer_uuid}`)).json();
    expect(detail.letters.map((l: { uuid: string }) => l.uuid)).toEqual([letter.uuid]);

    // No customer matches the second letter: the user saves its recipient as a new one.
    const other = await analysed(agent, water!);
    expect(other.customer_uuid).toBeNull();
    const saved = await agent.post(`/api/letters/${other.uuid}/customer`, { email: 'accounts@smithandsons.co.uk' });
    expect(saved.statusCode, saved.body).toBe(201);
    const made = (await agent.get(`/api/customers/${saved.json().customer_uuid}`)).json();
    expect(made).toMatchObject({
      recipient: 'Smith & Sons Ltd',
      postcode: 'LS11 5PS',
      communications_preference: ['Mail'],
    });
    // Pick another, then unlink.
    expect(
      (
        await agent.request('PUT', `/api/letters/${other.uuid}/customer`, { customer_uuid: customer.customer_uuid })
      ).json(),
    ).toMatchObject({
      customer_name: "dr siobhan o'neill",
    });
    expect(
      (await agent.request('PUT', `/api/letters/${other.uuid}/customer`, { customer_uuid: null })).statusCode,
    ).toBe(200);
    expect((await agent.get(`/api/letters/${other.uuid}`)).json().customer_uuid).toBeNull();

    const stranger = await signUpCompany(t.app);
    const theirs = (await stranger.agent.post('/api/customers', { name: 'Theirs' })).json();
    expect(
      (await agent.request('PUT', `/api/letters/${other.uuid}/customer`, { customer_uuid: theirs.customer_uuid }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await stranger.agent.request('PUT', `/api/letters/${other.uuid}/customer`, {
          customer_uuid: theirs.customer_uuid,
        })
      ).statusCode,
    ).toBe(404);
  });
});
