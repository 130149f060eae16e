import { INTEGRATION_MESSAGES, MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { connect, consent } from '../../test/integrations.js';

let t: TestContext;
let owner: Agent;
let accountId: string;
let other: Agent;
let otherAccount: string;

const setPlan = (id: string, plan: string) =>
  t.services.pool.query('update accounts set current_plan = $2 where id = $1', [id, plan]);

beforeAll(async () => {
  t = await createTestContext();
  const a = await signUpCompany(t.app, { companyName: "O'Hara & Daughters Ltd" });
  owner = a.agent;
  accountId = a.me.account.id;
  await setPlan(accountId, 'Pro');
  const b = await signUpCompany(t.app);
  other = b.agent;
  otherAccount = b.me.account.id;
  await setPlan(otherAccount, 'Pro');
});
afterAll(() => t.close());

describe('listing', () => {
  it('lists the six providers with what the plan allows, none connected', async () => {
    await setPlan(accountId, 'Business');
    const res = await owner.get('/api/integrations');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().integrations as Array<Record<string, unknown>>;
    expect(list.map((i) => i.provider)).toEqual(['xero', 'quickbooks', 'sage', 'google_drive', 'dropbox', 'onedrive']);
    expect(list.find((i) => i.provider === 'xero')).toMatchObject({
      name: 'Xero',
      kind: 'accounting',
      connected: false,
      status: null,
      plan_allows: false,
      snakeCaseProviderName: 'xero',
    });
    expect(list.find((i) => i.provider === 'dropbox')).toMatchObject({ kind: 'cloud', plan_allows: true });
    await setPlan(accountId, 'Pro');
  });

  it('needs manage_integrations', async () => {
    const member = await addMember(t, accountId, { permissions: { administrative: ['manage_recipients'] } });
    expect((await member.agent.get('/api/integrations')).statusCode).toBe(403);
    expect((await member.agent.post('/api/integrations/xero/connect')).statusCode).toBe(403);
  });
});

describe('connecting', () => {
  it('refuses a plan without the feature with 426 and the upgrade text', async () => {
    await setPlan(accountId, 'Basic');
    for (const call of [
      () => owner.post('/api/integrations/xero/connect'),
      () => owner.post('/api/integrations/google_drive/connect'),
      () => owner.post('/api/integrations/check', { provider: 'xero' }),
      () => owner.get('/api/integrations/xero/contacts'),
    ]) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(426);
      expect(res.json().message).toBe(MESSAGES.upgradePlan);
    }
    await setPlan(accountId, 'Business');
    // Business has cloud drives but not accounting.
    expect((await owner.post('/api/integrations/xero/connect')).statusCode).toBe(426);
    expect((await owner.post('/api/integrations/dropbox/connect')).statusCode).toBe(200);
    await setPlan(accountId, 'Pro');
  });

  it('answers 404 for an unknown provider', async () => {
    expect((await owner.post('/api/integrations/myob/connect')).statusCode).toBe(404);
    expect((await owner.post('/api/integrations/check', { provider: 'myob' })).statusCode).toBe(404);
    expect((await owner.get('/api/integrations/myob/contacts')).statusCode).toBe(404);
    expect((await owner.get('/api/integrations/dropbox/contacts')).statusCode).toBe(404);
    expect((await owner.delete('/api/integrations/myob')).statusCode).toBe(404);
  });

  it('sends the browser to the consent page with state and PKCE, and back with a code', async () => {
    const { url, page, query, back } = await consent(t, owner, 'xero');
    const u = new URL(url);
    expect(u.pathname).toBe('/api/integrations/sandbox/xero/authorize');
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.searchParams.get('scope')).toContain('offline_access');
    expect(u.searchParams.get('redirect_uri')).toBe('http://localhost:3000/xeroRedirect');
    expect(page).toContain('Allow access');
    expect(page).toContain('Deny');
    expect(page).toContain('<html lang="en-GB">');
    expect(back.pathname).toBe('/xeroRedirect');
    expect(query.state).toBe(u.searchParams.get('state'));
    expect(query.code).toBeTruthy();
  });

  it('connects Xero: connect → consent → redirect → connected, with the demo organisation', async () => {
    const done = await connect(t, owner, 'xero');
    expect(done).toMatchObject({
      provider: 'xero',
      connected: true,
      message: INTEGRATION_MESSAGES.connected('Xero'),
      tenant_name: 'Demo Company (UK)',
    });
    const list = (await owner.get('/api/integrations')).json().integrations;
    expect(list.find((i: { provider: string }) => i.provider === 'xero')).toMatchObject({
      connected: true,
      status: 'connected',
      tenant_name: 'Demo Company (UK)',
    });
    const check = await owner.post('/api/integrations/check', { provider: 'xero' });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({ provider: 'xero', connected: true, status: 'connected', message: null });
  });

  it('connects QuickBooks with the realm returned beside the code', async () => {
    const { query } = await consent(t, owner, 'quickbooks');
    expect(query.realmId).toMatch(/^\d{16}$/);
    // No PKCE for Intuit: the state alone binds the return.
    const res = await owner.post('/api/integrations/quickbooks/redirect', {
      auth_code: query.code,
      state: query.state,
      additional_info: query.realmId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.services.pool.query(
      'select tenant_id from integrations where account_id = $1 and provider = $2',
      [accountId, 'quickbooks'],
    );
    expect(rows[0].tenant_id).toBe(query.realmId);
  });

  it('connects Sage, Google Drive, Dropbox and OneDrive', async () => {
    for (const provider of ['sage', 'google_drive', 'dropbox', 'onedrive'] as const) {
      const done = await connect(t, owner, provider);
      expect(done.connected, provider).toBe(true);
      const check = await owner.post('/api/integrations/check', { provider });
      expect(check.json(), provider).toMatchObject({ connected: true, status: 'connected' });
    }
  });

  it('answers a denial with 400 and stores nothing', async () => {
    const company = await signUpCompany(t.app);
    await setPlan(company.me.account.id, 'Pro');
    const { query } = await consent(t, company.agent, 'sage', 'deny');
    expect(query.error).toBe('access_denied');
    const res = await company.agent.post('/api/integrations/sage/redirect', { state: query.state, error: query.error });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INTEGRATION_MESSAGES.denied('Sage'));
    const { rows } = await t.services.pool.query('select count(*)::int as n from integrations where account_id = $1', [
      company.me.account.id,
    ]);
    expect(rows[0].n).toBe(0);
    // The attempt is over: its state does not work afterwards.
    const again = await company.agent.post('/api/integrations/sage/redirect', { auth_code: 'x', state: query.state });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a replayed, an expired, another company’s and another provider’s state', async () => {
    const { query } = await consent(t, owner, 'xero');
    // Another company presenting this state: not theirs (and it stays usable by its owner).
    const foreign = await other.post('/api/integrations/xero/redirect', { auth_code: query.code, state: query.state });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(INTEGRATION_MESSAGES.stateInvalid);
    // The same company, another provider's return.
    const wrong = await owner.post('/api/integrations/sage/redirect', { auth_code: query.code, state: query.state });
    expect(wrong.statusCode).toBe(404);
    const first = await owner.post('/api/integrations/xero/redirect', { auth_code: query.code, state: query.state });
    expect(first.statusCode, first.body).toBe(200);
    const replay = await owner.post('/api/integrations/xero/redirect', { auth_code: query.code, state: query.state });
    expect(replay.statusCode).toBe(404);
    expect(replay.json().message).toBe(INTEGRATION_MESSAGES.stateInvalid);

    const late = await consent(t, owner, 'xero');
    await t.services.pool.query(
      "update integration_oauth_states set created_at = now() - interval '11 minutes' where state = $1",
      [late.query.state],
    );
    const expired = await owner.post('/api/integrations/xero/redirect', {
      auth_code: late.query.code,
      state: late.query.state,
    });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(INTEGRATION_MESSAGES.stateInvalid);
  });

  it('refuses a code exchanged twice, and a code with a forged verifier, at the token endpoint', async () => {
    const { query } = await consent(t, owner, 'xero');
    const redirectUri = 'http://localhost:3000/xeroRedirect';
    const p = t.app.integrations.providers.xero;
    const basic = `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString('base64')}`;
    const token = (form: Record<string, string>, authorization = basic) =>
      t.app.inject({
        method: 'POST',
        url: '/api/integrations/sandbox/xero/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
        payload: new URLSearchParams(form).toString(),
      });
    const forged = await token({
      grant_type: 'authorization_code',
      code: query.code!,
      redirect_uri: redirectUri,
      code_verifier: 'a'.repeat(43),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('invalid_grant');
    const noClient = await token(
      { grant_type: 'authorization_code', code: query.code!, redirect_uri: redirectUri },
      `Basic ${Buffer.from(`${p.clientId}:wrong`).toString('base64')}`,
    );
    expect(noClient.statusCode).toBe(401);
    expect(noClient.json().error).toBe('invalid_client');
  });
});

describe('tokens at rest', () => {
  it('keeps no token in clear in the integrations table', async () => {
    const { rows } = await t.services.pool.query(
      "select i.*, i::text as dump from integrations i where account_id = $1 and provider = 'xero'",
      [accountId],
    );
    const row = rows[0];
    const tokens = t.app.integrations.openTokens(accountId, 'xero', row.tokens_sealed);
    expect(tokens.accessToken.length).toBeGreaterThan(40);
    const dump = (await t.services.pool.query("select string_agg(i::text, ' ') as d from integrations i")).rows[0]
      ?.d as string;
    for (const secret of [tokens.accessToken, tokens.refreshToken, tokens.accessToken.split('.')[2]!]) {
      expect(dump).not.toContain(secret);
      expect(row.dump).not.toContain(secret);
    }
    expect(row.tokens_sealed).toMatch(/^auth\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    // Sealed for this company and provider: copied to another row it does not open.
    expect(() => t.app.integrations.openTokens(otherAccount, 'xero', row.tokens_sealed)).toThrow();
    // Nor does any answer carry it.
    const answers = [
      await owner.get('/api/integrations'),
      await owner.post('/api/integrations/check', { provider: 'xero' }),
    ];
    for (const a of answers) expect(a.body).not.toContain(tokens.refreshToken);
  });
});

describe('refreshing and revocation', () => {
  it('refreshes a token close to expiry before a call, once for two calls at once', async () => {
    const before = (
      await t.services.pool.query(
        "select tokens_sealed from integrations where account_id = $1 and provider = 'sage'",
        [accountId],
      )
    ).rows[0].tokens_sealed;
    const old = t.app.integrations.openTokens(accountId, 'sage', before);
    await t.services.pool.query(
      "update integrations set tokens_sealed = $2 where account_id = $1 and provider = 'sage'",
      [accountId, t.app.integrations.sealTokens(accountId, 'sage', { ...old, expiresAt: Date.now() + 1000 })],
    );
    // Sage rotates its refresh tokens: two refreshes of one token would see the second refused.
    const [a, b] = await Promise.all([
      owner.post('/api/integrations/check', { provider: 'sage' }),
      owner.get('/api/integrations/sage/contacts'),
    ]);
    expect(a.json(), a.body).toMatchObject({ connected: true });
    expect(b.statusCode, b.body).toBe(200);
    const after = (
      await t.services.pool.query(
        "select tokens_sealed, access_expires_at, status from integrations where account_id = $1 and provider = 'sage'",
        [accountId],
      )
    ).rows[0];
    const fresh = t.app.integrations.openTokens(accountId, 'sage', after.tokens_sealed);
    expect(fresh.refreshToken).not.toBe(old.refreshToken);
    expect(fresh.expiresAt).toBeGreaterThan(Date.now() + 60_000);
    expect(after.status).toBe('connected');
  });

  it('refreshes and tries again when the provider refuses an access token it thought was fresh', async () => {
    const read = async () =>
      (
        await t.services.pool.query(
          "select tokens_sealed from integrations where account_id = $1 and provider = 'xero'",
          [accountId],
        )
      ).rows[0].tokens_sealed as string;
    const stored = t.app.integrations.openTokens(accountId, 'xero', await read());
    // The provider expired it early (a clock apart, a revoked session): far from expiry by our records.
    await t.services.pool.query(
      "update integrations set tokens_sealed = $2 where account_id = $1 and provider = 'xero'",
      [
        accountId,
        t.app.integrations.sealTokens(accountId, 'xero', {
          ...stored,
          accessToken: 'refused.by.xero',
          expiresAt: Date.now() + 3_600_000,
        }),
      ],
    );
    const res = await owner.get('/api/integrations/xero/contacts');
    expect(res.statusCode, res.body).toBe(200);
    const after = t.app.integrations.openTokens(accountId, 'xero', await read());
    expect(after.accessToken).not.toBe('refused.by.xero');
    expect(after.refreshToken).not.toBe(stored.refreshToken);
  });

  it('marks a connection whose refresh the provider refuses as revoked (Reconnect), and reconnecting mends it', async () => {
    const company = await signUpCompany(t.app);
    const id = company.me.account.id;
    await setPlan(id, 'Pro');
    await connect(t, company.agent, 'quickbooks');
    const sealed = (
      await t.services.pool.query(
        "select tokens_sealed from integrations where account_id = $1 and provider = 'quickbooks'",
        [id],
      )
    ).rows[0].tokens_sealed;
    const tokens = t.app.integrations.openTokens(id, 'quickbooks', sealed);
    // The user removes the app in QuickBooks: its grant is revoked there.
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/sandbox/quickbooks/revoke',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: tokens.refreshToken }),
    });
    expect(revoked.statusCode).toBe(200);
    const check = await company.agent.post('/api/integrations/check', { provider: 'quickbooks' });
    expect(check.json()).toEqual({
      provider: 'quickbooks',
      connected: false,
      status: 'revoked',
      message: INTEGRATION_MESSAGES.revoked('QuickBooks'),
    });
    const list = (await company.agent.get('/api/integrations')).json().integrations;
    expect(list.find((i: { provider: string }) => i.provider === 'quickbooks')).toMatchObject({
      connected: false,
      status: 'revoked',
    });
    const contacts = await company.agent.get('/api/integrations/quickbooks/contacts');
    expect(contacts.statusCode).toBe(409);
    expect(contacts.json().message).toBe(INTEGRATION_MESSAGES.revoked('QuickBooks'));
    await connect(t, company.agent, 'quickbooks');
    expect((await company.agent.post('/api/integrations/check', { provider: 'quickbooks' })).json().status).toBe(
      'connected',
    );
  });
});

describe('auto-sync and disconnecting', () => {
  it('turns auto-sync on and off for a connected provider only', async () => {
    const on = await owner.request('PUT', '/api/integrations/dropbox/auto-sync', { sync: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({
      provider: 'dropbox',
      auto_sync: true,
      sync_uploads: false,
      message: INTEGRATION_MESSAGES.autoSyncOn('Dropbox'),
    });
    const list = (await owner.get('/api/integrations')).json().integrations;
    expect(list.find((i: { provider: string }) => i.provider === 'dropbox').auto_sync).toBe(true);
    const off = await owner.request('PUT', '/api/integrations/dropbox/auto-sync', { sync: false });
    expect(off.json().message).toBe(INTEGRATION_MESSAGES.autoSyncOff('Dropbox'));
    // An accounting provider's auto-sync imports new invoices (issue 27 item 20; invoice-sync.test.ts).
    const xero = await owner.request('PUT', '/api/integrations/xero/auto-sync', { sync: true });
    expect(xero.json().message).toBe(INTEGRATION_MESSAGES.invoiceSyncOn('Xero'));
    await owner.request('PUT', '/api/integrations/xero/auto-sync', { sync: false });
    expect((await other.request('PUT', '/api/integrations/dropbox/auto-sync', { sync: true })).statusCode).toBe(404);
  });

  it('disconnects: the tokens go, revoked at the provider, and the connection reads as not connected', async () => {
    const sealed = (
      await t.services.pool.query(
        "select tokens_sealed from integrations where account_id = $1 and provider = 'google_drive'",
        [accountId],
      )
    ).rows[0].tokens_sealed;
    const tokens = t.app.integrations.openTokens(accountId, 'google_drive', sealed);
    const res = await owner.delete('/api/integrations/google_drive');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(INTEGRATION_MESSAGES.disconnected('Google Drive'));
    expect(res.json().message).toBe('Disconnected Google Drive integration.');
    const { rows } = await t.services.pool.query(
      "select count(*)::int as n from integrations where account_id = $1 and provider = 'google_drive'",
      [accountId],
    );
    expect(rows[0].n).toBe(0);
    // Google no longer accepts the access token.
    const about = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/sandbox/google_drive/drive/v3/about?fields=user',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(about.statusCode).toBe(401);
    expect((await owner.delete('/api/integrations/google_drive')).statusCode).toBe(404);
    const check = await owner.post('/api/integrations/check', { provider: 'google_drive' });
    expect(check.json()).toMatchObject({ connected: false, status: null });
  });

  it("another company's calls never reach this one's connection", async () => {
    expect((await other.get('/api/integrations/xero/contacts')).statusCode).toBe(404);
    expect((await other.delete('/api/integrations/xero')).statusCode).toBe(404);
    const list = (await other.get('/api/integrations')).json().integrations;
    expect(list.every((i: { connected: boolean }) => !i.connected)).toBe(true);
  });
});

describe('the sandbox consent page', () => {
  const authorize = (provider: string, params: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/integrations/sandbox/${provider}/authorize?${new URLSearchParams(params)}`,
    });
  const valid = () => {
    const p = t.app.integrations.providers.xero;
    return {
      response_type: 'code',
      client_id: p.clientId,
      redirect_uri: 'http://localhost:3000/xeroRedirect',
      scope: 'openid',
      state: 'abc',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    };
  };

  it('shows an error, never a redirect, for an unknown client or an unregistered return address', async () => {
    const evil = await authorize('xero', { ...valid(), redirect_uri: 'https://evil.example/steal' });
    expect(evil.statusCode).toBe(400);
    expect(evil.headers.location).toBeUndefined();
    expect(evil.body).toContain('not registered');
    const stranger = await authorize('xero', { ...valid(), client_id: 'someone-else' });
    expect(stranger.statusCode).toBe(400);
    expect((await authorize('myob', valid())).statusCode).toBe(404);
  });

  it('sends a request without PKCE back to the return page with invalid_request', async () => {
    const { code_challenge: _, ...noPkce } = valid();
    const res = await authorize('xero', noPkce);
    expect(res.statusCode).toBe(303);
    const back = new URL(res.headers.location as string);
    expect(back.pathname).toBe('/xeroRedirect');
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('abc');
  });

  it('refuses a consent form whose hidden fields were changed', async () => {
    const page = await authorize('xero', valid());
    expect(page.statusCode).toBe(200);
    const fields = Object.fromEntries(
      [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    ) as Record<string, string>;
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/sandbox/xero/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, company: 'someone-else', decision: 'allow' }).toString(),
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.headers.location).toBeUndefined();
  });
});
