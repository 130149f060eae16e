import { ACCOUNT_SETTINGS_TEXT, DEFAULT_LIST_PREFERENCES, MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../platform/auth.js';
import { type LiveEvent, onLocalPublish } from '../../platform/events.js';
import {
  Agent,
  addMember,
  createTestContext,
  databaseFingerprint,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const PROFILE = '/api/me/profile';
const PASSWORD = '/api/me/password';
const LISTS = '/api/me/list-preferences';

async function auditActions(userId: string) {
  const { rows } = await t.services.pool.query(
    `select action, entity_id, before, after from audit_log where entity_id = $1 and action like 'user.%' order by id`,
    [userId],
  );
  return rows;
}

describe('own profile', () => {
  it("answers the signed-in user's own profile, and saves name, job title and phone with an audit row", async () => {
    const { agent, body, me } = await signUpCompany(t.app, { fullName: 'Siân Owen' });
    const first = await agent.get(PROFILE);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      user_name: 'Siân Owen',
      email_address: body.email,
      job_title: '',
      phone_number: '',
    });

    const events: LiveEvent[] = [];
    const stop = onLocalPublish((e) => {
      if (e.accountId === me.account.id) events.push(e);
    });
    const res = await agent.request('PUT', PROFILE, {
      user_name: "  Siobhán O'Brien-Müller ",
      job_title: 'Head of Accounts & Payroll',
      phone_number: '07700 900 123',
    });
    stop();
    expect(events.map((e) => e.message)).toContainEqual({ type: 'refresh', entities: ['users'] });
    expect(res.statusCode, res.body).toBe(200);
    const saved = {
      user_name: "Siobhán O'Brien-Müller",
      email_address: body.email,
      job_title: 'Head of Accounts & Payroll',
      phone_number: '07700900123',
    };
    expect(res.json()).toEqual({ message: ACCOUNT_SETTINGS_TEXT.profileSaved, ...saved });
    expect((await agent.get(PROFILE)).json()).toEqual(saved);
    const session = (await agent.get('/api/me')).json();
    expect(session.user).toMatchObject({
      name: saved.user_name,
      firstName: 'Siobhán',
      jobTitle: saved.job_title,
      phoneNumber: saved.phone_number,
    });
    expect(await auditActions(me.user.id)).toEqual([
      {
        action: 'user.profile',
        entity_id: me.user.id,
        before: { user_name: 'Siân Owen', job_title: '', phone_number: '' },
        after: { user_name: saved.user_name, job_title: saved.job_title, phone_number: saved.phone_number },
      },
    ]);
  });

  it('takes an international UK number and clears job title and phone when sent empty', async () => {
    const { agent } = await signUpCompany(t.app);
    const put = (b: unknown) => agent.request('PUT', PROFILE, b);
    expect(
      (await put({ user_name: 'Zoë Ng', job_title: 'Clerk', phone_number: '+44 117 496 0123' })).json(),
    ).toMatchObject({
      phone_number: '+441174960123',
    });
    const cleared = await put({ user_name: 'Zoë Ng', job_title: '', phone_number: '' });
    expect(cleared.json()).toMatchObject({ job_title: '', phone_number: '' });
    // Absent job title and phone mean none, as on the invitation form.
    expect((await put({ user_name: 'Zoë Ng' })).json()).toMatchObject({ job_title: '', phone_number: '' });
  });

  it('refuses bad input with 422 and the spec messages, and changes nothing', async () => {
    const { agent } = await signUpCompany(t.app, { fullName: 'Ada Lovelace' });
    const cases: [unknown, string, string][] = [
      [{ user_name: '   ' }, 'user_name', MESSAGES.required],
      [{ user_name: 'x'.repeat(101) }, 'user_name', MESSAGES.maxLength(100)],
      [{ user_name: 'Ada', job_title: 'y'.repeat(101) }, 'job_title', MESSAGES.maxLength(100)],
      [{ user_name: 'Ada', phone_number: '12345' }, 'phone_number', MESSAGES.ukPhone],
      [{ user_name: 'Ada', phone_number: '+1 212 555 0100' }, 'phone_number', MESSAGES.ukPhone],
      [{ user_name: 'Ada', phone_number: '01234 5678901234' }, 'phone_number', MESSAGES.ukPhone],
      [{ user_name: 42 }, 'user_name', MESSAGES.required],
      [{ user_name: ['Ada'] }, 'user_name', MESSAGES.required],
      [{ user_name: 'Ada', phone_number: 7700900123 }, 'phone_number', ''],
      [{ user_name: 'Ada', job_title: { a: 1 } }, 'job_title', ''],
      [{ user_name: 'Ada\u0000Evil' }, 'user_name', 'Text must not contain the NUL character.'],
      [{ user_name: 'Ada', email_address: 'other@example.com' }, '', ''],
      [{ user_name: 'Ada', id: 'someone-else' }, '', ''],
      [{}, 'user_name', MESSAGES.required],
    ];
    for (const [body, path, message] of cases) {
      const before = await databaseFingerprint(t.services.pool);
      const res = await agent.request('PUT', PROFILE, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const answer = res.json();
      expect(answer.code).toBe('VALIDATION_FAILED');
      if (path) expect(answer.fields[0].path, JSON.stringify(body)).toBe(path);
      if (message) expect(answer.fields[0].message, JSON.stringify(body)).toBe(message);
      expect(await databaseFingerprint(t.services.pool), JSON.stringify(body)).toBe(before);
    }
    const notJson = await agent.request('PUT', PROFILE, '{"user_name":', { 'content-type': 'application/json' });
    expect(notJson.statusCode).toBe(400);
    const huge = await agent.request('PUT', PROFILE, { user_name: 'A'.repeat(5_000_000) });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect((await agent.get(PROFILE)).json().user_name).toBe('Ada Lovelace');
  });

  it("reaches only one's own profile: a colleague's save changes nothing of the owner's, and needs a session", async () => {
    const owner = await signUpCompany(t.app, { fullName: 'Owner Person' });
    const member = await addMember(t, owner.me.account.id, { name: 'Member Person' });
    const res = await member.agent.request('PUT', PROFILE, { user_name: 'Renamed Member', job_title: 'Clerk' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await member.agent.get(PROFILE)).json()).toMatchObject({
      user_name: 'Renamed Member',
      email_address: member.email,
    });
    expect((await owner.agent.get(PROFILE)).json()).toMatchObject({ user_name: 'Owner Person', job_title: '' });
    const anonymous = new Agent(t.app);
    expect((await anonymous.get(PROFILE)).statusCode).toBe(401);
    expect((await anonymous.request('PUT', PROFILE, { user_name: 'Nobody' })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('refuses a wrong current password with a clear 422 on that field and changes nothing', async () => {
    const { agent, body } = await signUpCompany(t.app);
    const before = await databaseFingerprint(t.services.pool);
    const res = await agent.post(PASSWORD, { current_password: 'not my password', new_password: 'a brand new secret' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: ACCOUNT_SETTINGS_TEXT.wrongCurrentPassword,
      fields: [{ path: 'current_password', message: ACCOUNT_SETTINGS_TEXT.wrongCurrentPassword }],
    });
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
    expect((await agent.get('/api/me')).statusCode).toBe(200);
    const again = new Agent(t.app);
    expect((await again.post('/api/session', { email: body.email, password: body.password })).statusCode).toBe(200);
  });

  it("applies the product's password rules to the new password", async () => {
    const { agent, body } = await signUpCompany(t.app);
    const cases: [unknown, string, string][] = [
      [{ current_password: body.password, new_password: 'short' }, 'new_password', MESSAGES.passwordMin],
      [{ current_password: body.password, new_password: '' }, 'new_password', MESSAGES.required],
      [{ current_password: body.password, new_password: 'p'.repeat(129) }, 'new_password', MESSAGES.maxLength(128)],
      [{ current_password: '', new_password: 'long enough now' }, 'current_password', MESSAGES.required],
      [
        { current_password: body.password, new_password: body.password },
        'new_password',
        ACCOUNT_SETTINGS_TEXT.samePassword,
      ],
      [{ current_password: body.password, new_password: 12345678 }, 'new_password', MESSAGES.required],
      [{ current_password: body.password }, 'new_password', MESSAGES.required],
    ];
    for (const [b, path, message] of cases) {
      const before = await databaseFingerprint(t.services.pool);
      const res = await agent.post(PASSWORD, b);
      expect(res.statusCode, JSON.stringify(b)).toBe(422);
      expect(res.json().fields[0], JSON.stringify(b)).toEqual({ path, message });
      expect(await databaseFingerprint(t.services.pool)).toBe(before);
    }
    const extra = await agent.post(PASSWORD, {
      current_password: body.password,
      new_password: 'long enough now',
      user_id: 'someone-else',
    });
    expect(extra.statusCode).toBe(422);
  });

  it('changes the password: other sessions end, this browser continues on a new cookie, the old password is refused', async () => {
    const { agent, body, me } = await signUpCompany(t.app);
    const colleague = await addMember(t, me.account.id);
    const elsewhere = new Agent(t.app);
    expect((await elsewhere.post('/api/session', { email: body.email, password: body.password })).statusCode).toBe(200);
    const cookieBefore = agent.getCookie(SESSION_COOKIE);

    const newPassword = "Ceci n'est pas 1 mot de passe";
    const res = await agent.post(PASSWORD, { current_password: body.password, new_password: newPassword });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_SETTINGS_TEXT.passwordChanged });
    expect(res.headers['x-session-changed']).toBe('1');
    expect(agent.getCookie(SESSION_COOKIE)).toBeTruthy();
    expect(agent.getCookie(SESSION_COOKIE)).not.toBe(cookieBefore);

    expect((await agent.get('/api/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);
    // The old cookie of this browser is one of the sessions that ended.
    const replay = new Agent(t.app);
    replay.setCookie(SESSION_COOKIE, cookieBefore!);
    expect((await replay.get('/api/me')).statusCode).toBe(401);
    // A colleague's session is not theirs to end.
    expect((await colleague.agent.get('/api/me')).statusCode).toBe(200);

    const old = await new Agent(t.app).post('/api/session', { email: body.email, password: body.password });
    expect(old.statusCode).toBe(401);
    const fresh = await new Agent(t.app).post('/api/session', { email: body.email, password: newPassword });
    expect(fresh.statusCode).toBe(200);
    // This browser goes on working, a state-changing call included (a new CSRF token for the new session).
    expect((await agent.request('PUT', PROFILE, { user_name: 'Still Here' })).statusCode).toBe(200);
    expect((await auditActions(me.user.id)).map((r) => r.action)).toContain('user.password_changed');
  });

  it('needs a session', async () => {
    const res = await new Agent(t.app).post(PASSWORD, { current_password: 'whatever1', new_password: 'whatever2' });
    expect(res.statusCode).toBe(401);
  });
});

describe('sign out everywhere', () => {
  it("ends every session of the user, this one included, and no colleague's", async () => {
    const { agent, body, me } = await signUpCompany(t.app);
    const colleague = await addMember(t, me.account.id);
    const elsewhere = new Agent(t.app);
    await elsewhere.post('/api/session', { email: body.email, password: body.password });
    const res = await agent.delete('/api/sessions');
    expect(res.statusCode).toBe(204);
    expect(agent.getCookie(SESSION_COOKIE)).toBeUndefined();
    expect((await agent.get('/api/me')).statusCode).toBe(401);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);
    expect((await colleague.agent.get('/api/me')).statusCode).toBe(200);
    const { rows } = await t.services.pool.query('select count(*)::int as n from sessions where user_id = $1', [
      me.user.id,
    ]);
    expect(rows[0].n).toBe(0);
  });
});

describe('list preferences', () => {
  it('answers every tab shown until chosen, saves the keys sent and keeps the others', async () => {
    const { agent, me } = await signUpCompany(t.app);
    expect((await agent.get(LISTS)).json()).toEqual(DEFAULT_LIST_PREFERENCES);
    const res = await agent.request('PUT', LISTS, { showSent: false, showFailed: false });
    expect(res.statusCode, res.body).toBe(200);
    const chosen = { showUploaded: true, showScheduled: true, showSent: false, showFailed: false };
    expect(res.json()).toEqual({ message: ACCOUNT_SETTINGS_TEXT.listsSaved, ...chosen });
    expect((await agent.get(LISTS)).json()).toEqual(chosen);
    const again = await agent.request('PUT', LISTS, { showFailed: true });
    expect(again.json()).toMatchObject({ showSent: false, showFailed: true });
    const { rows } = await t.services.pool.query('select list_preferences from users where id = $1', [me.user.id]);
    expect(rows[0].list_preferences).toEqual({ ...chosen, showFailed: true });
  });

  it('refuses keys outside the catalogue and values that are not booleans, and changes nothing', async () => {
    const { agent } = await signUpCompany(t.app);
    const cases: unknown[] = [
      { showTrash: false },
      { showSent: 'false' },
      { showSent: 0 },
      { showSent: null },
      { showSent: [false] },
      { letters: { showSent: false } },
      { 'show\u0000Sent': false },
      [{ showSent: false }],
      'showSent',
    ];
    for (const body of cases) {
      const before = await databaseFingerprint(t.services.pool);
      const res = await agent.request('PUT', LISTS, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(await databaseFingerprint(t.services.pool), JSON.stringify(body)).toBe(before);
    }
    expect((await agent.request('PUT', LISTS, { showTrash: false })).json().code).toBe('VALIDATION_FAILED');
    expect((await agent.get(LISTS)).json()).toEqual(DEFAULT_LIST_PREFERENCES);
  });

  it("keeps each user's own: a colleague's choice is not the owner's, and a stored value outside the catalogue is read as the default", async () => {
    const owner = await signUpCompany(t.app);
    const member = await addMember(t, owner.me.account.id);
    await member.agent.request('PUT', LISTS, { showScheduled: false });
    expect((await owner.agent.get(LISTS)).json()).toEqual(DEFAULT_LIST_PREFERENCES);
    expect((await member.agent.get(LISTS)).json()).toMatchObject({ showScheduled: false });
    await t.services.pool.query(
      `update users set list_preferences = '{"showSent": "no", "showFailed": false, "legacy": 1}' where id = $1`,
      [owner.me.user.id],
    );
    expect((await owner.agent.get(LISTS)).json()).toEqual({ ...DEFAULT_LIST_PREFERENCES, showFailed: false });
    await owner.agent.request('PUT', LISTS, { showUploaded: false });
    const { rows } = await t.services.pool.query('select list_preferences from users where id = $1', [
      owner.me.user.id,
    ]);
    expect(rows[0].list_preferences).toEqual({ ...DEFAULT_LIST_PREFERENCES, showFailed: false, showUploaded: false });
    expect((await new Agent(t.app).get(LISTS)).statusCode).toBe(401);
  });
});
