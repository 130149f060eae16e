import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { createDeliveryProviders } from '../../modules/delivery/providers.js';
import { createSandboxAddressLookup } from '../../providers/addresses.js';
import { createAuth, sessionCookie } from '../auth.js';
import { createFileBlobStore } from '../blobs.js';
import { loadConfig } from '../config.js';
import { ERRORS } from '../errors.js';
import { EventHub } from '../events.js';
import { createOutboxMailer } from '../mail.js';
import { openDatabase } from './client.js';
import { isDatabaseUnavailable } from './unavailable.js';

const withCode = (code: string, extra: object = {}) => Object.assign(new Error(`failed (${code})`), { code, ...extra });

describe('isDatabaseUnavailable', () => {
  it('recognises a stopped, restarting or unreachable database and a dropped connection', () => {
    for (const error of [
      withCode('ECONNREFUSED', { syscall: 'connect' }),
      withCode('ECONNRESET', { syscall: 'read' }),
      withCode('ETIMEDOUT'),
      withCode('EHOSTUNREACH'),
      withCode('ENOENT', { syscall: 'connect', address: '/data/pg/.s.PGSQL.5432' }), // Unix socket gone
      withCode('57P01'), // admin_shutdown
      withCode('57P02'), // crash_shutdown
      withCode('57P03'), // cannot_connect_now
      withCode('53300'), // too_many_connections
      withCode('08006'), // connection_failure
      withCode('08001'), // sqlclient_unable_to_establish_sqlconnection
      withCode('08P01'), // protocol_violation
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      // Wrapped: Drizzle's query error, and Node's AggregateError of a dual-stack connect.
      new DrizzleQueryError('select 1', [], withCode('57P01')),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'),
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it('leaves a query error, a file error and anything else alone', () => {
    for (const error of [
      withCode('23505'), // unique_violation
      withCode('42P01'), // undefined_table
      withCode('40001'), // serialization_failure
      withCode('57014'), // query_canceled
      withCode('ENOENT', { syscall: 'open' }), // a missing file, not a socket
      new Error('Cannot use a pool after calling end on the pool'),
      new TypeError('x is undefined'),
      new DrizzleQueryError('select 1', [], withCode('23505')),
      'ECONNREFUSED',
      null,
      undefined,
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });

  it('is not caught by a cycle of causes', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('the API while the database is away', () => {
  let app: App;
  let dataDir: string;
  let close: () => Promise<void>;
  const secret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lp-unavailable-'));
    const databaseUrl = `postgres://postgres:none@127.0.0.1:${await closedPort()}/postgres`;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_SECRET: secret,
    });
    const database = openDatabase(databaseUrl);
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    app = await buildApp({
      config,
      pool: database.pool,
      auth: createAuth(config, database.pool, { log: quiet, async passwordReset() {}, async sendResetPassword() {} }),
      jobs: { async add() {}, async close() {} },
      hub: new EventHub(database.pool, quiet),
      blobs: createFileBlobStore(path.join(dataDir, 'blobs')),
      delivery: {
        pool: database.pool,
        blobs: createFileBlobStore(path.join(dataDir, 'blobs')),
        providers: createDeliveryProviders(
          config,
          createOutboxMailer(path.join(dataDir, 'outbox'), 'x@example.com', quiet),
        ),
        secret,
        publicUrl: config.PUBLIC_URL,
      },
      parcels: {
        pool: database.pool,
        blobs: createFileBlobStore(path.join(dataDir, 'blobs')),
        carriers: new Map(),
        quoteTimeoutMs: 1000,
        labelPollMs: 1000,
        postcodes: null,
        addresses: createSandboxAddressLookup(0),
      },
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('/readyz answers 503', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'database unavailable' });
  });

  it('a signed-in call answers 503 in the error shape, with a message saying to try again', async () => {
    const cookie = sessionCookie('a-session-token', secret, false).split(';')[0]!;
    const res = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, code: 'UNAVAILABLE', message: ERRORS.UNAVAILABLE.message });
    expect(ERRORS.UNAVAILABLE.message).toBe('The service is temporarily unavailable. Try again in a moment.');
  });

  it('a public call that needs the database (sign-up) answers 503 too', async () => {
    const csrf = await app.inject({ method: 'GET', url: '/api/csrf' });
    expect(csrf.statusCode).toBe(200);
    const cookie = csrf.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { cookie, 'x-csrf-token': csrf.json().token, 'content-type': 'application/json' },
      payload: { companyName: 'Away Ltd', fullName: 'Ann Away', email: 'ann@example.com', password: 'away password' },
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
  });
});
