import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, makeApiKey, signUpCompany, type TestContext } from '../test/harness.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ API_KEY_RATE_LIMIT: '5', COMPANY_API_RATE_LIMIT: '8' });
});
afterAll(() => t.close());

describe('API keys are rate limited', () => {
  it('per key and per company, with Retry-After, never slowing the web app or another company', async () => {
    const company = await signUpCompany(t.app);
    const other = await signUpCompany(t.app);
    const a = (await makeApiKey(t.app, company.agent, { permissions: ['see_letters'] })).program;
    const b = (await makeApiKey(t.app, company.agent, { permissions: ['see_letters'] })).program;
    const theirs = (await makeApiKey(t.app, other.agent, { permissions: ['see_letters'] })).program;

    const first = await a.get('/api/letters');
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('5');
    expect(first.headers['ratelimit-remaining']).toBe('4');
    for (let i = 0; i < 4; i++) expect((await a.get('/api/letters')).statusCode).toBe(200);
    const refused = await a.get('/api/letters');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().message).toMatch(/^This API key made more than 5 requests in a minute\. Wait \d+ seconds/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The second key has its own 5, but the company's 8 are spent after 3 more (5 + 3).
    for (let i = 0; i < 2; i++) expect((await b.get('/api/letters')).statusCode).toBe(200);
    const companyFull = await b.get('/api/letters');
    expect(companyFull.statusCode).toBe(429);
    expect(companyFull.json().message).toContain("Your company's API keys made more than 8 requests");
    expect(companyFull.headers['retry-after']).toBeDefined();

    // Staff in the web app and another company's program are not held back.
    expect((await company.agent.get('/api/letters')).statusCode).toBe(200);
    expect((await theirs.get('/api/letters')).statusCode).toBe(200);

    // A new window lets the key in again (the counts are shared rows: every process agrees).
    await t.services.pool.query(`update rate_limits set expires_at = now() where key like 'api-%'`);
    expect((await a.get('/api/letters')).statusCode).toBe(200);
  });
});
