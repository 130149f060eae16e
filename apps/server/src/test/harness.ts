import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runOnce } from 'graphile-worker';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../app.js';
import { type Config, loadConfig } from '../platform/config.js';
import type { LiveMessage } from '../platform/events.js';
import { jobLogger } from '../platform/jobs.js';
import { openServices, type Services } from '../services.js';
import { TEMPLATE_DB, withDatabase } from './global-setup.js';

export interface TestContext {
  app: App;
  services: Services;
  config: Config;
  databaseUrl: string;
  dataDir: string;
  /** Runs every queued job now (the worker, deterministically). */
  runJobs(): Promise<void>;
  /** Mail written to the local outbox, oldest first. */
  outbox(): Promise<
    Array<{
      id: string;
      to: string;
      subject: string;
      text: string;
      links: string[];
      from: string | { name: string; address: string };
      replyTo?: { name: string; address: string };
      /** The message as sent (RFC 5322), headers encoded. */
      eml: string;
    }>
  >;
  close(): Promise<void>;
}

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** A fresh database cloned from the migrated template, and the app built on it. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const { databaseUrl, drop } = await newDatabase(TEMPLATE_DB);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lp-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    AUTH_RATE_LIMIT: '1000',
    ACCOUNT_SIGN_IN_FAILURES: '1000',
    // The payment sandbox answers at once in tests (its latency is for people trying the product).
    PAYMENTS_SANDBOX_LATENCY_MS: '0',
    PAYMENTS_SANDBOX_EVENT_DELAY_MS: '0',
    PAYMENTS_SANDBOX_DUPLICATE_RATE: '0',
    // So do the text message and print sandboxes; their statuses follow in milliseconds.
    SMS_SANDBOX_LATENCY_MS: '0',
    PRINT_SANDBOX_LATENCY_MS: '0',
    PRINT_SANDBOX_PRODUCTION_DELAY_MS: '5',
    PRINT_SANDBOX_STEP_MS: '5',
    // The integrations sandbox too.
    INTEGRATIONS_SANDBOX_LATENCY_MS: '0',
    ...env,
  });
  const services = await openServices(config, databaseUrl, quiet);
  await services.hub.start();
  const app = await buildApp({ ...services, config });
  await app.ready();
  return {
    app,
    services,
    config,
    databaseUrl,
    dataDir,
    runJobs: () => runOnce({ pgPool: services.pool, taskList: services.taskList, logger: jobLogger(quiet) }),
    async outbox() {
      const dir = path.join(dataDir, 'outbox');
      const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json')).sort();
      return Promise.all(
        files.map(async (f) => ({
          ...JSON.parse(await readFile(path.join(dir, f), 'utf8')),
          eml: await readFile(path.join(dir, f.replace(/\.json$/, '.eml')), 'utf8'),
        })),
      );
    },
    async close() {
      await app.close();
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
      await drop();
    },
  };
}

/**
 * A database of its own for a suite that talks to PostgreSQL without the app: a clone of the
 * migrated template, or an empty one (`template: null`), with a small pool; `drop` ends both.
 */
export async function scratchDatabase({ template = TEMPLATE_DB as string | null } = {}) {
  const database = await newDatabase(template);
  const pool = new pg.Pool({ connectionString: database.databaseUrl, max: 2 });
  return {
    pool,
    async drop() {
      await pool.end();
      await database.drop();
    },
  };
}

/** A new database on the run's server (a clone of `template`, or empty), and how to drop it. */
async function newDatabase(template: string | null) {
  const adminUrl = inject('adminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    databaseUrl: withDatabase(adminUrl, name),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** A minimal browser: keeps cookies and the CSRF token, sends JSON through app.inject. */
export class Agent {
  private cookies = new Map<string, string>();
  private csrfToken: string | null = null;

  constructor(private readonly app: App) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  getCookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private store(setCookie: string | string[] | undefined) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const key = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, value);
    }
  }

  async csrf(): Promise<string> {
    if (!this.csrfToken) {
      const res = await this.request('GET', '/api/csrf');
      this.csrfToken = (res.json() as { token: string }).token;
    }
    return this.csrfToken;
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const h: Record<string, string> = { ...headers };
    // Fetching the token sets the CSRF secret cookie, so cookies are read after it.
    if (method !== 'GET' && !('x-csrf-token' in h)) h['x-csrf-token'] = await this.csrf();
    if (this.cookies.size > 0 && !('cookie' in h)) h.cookie = this.cookieHeader();
    const payload =
      body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    if (payload !== undefined && !('content-type' in h)) h['content-type'] = 'application/json';
    const res = await this.app.inject({ method, url, headers: h, payload });
    this.store(res.headers['set-cookie']);
    // The token is bound to the session: one that started or ended here needs a new token.
    if (res.headers['x-session-changed']) this.csrfToken = null;
    return res;
  }

  get(url: string) {
    return this.request('GET', url);
  }
  /** Posts one file as multipart/form-data in the field "file", as a browser's form does. */
  upload(url: string, filename: string, bytes: Buffer) {
    const boundary = `----lp${randomBytes(8).toString('hex')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return this.request('POST', url, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request('DELETE', url, undefined, headers);
  }
}

/** A program calling with an API key: `Authorization: Bearer <key>`, no cookie, no CSRF token. */
export class KeyAgent {
  constructor(
    private readonly app: App,
    readonly key: string,
  ) {}

  request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const h: Record<string, string> = { authorization: `Bearer ${this.key}`, ...headers };
    const payload =
      body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    if (payload !== undefined && !('content-type' in h)) h['content-type'] = 'application/json';
    return this.app.inject({ method, url, headers: h, payload });
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request('DELETE', url, undefined, headers);
  }
  /** Posts one file as multipart/form-data in the field "file" (a new random boundary each time, as clients do). */
  upload(url: string, filename: string, bytes: Buffer, headers: Record<string, string> = {}) {
    const boundary = `----lp${randomBytes(8).toString('hex')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return this.request('POST', url, body, { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` });
  }
}

/** Makes an API key as `agent` (a signed-in member with manage_company) and answers a program holding it. */
export async function makeApiKey(
  app: App,
  agent: Agent,
  body: { name?: string; permissions: string[]; expires_at?: string; mode?: 'live' | 'test' },
) {
  const res = await agent.post('/api/api-keys', { name: 'Program', ...body });
  if (res.statusCode !== 201) throw new Error(`API key not made: ${res.statusCode} ${res.body}`);
  const made = res.json() as { key: { id: string; prefix: string }; secret: string };
  return { id: made.key.id, prefix: made.key.prefix, secret: made.secret, program: new KeyAgent(app, made.secret) };
}

let counter = 0;
/** Registers a company through the API; returns the signed-in agent and what was sent. */
export async function signUpCompany(
  app: App,
  overrides: Partial<{ companyName: string; fullName: string; email: string; password: string }> = {},
) {
  counter += 1;
  const body = {
    companyName: `Company ${counter} Ltd`,
    fullName: `Owner Number${counter}`,
    email: `owner${counter}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
  const agent = new Agent(app);
  const res = await agent.post('/api/signup', body);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { agent, body, me: res.json() as { user: { id: string }; account: { id: string } } };
}

export async function count(pool: pg.Pool, table: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}

/** Adds an accepted member to a company (invited by the owner, then accepted through the API). */
export async function addMember(
  t: TestContext,
  accountId: string,
  opts: {
    name?: string;
    permissions?: Record<string, string[]>;
    approvals?: Record<string, string[]>;
    departmentId?: string | null;
    supervise?: string[];
  } = {},
) {
  counter += 1;
  const email = `member${counter}-${randomBytes(3).toString('hex')}@example.com`;
  const { createInvitation } = await import('../modules/identity/create-invitation.js');
  const { uniqueId, userId } = await createInvitation(t.services.pool, {
    accountId,
    invitedBy: null,
    email,
    fullName: opts.name ?? `Member Number${counter}`,
    permissions: opts.permissions ?? {},
    approvals: opts.approvals ?? {},
    departmentId: opts.departmentId ?? null,
    supervisedDepartmentIds: opts.supervise ?? [],
    ttlDays: 1,
  });
  const agent = new Agent(t.app);
  const res = await agent.post('/api/invitations/accept', {
    unique_id: uniqueId,
    account_id: accountId,
    user_name: opts.name ?? `Member Number${counter}`,
    password: 'member password',
  });
  if (res.statusCode !== 201) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  return { agent, userId, email };
}

/**
 * A fingerprint of every row of every table: equal before and after means nothing changed. The
 * rate-limit counters are left out: a refused request is still counted, as it must be.
 */
export async function databaseFingerprint(pool: pg.Pool): Promise<string> {
  const { rows: tables } = await pool.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits' order by 1",
  );
  // Every table's hash in one statement: one round trip, not one per table (hostile-input.test.ts
  // takes a fingerprint after each of its ~200 batches).
  const hashes = tables.map(
    ({ name }, i) =>
      `select ${i} as i, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`,
  );
  const { rows } = await pool.query<{ i: number; h: string }>(`${hashes.join(' union all ')} order by i`);
  const parts = rows.map((r) => `${tables[r.i]!.name}:${r.h}`);
  const jobs = await pool.query<{ n: number }>('select count(*)::int as n from graphile_worker.jobs');
  parts.push(`jobs:${jobs.rows[0]!.n}`);
  return parts.join(',');
}

/** Opens the notification stream over real HTTP (the app listening at `base`) with the agent's cookie; collects its messages but pings. */
export async function openNotificationStream(base: string, agent: Agent) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: { cookie: agent.cookieHeader() },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
  if (!res.headers.get('content-type')?.includes('text/event-stream')) throw new Error('not an event stream');
  const messages: LiveMessage[] = [];
  let ended = false;
  let streamId: string | null = null;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let i = buffer.indexOf('\n\n');
        while (i >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith('data: ')) {
              const m = JSON.parse(line.slice(6));
              if (m.type === 'hello') streamId = m.stream_id;
              else if (m.type !== 'ping') messages.push(m);
            }
          }
          i = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return { messages, isEnded: () => ended, streamId: () => streamId, close: () => controller.abort() };
}
