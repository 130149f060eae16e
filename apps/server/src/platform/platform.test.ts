import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestContext, type TestContext } from '../test/harness.js';
import { UPLOAD_BODIES } from './openapi.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ INTERNAL_HOSTS: 'app-1.internal,10.0.0.5' });
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('generates the OpenAPI document from the route schemas and serves a reference page', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/signup', '/api/session', '/api/me', '/api/password-reset']),
    );
    expect(doc.paths['/api/signup'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['companyName', 'fullName', 'email', 'password']),
    );
    // Every operation has an id a client generator can name a method after, each one different.
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>).map((op) => op.operationId),
    );
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/letters/{id}'].get.operationId).toBe('getLettersById');
    expect(doc.paths['/api/letters/{id}/split/confirm'].post.operationId).toBe('postLettersByIdSplitConfirm');
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000', description: 'This installation (PUBLIC_URL)' }]);
    // Every operation: a tag declared at the top with a description, its security said (a public
    // one with none, explicitly), an answer in a schema for every status, and a refusal.
    const declared = new Map<string, string>(
      (doc.tags as Array<{ name: string; description: string }>).map((tag) => [tag.name, tag.description]),
    );
    type Operation = {
      tags?: string[];
      security?: unknown[];
      responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
    };
    const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([url, item]) =>
      Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${url}`, ...op })),
    );
    for (const op of operations) {
      expect(op.tags?.length, op.name).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(declared.get(tag), `${op.name}: tag ${tag}`).toBeTruthy();
      expect(Array.isArray(op.security), op.name).toBe(true);
      for (const [status, answer] of Object.entries(op.responses)) {
        if (status === '204') continue;
        expect(Object.values(answer.content ?? {})[0]?.schema, `${op.name} ${status}`).toBeDefined();
      }
    }
    const withoutRefusal = operations.filter((op) => !Object.keys(op.responses).some((s) => s.startsWith('4')));
    // The CSRF token and the plans on offer: no caller to refuse, nothing to read.
    expect(withoutRefusal.map((op) => op.name).sort()).toEqual(['GET /api/csrf', 'GET /api/plans']);
    const error = { $ref: '#/components/schemas/Error' };
    const letter = doc.paths['/api/letters/{id}'].get;
    expect(letter.security).toEqual([{ session: [] }, { bearer: [] }]);
    for (const status of ['400', '401', '403', '404', '422']) {
      expect(letter.responses[status].content['application/json'].schema, status).toEqual(error);
    }
    expect(doc.paths['/api/signup'].post.security).toEqual([]);
    expect(doc.paths['/api/signup'].post.responses['429'].content['application/json'].schema).toEqual(error);
    expect(doc.paths['/api/api-keys'].get.security).toEqual([{ session: [] }]);
    expect(doc.components.schemas.Error.properties.code.enum).toContain('VALIDATION_FAILED');
    expect(doc.paths['/api/signup'].post.responses['429'].headers['Retry-After'].schema.type).toBe('integer');
    // Files sent as multipart/form-data or as raw parts: each body the route reads itself is described.
    for (const key of Object.keys(UPLOAD_BODIES)) {
      const [method = '', url = ''] = key.split(' ');
      const item = doc.paths[url.replace(/:(\w+)/g, '{$1}')];
      expect(item?.[method.toLowerCase()]?.requestBody?.content, key).toBeDefined();
    }
    expect(doc.paths['/api/letters/files'].post.requestBody.content['multipart/form-data'].schema.required).toEqual([
      'file',
    ]);
    // Files answer in their own content type.
    expect(Object.keys(doc.paths['/api/letters/{id}/file'].get.responses['200'].content)).toEqual(['application/pdf']);
    expect(Object.keys(doc.paths['/api/customers/export.csv'].get.responses['200'].content)).toEqual(['text/csv']);
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('sets security headers and a request id', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
  });

  it('serves the web app on its routes but answers a missing file with a 404', async (ctx) => {
    // npm test builds the web app first; a bare vitest run without a build has nothing to serve.
    if (!existsSync(new URL('../../../web/dist/index.html', import.meta.url))) ctx.skip();
    const web = await createTestContext({ SERVE_WEB: 'true' });
    try {
      const page = await web.app.inject('/guide/parcels');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      // The page revalidates every time (a release is seen at once); hashed assets are kept for good.
      for (const url of ['/', '/signIn', '/cloud', '/guide/parcels', '/index.html'])
        expect((await web.app.inject(url)).headers['cache-control'], url).toBe('no-cache');
      const asset = /\/assets\/[^"]+\.js/.exec(page.body)?.[0];
      expect(asset).toBeDefined();
      expect((await web.app.inject(asset!)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await web.app.inject('/manifest.webmanifest')).statusCode).toBe(200);
      for (const url of ['/guide/missing-picture.webp', '/assets/index-0ld0ld.js', '/manifest.json?v=2']) {
        const res = await web.app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('application/json');
      }
    } finally {
      await web.close();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('requires a session on member routes', async () => {
    const res = await t.app.inject('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      message: 'You need to sign in to continue.',
    });
    expect((await t.app.inject('/api/notifications/count')).statusCode).toBe(401);
  });

  it('sends browsers on an internal host to the public site with the same path and query', async () => {
    const res = await t.app.inject({ url: '/letters?tab=new', headers: { host: 'app-1.internal:3000' } });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('http://localhost:3000/letters?tab=new');
    expect((await t.app.inject({ url: '/healthz', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
  });

  it('refuses to start a route that declares no access', async () => {
    const { buildApp } = await import('../app.js');
    const app = await buildApp({ ...t.services, config: t.config });
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/declares no access/);
    await app.close();
  });

  it('keeps secrets out of the log', async () => {
    const lines: string[] = [];
    const { buildApp } = await import('../app.js');
    const logStream = { write: (line: string) => void lines.push(line) };
    const app = await buildApp({ ...t.services, config: { ...t.config, LOG_LEVEL: 'info' }, logStream });
    try {
      const agent = new Agent(app);
      await agent.post('/api/signup', {
        companyName: 'Log Ltd',
        fullName: 'Log Person',
        email: 'log@example.com',
        password: 'super secret pw',
      });
      await agent.get('/api/me');
    } finally {
      await app.close();
    }
    const all = lines.join('');
    expect(all).toContain('request completed');
    expect(all).not.toContain('super secret pw');
    expect(all).not.toMatch(/lp\.session_token=[^;\s"]+/);
  });
});
