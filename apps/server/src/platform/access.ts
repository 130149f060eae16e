import {
  ALL_PERMISSIONS,
  API_KEY_MESSAGES,
  type ApiKeyMode,
  apiKeyActorName,
  flattenPermissions,
  hasAny,
  type Permission,
  type PlanFeature,
  planHasFeature,
} from '@lp/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { findApiKey, readBearer, touchApiKey } from './api-keys.js';
import {
  findSession,
  type MemberRow,
  readSessionToken,
  SESSION_COOKIE,
  type SessionRow,
  sessionCookie,
  slideSession,
} from './auth.js';
import { AppError } from './errors.js';
import { hitEach } from './rate-limit-store.js';

/** What a route declares about who may call it; one hook enforces it for every route. */
export type RouteAccess =
  | { kind: 'public' }
  /**
   * A signed-in member of a valid company, holding at least one of `anyOf` (none listed: any member),
   * whose company's plan has `planFeature` (else 426), and the owner when `ownerOnly`.
   */
  | { kind: 'member'; anyOf?: readonly Permission[]; planFeature?: PlanFeature; ownerOnly?: boolean };

export interface RouteDeclaration {
  method: string;
  url: string;
  access: RouteAccess;
  /** Refused to API keys (403): only a person in the web app does this. */
  webOnly: boolean;
}

/** The API key a request acts with (decision 0028), named so history and audit can show it. */
export interface ApiKeyActor {
  id: string;
  name: string;
  /** A test key's deliveries and parcels go to the sandboxes and cost nothing (decision 0030). */
  mode: ApiKeyMode;
}

export interface AuthContext {
  /** The browser session; null when the caller is an API key. */
  sessionId: string | null;
  token: string | null;
  userId: string;
  accountId: string;
  /** What the caller may do: the member's abilities, or for a key the key's permissions among them. */
  abilities: ReadonlySet<Permission>;
  /** The member acting (for a key: its creator, as they are now). */
  row: MemberRow;
  /** The key a program called with; null for a person in the web app. */
  apiKey: ApiKeyActor | null;
}

/** How history, approvals and the ledger name who acted: the member, or "API key 'ERP' of Jane Smith". */
export function actorName(auth: Pick<AuthContext, 'apiKey'> & { row: Pick<MemberRow, 'name'> }): string {
  return auth.apiKey ? apiKeyActorName(auth.apiKey.name, auth.row.name) : auth.row.name;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Only for a public route that authenticates its caller otherwise (a signed webhook). */
    csrfExempt?: boolean;
    /**
     * Only a person in the web app does this (sign in and out, change the password, the live
     * streams, manage API keys): a request with an API key is refused 403 (decision 0028).
     */
    webOnly?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every API route with its declared access (the access matrix test is generated from it). */
    routeCatalogue: RouteDeclaration[];
  }
}

/**
 * Who a request says it is: a program (a Bearer token and no session cookie: a key, or a malformed
 * one answered 401), both a session cookie and a Bearer token (refused 400 rather than guessed at:
 * the cookie would need a CSRF token the key does not), or a browser (anything else). Another
 * scheme (a staging site's Basic password, which browsers send on every request) leaves a browser
 * a browser, signed in or not.
 */
export function callerOf(request: FastifyRequest): 'browser' | 'key' | 'both' {
  const bearer = readBearer(request.headers.authorization);
  const isBearer = bearer.kind === 'key' || (bearer.kind === 'malformed' && bearer.isBearer);
  if (!isBearer) return 'browser';
  return hasSessionCookie(request.headers.cookie) ? 'both' : 'key';
}

function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader
    .split(';')
    .map((part) => part.slice(0, Math.max(0, part.indexOf('='))).trim())
    .some((name) => name === SESSION_COOKIE || name === `__Secure-${SESSION_COOKIE}`);
}

/**
 * The owner's routes (the audit log, the plan): open to a key only when its creator is the owner
 * and it carries every permission, since a key with fewer must never act as the owner.
 */
function isOwner(auth: AuthContext): boolean {
  if (!auth.row.roles.includes('owner')) return false;
  return !auth.apiKey || ALL_PERMISSIONS.every((p) => auth.abilities.has(p));
}

/** The abilities a user holds: owners hold every permission, others what their permissions list. */
export function abilitiesOf(row: Pick<SessionRow, 'roles' | 'permissions'>): Permission[] {
  if (row.roles.includes('owner')) return [...ALL_PERMISSIONS];
  return flattenPermissions(row.permissions ?? {});
}

interface Options {
  pool: pg.Pool;
  secret: string;
  secureCookies: boolean;
  /** Requests a minute per API key and per company (all its keys together). */
  keyLimits: { perKey: number; perCompany: number };
}

/** The window the API keys' limits count in. */
const KEY_LIMIT_WINDOW_MS = 60_000;

/**
 * An API key's request counts against its own limit and its company's, in the shared store (every
 * process counts together). Over either: 429 with Retry-After; the key's own figures are always in
 * the RateLimit headers, so a program can pace itself before it is refused. People in the web app
 * are not counted here: a busy program must not slow its company's staff down.
 */
async function limitKey(reply: FastifyReply, pool: pg.Pool, auth: AuthContext, limits: Options['keyLimits']) {
  const [key, company] = await hitEach(
    pool,
    [`api-key:${auth.apiKey!.id}`, `api-company:${auth.accountId}`],
    KEY_LIMIT_WINDOW_MS,
  );
  const resetSeconds = (ttl: number) => Math.max(1, Math.ceil(ttl / 1000));
  reply.header('ratelimit-limit', limits.perKey);
  reply.header('ratelimit-remaining', Math.max(0, limits.perKey - key!.current));
  reply.header('ratelimit-reset', resetSeconds(key!.ttl));
  if (key!.current > limits.perKey) {
    reply.header('retry-after', resetSeconds(key!.ttl));
    throw new AppError('RATE_LIMITED', API_KEY_MESSAGES.keyRateLimited(limits.perKey, resetSeconds(key!.ttl)));
  }
  if (company!.current > limits.perCompany) {
    reply.header('retry-after', resetSeconds(company!.ttl));
    throw new AppError(
      'RATE_LIMITED',
      API_KEY_MESSAGES.companyRateLimited(limits.perCompany, resetSeconds(company!.ttl)),
    );
  }
}

/**
 * Every route must declare its access (a route without one fails at start-up), and this single
 * preHandler checks the session, the company's validity and the permissions on the server.
 */
export function registerAccessControl(app: FastifyInstance, { pool, secret, secureCookies, keyLimits }: Options) {
  app.decorateRequest('auth', null);
  const catalogue: RouteDeclaration[] = [];
  app.decorate('routeCatalogue', catalogue);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        catalogue.push({ method, url: route.url, access: route.config.access, webOnly: route.config.webOnly === true });
    }
  });

  // onRequest: the caller is checked before the body is even parsed or validated.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) return;
    const caller = callerOf(request);
    if (caller === 'key' && config.webOnly) throw new AppError('PERMISSION_DENIED', API_KEY_MESSAGES.notForKeys);
    if (access.kind === 'public') return;
    if (caller === 'both') throw new AppError('BAD_REQUEST', API_KEY_MESSAGES.cookieAndKey);
    const auth =
      caller === 'key'
        ? await resolveKey(request, pool)
        : await resolveAuth(request, reply, pool, secret, secureCookies);
    if (!auth) throw new AppError('UNAUTHENTICATED');
    if (auth.apiKey) await limitKey(reply, pool, auth, keyLimits);
    if (access.ownerOnly && !isOwner(auth)) throw new AppError('PERMISSION_DENIED');
    if (!hasAny(auth.abilities, access.anyOf ?? [])) throw new AppError('PERMISSION_DENIED');
    if (access.planFeature && !planHasFeature(auth.row.current_plan ?? '', access.planFeature)) {
      throw new AppError('UPGRADE_REQUIRED');
    }
  });
}

async function resolveAuth(
  request: FastifyRequest,
  reply: FastifyReply,
  pool: pg.Pool,
  secret: string,
  secureCookies: boolean,
): Promise<AuthContext | null> {
  const token = readSessionToken(request.headers.cookie, secret);
  if (!token) return null;
  const row = await findSession(pool, token);
  // A session of a removed, invalid or company-less user opens nothing.
  if (!row?.user_valid || !row.account_id || row.account_valid === false) return null;
  if (await slideSession(pool, row)) reply.header('set-cookie', sessionCookie(token, secret, secureCookies));
  request.auth = {
    sessionId: row.session_id,
    token,
    userId: row.user_id,
    accountId: row.account_id,
    abilities: new Set(abilitiesOf(row)),
    row,
    apiKey: null,
  };
  return request.auth;
}

/**
 * A program's key: it acts as its creator, in the creator's company, with the key's permissions
 * among what the creator may do now (a creator who lost a permission, left, or whose company is
 * no longer valid takes it from the key too). Unknown, revoked, expired, malformed: null (401).
 */
async function resolveKey(request: FastifyRequest, pool: pg.Pool): Promise<AuthContext | null> {
  const bearer = readBearer(request.headers.authorization);
  if (bearer.kind !== 'key') return null;
  const row = await findApiKey(pool, bearer);
  if (!row?.user_valid || !row.account_id || row.account_valid === false) return null;
  // The creator moved to another company: the key stays with the company it was made in, and dies.
  if (row.account_id !== row.key_account_id) return null;
  const granted = new Set(row.key_permissions);
  const held = abilitiesOf(row);
  await touchApiKey(pool, row);
  request.auth = {
    sessionId: null,
    token: null,
    userId: row.user_id,
    accountId: row.account_id,
    abilities: new Set(held.filter((p) => granted.has(p))),
    row,
    apiKey: { id: row.key_id, name: row.key_name, mode: row.key_mode },
  };
  return request.auth;
}
