import path from 'node:path';
import {
  findIntegrationProvider,
  INTEGRATION_MESSAGES,
  type IntegrationProviderId,
  type IntegrationProviderInfo,
  planHasFeature,
} from '@lp/domain';
import type pg from 'pg';
import type { Config } from '../../platform/config.js';
import type { IntegrationRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { type KeyRing, keyRing, open, SecretError, seal } from '../../platform/secrets.js';
import { createCloudClient } from '../../providers/integrations/cloud.js';
import {
  createDriveUploadClient,
  type DriveUploadClient,
  type UploadOptions,
} from '../../providers/integrations/drive-upload.js';
import { type Fetch, ProviderError, RateLimiter } from '../../providers/integrations/http.js';
import { OAuthError, refreshTokens, type TokenSet } from '../../providers/integrations/oauth.js';
import { createQuickBooksClient } from '../../providers/integrations/quickbooks.js';
import { type ResolvedProvider, resolveProviders } from '../../providers/integrations/registry.js';
import { createSageClient } from '../../providers/integrations/sage.js';
import { IntegrationsSandbox } from '../../providers/integrations/sandbox.js';
import type { AccountingClient, CallContext, ClientDeps, CloudClient } from '../../providers/integrations/types.js';
import { createXeroClient } from '../../providers/integrations/xero.js';

/**
 * The product's side of its integrations (decision 0021): the providers as configured, their
 * clients, the sealed tokens, and every call made with fresh tokens: a token close to expiry is
 * refreshed first, one refresh at a time per connection (the row is locked, then read again, since
 * another process may have refreshed it meanwhile); a refresh the provider refuses marks the
 * connection revoked, which the card shows as Reconnect.
 */

/** A connection as `select * from integrations` reads it. */
export type ConnectionRow = IntegrationRow;

export interface IntegrationsDeps {
  pool: pg.Pool;
  config: Config;
  /** How provider calls leave the process (the sandbox's go through the product's own pipeline). */
  fetch?: Fetch;
}

/** Tokens are refreshed this long before they expire: 5 minutes, or a fifth of a short life (Sage's 5 minutes). */
export const refreshMargin = (p: ResolvedProvider) => Math.min(5 * 60_000, (p.accessTokenSeconds * 1000) / 5);

/** What a connection's sealed tokens are bound to (associated data): its company and provider. */
export const tokenPlace = (accountId: string, provider: string) => `integrations:${accountId}:${provider}`;

export class Integrations {
  readonly providers: Record<IntegrationProviderId, ResolvedProvider>;
  readonly ring: KeyRing;
  readonly sandbox: IntegrationsSandbox;
  fetch: Fetch;
  private readonly limiters = new Map<string, RateLimiter>();
  private readonly pool: pg.Pool;

  constructor(readonly deps: IntegrationsDeps) {
    this.pool = deps.pool;
    this.providers = resolveProviders(deps.config);
    this.ring = keyRing(deps.config.integrationKeys, deps.config.authSecret);
    this.fetch = deps.fetch ?? ((url, init) => fetch(url, init));
    this.sandbox = new IntegrationsSandbox({
      secret: `${deps.config.authSecret}:integrations-sandbox`,
      providers: this.providers,
      latencyMs: deps.config.INTEGRATIONS_SANDBOX_LATENCY_MS,
      rateWindowMs: deps.config.INTEGRATIONS_SANDBOX_RATE_WINDOW_MS,
      driveDir: path.join(deps.config.DATA_DIR, 'integrations-sandbox'),
      driveFailureRate: deps.config.INTEGRATIONS_SANDBOX_DRIVE_FAILURE_RATE,
      contactCount: deps.config.INTEGRATIONS_SANDBOX_CONTACTS,
    });
  }

  /** A provider by id; 404 for anything else. */
  provider(id: string): ResolvedProvider {
    const p = (this.providers as Record<string, ResolvedProvider | undefined>)[id];
    if (!p || !findIntegrationProvider(id)) throw new AppError('NOT_FOUND', 'There is no such integration.');
    return p;
  }

  /** An accounting provider by id; 404 for a cloud drive or anything else. */
  accountingProvider(id: string): ResolvedProvider {
    const p = this.provider(id);
    if (p.kind !== 'accounting')
      throw new AppError('NOT_FOUND', `${p.info.name} has no contacts or invoices to import.`);
    return p;
  }

  /** 426 with the upgrade text when the company's plan lacks the provider's feature. */
  requirePlan(plan: string | null | undefined, info: IntegrationProviderInfo) {
    if (!planHasFeature(plan ?? '', info.planFeature)) throw new AppError('UPGRADE_REQUIRED');
  }

  clientDeps(p: ResolvedProvider): ClientDeps {
    return {
      provider: p,
      fetch: this.fetch,
      limiterFor: (tenant) => {
        const key = `${p.id}:${tenant ?? ''}`;
        let limiter = this.limiters.get(key);
        if (!limiter) {
          limiter = new RateLimiter(
            p.rateLimit,
            p.sandbox ? this.deps.config.INTEGRATIONS_SANDBOX_RATE_WINDOW_MS : 60_000,
          );
          this.limiters.set(key, limiter);
        }
        return limiter;
      },
    };
  }

  accounting(p: ResolvedProvider): AccountingClient {
    const deps = this.clientDeps(p);
    if (p.id === 'xero') return createXeroClient(deps);
    if (p.id === 'quickbooks') return createQuickBooksClient(deps);
    if (p.id === 'sage') return createSageClient(deps);
    throw new Error(`${p.id} is not an accounting provider`);
  }

  cloud(p: ResolvedProvider): CloudClient {
    return createCloudClient(p.id, this.clientDeps(p));
  }

  /** A drive's upload client (`options` lower the one-request limit and slice size in tests). */
  uploader(p: ResolvedProvider, options?: UploadOptions): DriveUploadClient {
    return createDriveUploadClient(p.id, this.clientDeps(p), options ?? this.uploadOptions);
  }

  /** The upload limits every drive upload uses (the providers' documented ones unless a test sets smaller). */
  uploadOptions: UploadOptions = {};

  sealTokens(accountId: string, provider: string, t: TokenSet): string {
    return seal(
      this.ring,
      JSON.stringify({
        access_token: t.accessToken,
        refresh_token: t.refreshToken,
        expires_at: new Date(t.expiresAt).toISOString(),
      }),
      tokenPlace(accountId, provider),
    );
  }

  openTokens(accountId: string, provider: string, sealed: string): TokenSet {
    const raw = JSON.parse(open(this.ring, sealed, tokenPlace(accountId, provider))) as {
      access_token: string;
      refresh_token: string;
      expires_at: string;
    };
    return {
      accessToken: raw.access_token,
      refreshToken: raw.refresh_token,
      expiresAt: Date.parse(raw.expires_at),
      extra: {},
    };
  }

  async connection(q: pg.Pool | pg.ClientBase, accountId: string, provider: string, lock = false) {
    const { rows } = await q.query<ConnectionRow>(
      `select * from integrations where account_id = $1 and provider = $2${lock ? ' for update' : ''}`,
      [accountId, provider],
    );
    return rows[0] ?? null;
  }

  /** The connection or 404 (not connected) / 409 (revoked: reconnect). */
  async usableConnection(accountId: string, p: ResolvedProvider): Promise<ConnectionRow> {
    const row = await this.connection(this.pool, accountId, p.id);
    if (!row) throw new AppError('NOT_FOUND', INTEGRATION_MESSAGES.notConnected(p.info.name));
    if (row.status === 'revoked') throw new AppError('CONFLICT', INTEGRATION_MESSAGES.revoked(p.info.name));
    return row;
  }

  /** Records how the connection stands after a call (and tells the browsers when it changed). */
  async setStatus(accountId: string, p: ResolvedProvider, status: ConnectionRow['status'], lastError: string | null) {
    const { rowCount } = await this.pool.query(
      `update integrations set status = $3, last_error = $4, updated_at = now()
        where account_id = $1 and provider = $2 and (status <> $3 or last_error is distinct from $4)`,
      [accountId, p.id, status, lastError],
    );
    if (rowCount) await publish(this.pool, { accountId, message: { type: 'refresh', entities: ['integrations'] } });
  }

  /**
   * Tokens fit for a call: the stored ones, or new ones when they expire within the margin (or when
   * `rejected`, the access token the provider just refused, is still the stored one).
   */
  async freshTokens(accountId: string, p: ResolvedProvider, rejected?: string): Promise<TokenSet> {
    const fitFor = (row: ConnectionRow, tokens: TokenSet) =>
      rejected
        ? tokens.accessToken !== rejected
        : tokens.expiresAt - refreshMargin(p) > Date.now() && row.status !== 'revoked';
    const readTokens = (row: ConnectionRow) => {
      try {
        return this.openTokens(accountId, p.id, row.tokens_sealed);
      } catch (error) {
        // A key no longer configured (or a changed AUTH_SECRET): only reconnecting helps.
        if (error instanceof SecretError || error instanceof SyntaxError) return null;
        throw error;
      }
    };
    const current = await this.usableConnection(accountId, p);
    const stored = readTokens(current);
    if (stored && fitFor(current, stored)) return stored;

    const outcome = await inTransaction(this.pool, async (q) => {
      const row = await this.connection(q, accountId, p.id, true);
      if (!row) return { kind: 'gone' as const };
      if (row.status === 'revoked') return { kind: 'revoked' as const };
      const tokens = readTokens(row);
      if (!tokens) {
        await q.query(
          `update integrations set status = 'revoked', last_error = $3, updated_at = now() where account_id = $1 and provider = $2`,
          [accountId, p.id, 'The stored tokens cannot be opened with the configured keys.'],
        );
        return { kind: 'revoked' as const };
      }
      // Another request (or process) refreshed while this one waited for the lock.
      if (fitFor(row, tokens)) return { kind: 'ok' as const, tokens };
      try {
        const next = await refreshTokens(p, this.fetch, tokens.refreshToken);
        await q.query(
          `update integrations set tokens_sealed = $3, access_expires_at = $4, status = 'connected', last_error = null,
                  updated_at = now() where account_id = $1 and provider = $2`,
          [accountId, p.id, this.sealTokens(accountId, p.id, next), new Date(next.expiresAt)],
        );
        return { kind: 'ok' as const, tokens: next };
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        if (error.isRevoked) {
          await q.query(
            `update integrations set status = 'revoked', last_error = $3, updated_at = now() where account_id = $1 and provider = $2`,
            [accountId, p.id, `${p.info.name} refused to refresh the access (${error.code}).`],
          );
          await publish(q, { accountId, message: { type: 'refresh', entities: ['integrations'] } });
          return { kind: 'revoked' as const };
        }
        await q.query(
          'update integrations set last_error = $3, updated_at = now() where account_id = $1 and provider = $2',
          [accountId, p.id, `Refreshing the access failed (${error.code}).`],
        );
        return { kind: 'down' as const };
      }
    });
    if (outcome.kind === 'ok') return outcome.tokens;
    if (outcome.kind === 'gone') throw new AppError('NOT_FOUND', INTEGRATION_MESSAGES.notConnected(p.info.name));
    if (outcome.kind === 'revoked') throw new AppError('CONFLICT', INTEGRATION_MESSAGES.revoked(p.info.name));
    throw new AppError('UNAVAILABLE', INTEGRATION_MESSAGES.providerDown(p.info.name));
  }

  /**
   * Runs `work` with fresh tokens. A token the provider refuses is refreshed once and the work tried
   * again; refused again, the connection is marked revoked. Provider failures become the API's errors.
   */
  async withAccess<T>(
    accountId: string,
    p: ResolvedProvider,
    work: (ctx: CallContext, row: ConnectionRow) => Promise<T>,
  ): Promise<T> {
    const row = await this.usableConnection(accountId, p);
    let tokens = await this.freshTokens(accountId, p);
    const ctx = () => ({ accessToken: tokens.accessToken, tenantId: row.tenant_id });
    try {
      try {
        return await work(ctx(), row);
      } catch (error) {
        if (!(error instanceof ProviderError && error.kind === 'unauthorized')) throw error;
        tokens = await this.freshTokens(accountId, p, tokens.accessToken);
        try {
          return await work(ctx(), row);
        } catch (again) {
          if (again instanceof ProviderError && again.kind === 'unauthorized') {
            await this.setStatus(accountId, p, 'revoked', `${p.info.name} refused our access after a refresh.`);
            throw new AppError('CONFLICT', INTEGRATION_MESSAGES.revoked(p.info.name));
          }
          throw again;
        }
      }
    } catch (error) {
      throw this.asAppError(p, error);
    }
  }

  /** A provider's failure as the API tells it (the details stay in the error for the log). */
  asAppError(p: ResolvedProvider, error: unknown): unknown {
    if (!(error instanceof ProviderError)) return error;
    if (error.kind === 'not_found') return new AppError('NOT_FOUND', `${p.info.name} has no such record.`);
    if (error.kind === 'refused') return new AppError('UNAVAILABLE', INTEGRATION_MESSAGES.errorTryAgain);
    return new AppError('UNAVAILABLE', INTEGRATION_MESSAGES.providerDown(p.info.name));
  }
}
