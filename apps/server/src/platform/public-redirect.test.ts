import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { publicLocation } from './public-redirect.js';

const PUBLIC = 'https://letterpost.example';

describe('publicLocation', () => {
  it('keeps the path and query on the public origin', () => {
    expect(publicLocation('/letters?tab=new', PUBLIC)).toBe('https://letterpost.example/letters?tab=new');
    expect(publicLocation('/', PUBLIC)).toBe('https://letterpost.example/');
    expect(publicLocation('/a//b?x=//evil.example', PUBLIC)).toBe('https://letterpost.example/a//b?x=//evil.example');
  });

  it('never leaves the public origin, whatever the path starts with', () => {
    const hostile = [
      '//evil.example/x',
      '/\\evil.example',
      '///evil.example/',
      '/\\/evil.example/',
      '\\\\evil.example',
      '/%2F%2Fevil.example',
      '//evil.example:443@x/y',
      '//user@evil.example',
      'https://evil.example/x',
      '//evil.example?next=1',
      '',
    ];
    for (const url of hostile) {
      const location = publicLocation(url, PUBLIC);
      const parsed = new URL(location);
      expect(parsed.origin, url).toBe(PUBLIC);
      expect(location.slice(PUBLIC.length), url).toMatch(/^\/(?![/\\])/);
    }
    expect(publicLocation('//evil.example/x', PUBLIC)).toBe('https://letterpost.example/evil.example/x');
  });
});

describe('internal hosts over real HTTP', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    t = await createTestContext({ INTERNAL_HOSTS: 'app-1.internal', PUBLIC_URL: PUBLIC });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** The path goes on the wire exactly as written (a client library might normalise it). */
  const get = (path: string, host: string) =>
    new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      });
      req.on('error', reject);
      req.end();
    });

  it('redirects to the public site only, with a single-slash path', async () => {
    for (const path of ['//evil.example/x', '/\\evil.example', '///evil.example/', '/letters?tab=new']) {
      const res = await get(path, 'app-1.internal:3000');
      expect(res.status, path).toBe(308);
      expect(new URL(res.location!).origin, path).toBe(PUBLIC);
      expect(res.location!.slice(PUBLIC.length), path).toMatch(/^\/(?![/\\])/);
    }
    expect((await get('//evil.example/x', 'app-1.internal')).location).toBe(`${PUBLIC}/evil.example/x`);
    expect((await get('/letters?tab=new', 'app-1.internal')).location).toBe(`${PUBLIC}/letters?tab=new`);
  });

  it('leaves API calls and other hosts alone', async () => {
    expect((await get('/api/me', 'app-1.internal')).status).toBe(401);
    expect((await get('/%61pi/me', 'app-1.internal')).status).toBe(401);
    expect((await get('/healthz', 'localhost')).status).toBe(200);
  });
});
