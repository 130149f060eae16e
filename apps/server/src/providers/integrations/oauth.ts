import { createHash, randomBytes } from 'node:crypto';
import type { Fetch } from './http.js';
import type { ResolvedProvider } from './registry.js';

/**
 * OAuth 2.0 authorisation code flow with state and PKCE (RFC 6749, RFC 7636), as every provider of
 * the registry speaks it: the consent page's address, the code exchanged for tokens, a refresh, a
 * revocation. Form posts, the client authenticated as the provider documents (basic or body).
 */

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires (ms since the epoch). */
  expiresAt: number;
  /** Other fields of the answer a client needs (Xero's id_token; Dropbox's account_id). */
  extra: Record<string, string>;
}

/** The token endpoint refused: `invalid_grant` means the code or refresh token is no good (revoked, used, expired). */
export class OAuthError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }

  /** The grant is gone for good: reconnecting is the only way on. */
  get isRevoked(): boolean {
    return this.code === 'invalid_grant' || this.code === 'unauthorized_client';
  }
}

/** A PKCE pair: a 43-character verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The provider's consent page for this connection attempt. */
export function authorizeUrl(
  p: ResolvedProvider,
  opts: { state: string; redirectUri: string; challenge: string; extra?: Record<string, string> },
): string {
  const url = new URL(p.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', p.clientId);
  url.searchParams.set('redirect_uri', opts.redirectUri);
  url.searchParams.set('scope', p.scopes.join(' '));
  url.searchParams.set('state', opts.state);
  if (p.pkce) {
    url.searchParams.set('code_challenge', opts.challenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  for (const [k, v] of Object.entries({ ...p.authorizeParams, ...opts.extra })) url.searchParams.set(k, v);
  return url.toString();
}

function clientHeaders(p: ResolvedProvider): Record<string, string> {
  return p.clientAuth === 'basic'
    ? { authorization: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString('base64')}` }
    : {};
}

function clientBody(p: ResolvedProvider): Record<string, string> {
  return p.clientAuth === 'body' ? { client_id: p.clientId, client_secret: p.clientSecret } : {};
}

async function tokenRequest(
  p: ResolvedProvider,
  fetchFn: Fetch,
  params: Record<string, string>,
  previousRefresh?: string,
): Promise<TokenSet> {
  let res: Response;
  try {
    res = await fetchFn(p.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...clientHeaders(p),
      },
      body: new URLSearchParams({ ...params, ...clientBody(p) }).toString(),
      signal: AbortSignal.timeout(20_000),
    });
  } catch {
    throw new OAuthError('unavailable', `${p.info.name} did not answer.`, null);
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const code = typeof body.error === 'string' ? body.error : res.status >= 500 ? 'unavailable' : 'invalid_request';
    // Never the provider's description verbatim in our answers; it stays in this error for the log.
    throw new OAuthError(code, `${p.info.name} refused the token request (${code}).`, res.status);
  }
  const access = body.access_token;
  const refresh = typeof body.refresh_token === 'string' ? body.refresh_token : previousRefresh;
  if (typeof access !== 'string' || !access || !refresh)
    throw new OAuthError('invalid_response', `${p.info.name} answered without tokens.`, res.status);
  const expiresIn = Number(body.expires_in);
  const extra: Record<string, string> = {};
  for (const [k, v] of Object.entries(body))
    if (typeof v === 'string' && !['access_token', 'refresh_token', 'id_token'].includes(k)) extra[k] = v;
  return {
    accessToken: access,
    refreshToken: refresh,
    expiresAt: Date.now() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : p.accessTokenSeconds) * 1000,
    extra,
  };
}

/** Exchanges the code the provider returned (with the verifier of its challenge). */
export function exchangeCode(
  p: ResolvedProvider,
  fetchFn: Fetch,
  opts: { code: string; redirectUri: string; verifier: string },
): Promise<TokenSet> {
  return tokenRequest(p, fetchFn, {
    grant_type: 'authorization_code',
    code: opts.code,
    redirect_uri: opts.redirectUri,
    ...(p.pkce ? { code_verifier: opts.verifier } : {}),
  });
}

/** New tokens for a refresh token; a provider that does not rotate keeps the old refresh token. */
export function refreshTokens(p: ResolvedProvider, fetchFn: Fetch, refreshToken: string): Promise<TokenSet> {
  return tokenRequest(p, fetchFn, { grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken);
}

/** Revokes a connection's tokens where the provider allows it; best effort (disconnecting forgets them anyway). */
export async function revokeTokens(p: ResolvedProvider, fetchFn: Fetch, tokens: TokenSet): Promise<boolean> {
  if (!p.revokeUrl || p.revokeStyle === 'none') return false;
  const init: RequestInit =
    p.revokeStyle === 'bearer'
      ? { method: 'POST', headers: { authorization: `Bearer ${tokens.accessToken}` } }
      : p.revokeStyle === 'json'
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', ...clientHeaders(p) },
            body: JSON.stringify({ token: tokens.refreshToken }),
          }
        : {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', ...clientHeaders(p) },
            body: new URLSearchParams({ token: tokens.refreshToken, ...clientBody(p) }).toString(),
          };
  try {
    const res = await fetchFn(p.revokeUrl, { ...init, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer().catch(() => {});
    return res.ok;
  } catch {
    return false;
  }
}
