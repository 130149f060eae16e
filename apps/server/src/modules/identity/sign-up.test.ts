import { ALL_PERMISSIONS, MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, count, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const valid = {
  companyName: 'Acme Ltd',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'analytical engine',
};

describe('POST /api/signup', () => {
  it('creates the company and its owner with every permission, signed in', async () => {
    const agent = new Agent(t.app);
    const res = await agent.post('/api/signup', valid);
    expect(res.statusCode).toBe(201);
    const me = res.json();
    expect(me.user).toMatchObject({
      name: 'Ada Lovelace',
      firstName: 'Ada',
      email: 'ada@example.com',
      roles: ['owner'],
      acceptedInvite: true,
    });
    expect(me.account).toMatchObject({
      name: 'Acme Ltd',
      currentPlan: 'Basic',
      health: { status: 'active', reason: null },
      valid: true,
    });
    expect(me.abilities).toEqual(ALL_PERMISSIONS);
    const cookie = res.headers['set-cookie'];
    expect(String(cookie)).toMatch(/lp\.session_token=.*HttpOnly/i);
    expect(String(cookie)).toMatch(/SameSite=Lax/i);
    const again = await agent.get('/api/me');
    expect(again.statusCode).toBe(200);
    expect(again.json().user.email).toBe('ada@example.com');
    const { rows } = await t.services.pool.query(
      'select password from auth_accounts a join users u on u.id = a.user_id where u.email = $1',
      ['ada@example.com'],
    );
    expect(rows[0].password).toMatch(/^\$argon2id\$/);
  });

  it('answers an existing email, in any case, with the spec notice and changes nothing', async () => {
    const before = await count(t.services.pool, 'accounts');
    const res = await new Agent(t.app).post('/api/signup', {
      ...valid,
      email: 'ADA@Example.com',
      companyName: 'Other',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ALREADY_REGISTERED', message: MESSAGES.alreadyRegistered });
    expect(await count(t.services.pool, 'accounts')).toBe(before);
  });

  it('gives one account when the same email signs up twice at once', async () => {
    const body = { ...valid, email: 'twice@example.com' };
    const [a, b] = await Promise.all([
      new Agent(t.app).post('/api/signup', body),
      new Agent(t.app).post('/api/signup', body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const { rows } = await t.services.pool.query('select count(*)::int as n from users where email = $1', [
      'twice@example.com',
    ]);
    expect(rows[0].n).toBe(1);
  });

  it.each([
    [{ ...valid, password: 'short' }, 'password', MESSAGES.passwordMin],
    [{ ...valid, email: 'nope' }, 'email', MESSAGES.email],
    [{ ...valid, companyName: '  ' }, 'companyName', MESSAGES.required],
    [{ ...valid, fullName: undefined }, 'fullName', MESSAGES.required],
  ])('refuses invalid input %# with the spec message and changes nothing', async (body, field, message) => {
    const users = await count(t.services.pool, 'users');
    const res = await new Agent(t.app).post('/api/signup', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().fields).toContainEqual({ path: field, message });
    expect(await count(t.services.pool, 'users')).toBe(users);
  });

  it('refuses unknown fields', async () => {
    const res = await new Agent(t.app).post('/api/signup', { ...valid, email: 'x@example.com', roles: ['owner'] });
    expect(res.statusCode).toBe(422);
    expect(await count(t.services.pool, 'users')).toBeGreaterThan(0);
    const { rows } = await t.services.pool.query('select 1 from users where email = $1', ['x@example.com']);
    expect(rows).toHaveLength(0);
  });

  it('refuses malformed JSON with 400 and oversized bodies with 413', async () => {
    const agent = new Agent(t.app);
    const bad = await agent.post('/api/signup', '{"companyName": ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_JSON');
    const huge = await agent.post('/api/signup', { ...valid, companyName: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('BODY_TOO_LARGE');
  });

  it('refuses a state-changing call without the CSRF token', async () => {
    const users = await count(t.services.pool, 'users');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { ...valid, email: 'csrf@example.com' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_INVALID');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'x-csrf-token': 'forged-token-value' },
      payload: { ...valid, email: 'csrf@example.com' },
    });
    expect(forged.statusCode).toBe(403);
    expect(await count(t.services.pool, 'users')).toBe(users);
  });

  it('keeps companies apart', async () => {
    const a = await signUpCompany(t.app);
    const b = await signUpCompany(t.app);
    expect(a.me.account.id).not.toBe(b.me.account.id);
    expect((await a.agent.get('/api/me')).json().account.id).toBe(a.me.account.id);
  });
});
