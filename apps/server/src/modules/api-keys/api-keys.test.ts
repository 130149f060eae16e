import { ALL_PERMISSIONS } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { simpleLetterPdf } from '../../test/fixtures/letters.js';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import {
  Agent,
  addMember,
  count,
  createTestContext,
  KeyAgent,
  makeApiKey,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';
import { credit } from '../money/ledger.js';

let t: TestContext;
let owner: Awaited<ReturnType<typeof signUpCompany>>;
let other: Awaited<ReturnType<typeof signUpCompany>>;

beforeAll(async () => {
  t = await createTestContext();
  owner = await signUpCompany(t.app, { fullName: 'Jane Smith' });
  await t.services.pool.query(`update accounts set current_plan = 'Business' where id = $1`, [owner.me.account.id]);
  other = await signUpCompany(t.app);
});
afterAll(() => t.close());

const ADDRESS = ['Ms Ann Post', '1 Park Row', 'Leeds', 'LS1 5HD'];

/** Every text value of every api_keys row, as the database holds it. */
async function apiKeyTexts(): Promise<string> {
  const { rows } = await t.services.pool.query<{ t: string }>('select api_keys::text as t from api_keys');
  return rows.map((r) => r.t).join('\n');
}

describe('API keys', () => {
  it('are made, listed without their secret and revoked, with audit entries', async () => {
    const res = await owner.agent.post('/api/api-keys', {
      name: '  ERP  ',
      permissions: ['see_letters', 'create_letter'],
      mode: 'live',
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made.secret).toMatch(/^lp_live_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(made.key).toMatchObject({
      name: 'ERP',
      mode: 'live',
      permissions: ['see_letters', 'create_letter'],
      created_by: { name: 'Jane Smith', email: owner.body.email },
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });
    expect(made.secret).toContain(`_${made.key.prefix}_`);
    const secretPart = made.secret.split('_').slice(3).join('_');

    const list = await owner.agent.get('/api/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.json().keys.map((k: { id: string }) => k.id)).toContain(made.key.id);
    expect(list.body).not.toContain(secretPart);
    expect(list.body).not.toContain('secret');
    // Nowhere in the table in clear: only its SHA-256.
    const texts = await apiKeyTexts();
    expect(texts).not.toContain(secretPart);
    expect(texts).toContain(made.key.prefix);

    // Another company neither sees nor revokes it.
    expect((await other.agent.get('/api/api-keys')).json().keys).toEqual([]);
    expect((await other.agent.delete(`/api/api-keys/${made.key.id}`)).statusCode).toBe(404);
    expect((await owner.agent.delete('/api/api-keys/no-such-key')).statusCode).toBe(404);

    const revoked = await owner.agent.delete(`/api/api-keys/${made.key.id}`);
    expect(revoked.statusCode).toBe(204);
    const after = (await owner.agent.get('/api/api-keys'))
      .json()
      .keys.find((k: { id: string }) => k.id === made.key.id);
    expect(after.revoked_at).not.toBeNull();
    // Again: nothing more happens.
    expect((await owner.agent.delete(`/api/api-keys/${made.key.id}`)).statusCode).toBe(204);

    const { rows } = await t.services.pool.query(
      `select action, actor_email from audit_log where entity_type = 'api_key' and entity_id = $1 order by id`,
      [made.key.id],
    );
    expect(rows).toEqual([
      { action: 'api_key.create', actor_email: owner.body.email },
      { action: 'api_key.revoke', actor_email: owner.body.email },
    ]);
  });

  it('let a program upload and list letters with no cookie and no CSRF token, named in the history', async () => {
    const { id, program } = await makeApiKey(t.app, owner.agent, {
      name: 'ERP',
      permissions: ['create_letter', 'see_letters'],
    });
    const upload = await program.upload('/api/letters/files', 'invoice.pdf', await simpleLetterPdf(ADDRESS));
    expect(upload.statusCode, upload.body).toBe(201);
    const letterId = upload.json().uuid as string;
    const list = await program.get('/api/letters?tab=all');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((r: { uuid: string }) => r.uuid)).toContain(letterId);
    const history = await program.get(`/api/letters/${letterId}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain("Uploaded with API key 'ERP' of Jane Smith");
    // The letter is its creator's, as if they had uploaded it.
    const { rows } = await t.services.pool.query('select creator_id from letters where id = $1', [letterId]);
    expect(rows[0].creator_id).toBe(owner.me.user.id);
    const key = (await owner.agent.get('/api/api-keys')).json().keys.find((k: { id: string }) => k.id === id);
    expect(key.last_used_at).not.toBeNull();
    // What the key was not given stays refused, though its creator is the owner.
    expect((await program.get('/api/users')).statusCode).toBe(403);
    expect((await program.get('/api/audit')).statusCode).toBe(403);
    // GET /api/me says what the key may do, not what its creator may.
    const me = await program.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().abilities).toEqual(['create_letter', 'see_letters']);
  });

  it('let a program deliver a letter, paid from the balance and recorded as the key', async () => {
    await inTransaction(t.services.pool, (q) =>
      credit(q, {
        accountId: owner.me.account.id,
        actor: null,
        key: 'api-keys-seed',
        amount: 10_000,
        type: 'bank_transfer',
        description: 'seed',
      }),
    );
    const { program } = await makeApiKey(t.app, owner.agent, {
      name: 'Billing',
      permissions: ['create_letter', 'see_letters', 'send_letter', 'see_finances'],
    });
    const upload = await program.upload(
      '/api/letters/files?type=regular',
      'a.pdf',
      await ordinaryLetters()[0]!.bytes(),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    await t.runJobs();
    const id = upload.json().uuid as string;
    expect((await program.get(`/api/letters/${id}`)).json().status).toBe('Analysis Complete');
    const sent = await program.post('/api/letters/deliver', {
      uuid: id,
      preference_overrides: ['email'],
      recipient_email: 'ann.post@example.co.uk',
      subject: 'Your invoice',
      message_to_recipient: 'Please find your invoice attached.',
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const { rows } = await t.services.pool.query(
      'select requester_name, requested_by from letter_deliveries where letter_id = $1',
      [id],
    );
    expect(rows).toEqual([{ requester_name: "API key 'Billing' of Jane Smith", requested_by: owner.me.user.id }]);
    const ledger = await t.services.pool.query(
      `select distinct user_name from ledger_entries where account_id = $1 and user_id is not null`,
      [owner.me.account.id],
    );
    expect(ledger.rows.map((r) => r.user_name)).toContain("API key 'Billing' of Jane Smith");
    // The owner's full key opens the owner's routes; one with fewer permissions does not.
    const full = await makeApiKey(t.app, owner.agent, { permissions: [...ALL_PERMISSIONS] });
    expect((await full.program.get('/api/audit')).statusCode).toBe(200);
  });

  it('note their last use at most once a minute', async () => {
    const { id, program } = await makeApiKey(t.app, owner.agent, { permissions: ['see_letters'] });
    const lastUsed = async () =>
      (await t.services.pool.query('select last_used_at from api_keys where id = $1', [id])).rows[0]
        .last_used_at as Date | null;
    expect(await lastUsed()).toBeNull();
    await program.get('/api/letters');
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await program.get('/api/letters');
    expect(await lastUsed()).toEqual(first);
    await t.services.pool.query(`update api_keys set last_used_at = now() - interval '2 minutes' where id = $1`, [id]);
    const old = await lastUsed();
    await program.get('/api/letters');
    expect((await lastUsed())!.getTime()).toBeGreaterThan(old!.getTime());
  });

  it("refuse what the key lacks (403) and another company's letter (404)", async () => {
    const { program } = await makeApiKey(t.app, owner.agent, { permissions: ['create_parcel'] });
    expect((await program.get('/api/letters')).statusCode).toBe(403);
    const reader = await makeApiKey(t.app, owner.agent, { permissions: ['see_letters'] });
    const theirs = await other.agent.upload('/api/letters/files', 'theirs.pdf', await simpleLetterPdf(ADDRESS));
    expect(theirs.statusCode).toBe(201);
    expect((await reader.program.get(`/api/letters/${theirs.json().uuid}`)).statusCode).toBe(404);
  });

  it('answer 401 at once when revoked, expired, unknown, malformed or of the wrong mode', async () => {
    const a = await makeApiKey(t.app, owner.agent, { permissions: ['see_letters'] });
    expect((await a.program.get('/api/letters')).statusCode).toBe(200);
    expect((await owner.agent.delete(`/api/api-keys/${a.id}`)).statusCode).toBe(204);
    const refused = await a.program.get('/api/letters');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('UNAUTHENTICATED');

    const b = await makeApiKey(t.app, owner.agent, {
      permissions: ['see_letters'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await b.program.get('/api/letters')).statusCode).toBe(200);
    await t.services.pool.query(`update api_keys set expires_at = now() - interval '1 second' where id = $1`, [b.id]);
    expect((await b.program.get('/api/letters')).statusCode).toBe(401);

    const c = await makeApiKey(t.app, owner.agent, { permissions: ['see_letters'] });
    const [, , prefix, ...rest] = c.secret.split('_');
    const secret = rest.join('_');
    const wrongSecret = `lp_live_${prefix}_${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const header of [
      `Bearer ${wrongSecret}`,
      `Bearer lp_test_${prefix}_${secret}`,
      `Bearer lp_live_AAAAAAAAAAAA_${secret}`,
      'Bearer',
      'Bearer ',
      'Bearer lp_live_',
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      `Token ${c.secret}`,
      `Bearer ${c.secret} extra`,
      `Bearer ${c.secret}\u00e9`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/letters', headers: { authorization: header } });
      expect(res.statusCode, header).toBe(401);
    }
    // And a POST with a bad key is 401 too (not a CSRF refusal), changing nothing.
    const before = await count(t.services.pool, 'customers');
    const post = await new KeyAgent(t.app, wrongSecret).post('/api/customers', { name: 'Nobody' });
    expect(post.statusCode).toBe(401);
    expect(await count(t.services.pool, 'customers')).toBe(before);
  });

  it("follow their creator: a lost permission, a removed member or an invalid company closes the key's door", async () => {
    const member = await addMember(t, owner.me.account.id, {
      permissions: { administrative: ['manage_company', 'manage_recipients'], observable: ['see_letters'] },
    });
    const { program } = await makeApiKey(t.app, member.agent, { permissions: ['see_letters', 'manage_recipients'] });
    expect((await program.get('/api/letters')).statusCode).toBe(200);
    await t.services.pool.query(
      `update users set permissions = '{"administrative":["manage_company","manage_recipients"]}' where id = $1`,
      [member.userId],
    );
    expect((await program.get('/api/letters')).statusCode).toBe(403);
    expect((await program.post('/api/customers', { name: 'Still allowed' })).statusCode).toBe(201);
    await t.services.pool.query('update users set valid = false where id = $1', [member.userId]);
    expect((await program.post('/api/customers', { name: 'Gone' })).statusCode).toBe(401);

    const company = await signUpCompany(t.app);
    const k = await makeApiKey(t.app, company.agent, { permissions: ['see_letters'] });
    expect((await k.program.get('/api/letters')).statusCode).toBe(200);
    await t.services.pool.query('update accounts set valid = false where id = $1', [company.me.account.id]);
    expect((await k.program.get('/api/letters')).statusCode).toBe(401);
  });

  it('never hold more than their creator: 422 with the field, and nothing stored', async () => {
    const member = await addMember(t, owner.me.account.id, {
      permissions: { administrative: ['manage_company'], observable: ['see_letters'] },
    });
    const before = await count(t.services.pool, 'api_keys');
    const res = await member.agent.post('/api/api-keys', {
      name: 'Greedy',
      permissions: ['see_letters', 'top_up'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual([{ path: 'permissions.1', message: expect.stringContaining('do not hold') }]);
    expect(await count(t.services.pool, 'api_keys')).toBe(before);
    // A member without manage_company makes none.
    const plain = await addMember(t, owner.me.account.id, { permissions: { observable: ['see_letters'] } });
    expect((await plain.agent.post('/api/api-keys', { name: 'X', permissions: [] })).statusCode).toBe(403);
    expect((await plain.agent.get('/api/api-keys')).statusCode).toBe(403);
  });

  it('refuse hostile and wrong input with a 4xx, never a 5xx, storing nothing', async () => {
    const before = await count(t.services.pool, 'api_keys');
    const bodies: unknown[] = [
      { name: 'a\u0000b', permissions: [] },
      { name: 'x'.repeat(101), permissions: [] },
      { name: 'x'.repeat(100_000), permissions: [] },
      { name: '   ', permissions: [] },
      { name: 42, permissions: [] },
      { name: 'ok', permissions: 'see_letters' },
      { name: 'ok', permissions: [1, 2] },
      { name: 'ok', permissions: ['see_everything'] },
      { name: 'ok', permissions: ['__proto__'] },
      { name: 'ok', permissions: ['constructor'] },
      { name: 'ok', permissions: [], mode: 'prod' },
      { name: 'ok', permissions: [], expires_at: 'tomorrow' },
      { name: 'ok', permissions: [], expires_at: '2020-01-01' },
      { name: 'ok', permissions: [], expires_at: new Date(Date.now() + 3 * 365 * 86_400_000).toISOString() },
      { name: 'ok', permissions: [], extra: true },
      { name: 'ok', permissions: Array.from({ length: 101 }, () => 'see_letters') },
      [],
      'text',
    ];
    for (const body of bodies) {
      const res = await owner.agent.post('/api/api-keys', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    const unknown = await owner.agent.post('/api/api-keys', { name: 'ok', permissions: ['see_everything'] });
    expect(unknown.json().fields).toEqual([{ path: 'permissions.0', message: 'see_everything is not a permission.' }]);
    for (const id of ['%00', 'x'.repeat(101), "' or 1=1 --"]) {
      const res = await owner.agent.delete(`/api/api-keys/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    expect(await count(t.services.pool, 'api_keys')).toBe(before);
  });

  it('refuse the web-only routes to a key (403) and a cookie with a key (400)', async () => {
    const { program, secret } = await makeApiKey(t.app, owner.agent, { permissions: ['see_letters'] });
    const webOnly: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['POST', '/api/session', { email: owner.body.email, password: owner.body.password }],
      ['DELETE', '/api/session'],
      ['DELETE', '/api/sessions'],
      ['POST', '/api/me/password', { current_password: owner.body.password, new_password: 'another password 1' }],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys', { name: 'Child', permissions: [] }],
      ['GET', '/api/notifications/stream'],
    ];
    for (const [method, url, body] of webOnly) {
      const res = await program.request(method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    const both = await owner.agent.request('GET', '/api/letters', undefined, {
      authorization: `Bearer ${secret}`,
    });
    expect(both.statusCode).toBe(400);
    // A browser behind a password-protected staging site sends Basic credentials: still a browser,
    // signed in or signing in.
    const staging = { authorization: `Basic ${Buffer.from('staging:pw').toString('base64')}` };
    const basic = await owner.agent.request('GET', '/api/letters', undefined, staging);
    expect(basic.statusCode).toBe(200);
    const signIn = await new Agent(t.app).request(
      'POST',
      '/api/session',
      { email: owner.body.email, password: owner.body.password },
      staging,
    );
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it("show in the audit log as the key: API key 'ERP' of its creator", async () => {
    const { program, id } = await makeApiKey(t.app, owner.agent, { name: 'ERP', permissions: ['manage_company'] });
    const dep = await program.post('/api/departments', { departments: [{ name: 'Made by a program' }] });
    expect(dep.statusCode, dep.body).toBe(201);
    const audit = await owner.agent.get('/api/audit?limit=5');
    const entry = audit.json().rows.find((r: { action: string }) => r.action.startsWith('department'));
    expect(entry).toMatchObject({ actor_email: owner.body.email, actor_api_key: 'ERP' });
    const { rows } = await t.services.pool.query(
      `select actor_api_key_id from audit_log where entity_type = 'department' order by id desc limit 1`,
    );
    expect(rows[0].actor_api_key_id).toBe(id);
  });

  it('are described in the OpenAPI document: a bearer scheme beside the cookie on member routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/letters'].get.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.paths['/api/api-keys'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/session'].post.security).toEqual([]); // public: no scheme, said explicitly
  });
});
