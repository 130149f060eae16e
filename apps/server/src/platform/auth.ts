import { createHmac, timingSafeEqual } from 'node:crypto';
import type { betterAuth } from 'better-auth';
import type { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type pg from 'pg';
import type { Config } from './config.js';
import { type Db, drizzleOn } from './db/client.js';
import type { LeftJoined } from './db/row.js';
import type { AccountRow, DepartmentRow, SessionRow as SessionTableRow, UserRow } from './db/rows.js';
import type { schema as Schema } from './db/schema.js';
import { loadOnce } from './load-once.js';
import { hashPassword, verifyPassword } from './passwords.js';

export const SESSION_COOKIE = 'lp.session_token';
const SESSION_TTL_SECONDS = 7 * 24 * 3600;
const SESSION_REFRESH_AFTER_SECONDS = 24 * 3600;

export interface AuthHooks {
  /** Called when a reset link set a new password. */
  passwordReset(userId: string): Promise<void>;
  /** Called with the reset link; must be quick (it enqueues a job). */
  sendResetPassword(to: { email: string; name: string }, link: string): Promise<void>;
  log: {
    debug(o: object, m: string): void;
    info(o: object, m: string): void;
    warn(o: object, m: string): void;
    error(o: object, m: string): void;
  };
}

interface AuthLibrary {
  betterAuth: typeof betterAuth;
  drizzleAdapter: typeof drizzleAdapter;
  schema: typeof Schema;
}

/** The identity library: email + password with argon2id, sessions in the database, reset by email. */
function makeAuth({ betterAuth, drizzleAdapter, schema }: AuthLibrary, config: Config, db: Db, hooks: AuthHooks) {
  return betterAuth({
    appName: 'LetterPost',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        authAccounts: schema.authAccounts,
        verifications: schema.verifications,
      },
    }),
    user: { modelName: 'users' },
    session: { modelName: 'sessions', expiresIn: SESSION_TTL_SECONDS, updateAge: SESSION_REFRESH_AFTER_SECONDS },
    account: { modelName: 'authAccounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: config.RESET_TOKEN_TTL_SECONDS,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      // Every other link of the user ends with the one used (a link mailed earlier or later).
      onPasswordReset: async ({ user }) => {
        await hooks.passwordReset(user.id);
      },
      sendResetPassword: async ({ user, token }) => {
        const link = new URL('/resetPassword', config.PUBLIC_URL);
        link.searchParams.set('token', token);
        await hooks.sendResetPassword({ email: user.email, name: user.name }, link.toString());
      },
    },
    // Our own routes apply rate limits (Fastify) and CSRF checks; better-auth's in-memory limiter would
    // neither be shared across instances nor see our routes.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        hooks.log[level]({ auth: args.length > 0 ? args.map(String) : undefined }, message);
      },
    },
    advanced: {
      cookiePrefix: 'lp',
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
  });
}

type BetterAuth = ReturnType<typeof makeAuth>;

/** The identity library as the routes call it (`auth.api.signInEmail(...)`, each call a promise). */
export interface Auth {
  api: BetterAuth['api'];
  /** Loads the library now (after start-up, so that the first sign-in does not wait for it). */
  load(): Promise<void>;
}

/**
 * better-auth (with Drizzle, its adapter) is loaded on first use or by `load()`: they are about
 * half a second of CPU, a third of the server's start, and only sign-in, sign-out and password
 * changes call them (a session is checked by our own query, readSessionToken and MEMBER_COLUMNS).
 */
export function createAuth(config: Config, pool: pg.Pool, hooks: AuthHooks): Auth {
  const real = loadOnce(() =>
    Promise.all([
      import('better-auth'),
      import('better-auth/adapters/drizzle'),
      import('./db/schema.js'),
      drizzleOn(pool),
    ]).then(([{ betterAuth }, { drizzleAdapter }, { schema }, db]) =>
      makeAuth({ betterAuth, drizzleAdapter, schema }, config, db, hooks),
    ),
  );
  const api = new Proxy({} as BetterAuth['api'], {
    get:
      (_target, name) =>
      async (...args: unknown[]) => {
        const method = (await real()).api[name as keyof BetterAuth['api']] as (...a: unknown[]) => unknown;
        return method(...args);
      },
  });
  return {
    api,
    async load() {
      await real();
    },
  };
}

/**
 * Ends every outstanding password-reset link of a user (better-auth keeps each as a verification
 * `reset-password:<token>` whose value is the user id): when one of them is used, and when the
 * password is changed in account settings.
 */
export async function endPasswordResetLinks(q: pg.Pool | pg.ClientBase, userId: string): Promise<void> {
  await q.query(`delete from verifications where identifier like 'reset-password:%' and value = $1`, [userId]);
}

/** Reads the session token from a signed cookie; null when absent or when its signature does not match. */
export function readSessionToken(cookieHeader: string | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  let raw: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name === SESSION_COOKIE || name === `__Secure-${SESSION_COOKIE}`) {
      raw = part.slice(eq + 1).trim();
      break;
    }
  }
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

/** Serialises the session cookie the way better-auth signs it, for sliding renewal. */
export function sessionCookie(
  token: string,
  secret: string,
  secure: boolean,
  maxAgeSeconds = SESSION_TTL_SECONDS,
): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  const name = secure ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** A session with its user, department and company, as findSession reads it. */
export type SessionRow = Pick<SessionTableRow, 'token' | 'expires_at'> & {
  session_id: SessionTableRow['id'];
  session_updated_at: SessionTableRow['updated_at'];
  user_id: UserRow['id'];
  user_valid: UserRow['valid'];
} & Pick<
    UserRow,
    | 'name'
    | 'email'
    | 'account_id'
    | 'department_id'
    | 'roles'
    | 'permissions'
    | 'approvals'
    | 'accepted_invite'
    | 'job_title'
    | 'phone_number'
    | 'first_time'
  > &
  LeftJoined<{
    department: DepartmentRow['name'];
    department_approvals: DepartmentRow['approvals'];
    account_name: AccountRow['name'];
    current_plan: AccountRow['current_plan'];
    health_status: AccountRow['health_status'];
    health_reason: AccountRow['health_reason'];
    account_valid: AccountRow['valid'];
    restrict_balance: AccountRow['restrict_balance_to_finance_admins'];
  }>;

/** The member a request acts as, without the session's own columns (a session or an API key reads it). */
export type MemberRow = Omit<SessionRow, 'session_id' | 'token' | 'expires_at' | 'session_updated_at'>;

/**
 * The columns of a MemberRow, read from `users u` with MEMBER_JOINS: what a session and an API key
 * both act with, defined once.
 */
export const MEMBER_COLUMNS = `u.id as user_id, u.name, u.email, u.account_id, d.name as department, u.department_id,
                  u.roles, u.permissions, u.approvals, d.approvals as department_approvals,
                  u.accepted_invite, u.job_title, u.phone_number, u.first_time, u.valid as user_valid,
                  a.name as account_name, a.current_plan, a.health_status, a.health_reason, a.valid as account_valid,
                  a.restrict_balance_to_finance_admins as restrict_balance`;
export const MEMBER_JOINS = `left join accounts a on a.id = u.account_id
             left join departments d on d.id = u.department_id`;

/**
 * Looks up a session and its user and account in one indexed query (a named, prepared statement).
 * Expired sessions are not returned.
 */
export async function findSession(pool: pg.Pool, token: string): Promise<SessionRow | null> {
  const { rows } = await pool.query<SessionRow>({
    name: 'find-session',
    text: `select s.id as session_id, s.token, s.expires_at, s.updated_at as session_updated_at,
                  ${MEMBER_COLUMNS}
             from sessions s
             join users u on u.id = s.user_id
             ${MEMBER_JOINS}
            where s.token = $1 and s.expires_at > now()`,
    values: [token],
  });
  return rows[0] ?? null;
}

/** Extends a session that is older than the refresh age; returns true when it did. */
export async function slideSession(pool: pg.Pool, row: SessionRow): Promise<boolean> {
  const ageSeconds = (Date.now() - row.session_updated_at.getTime()) / 1000;
  if (ageSeconds < SESSION_REFRESH_AFTER_SECONDS) return false;
  await pool.query(
    'update sessions set expires_at = now() + make_interval(secs => $2), updated_at = now() where id = $1',
    [row.session_id, SESSION_TTL_SECONDS],
  );
  return true;
}
