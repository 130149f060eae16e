import {
  ALL_PERMISSIONS,
  flattenPermissions,
  hasAny,
  type Permission,
  type PlanFeature,
  planHasFeature,
} from '@lp/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { findSession, readSessionToken, type SessionRow, sessionCookie, slideSession } from './auth.js';
import { AppError } from './errors.js';

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
}

export interface AuthContext {
  sessionId: string;
  token: string;
  userId: string;
  accountId: string;
  abilities: ReadonlySet<Permission>;
  row: SessionRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Only for a public route that authenticates its caller otherwise (a signed webhook). */
    csrfExempt?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every API route with its declared access (the access matrix test is generated from it). */
    routeCatalogue: RouteDeclaration[];
  }
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
}

/**
 * Every route must declare its access (a route without one fails at start-up), and this single
 * preHandler checks the session, the company's validity and the permissions on the server.
 */
export function registerAccessControl(app: FastifyInstance, { pool, secret, secureCookies }: Options) {
  app.decorateRequest('auth', null);
  const catalogue: RouteDeclaration[] = [];
  app.decorate('routeCatalogue', catalogue);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') catalogue.push({ method, url: route.url, access: route.config.access });
    }
  });

  // onRequest: the caller is checked before the body is even parsed or validated.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    if (access.kind === 'public') return;
    const auth = await resolveAuth(request, reply, pool, secret, secureCookies);
    if (!auth) throw new AppError('UNAUTHENTICATED');
    if (access.ownerOnly && !auth.row.roles.includes('owner')) throw new AppError('PERMISSION_DENIED');
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
  };
  return request.auth;
}
