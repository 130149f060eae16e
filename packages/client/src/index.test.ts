import { describe, expect, it } from 'vitest';
import { createLetterpostClient, idempotencyKey } from './index.js';

const KEY = 'lp_test_AbCdEfGhIjKl_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

describe('createLetterpostClient', () => {
  it('sends the key as a Bearer token to the installation, and reads the typed answer', async () => {
    const seen: Request[] = [];
    const lp = createLetterpostClient({
      baseUrl: 'https://letterpost.example/',
      apiKey: KEY,
      fetch: async (request) => {
        seen.push(request);
        return Response.json({ count: 3 });
      },
    });
    const { data, error } = await lp.GET('/api/notifications/count');
    expect(error).toBeUndefined();
    expect(data?.count).toBe(3);
    expect(seen[0]?.url).toBe('https://letterpost.example/api/notifications/count');
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(seen[0]?.headers.get('cookie')).toBeNull();
  });

  it('sends an Idempotency-Key given with a request, and answers a refusal as error', async () => {
    let sent: Request | undefined;
    const lp = createLetterpostClient({
      baseUrl: 'https://letterpost.example',
      apiKey: KEY,
      fetch: async (request) => {
        sent = request;
        return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' }, { status: 404 });
      },
    });
    const key = idempotencyKey();
    const { data, error } = await lp.POST('/api/letters/deliver', {
      body: { uuid: 'a', preference_overrides: ['mail'] },
      headers: { 'Idempotency-Key': key },
    });
    expect(data).toBeUndefined();
    expect(error?.code).toBe('NOT_FOUND');
    expect(sent?.headers.get('idempotency-key')).toBe(key);
  });

  it('refuses what is not an API key', () => {
    expect(() => createLetterpostClient({ baseUrl: 'https://x.example', apiKey: 'secret' })).toThrow(TypeError);
  });

  it('makes a new idempotency key each time', () => {
    const a = idempotencyKey();
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(idempotencyKey()).not.toBe(a);
  });
});
