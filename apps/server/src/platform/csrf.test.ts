import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Agent,
  addMember,
  createTestContext,
  databaseFingerprint,
  signUpCompany,
  type TestContext,
} from '../test/harness.js';

/**
 * Over real HTTP, because the path must reach the server exactly as written: `/%61pi/...` is the
 * same route as `/api/...` to the router, so it must meet the same CSRF, session and permission checks.
 */
let t: TestContext;
let port: number;
let owner: Agent;
let accountId: string;
let userId: string;

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One request with the path sent byte for byte (no client-side normalisation). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = (extra: Record<string, string>) => ({ 'content-type': 'application/json', ...extra });

async function mergedLetter(id: string) {
  await t.services.pool.query(
    `insert into letters (id, account_id, name, status, blob_key, size_bytes, document_type)
     values ($1, $2, 'merged.pdf', 'Analysis Complete', 'letters/merged.pdf', 10, 'merged')`,
    [id, accountId],
  );
}

async function notification(id: string) {
  await t.services.pool.query(
    'insert into notifications (id, account_id, user_id, sender, description) values ($1, $2, $3, $4, $5)',
    [id, accountId, userId, 'System', 'Hello'],
  );
}

beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  const a = await signUpCompany(t.app);
  owner = a.agent;
  accountId = a.me.account.id;
  userId = a.me.user.id;
  await owner.csrf();
});
afterAll(() => t.close());

describe('CSRF over real HTTP', () => {
  it('refuses percent-encoded paths without the token, exactly like /api/..., and changes nothing', async () => {
    await mergedLetter('letter-csrf-1');
    await notification('note-csrf-1');
    const cookie = owner.cookieHeader();
    const boundary = '----lpcsrf';
    const form = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 test\r\n--${boundary}--\r\n`,
    );
    const calls: Array<[string, string, Record<string, string>, string | Buffer | undefined]> = [
      ['POST', '/%61pi/letters/trash', json({ cookie }), JSON.stringify({ uuids: ['letter-csrf-1'] })],
      ['POST', '/%61pi/letters/files', { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, form],
      ['POST', '/%61pi/letters/letter-csrf-1/split', { cookie }, undefined],
      ['DELETE', '/%61pi/notifications', { cookie }, undefined],
      ['DELETE', '/%2561pi/notifications', { cookie }, undefined],
      ['DELETE', '/api/%6eotifications', { cookie }, undefined],
      ['DELETE', '/API/notifications', { cookie }, undefined],
      ['DELETE', '/api/notifications/', { cookie }, undefined],
      ['DELETE', '/api//notifications', { cookie }, undefined],
    ];
    const before = await databaseFingerprint(t.services.pool);
    for (const [method, path, headers, body] of calls) {
      const res = await raw(method, path, headers, body);
      // Either the route was matched and the token is missing, or no route answers at all.
      if (res.status === 404) expect(JSON.parse(res.body).code, `${method} ${path}`).toBe('NOT_FOUND');
      else {
        expect(res.status, `${method} ${path}: ${res.body}`).toBe(403);
        expect(JSON.parse(res.body).code).toBe('CSRF_INVALID');
      }
    }
    // The four the issue named are matched routes (the router decodes %61): they must be the 403s.
    for (const [method, path, headers, body] of calls.slice(0, 4))
      expect((await raw(method, path, headers, body)).status, `${method} ${path}`).toBe(403);
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
    expect(await t.services.blobs.exists(`letters/${accountId}`)).toBe(false);
  });

  it('lets the same encoded calls through with the session token (the router matched /api/...)', async () => {
    await mergedLetter('letter-csrf-2');
    await notification('note-csrf-2');
    const headers = json({ cookie: owner.cookieHeader(), 'x-csrf-token': await owner.csrf() });
    const trash = await raw('POST', '/%61pi/letters/trash', headers, JSON.stringify({ uuids: ['letter-csrf-2'] }));
    expect(trash.status, trash.body).toBe(200);
    const cleared = await raw('DELETE', '/%61pi/notifications', {
      cookie: owner.cookieHeader(),
      'x-csrf-token': await owner.csrf(),
    });
    expect(cleared.status, cleared.body).toBe(204);
    const { rows } = await t.services.pool.query('select dismissed_at from notifications where id = $1', [
      'note-csrf-2',
    ]);
    expect(rows[0]?.dismissed_at).toBeInstanceOf(Date);
  });

  it('applies the session and permission checks to the matched route, however the path is spelt', async () => {
    const anonymous = new Agent(t.app);
    const token = await anonymous.csrf();
    for (const path of ['/%61pi/me', '/%61pi/letters', '/api/%6de']) {
      const res = await raw('GET', path, { cookie: anonymous.cookieHeader() });
      expect(res.status, path).toBe(401);
      expect(JSON.parse(res.body).code).toBe('UNAUTHENTICATED');
    }
    const noSession = await raw('DELETE', '/%61pi/notifications', {
      cookie: anonymous.cookieHeader(),
      'x-csrf-token': token,
    });
    expect(noSession.status).toBe(401);

    const bare = (await addMember(t, accountId, { permissions: {} })).agent;
    const denied = await raw('POST', '/%61pi/letters/trash', {
      ...json({ cookie: bare.cookieHeader(), 'x-csrf-token': await bare.csrf() }),
    });
    expect(denied.status, denied.body).toBe(403);
    expect(JSON.parse(denied.body).code).toBe('PERMISSION_DENIED');
    const list = await raw('GET', '/%61pi/users', { cookie: bare.cookieHeader() });
    expect(list.status).toBe(403);
  });

  it("refuses a token minted for another session or for no session, and accepts the session's own", async () => {
    const other = await signUpCompany(t.app);
    const anonymous = new Agent(t.app);
    const anonymousToken = await anonymous.csrf();
    const otherToken = await other.agent.csrf();
    // The victim's cookies (session and _csrf secret) with a token the attacker could obtain.
    const cookie = owner.cookieHeader();
    await mergedLetter('letter-csrf-3');
    const body = JSON.stringify({ uuids: ['letter-csrf-3'] });
    const cases: Array<[string, string]> = [
      ['another session', otherToken],
      ['no session', anonymousToken],
    ];
    for (const [what, token] of cases) {
      const res = await raw('POST', '/api/letters/trash', json({ cookie, 'x-csrf-token': token }), body);
      expect(res.status, what).toBe(403);
      expect(JSON.parse(res.body).code).toBe('CSRF_INVALID');
    }
    // The other session's token with its own _csrf secret but the victim's session cookie.
    const session = (c: string) => c.split('; ').find((p) => p.startsWith('lp.session_token='))!;
    const mixed = `_csrf=${other.agent.getCookie('_csrf')}; ${session(owner.cookieHeader())}`;
    const res = await raw('POST', '/api/letters/trash', json({ cookie: mixed, 'x-csrf-token': otherToken }), body);
    expect(res.status).toBe(403);

    const own = await raw('POST', '/api/letters/trash', json({ cookie, 'x-csrf-token': await owner.csrf() }), body);
    expect(own.status, own.body).toBe(200);
  });

  it('marks the answers that change the session, so the client fetches a new token', async () => {
    const agent = new Agent(t.app);
    const before = await agent.csrf();
    const signUp = await agent.post('/api/signup', {
      companyName: 'Token Ltd',
      fullName: 'Toke Owner',
      email: 'token-owner@example.com',
      password: 'correct horse battery',
    });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.headers['x-session-changed']).toBe('1');
    // The token minted before signing up is no longer good for this session.
    const stale = await agent.request('DELETE', '/api/notifications', undefined, { 'x-csrf-token': before });
    expect(stale.statusCode).toBe(403);
    expect((await agent.delete('/api/notifications')).statusCode).toBe(204);
    // A call that leaves the session as it is says nothing.
    expect((await agent.get('/api/me')).headers['x-session-changed']).toBeUndefined();
    const signOut = await agent.delete('/api/session');
    expect(signOut.statusCode).toBe(204);
    expect(signOut.headers['x-session-changed']).toBe('1');
  });
});
