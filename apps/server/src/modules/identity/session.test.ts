import { MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { SESSION_COOKIE } from '../../platform/auth.js';
import { loadConfig } from '../../platform/config.js';
import { Agent, count, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('sign in and out', () => {
  it('signs in with the right password, records the sign-in and welcomes by first name', async () => {
    const { body } = await signUpCompany(t.app, { fullName: 'Grace Brewster Hopper' });
    const agent = new Agent(t.app);
    const before = await count(t.services.pool, 'sign_in_events');
    const res = await agent.post('/api/session', { email: body.email.toUpperCase(), password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.firstName).toBe('Grace');
    expect(await count(t.services.pool, 'sign_in_events')).toBe(before + 1);
    expect((await agent.get('/api/me')).statusCode).toBe(200);
  });

  it('refuses a wrong password with "Permission denied" and creates no session', async () => {
    const { body } = await signUpCompany(t.app);
    const sessions = await count(t.services.pool, 'sessions');
    const res = await new Agent(t.app).post('/api/session', { email: body.email, password: 'not the password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: MESSAGES.permissionDenied });
    expect(await count(t.services.pool, 'sessions')).toBe(sessions);
  });

  it('gives the same answer for an unknown email', async () => {
    const res = await new Agent(t.app).post('/api/session', { email: 'nobody@example.com', password: 'whatever1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.permissionDenied);
  });

  it('signs out: the cookie is cleared and the session no longer opens anything', async () => {
    const { agent } = await signUpCompany(t.app);
    const token = agent.getCookie(SESSION_COOKIE)!;
    const res = await agent.delete('/api/session');
    expect(res.statusCode).toBe(204);
    expect(agent.getCookie(SESSION_COOKIE)).toBeUndefined();
    const replay = new Agent(t.app);
    replay.setCookie(SESSION_COOKIE, token);
    expect((await replay.get('/api/me')).statusCode).toBe(401);
  });

  it('revokes every session of the user at once', async () => {
    const { agent, body } = await signUpCompany(t.app);
    const other = new Agent(t.app);
    await other.post('/api/session', { email: body.email, password: body.password });
    expect((await other.get('/api/me')).statusCode).toBe(200);
    expect((await agent.delete('/api/sessions')).statusCode).toBe(204);
    expect((await other.get('/api/me')).statusCode).toBe(401);
    expect((await agent.get('/api/me')).statusCode).toBe(401);
  });

  it('refuses a tampered or forged session cookie', async () => {
    const { agent } = await signUpCompany(t.app);
    const value = decodeURIComponent(agent.getCookie(SESSION_COOKIE)!);
    const [token, signature] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)];
    const cases = [
      `${token}x.${signature}`,
      `${token}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      token,
      'garbage',
      '%E0%A4%A',
    ];
    for (const forged of cases) {
      const a = new Agent(t.app);
      a.setCookie(SESSION_COOKIE, forged.includes('%') ? forged : encodeURIComponent(forged));
      const res = await a.get('/api/me');
      expect(res.statusCode, forged).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a session whose user lost their company', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await t.services.pool.query('update accounts set valid = false where id = $1', [me.account.id]);
    expect((await agent.get('/api/me')).statusCode).toBe(401);
  });

  it('refuses sign-in for a member of an invalid company and removes the session just made', async () => {
    const { body, me } = await signUpCompany(t.app);
    await t.services.pool.query('update accounts set valid = false where id = $1', [me.account.id]);
    const sessions = await count(t.services.pool, 'sessions');
    const res = await new Agent(t.app).post('/api/session', { email: body.email, password: body.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.permissionDenied);
    expect(await count(t.services.pool, 'sessions')).toBe(sessions);
  });

  it('answers 404 NOT_REGISTERED when the identity holds but no company has the user, keeping no session', async () => {
    // A sign-up whose company was never made: the identity exists, the user lookup finds no member.
    const { body, me } = await signUpCompany(t.app, { fullName: "Zoë O'Connell" });
    await t.services.pool.query('update users set account_id = null where id = $1', [me.user.id]);
    const sessions = await count(t.services.pool, 'sessions');
    const agent = new Agent(t.app);
    const res = await agent.post('/api/session', { email: body.email, password: body.password });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_REGISTERED', message: MESSAGES.notRegistered });
    expect(await count(t.services.pool, 'sessions')).toBe(sessions);
    expect(agent.getCookie(SESSION_COOKIE)).toBeUndefined();
    expect((await agent.get('/api/me')).statusCode).toBe(401);
    // Only the right password reaches the lookup: a wrong one says nothing about the email.
    const wrong = await new Agent(t.app).post('/api/session', { email: body.email, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers first_time true on the first sign-in only, then false for good', async () => {
    // Sign-up is the owner's first sign-in: its answer says first time, the session's next read does not.
    const { agent, body, me } = await signUpCompany(t.app, { fullName: 'Élodie Brontë' });
    expect((me.user as { firstTime?: boolean }).firstTime).toBe(true);
    expect((await agent.get('/api/me')).json().user.firstTime).toBe(false);
    const again = await new Agent(t.app).post('/api/session', { email: body.email, password: body.password });
    expect(again.json().user.firstTime).toBe(false);
    // A user whose first sign-in is through the sign-in form (first_time still true) sees it once.
    await t.services.pool.query('update users set first_time = true where id = $1', [me.user.id]);
    const first = await new Agent(t.app).post('/api/session', { email: body.email, password: body.password });
    expect(first.json().user.firstTime).toBe(true);
    const second = await new Agent(t.app).post('/api/session', { email: body.email, password: body.password });
    expect(second.json().user.firstTime).toBe(false);
    const { rows } = await t.services.pool.query('select first_time from users where id = $1', [me.user.id]);
    expect(rows[0].first_time).toBe(false);
  });

  it('slides a session older than a day and renews the cookie', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await t.services.pool.query(
      `update sessions set updated_at = now() - interval '2 days', expires_at = now() + interval '5 days' where user_id = $1`,
      [me.user.id],
    );
    const res = await agent.get('/api/me');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
    const { rows } = await t.services.pool.query(
      `select expires_at > now() + interval '6 days' as renewed from sessions where user_id = $1`,
      [me.user.id],
    );
    expect(rows[0].renewed).toBe(true);
  });

  it('refuses an expired session', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await t.services.pool.query(`update sessions set expires_at = now() - interval '1 second' where user_id = $1`, [
      me.user.id,
    ]);
    expect((await agent.get('/api/me')).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per client address', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT: '3' });
    try {
      const agent = new Agent(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1)
        codes.push((await agent.post('/api/session', { email: 'a@example.com', password: 'wrongpass' })).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const res = await agent.post('/api/session', { email: 'a@example.com', password: 'wrongpass' });
      expect(res.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('believes no X-Forwarded-For unless TRUST_PROXY names the proxy, in production too', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT: '3', NODE_ENV: 'production', SERVE_WEB: 'false' });
    try {
      const agent = new Agent(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await agent.post(
          '/api/session',
          { email: `guess${i}@example.com`, password: 'wrongpass' },
          { 'x-forwarded-for': `203.0.113.${i + 1}` },
        );
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('behind a named proxy counts per forwarded address, and an account per account whatever the address', async () => {
    const limited = await createTestContext({
      AUTH_RATE_LIMIT: '3',
      ACCOUNT_SIGN_IN_FAILURES: '4',
      TRUST_PROXY: 'loopback',
    });
    try {
      const { body } = await signUpCompany(limited.app);
      const attempt = (i: number, email: string, password: string) =>
        new Agent(limited.app).post('/api/session', { email, password }, { 'x-forwarded-for': `198.51.100.${i + 1}` });
      const codes: number[] = [];
      // Each guess from an address of its own: the address limit (3) never trips, the account's (4) does.
      for (let i = 0; i < 6; i += 1) codes.push((await attempt(i, body.email.toUpperCase(), 'wrongpass')).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
      // The right password waits out the window too; another account is not held up.
      expect((await attempt(10, body.email, body.password)).statusCode).toBe(429);
      const other = await signUpCompany(limited.app);
      expect((await attempt(11, other.body.email, other.body.password)).statusCode).toBe(200);
      // Each forwarded address has its own count (3 a minute): a fourth from one address is refused.
      const same: number[] = [];
      for (let i = 0; i < 4; i += 1) same.push((await attempt(20, `someone${i}@example.com`, 'wrongpass')).statusCode);
      expect(same).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('a success clears the account count', async () => {
    const limited = await createTestContext({ ACCOUNT_SIGN_IN_FAILURES: '3' });
    try {
      const { body } = await signUpCompany(limited.app);
      const agent = new Agent(limited.app);
      for (let round = 0; round < 3; round += 1) {
        expect((await agent.post('/api/session', { email: body.email, password: 'wrongpass' })).statusCode).toBe(401);
        expect((await agent.post('/api/session', { email: body.email, password: 'wrongpass' })).statusCode).toBe(401);
        expect((await agent.post('/api/session', { email: body.email, password: body.password })).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('holds across server processes: the count lives in the database they share', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT: '3' });
    const second = await buildApp({ ...limited.services, config: limited.config });
    await second.ready();
    try {
      const agents = [new Agent(limited.app), new Agent(second)];
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await agents[i % 2]!.post('/api/session', {
          email: `spread${i}@example.com`,
          password: 'wrongpass',
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
    } finally {
      await second.close();
      await limited.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  const base = { DATA_DIR: '/tmp/lp-config-test', AUTH_SECRET: 'x'.repeat(40) };
  it('is off by default and takes a hop count or a list of addresses', () => {
    expect(loadConfig(base).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, loopback,192.0.2.7' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'loopback',
      '192.0.2.7',
    ]);
  });
  it('refuses "trust everyone" and what is not an address', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  });
});
