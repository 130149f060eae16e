import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  createTestContext,
  databaseFingerprint,
  signUpCompany,
  type TestContext,
} from '../test/harness.js';
import { findNul, MAX_URL_LENGTH, makeWellFormed, NUL_MESSAGE, wellFormed } from './input-guard.js';

describe('findNul', () => {
  it('finds a NUL in any string or key, at any depth, and names where', () => {
    expect(findNul({ a: 'x', b: [1, 'ok', { c: 'y\u0000' }] })).toBe('b.2.c');
    expect(findNul({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findNul('\u0000')).toBe('');
    expect(findNul({ a: 'fine', n: 3, t: true, z: null })).toBeNull();
    // A deeply nested body does not overflow the stack.
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)).toMatch(/^0(\.0)+$/);
  });
});

describe('makeWellFormed', () => {
  it('turns each lone surrogate into U+FFFD in strings and keys at any depth, keeping pairs and everything else', () => {
    expect(wellFormed('Zoë \ud83d\udce8 \ud800x\udc00')).toBe('Zoë \ud83d\udce8 \ufffdx\ufffd');
    // One after another: the pattern holds no state between calls.
    expect([wellFormed('\ud800'), wellFormed('a\ud800'), wellFormed('\udfff')]).toEqual([
      '\ufffd',
      'a\ufffd',
      '\ufffd',
    ]);
    const body = { name: "O'Brien\ud800", lines: ['1 Quay St', { deep: ['\udc00'] }], n: 3, ok: null, 'k\ud801': 'v' };
    expect(makeWellFormed(body)).toEqual({
      name: "O'Brien\ufffd",
      lines: ['1 Quay St', { deep: ['\ufffd'] }],
      n: 3,
      ok: null,
      'k\ufffd': 'v',
    });
    // What PostgreSQL's jsonb takes: no "\ud800" escape left.
    expect(JSON.stringify(body)).not.toMatch(/\\ud[89a-f]/i);
    expect(makeWellFormed('\ud800')).toBe('\ufffd');
    let deep: unknown = '\ud800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    makeWellFormed(deep);
  });
});

let t: TestContext;
let owner: Agent;
let accountId: string;
let userId: string;

beforeAll(async () => {
  t = await createTestContext();
  const a = await signUpCompany(t.app);
  owner = a.agent;
  accountId = a.me.account.id;
  userId = a.me.user.id;
  await t.services.pool.query(`update accounts set current_plan = 'Business' where id = $1`, [accountId]);
});
afterAll(() => t.close());

const NUL_ANSWER = {
  statusCode: 422,
  code: 'VALIDATION_FAILED',
  message: NUL_MESSAGE,
  fields: [{ path: expect.any(String), message: NUL_MESSAGE }],
};

async function blobFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'blobs');
  return (await readdir(root, { recursive: true }).catch(() => [])).map(String);
}

describe('a NUL character answers 422 in the catalogue shape and stores nothing', () => {
  it('in search, filters, ids and any other part of the URL', async () => {
    const urls = [
      '/api/letters?search=a%00b',
      '/api/letters?filter.status=%00',
      '/api/letters?filter.creator=x%00%40example.com',
      '/api/users?search=%00',
      '/api/letters/abc%00',
      `/api/users/${userId}%00`,
      '/api/departments/%00',
      '/api/audit?search=%00',
    ];
    for (const url of urls) {
      const res = await owner.get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(res.json(), url).toEqual({ ...NUL_ANSWER, fields: [{ path: 'url', message: NUL_MESSAGE }] });
    }
  });

  it('in JSON bodies, at any depth, before the handler runs', async () => {
    const before = await databaseFingerprint(t.services.pool);
    const calls: Array<[string, string, unknown, string]> = [
      ['POST', '/api/departments', { departments: [{ name: 'Sales\u0000' }] }, 'departments.0.name'],
      ['PUT', `/api/users/${userId}`, { roles: ['owner\u0000'] }, 'roles.0'],
      ['POST', '/api/users', { user_name: 'A\u0000', email_address: 'a@example.com', permissions: {} }, 'user_name'],
      ['POST', '/api/letters/trash', { uuids: ['x\u0000'] }, 'uuids.0'],
      ['POST', '/api/users', { user_name: 'Fine Name', email_address: 'b@example.com', 'k\u0000': 1 }, 'k\u0000'],
    ];
    for (const [method, url, body, at] of calls) {
      const res = await owner.request(method as 'POST', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(422);
      expect(res.json()).toEqual({ ...NUL_ANSWER, fields: [{ path: at, message: NUL_MESSAGE }] });
    }
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
  });

  it('in an upload: file name (plain or RFC 5987) or a field, and nothing is written', async () => {
    const before = await databaseFingerprint(t.services.pool);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const form = (disposition: string, extra = '') => {
      const boundary = `----lp${randomBytes(6).toString('hex')}`;
      const body = Buffer.concat([
        Buffer.from(extra.replaceAll('BOUNDARY', boundary)),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { body, type: `multipart/form-data; boundary=${boundary}` };
    };
    const cases = [
      form('name="file"; filename="a\u0000b.pdf"'),
      form(`name="file"; filename*=UTF-8''a%00b.pdf`),
      form(
        'name="file"; filename="fine.pdf"',
        '--BOUNDARY\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\u0000y\r\n',
      ),
    ];
    for (const { body, type } of cases) {
      const res = await owner.post('/api/letters/files', body, { 'content-type': type });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: NUL_MESSAGE });
    }
    expect(await blobFiles()).toEqual([]);
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
    // The same upload with a clean name is taken.
    const fine = form('name="file"; filename="fine.pdf"');
    expect((await owner.post('/api/letters/files', fine.body, { 'content-type': fine.type })).statusCode).toBe(201);
  });

  it('still answers 401 first to a caller without a session', async () => {
    const res = await t.app.inject({ url: '/api/letters?search=%00' });
    expect(res.statusCode).toBe(401);
  });
});

describe('long or malformed requests answer in the catalogue shape (real HTTP)', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** Writes the request bytes as given and reads the whole answer (status and JSON body). */
  const send = (bytes: string) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
      let out = '';
      socket.on('data', (d) => {
        out += d.toString();
      });
      socket.on('error', (e) => (out ? undefined : reject(e)));
      socket.on('close', () => {
        const [head = '', body = ''] = out.split('\r\n\r\n');
        const status = Number(head.split(' ')[1]);
        let parsed: unknown = body;
        try {
          parsed = JSON.parse(body);
        } catch {}
        resolve({ status, body: parsed });
      });
      setTimeout(() => socket.end(), 2000).unref();
    });
  const get = (target: string, headers = '') =>
    send(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${headers}\r\n`);

  it('414 for an address too long (our limit, the router parameter limit, and the parser limit)', async () => {
    for (const target of [
      `/api/letters?search=${'a'.repeat(MAX_URL_LENGTH)}`,
      `/api/letters/${'a'.repeat(200)}`,
      `/api/letters?search=${'a'.repeat(20_000)}`,
    ]) {
      const res = await get(target);
      expect(res.status, target.slice(0, 40)).toBe(414);
      expect(res.body).toEqual({
        statusCode: 414,
        code: 'URI_TOO_LONG',
        message: 'The address of the request is too long.',
      });
    }
  });

  it('431 for headers too large, 400 for a malformed request or URL', async () => {
    const big = await get('/healthz', `X-Big: ${'a'.repeat(20_000)}\r\n`);
    expect(big).toEqual({
      status: 431,
      body: { statusCode: 431, code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
    });
    const rawNul = await get('/api/letters/a\u0000b');
    expect(rawNul).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'BAD_REQUEST', message: 'The request could not be read.' },
    });
    const badEncoding = await get('/api/letters/%E0%A4%A');
    expect(badEncoding.status).toBe(400);
    expect(badEncoding.body).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
