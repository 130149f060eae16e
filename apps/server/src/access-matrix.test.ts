import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Agent,
  addMember,
  createTestContext,
  databaseFingerprint,
  signUpCompany,
  type TestContext,
} from './test/harness.js';

/**
 * Generated from the route declarations: every member route refuses a caller without a session
 * (401), a member without its permission (403), and another company's record (404), and changes
 * nothing in the database when it does. Routes added later are covered automatically; a route
 * with a record in its path needs a fixture below (the test says which).
 */
let t: TestContext;
const fx: Record<string, string> = {};
let owner: Agent;
let bare: Agent;

beforeAll(async () => {
  t = await createTestContext();
  const a = await signUpCompany(t.app);
  owner = a.agent;
  await t.services.pool.query(`update accounts set current_plan = 'Business' where id = $1`, [a.me.account.id]);
  bare = (await addMember(t, a.me.account.id, { permissions: {} })).agent;

  // Company B and one record of each kind, which company A must not reach.
  const b = await signUpCompany(t.app);
  await t.services.pool.query(`update accounts set current_plan = 'Business' where id = $1`, [b.me.account.id]);
  const dep = await b.agent.post('/api/departments', { departments: [{ name: 'B Sales' }] });
  fx.department = dep.json().ids[0];
  const member = await addMember(t, b.me.account.id, {
    permissions: { administrative: ['manage_users'] },
    approvals: { administrative: ['manage_users'] },
  });
  fx.user = member.userId;
  const requested = await member.agent.post('/api/users', {
    user_name: 'Pending Person',
    email_address: 'pending-b@example.com',
    permissions: {},
  });
  expect(requested.statusCode).toBe(202);
  fx.approval = requested.json().approval_id;
  const { rows } = await t.services.pool.query('select id from notifications where account_id = $1 limit 1', [
    b.me.account.id,
  ]);
  fx.notification = rows[0].id;
  fx.letter = 'letter-of-b';
  await t.services.pool.query(
    `insert into letters (id, account_id, name, status, blob_key, size_bytes, document_type)
     values ($1, $2, 'b.pdf', 'Analysis Complete', 'letters/b.pdf', 10, 'merged')`,
    [fx.letter, b.me.account.id],
  );
  // Every fixture exists, so a 404 below means "not yours", never "no such id".
  for (const id of Object.values(fx)) expect(id, 'fixture id').toBeTruthy();
});
afterAll(() => t.close());

const byKind = { operational: [], observable: [], administrative: [] };
/** How to call a route on company B's record: the path and a body that would otherwise be valid. */
const recordCalls: Record<string, () => { url: string; body?: unknown }> = {
  'GET /api/users/:id': () => ({ url: `/api/users/${fx.user}` }),
  'PUT /api/users/:id': () => ({
    url: `/api/users/${fx.user}`,
    body: { roles: [], permissions: byKind, approvals: byKind, department: null, supervised_departments: [] },
  }),
  'DELETE /api/users/:id': () => ({ url: `/api/users/${fx.user}` }),
  'GET /api/users/:id/spending-cap': () => ({ url: `/api/users/${fx.user}/spending-cap` }),
  'PUT /api/users/:id/spending-cap': () => ({
    url: `/api/users/${fx.user}/spending-cap`,
    body: { cap: 100, override_cap: 0 },
  }),
  'GET /api/departments/:id': () => ({ url: `/api/departments/${fx.department}` }),
  'PUT /api/departments/:id': () => ({ url: `/api/departments/${fx.department}`, body: { name: 'Renamed' } }),
  'DELETE /api/departments/:id': () => ({ url: `/api/departments/${fx.department}` }),
  'DELETE /api/notifications/:id': () => ({ url: `/api/notifications/${fx.notification}` }),
  'GET /api/letters/:id': () => ({ url: `/api/letters/${fx.letter}` }),
  'GET /api/letters/:id/thumbnail': () => ({ url: `/api/letters/${fx.letter}/thumbnail` }),
  'GET /api/letters/:id/file': () => ({ url: `/api/letters/${fx.letter}/file` }),
  'GET /api/letters/:id/metadata': () => ({ url: `/api/letters/${fx.letter}/metadata` }),
  'GET /api/letters/:id/history': () => ({ url: `/api/letters/${fx.letter}/history` }),
  'POST /api/letters/:id/split': () => ({ url: `/api/letters/${fx.letter}/split` }),
  'GET /api/letters/:id/split': () => ({ url: `/api/letters/${fx.letter}/split` }),
  'POST /api/letters/:id/split/confirm': () => ({
    url: `/api/letters/${fx.letter}/split/confirm`,
    body: { starts: [1, 2] },
  }),
  'POST /api/letters/trash': () => ({ url: '/api/letters/trash', body: { uuids: [fx.letter] } }),
  'POST /api/letters/restore': () => ({ url: '/api/letters/restore', body: { uuids: [fx.letter] } }),
  'POST /api/letters/delete-permanently': () => ({
    url: '/api/letters/delete-permanently',
    body: { uuids: [fx.letter] },
  }),
  'PATCH /api/letters/processed': () => ({ url: '/api/letters/processed', body: { letter_ids: [fx.letter] } }),
  'POST /api/approvals/decide': () => ({
    url: '/api/approvals/decide',
    body: { approval_id: fx.approval, verdict: 'approve' },
  }),
};
/** Routes that act on a record named in the body rather than the path. */
const bodyRecordRoutes = new Set([
  'POST /api/approvals/decide',
  'POST /api/letters/trash',
  'POST /api/letters/restore',
  'POST /api/letters/delete-permanently',
  'PATCH /api/letters/processed',
]);

const concrete = (url: string) => url.replace(/:(\w+)/g, 'x');

describe('access matrix', () => {
  it('covers every member route', () => {
    const routes = t.app.routeCatalogue.filter((r) => r.access.kind === 'member');
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      if (r.url.includes(':') || bodyRecordRoutes.has(key))
        expect(recordCalls[key], `add a fixture for ${key}`).toBeDefined();
    }
  });

  it('answers 401 without a session and changes nothing', async () => {
    const anonymous = new Agent(t.app);
    for (const r of t.app.routeCatalogue.filter((x) => x.access.kind === 'member')) {
      const before = await databaseFingerprint(t.services.pool);
      const res = await anonymous.request(
        r.method as 'GET',
        concrete(r.url),
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      );
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(await databaseFingerprint(t.services.pool), `${r.method} ${r.url}`).toBe(before);
    }
  });

  it('answers 403 to a member without the permission and changes nothing', async () => {
    const gated = t.app.routeCatalogue.filter(
      (x) => x.access.kind === 'member' && ((x.access.anyOf?.length ?? 0) > 0 || x.access.ownerOnly),
    );
    expect(gated.length).toBeGreaterThan(8);
    for (const r of gated) {
      const before = await databaseFingerprint(t.services.pool);
      const res = await bare.request(
        r.method as 'GET',
        concrete(r.url),
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      );
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(await databaseFingerprint(t.services.pool), `${r.method} ${r.url}`).toBe(before);
    }
  });

  it("answers 404 for another company's record and changes nothing", async () => {
    for (const [key, call] of Object.entries(recordCalls)) {
      const [method] = key.split(' ');
      const { url, body } = call();
      const before = await databaseFingerprint(t.services.pool);
      const res = await owner.request(method as 'GET', url, body);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(404);
      expect(await databaseFingerprint(t.services.pool), key).toBe(before);
    }
  });
});
