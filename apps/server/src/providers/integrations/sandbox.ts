import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { IntegrationProviderId } from '@lp/domain';
import { pkceChallenge } from './oauth.js';
import type { ResolvedProvider } from './registry.js';
import { DEMO_CONTACTS, type DemoContact, demoContacts, digitsOf, hexOf, uuidOf } from './sandbox-data.js';
import { SandboxDrive } from './sandbox-drive.js';

/**
 * The integrations sandbox's authorisation server and gatekeeper: it issues codes from its consent
 * page, exchanges them for tokens at its token endpoint (checking the client, the redirect address
 * and the PKCE verifier as the providers do), refreshes and revokes, and lets API calls in within
 * each provider's rate limit (429 with Retry-After past it). Codes and tokens are signed JWTs (HS256),
 * so any instance checks what another issued; which codes were used, which refresh token of a grant
 * is current and which grants were revoked is kept in memory (a restart forgets it, as a sandbox may).
 */

export interface SandboxOptions {
  secret: string;
  providers: Record<IntegrationProviderId, ResolvedProvider>;
  latencyMs: number;
  rateWindowMs: number;
  /** Where the sandbox drives keep what was uploaded (under DATA_DIR). */
  driveDir: string;
  /** The share of the drives' upload calls that answer 503 (INTEGRATIONS_SANDBOX_DRIVE_FAILURE_RATE). */
  driveFailureRate?: number;
  /** How many customers the demo company has (INTEGRATIONS_SANDBOX_CONTACTS; the 30 written out, more made up). */
  contactCount?: number;
  /** Now, in ms (tests move it). */
  now?: () => number;
}

export interface Claims {
  typ: 'code' | 'access' | 'refresh';
  /** The provider. */
  p: IntegrationProviderId;
  /** The tenant (organisation, realm, business, drive account). */
  ten: string;
  /** The grant (one consent); all its tokens go when it is revoked. */
  g: string;
  /** The refresh token's generation within its grant (rotating providers accept only the newest). */
  n?: number;
  exp: number;
  jti: string;
  cid?: string;
  ru?: string;
  cc?: string;
  authentication_event_id?: string;
}

export class OAuthRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

const REFRESH_LIFE_S = 60 * 24 * 3600;
const CODE_LIFE_S = 300;

export class IntegrationsSandbox {
  private readonly usedCodes = new Map<string, number>();
  private readonly grants = new Map<string, { generation: number; revoked: boolean }>();
  private readonly calls = new Map<string, { started: number[]; inFlight: number }>();
  private readonly now: () => number;
  /** The drives' contents (Google Drive, Dropbox, OneDrive). */
  readonly drive: SandboxDrive;
  private readonly failures = new Map<IntegrationProviderId, number>();

  constructor(private readonly opts: SandboxOptions) {
    this.now = opts.now ?? Date.now;
    this.drive = new SandboxDrive(opts.driveDir);
  }

  /** The provider's next `count` drive calls answer 503 (tests, and people trying retries). */
  failNext(id: IntegrationProviderId, count: number) {
    this.failures.set(id, count);
  }

  /** The demo company's customers (the same in every process with the same INTEGRATIONS_SANDBOX_CONTACTS). */
  get contacts(): readonly DemoContact[] {
    return demoContacts(this.opts.contactCount ?? DEMO_CONTACTS.length);
  }

  private readonly memos = new Map<string, unknown>();
  /**
   * A value built once per key and kept (the last 16): a tenant's whole contact list in a provider's
   * shape, sorted, with its ids, so a page of 5,000 customers does not rebuild them all per call.
   */
  memo<T>(key: string, build: () => T): T {
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const value = build();
    if (this.memos.size >= 16) this.memos.delete(this.memos.keys().next().value!);
    this.memos.set(key, value);
    return value;
  }

  /** Whether this drive call fails: a pending failNext, or the configured failure rate. */
  takeFailure(id: IntegrationProviderId): boolean {
    const left = this.failures.get(id) ?? 0;
    if (left > 0) {
      this.failures.set(id, left - 1);
      return true;
    }
    return (this.opts.driveFailureRate ?? 0) > 0 && Math.random() < (this.opts.driveFailureRate ?? 0);
  }

  provider(id: string): ResolvedProvider | null {
    const p = (this.opts.providers as Record<string, ResolvedProvider | undefined>)[id];
    return p?.sandbox ? p : null;
  }

  /** The demo tenant of a company (stable across reconnections; another company's is another). */
  tenantOf(id: IntegrationProviderId, company: string): string {
    const seed = `${id}:${company || 'demo'}`;
    switch (id) {
      case 'xero':
        return uuidOf(seed);
      case 'quickbooks':
        return digitsOf(seed, 16);
      case 'google_drive':
        return digitsOf(seed, 20);
      case 'dropbox':
        return `dbid:AA${hexOf(seed, 40)}`;
      default:
        return hexOf(seed, 32);
    }
  }

  /** Waits up to the configured latency, as a provider across the internet does. */
  async latency(): Promise<void> {
    if (this.opts.latencyMs > 0) await sleep(Math.round(Math.random() * this.opts.latencyMs));
  }

  // --- signed values ---------------------------------------------------------------------------

  private sign(data: string): string {
    return createHmac('sha256', this.opts.secret).update(data).digest('base64url');
  }

  private jwt(claims: Claims): string {
    const head = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ iss: 'letterpost-integrations-sandbox', ...claims })).toString(
      'base64url',
    );
    return `${head}.${body}.${this.sign(`${head}.${body}`)}`;
  }

  /** The claims of a token this sandbox signed, unexpired; null for anything else. */
  private read(token: string, typ: Claims['typ'], provider: IntegrationProviderId): Claims | null {
    const [head, body, sig] = token.split('.');
    if (!head || !body || !sig) return null;
    const expected = Buffer.from(this.sign(`${head}.${body}`));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let claims: Claims;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
    } catch {
      return null;
    }
    if (claims.typ !== typ || claims.p !== provider || typeof claims.exp !== 'number') return null;
    if (claims.exp * 1000 <= this.now()) return null;
    return claims;
  }

  /** A token binding the consent form to what was asked, so the form's hidden fields cannot be changed. */
  consentToken(params: Record<string, string>): string {
    return this.sign(`consent:${JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)))}`);
  }

  // --- the authorisation server ----------------------------------------------------------------

  issueCode(
    p: ResolvedProvider,
    a: { tenant: string; clientId: string; redirectUri: string; challenge: string | null },
  ): string {
    const now = Math.floor(this.now() / 1000);
    return this.jwt({
      typ: 'code',
      p: p.id,
      ten: a.tenant,
      g: randomUUID(),
      exp: now + CODE_LIFE_S,
      jti: randomUUID(),
      cid: a.clientId,
      ru: a.redirectUri,
      ...(a.challenge ? { cc: a.challenge } : {}),
    });
  }

  /** Who the client is: HTTP Basic or the form's client_id and client_secret, as the provider documents. */
  private client(p: ResolvedProvider, form: Record<string, string>, authorization: string | undefined) {
    let id = form.client_id ?? '';
    let secret = form.client_secret ?? '';
    if (p.clientAuth === 'basic' && authorization?.startsWith('Basic ')) {
      const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      id = decoded.slice(0, colon);
      secret = decoded.slice(colon + 1);
    }
    const ok =
      id === p.clientId &&
      secret.length === p.clientSecret.length &&
      timingSafeEqual(Buffer.from(secret), Buffer.from(p.clientSecret));
    if (!ok) throw new OAuthRefusal(401, 'invalid_client', 'Client authentication failed.');
    return id;
  }

  private tokens(p: ResolvedProvider, tenant: string, grant: string, generation: number, withRefresh: boolean) {
    const now = Math.floor(this.now() / 1000);
    const life = p.accessTokenSeconds;
    const access = this.jwt({
      typ: 'access',
      p: p.id,
      ten: tenant,
      g: grant,
      exp: now + life,
      jti: randomUUID(),
      ...(p.id === 'xero' ? { authentication_event_id: grant } : {}),
    });
    const refresh = this.jwt({
      typ: 'refresh',
      p: p.id,
      ten: tenant,
      g: grant,
      n: generation,
      exp: now + REFRESH_LIFE_S,
      jti: randomUUID(),
    });
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: life,
      ...(withRefresh ? { refresh_token: refresh } : {}),
      scope: p.scopes.join(' '),
      // What some providers add: QuickBooks the refresh token's life, Dropbox the account.
      ...(p.id === 'quickbooks' ? { x_refresh_token_expires_in: REFRESH_LIFE_S } : {}),
      ...(p.id === 'dropbox' ? { account_id: tenant, uid: tenant.slice(-8) } : {}),
    };
  }

  /** The token endpoint: authorization_code (checking client, redirect address and PKCE) and refresh_token. */
  token(p: ResolvedProvider, form: Record<string, string>, authorization: string | undefined) {
    const clientId = this.client(p, form, authorization);
    if (form.grant_type === 'authorization_code') {
      const code = this.read(form.code ?? '', 'code', p.id);
      if (!code || code.cid !== clientId) throw new OAuthRefusal(400, 'invalid_grant', 'The code is not valid.');
      this.forgetUsedCodes();
      if (this.usedCodes.has(code.jti)) {
        // A code used twice: the grant it made goes too (RFC 6749 4.1.2).
        this.grants.set(code.g, { generation: 0, revoked: true });
        throw new OAuthRefusal(400, 'invalid_grant', 'The code was already used.');
      }
      if (form.redirect_uri !== code.ru) throw new OAuthRefusal(400, 'invalid_grant', 'redirect_uri does not match.');
      if (p.pkce && !code.cc) throw new OAuthRefusal(400, 'invalid_grant', 'PKCE is required.');
      if (code.cc) {
        const verifier = form.code_verifier ?? '';
        if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || pkceChallenge(verifier) !== code.cc)
          throw new OAuthRefusal(400, 'invalid_grant', 'The code verifier does not match the challenge.');
      }
      this.usedCodes.set(code.jti, code.exp * 1000);
      this.grants.set(code.g, { generation: 0, revoked: false });
      return this.tokens(p, code.ten, code.g, 0, true);
    }
    if (form.grant_type === 'refresh_token') {
      const claims = this.read(form.refresh_token ?? '', 'refresh', p.id);
      if (!claims) throw new OAuthRefusal(400, 'invalid_grant', 'The refresh token is not valid.');
      // A restarted sandbox learns the grant from the token itself.
      const grant = this.grants.get(claims.g) ?? { generation: claims.n ?? 0, revoked: false };
      if (grant.revoked) throw new OAuthRefusal(400, 'invalid_grant', 'The grant was revoked.');
      if (p.refreshTokenRotates && claims.n !== grant.generation)
        throw new OAuthRefusal(400, 'invalid_grant', 'The refresh token was already used.');
      const generation = p.refreshTokenRotates ? grant.generation + 1 : grant.generation;
      this.grants.set(claims.g, { generation, revoked: false });
      return this.tokens(p, claims.ten, claims.g, generation, p.refreshTokenRotates);
    }
    throw new OAuthRefusal(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  }

  /** Revokes the grant of a refresh or access token (unknown tokens are accepted silently, as RFC 7009 says). */
  revoke(p: ResolvedProvider, token: string): void {
    const claims = this.read(token, 'refresh', p.id) ?? this.read(token, 'access', p.id);
    if (claims) this.grants.set(claims.g, { generation: claims.n ?? 0, revoked: true });
  }

  /** The tenant an API call's bearer token reaches; null when the token is missing, expired or revoked. */
  authenticate(p: ResolvedProvider, authorization: string | undefined): Claims | null {
    if (!authorization?.startsWith('Bearer ')) return null;
    const claims = this.read(authorization.slice(7).trim(), 'access', p.id);
    if (!claims || this.grants.get(claims.g)?.revoked) return null;
    return claims;
  }

  /**
   * Lets a call in within the provider's limit for the tenant, or says how many seconds to wait.
   * The caller calls `done` when the call has been answered.
   */
  admit(p: ResolvedProvider, tenant: string): { ok: true; done: () => void } | { ok: false; retryAfter: number } {
    const key = `${p.id}:${tenant}`;
    const state = this.calls.get(key) ?? { started: [], inFlight: 0 };
    this.calls.set(key, state);
    const now = this.now();
    const window = this.opts.rateWindowMs;
    while (state.started.length > 0 && state.started[0]! <= now - window) state.started.shift();
    if (state.started.length >= p.rateLimit.perMinute)
      return { ok: false, retryAfter: Math.max(1, Math.ceil((state.started[0]! + window - now) / 1000)) };
    if (state.inFlight >= p.rateLimit.concurrent) return { ok: false, retryAfter: 1 };
    state.started.push(now);
    state.inFlight += 1;
    return {
      ok: true,
      done: () => {
        state.inFlight = Math.max(0, state.inFlight - 1);
      },
    };
  }

  private forgetUsedCodes() {
    const now = this.now();
    for (const [jti, exp] of this.usedCodes) if (exp < now) this.usedCodes.delete(jti);
  }
}
