import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiPostForBlob, apiUrl, resetCsrfToken } from './api';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function mockFetch(handler: (url: string, init: RequestInit, calls: Call[]) => Response) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return handler(url, init, calls);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

function header(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string> | undefined)?.[name];
}

describe('api client', () => {
  beforeEach(() => resetCsrfToken());
  afterEach(() => vi.unstubAllGlobals());

  it('sends GET without a CSRF token, same-origin, and parses JSON', async () => {
    const calls = mockFetch(() => json(200, { count: 3 }));
    await expect(api.get('/api/notifications/count')).resolves.toEqual({ count: 3 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(header(calls[0]!.init, 'x-csrf-token')).toBeUndefined();
  });

  it('fetches the CSRF token once and sends it on every non-GET', async () => {
    const calls = mockFetch((url) => (url === '/api/csrf' ? json(200, { token: 'tok-1' }) : json(200, { ok: true })));
    await api.post('/api/session', { body: { email: 'a@b.co', password: 'x' } });
    await api.delete('/api/session');
    expect(calls.map((c) => c.url)).toEqual(['/api/csrf', '/api/session', '/api/session']);
    expect(header(calls[1]!.init, 'x-csrf-token')).toBe('tok-1');
    expect(header(calls[2]!.init, 'x-csrf-token')).toBe('tok-1');
    expect(header(calls[1]!.init, 'content-type')).toBe('application/json');
    expect(calls[1]!.init.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'x' }));
    // No body, no JSON content type (Fastify rejects an empty JSON body).
    expect(header(calls[2]!.init, 'content-type')).toBeUndefined();
  });

  it('shares one CSRF request between concurrent calls', async () => {
    const calls = mockFetch((url) => (url === '/api/csrf' ? json(200, { token: 't' }) : json(204, undefined)));
    await Promise.all([
      api.delete('/api/session'),
      api.post('/api/letters/{id}/split', { params: { id: 'l1' } }),
      api.delete('/api/letters/{id}/address-sheet', { params: { id: 'l1' } }),
    ]);
    expect(calls.filter((c) => c.url === '/api/csrf')).toHaveLength(1);
  });

  it('fetches a new token once the session changed (the token is bound to the session)', async () => {
    let tokens = 0;
    const calls = mockFetch((url) => {
      if (url === '/api/csrf') return json(200, { token: `tok-${++tokens}` });
      if (url === '/api/session')
        return new Response('{}', {
          status: 200,
          headers: { 'x-session-changed': '1', 'content-type': 'application/json' },
        });
      return json(204, undefined);
    });
    await api.post('/api/session', { body: { email: 'a@b.co', password: 'x' } });
    await api.post('/api/letters/trash', { body: { uuids: [] } });
    await api.post('/api/letters/restore', { body: { uuids: [] } });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/csrf',
      '/api/session',
      '/api/csrf',
      '/api/letters/trash',
      '/api/letters/restore',
    ]);
    expect(header(calls[3]!.init, 'x-csrf-token')).toBe('tok-2');
    expect(header(calls[4]!.init, 'x-csrf-token')).toBe('tok-2');
  });

  it('refetches the token once and retries on 403 CSRF_INVALID', async () => {
    let tokens = 0;
    let attempts = 0;
    const calls = mockFetch((url, init) => {
      if (url === '/api/csrf') return json(200, { token: `tok-${++tokens}` });
      attempts += 1;
      if (header(init, 'x-csrf-token') === 'tok-1') return json(403, { code: 'CSRF_INVALID', message: 'bad token' });
      return json(201, { id: 'x' });
    });
    await expect(
      api.post('/api/signup', {
        body: {
          companyName: 'Acme Ltd',
          fullName: 'Ada Lovelace',
          email: 'ada@example.com',
          password: 'a long passphrase',
        },
      }),
    ).resolves.toEqual({ id: 'x' });
    expect(attempts).toBe(2);
    expect(calls.map((c) => c.url)).toEqual(['/api/csrf', '/api/signup', '/api/csrf', '/api/signup']);
    expect(header(calls[3]!.init, 'x-csrf-token')).toBe('tok-2');
  });

  it('does not loop when the fresh token is refused too', async () => {
    const calls = mockFetch((url) =>
      url === '/api/csrf' ? json(200, { token: 't' }) : json(403, { code: 'CSRF_INVALID', message: 'no' }),
    );
    await expect(api.post('/api/letters/{id}/split', { params: { id: 'x' } })).rejects.toMatchObject({
      status: 403,
      code: 'CSRF_INVALID',
    });
    expect(calls.filter((c) => c.url === '/api/letters/x/split')).toHaveLength(2);
  });

  it('does not retry other 403 answers', async () => {
    const calls = mockFetch((url) =>
      url === '/api/csrf'
        ? json(200, { token: 't' })
        : json(403, { statusCode: 403, code: 'PERMISSION_DENIED', message: 'Permission denied' }),
    );
    await expect(api.post('/api/letters/{id}/split', { params: { id: 'x' } })).rejects.toMatchObject({
      status: 403,
      code: 'PERMISSION_DENIED',
    });
    expect(calls.filter((c) => c.url === '/api/letters/x/split')).toHaveLength(1);
  });

  it('throws a typed ApiError with status, code, message and fields', async () => {
    mockFetch(() =>
      json(422, {
        statusCode: 422,
        code: 'VALIDATION_FAILED',
        message: 'Invalid input',
        fields: [{ path: 'email', message: 'Must be a valid email address' }],
      }),
    );
    const error = await api.get('/api/notifications/count').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      fields: [{ path: 'email', message: 'Must be a valid email address' }],
    });
  });

  it('turns a non-JSON failure and a network failure into ApiErrors', async () => {
    mockFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api.get('/api/notifications/count')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'An error occured',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/api/notifications/count')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it("posts JSON for a file and answers its bytes, or the server's error", async () => {
    const calls = mockFetch((url, init) => {
      if (url === '/api/csrf') return json(200, { token: 't' });
      if (JSON.parse(String(init.body)).token === 'gone')
        return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Gone' });
      return new Response(new Uint8Array([37, 80, 68, 70]), {
        status: 200,
        headers: { 'content-type': 'application/pdf' },
      });
    });
    const blob = await apiPostForBlob('/api/cloud/file', { body: { token: 'abc' } });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(header(calls[1]!.init, 'x-csrf-token')).toBe('t');
    expect(calls[1]!.init.method).toBe('POST');
    expect(calls[1]!.init.body).toBe(JSON.stringify({ token: 'abc' }));
    await expect(apiPostForBlob('/api/cloud/file', { body: { token: 'gone' } })).rejects.toMatchObject({
      status: 404,
      message: 'Gone',
    });
  });

  it('fills in and encodes path parameters and appends the query', async () => {
    const calls = mockFetch(() => json(200, {}));
    await api.get('/api/letters/{id}', { params: { id: 'a/b c' } });
    await api.get('/api/letters', { query: { page: 2, search: 'Zoë', tab: 'sent' } });
    await api.get('/api/letters', {
      query: new URLSearchParams([
        ['filter.status', 'Sent'],
        ['filter.status', 'Failed'],
      ]),
    });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/letters/a%2Fb%20c',
      '/api/letters?page=2&search=Zo%C3%AB&tab=sent',
      '/api/letters?filter.status=Sent&filter.status=Failed',
    ]);
    expect(apiUrl('/api/letters/{id}/file', { params: { id: 'l1' }, query: { download: '1' } })).toBe(
      '/api/letters/l1/file?download=1',
    );
  });

  it('answers undefined for 204', async () => {
    mockFetch((url) => (url === '/api/csrf' ? json(200, { token: 't' }) : new Response(null, { status: 204 })));
    await expect(api.delete('/api/session')).resolves.toBeUndefined();
  });
});
