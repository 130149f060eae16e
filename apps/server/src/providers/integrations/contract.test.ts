import type { AddressInfo } from 'node:net';
import type { IntegrationProviderId } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Integrations } from '../../modules/integrations/service.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createCloudClient } from './cloud.js';
import { type Fetch, ProviderError, RateLimiter } from './http.js';
import { exchangeCode, OAuthError, pkcePair, refreshTokens, type TokenSet } from './oauth.js';
import { createQuickBooksClient } from './quickbooks.js';
import { type ResolvedProvider, redirectUriFor } from './registry.js';
import { createSageClient } from './sage.js';
import type { AccountingClient, CallContext, ClientDeps } from './types.js';
import { createXeroClient } from './xero.js';

/**
 * The contract every accounting client keeps, run against the built-in sandbox (which answers in
 * each provider's documented shapes): the token exchange with PKCE, the tenant, a cheap check,
 * paged lists walked to the end, records by id, refusals told as their kind, a refresh (rotating
 * where the provider rotates), and a 429's Retry-After waited out. Through the product's pipeline
 * (app.inject) and once over a real socket with the global fetch.
 */

let t: TestContext;
let svc: Integrations;
let base: string;

beforeAll(async () => {
  // A short rate window, so that a Retry-After is a second, not a minute.
  t = await createTestContext({ INTEGRATIONS_SANDBOX_RATE_WINDOW_MS: '1500' });
  svc = t.app.integrations;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const CLIENTS = {
  xero: createXeroClient,
  quickbooks: createQuickBooksClient,
  sage: createSageClient,
} as const;

function deps(p: ResolvedProvider, opts: { fetch?: Fetch; pageSize?: number } = {}): ClientDeps {
  const limiters = new Map<string, RateLimiter>();
  return {
    provider: p,
    fetch: opts.fetch ?? svc.fetch,
    ...(opts.pageSize ? { pageSize: opts.pageSize } : {}),
    limiterFor: (tenant) => {
      const key = tenant ?? '';
      if (!limiters.has(key)) limiters.set(key, new RateLimiter(p.rateLimit, 1500));
      return limiters.get(key)!;
    },
  };
}

/** Consent given in the sandbox (its code) and exchanged by the client code, as the redirect route does. */
async function authorise(p: ResolvedProvider, company: string, fetchFn: Fetch = svc.fetch) {
  const { verifier, challenge } = pkcePair();
  const tenant = svc.sandbox.tenantOf(p.id, company);
  const redirectUri = redirectUriFor(t.config.PUBLIC_URL, p.info);
  const code = svc.sandbox.issueCode(p, {
    tenant,
    clientId: p.clientId,
    redirectUri,
    challenge: p.pkce ? challenge : null,
  });
  const tokens = await exchangeCode(p, fetchFn, { code, redirectUri, verifier });
  return { tokens, tenant };
}

describe.each(['xero', 'quickbooks', 'sage'] as const)('%s client against its sandbox', (id) => {
  let p: ResolvedProvider;
  let client: AccountingClient;
  let tokens: TokenSet;
  let ctx: CallContext;
  let realm: string;

  beforeAll(async () => {
    p = svc.providers[id];
    client = CLIENTS[id](deps(p));
    const got = await authorise(p, `contract-${id}`);
    tokens = got.tokens;
    realm = got.tenant;
  });

  it('finds the tenant the tokens reach and checks the connection', async () => {
    const org = await client.findTenant(tokens.accessToken, id === 'quickbooks' ? { realmId: realm } : null);
    expect(org.id).toBe(realm);
    expect(org.name).toBe('Demo Company (UK)');
    ctx = { accessToken: tokens.accessToken, tenantId: org.id };
    await client.check(ctx);
    const seller = await client.organisation(ctx);
    expect(seller).toMatchObject({ name: 'Demo Company (UK)', postcode: 'LS10 1EL' });
    expect(seller.addressLines[0]).toBe('Unit 2, Riverside Business Park');
  });

  it('walks every page of contacts, each once', async () => {
    const small = CLIENTS[id](deps(p, { pageSize: 7 }));
    const seen: string[] = [];
    let page: number | null = 1;
    let pages = 0;
    while (page !== null) {
      const result = await small.listContacts(ctx, page);
      seen.push(...result.items.map((c) => c.externalId));
      page = result.nextPage;
      pages += 1;
      expect(pages).toBeLessThan(10);
    }
    expect(new Set(seen).size).toBe(30);
    expect(seen).toHaveLength(30);
    const { items } = await client.listContacts(ctx, 1);
    const zoe = items.find((c) => c.name === 'Zoë Brontë-Hughes')!;
    expect(zoe).toMatchObject({
      email: null,
      addressLines: ['Flat 3', '22 Marchmont Crescent', 'Edinburgh'],
      postcode: 'EH9 1HG',
    });
    const cafe = items.find((c) => c.name === 'Café Olé Ltd')!;
    expect(cafe.addressLines).toEqual(['Unit 4, The Old Brewery', '12 Mill Lane', 'Stockport', 'Cheshire']);
    expect(cafe.postcode).toBe('SK4 1AX');
    expect(cafe.phone?.replace(/\s/g, '')).toBe('01614960456');
    expect(items.filter((c) => c.email === null)).toHaveLength(7);
  });

  it('lists the sales invoices to send, paged, with lines, VAT and totals in pence', async () => {
    const small = CLIENTS[id](deps(p, { pageSize: 6 }));
    const all = [];
    for (let page: number | null = 1; page !== null; ) {
      const r = await small.listInvoices(ctx, page);
      all.push(...r.items);
      page = r.nextPage;
    }
    expect(all).toHaveLength(20);
    expect(new Set(all.map((i) => i.externalId)).size).toBe(20);
    const loft = all.find((i) => i.contactName === 'Chloë Fairweather')!;
    // £1,240 at 5% (£62) + £285 at 20% (£57): £1,525 + £119 = £1,644.
    expect(loft).toMatchObject({
      subtotal: 152500,
      vat: 11900,
      total: 164400,
      amountDue: 164400,
      paid: false,
      currency: 'GBP',
    });
    expect(loft.lines.map((l) => [l.description, l.quantity, l.unitAmount, l.netAmount])).toEqual([
      ['Loft insulation, supplied and fitted', 1, 124000, 124000],
      ['Skip hire', 1, 28500, 28500],
    ]);
    if (id !== 'quickbooks') expect(loft.lines.map((l) => l.vatAmount)).toEqual([6200, 5700]);
    const partPaid = all.find((i) => i.contactName === 'Penrose & Kettle LLP')!;
    expect(partPaid.total - partPaid.amountDue).toBe(50000);
    expect(partPaid.paid).toBe(false);
    expect(all.filter((i) => i.paid)).toHaveLength(6);
    expect(all.every((i) => /^\d{4}-\d{2}-\d{2}$/.test(i.dueDate ?? ''))).toBe(true);
    // Due 30 days after it was issued (14 for some): never before.
    expect(all.every((i) => (i.dueDate ?? '') > (i.issueDate ?? ''))).toBe(true);
  });

  it('reads chosen records by id, leaving out what is not there', async () => {
    const { items } = await client.listContacts(ctx, 1);
    const wanted = [items[3]!.externalId, items[17]!.externalId];
    const unknown =
      id === 'quickbooks' ? '9999' : id === 'xero' ? '00000000-0000-4000-8000-000000000000' : 'f'.repeat(32);
    const got = await client.getContacts(ctx, [...wanted, unknown, "1') or ('1'='1"]);
    expect(got.map((c) => c.externalId).sort()).toEqual([...wanted].sort());
    const invoices = (await client.listInvoices(ctx, 1)).items;
    const one = await client.getInvoices(ctx, [invoices[0]!.externalId]);
    expect(one).toEqual([invoices[0]]);
  });

  it('tells a refused token and another tenant as unauthorized', async () => {
    await expect(client.check({ ...ctx, accessToken: 'not-a-token' })).rejects.toMatchObject({ kind: 'unauthorized' });
    const other = await authorise(p, `other-${id}`);
    // A token for one organisation naming another.
    await expect(client.check({ accessToken: other.tokens.accessToken, tenantId: realm })).rejects.toBeInstanceOf(
      ProviderError,
    );
  });

  it('refreshes; a rotated refresh token works once', async () => {
    const next = await refreshTokens(p, svc.fetch, tokens.refreshToken);
    expect(next.accessToken).not.toBe(tokens.accessToken);
    await client.check({ ...ctx, accessToken: next.accessToken });
    expect(p.refreshTokenRotates).toBe(true);
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    const reused = await refreshTokens(p, svc.fetch, tokens.refreshToken).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(OAuthError);
    expect((reused as OAuthError).isRevoked).toBe(true);
    tokens = next;
    ctx = { ...ctx, accessToken: next.accessToken };
  });

  it('waits out a 429 as Retry-After asks, then answers', async () => {
    // Someone else (another process) used up the organisation's calls for the window.
    for (let i = 0; i < p.rateLimit.perMinute; i++) {
      const admitted = svc.sandbox.admit(p, realm);
      if (admitted.ok) admitted.done();
    }
    const refused = await t.app.inject({
      method: 'GET',
      url:
        id === 'sage'
          ? '/api/integrations/sandbox/sage/v3.1/businesses'
          : id === 'xero'
            ? '/api/integrations/sandbox/xero/connections'
            : `/api/integrations/sandbox/quickbooks/v3/company/${realm}/companyinfo/${realm}`,
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const started = Date.now();
    await client.check(ctx);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it('works over a real socket with the global fetch', async () => {
    const direct = (url: string) => url.replace(t.config.PUBLIC_URL, base);
    const over: ResolvedProvider = { ...p, tokenUrl: direct(p.tokenUrl), apiBaseUrl: direct(p.apiBaseUrl) };
    const { tokens: fresh, tenant } = await authorise(over, `socket-${id}`, (url, init) => fetch(url, init));
    const c = CLIENTS[id](deps(over, { fetch: (url, init) => fetch(url, init) }));
    const org = await c.findTenant(fresh.accessToken, id === 'quickbooks' ? { realmId: tenant } : null);
    expect(org.id).toBe(tenant);
    const { items } = await c.listContacts({ accessToken: fresh.accessToken, tenantId: org.id }, 1);
    expect(items).toHaveLength(30);
  });
});

describe.each(['google_drive', 'dropbox', 'onedrive'] as const)(
  '%s client against its sandbox',
  (id: IntegrationProviderId) => {
    it('exchanges a code, names the account, refreshes and is refused once revoked', async () => {
      const p = svc.providers[id];
      const { tokens, tenant } = await authorise(p, `contract-${id}`);
      const client = createCloudClient(id, deps(p));
      const account = await client.account({ accessToken: tokens.accessToken, tenantId: null });
      expect(account).toEqual({ id: tenant, name: expect.stringMatching(/Demo User|demo\.user@example\.com/) });
      const next = await refreshTokens(p, svc.fetch, tokens.refreshToken);
      expect(next.refreshToken === tokens.refreshToken).toBe(!p.refreshTokenRotates);
      await client.account({ accessToken: next.accessToken, tenantId: null });
      if (p.revokeUrl) {
        const { revokeTokens } = await import('./oauth.js');
        expect(await revokeTokens(p, svc.fetch, next)).toBe(true);
        await expect(client.account({ accessToken: next.accessToken, tenantId: null })).rejects.toMatchObject({
          kind: 'unauthorized',
        });
        await expect(refreshTokens(p, svc.fetch, next.refreshToken)).rejects.toMatchObject({ code: 'invalid_grant' });
      }
    });
  },
);
