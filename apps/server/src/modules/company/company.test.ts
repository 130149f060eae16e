import { COMPANY_MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxCompanyRegister } from '../../providers/company-register.js';
import {
  addMember,
  createTestContext,
  databaseFingerprint,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ COMPANY_REGISTER_SANDBOX_LATENCY_MS: '0' });
});
afterAll(() => t.close());

const sandbox = () => t.app.companyRegister as SandboxCompanyRegister;

const ADDRESS = {
  addressLine1: "Flat 2, St Mary's Court",
  addressLine2: '12 Rue de la Paix Road',
  town: 'Llandaff',
  county: 'Cardiff',
  postcode: 'cf5 2 yd',
};

async function stored(accountId: string) {
  const { rows } = await t.services.pool.query(
    'select name, registration_number, registration, registration_checked_at, vat_number, postal_address from accounts where id = $1',
    [accountId],
  );
  return rows[0];
}

describe('company registration lookup', () => {
  it('finds an active company (number typed loosely), saves it and shows it on the profile', async () => {
    const { agent, me } = await signUpCompany(t.app, { companyName: "O'Brien & Daughters" });
    const found = await agent.post('/api/company/registration/lookup', { registration_number: ' 1234567 ' });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().company).toEqual({
      company_number: '01234567',
      company_name: "O'BRIEN & DAUGHTERS LIMITED",
      company_status: 'active',
      registered_address: ["14 St John's Lane", 'London', 'EC1M 4BF', 'England'],
      date_of_creation: '1998-03-14',
      type: 'ltd',
    });
    // Looking up alone keeps nothing.
    expect((await stored(me.account.id)).registration).toBeNull();

    const saved = await agent.request('PUT', '/api/company/registration', { registration_number: 'sc654321' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: COMPANY_MESSAGES.registrationSaved,
      company: { company_number: 'SC654321', company_name: 'CAFÉ NÉVÉ (EDINBURGH) LTD' },
    });
    const row = await stored(me.account.id);
    expect(row.registration_number).toBe('SC654321');
    expect(row.registration.registered_address).toEqual([
      'Unit 3 22 Rose Street',
      'New Town',
      'Edinburgh',
      'EH2 2PR',
      'Scotland',
    ]);
    expect(row.registration_checked_at).toBeInstanceOf(Date);
    expect(row.name).toBe("O'Brien & Daughters");

    const profile = await agent.get('/api/company');
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({
      name: "O'Brien & Daughters",
      registration: { company_number: 'SC654321', company_status: 'active', checked_at: expect.any(String) },
      plan: 'Basic',
      health: { status: 'active', reason: null },
      members: 1,
      balance: 0,
      can: { edit_address: true, manage_registration: true },
    });
    const { rows: audit } = await t.services.pool.query(
      `select after from audit_log where account_id = $1 and action = 'account.registration'`,
      [me.account.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].after.company_number).toBe('SC654321');
  });

  it.each([
    ['dissolved', '09876543', 422],
    ['in liquidation', '7654321', 422],
    ['unknown', '00000001', 404],
  ])('refuses a company %s with the spec message and keeps nothing', async (_label, number, status) => {
    const { agent } = await signUpCompany(t.app);
    for (const [method, url] of [
      ['POST', '/api/company/registration/lookup'],
      ['PUT', '/api/company/registration'],
    ] as const) {
      const before = await databaseFingerprint(t.services.pool);
      const res = await agent.request(method, url, { registration_number: number });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe('We could not find a registered active company with this ID.');
      expect(await databaseFingerprint(t.services.pool)).toBe(before);
    }
  });

  it('answers 503 with a clear message while the register is down, and works again after', async () => {
    const { agent, me } = await signUpCompany(t.app);
    sandbox().setDown(true);
    try {
      const res = await agent.request('PUT', '/api/company/registration', { registration_number: 'OC401234' });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toBe(COMPANY_MESSAGES.registerDown);
      expect((await stored(me.account.id)).registration).toBeNull();
    } finally {
      sandbox().setDown(false);
    }
    const again = await agent.request('PUT', '/api/company/registration', { registration_number: 'OC401234' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().company.company_name).toBe('SMITH, JONES & PARTNERS LLP');
  });

  it('answers 503 with Retry-After while the register is busy (its rate limit)', async () => {
    const { agent } = await signUpCompany(t.app);
    sandbox().setBusy(42);
    try {
      const res = await agent.post('/api/company/registration/lookup', { registration_number: '01234567' });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('42');
      expect(res.json().message).toBe(COMPANY_MESSAGES.registerBusy);
    } finally {
      sandbox().setBusy(null);
    }
  });

  it('refuses a number that cannot be one (400) and wrongly typed, huge or NUL input, changing nothing', async () => {
    const { agent } = await signUpCompany(t.app);
    const before = await databaseFingerprint(t.services.pool);
    for (const bad of ['ABC', '123456789', 'S1234567', '12-34', '../../etc', '%2e%2e', '']) {
      const res = await agent.post('/api/company/registration/lookup', { registration_number: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(COMPANY_MESSAGES.numberInvalid);
    }
    for (const body of [
      { registration_number: 1234567 },
      { registration_number: null },
      { registration_number: ['01234567'] },
      { registration_number: '0'.repeat(10_000) },
      { registration_number: '0123\u00004567' },
      { registration_number: '01234567', extra: true },
      {},
    ]) {
      const res = await agent.request('PUT', '/api/company/registration', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
  });

  it('is for manage_company: a member without it is refused and nothing changes', async () => {
    const { me } = await signUpCompany(t.app);
    const member = await addMember(t, me.account.id, { permissions: { administrative: ['edit_company_address'] } });
    const before = await databaseFingerprint(t.services.pool);
    const res = await member.agent.request('PUT', '/api/company/registration', { registration_number: '01234567' });
    expect(res.statusCode).toBe(403);
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
    const manager = await addMember(t, me.account.id, { permissions: { administrative: ['manage_company'] } });
    const ok = await manager.agent.request('PUT', '/api/company/registration', { registration_number: '01234567' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('postal address and VAT number', () => {
  it('saves them (postcode and VAT number normalised), shows them and makes the address the parcel sender', async () => {
    const { agent, me } = await signUpCompany(t.app, { companyName: 'Crème Brûlée & Co' });
    const res = await agent.request('PUT', '/api/company/details', {
      postal_address: ADDRESS,
      vat_number: 'gb 999 9999 73',
    });
    expect(res.statusCode, res.body).toBe(200);
    const address = { ...ADDRESS, addressLine3: '', postcode: 'CF5 2YD' };
    expect(res.json()).toEqual({
      postal_address: address,
      vat_number: 'GB999999973',
      message: COMPANY_MESSAGES.detailsSaved,
    });
    expect(await stored(me.account.id)).toMatchObject({ postal_address: address, vat_number: 'GB999999973' });
    expect((await agent.get('/api/company')).json()).toMatchObject({
      postal_address: address,
      vat_number: 'GB999999973',
    });
    const defaults = await agent.get('/api/parcels/defaults');
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json().sender).toMatchObject({ name: 'Crème Brûlée & Co', ...address });

    // Null clears both.
    const cleared = await agent.request('PUT', '/api/company/details', { postal_address: null, vat_number: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await stored(me.account.id)).toMatchObject({ postal_address: null, vat_number: null });
  });

  it('refuses an invalid postcode or VAT number, bad types, NUL and huge fields, changing nothing', async () => {
    const { agent } = await signUpCompany(t.app);
    const before = await databaseFingerprint(t.services.pool);
    const cases: Array<[unknown, string | null]> = [
      [{ postal_address: { ...ADDRESS, postcode: 'ZZZ' }, vat_number: null }, 'Invalid Postcode'],
      [{ postal_address: { ...ADDRESS, postcode: 'W1A' }, vat_number: null }, 'Invalid Postcode'],
      [{ postal_address: ADDRESS, vat_number: 'GB 123 4567 89' }, COMPANY_MESSAGES.vatCheckDigits],
      [{ postal_address: ADDRESS, vat_number: 'GB 123 4567' }, COMPANY_MESSAGES.vatInvalid],
      [{ postal_address: ADDRESS, vat_number: 'FR12345678901' }, COMPANY_MESSAGES.vatInvalid],
      [{ postal_address: { ...ADDRESS, town: '' }, vat_number: null }, 'Please supply a town or city'],
      [{ postal_address: { ...ADDRESS, addressLine1: 'x'.repeat(101) }, vat_number: null }, null],
      [{ postal_address: { ...ADDRESS, town: 'Car\u0000diff' }, vat_number: null }, null],
      [{ postal_address: { ...ADDRESS, town: 42 }, vat_number: null }, null],
      [{ postal_address: 'Cardiff', vat_number: null }, null],
      [{ postal_address: { ...ADDRESS, extra: 'x' }, vat_number: null }, null],
      [{ postal_address: ADDRESS, vat_number: 'x'.repeat(100_000) }, null],
      [{ postal_address: ADDRESS }, null],
    ];
    for (const [body, message] of cases) {
      const res = await agent.request('PUT', '/api/company/details', body);
      const label = JSON.stringify(body).slice(0, 80);
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      if (message) expect(res.json().message, label).toBe(message);
    }
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
  });

  it('needs edit_company_address; other members see the profile without the edit, and the balance only when allowed', async () => {
    const { agent: owner, me } = await signUpCompany(t.app);
    await owner.request('PUT', '/api/company/details', { postal_address: ADDRESS, vat_number: null });
    const reader = await addMember(t, me.account.id, { permissions: {} });
    const before = await databaseFingerprint(t.services.pool);
    const refused = await reader.agent.request('PUT', '/api/company/details', {
      postal_address: null,
      vat_number: null,
    });
    expect(refused.statusCode).toBe(403);
    expect(await databaseFingerprint(t.services.pool)).toBe(before);

    const profile = await reader.agent.get('/api/company');
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({
      postal_address: { postcode: 'CF5 2YD' },
      members: 2,
      balance: 0,
      can: { edit_address: false, manage_registration: false },
    });
    // The company keeps the balance to finance admins: the member no longer sees it.
    await t.services.pool.query('update accounts set restrict_balance_to_finance_admins = true where id = $1', [
      me.account.id,
    ]);
    expect((await reader.agent.get('/api/company')).json()).not.toHaveProperty('balance');
    expect((await owner.get('/api/company')).json()).toHaveProperty('balance', 0);

    const editor = await addMember(t, me.account.id, { permissions: { administrative: ['edit_company_address'] } });
    const edited = await editor.agent.request('PUT', '/api/company/details', {
      postal_address: { ...ADDRESS, addressLine1: '1 Ŵyn Street' },
      vat_number: 'GB999999973',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await editor.agent.get('/api/company')).json().can).toEqual({
      edit_address: true,
      manage_registration: false,
    });
  });

  it("each company sees only its own profile; another company's changes do not reach it", async () => {
    const a = await signUpCompany(t.app, { companyName: 'Ångström Optics Ltd' });
    const b = await signUpCompany(t.app, { companyName: 'Bryn Ffordd Ltd' });
    await b.agent.request('PUT', '/api/company/details', { postal_address: ADDRESS, vat_number: 'GB999999973' });
    const profileA = (await a.agent.get('/api/company')).json();
    expect(profileA).toMatchObject({ name: 'Ångström Optics Ltd', postal_address: null, vat_number: null });
    expect(profileA.id).toBe(a.me.account.id);
    expect((await b.agent.get('/api/company')).json().name).toBe('Bryn Ffordd Ltd');
  });
});
