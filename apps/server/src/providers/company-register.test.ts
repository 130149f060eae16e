import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normaliseCompanyNumber } from '@lp/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CompanyRegisterError,
  createCompaniesHouseRegister,
  createCompanyRegister,
  createSandboxCompanyRegister,
} from './company-register.js';

/** A stand-in for Companies House answering in its documented shapes; `next` scripts the answers. */
const KEY = 'ch-key-0123456789';
let server: Server;
let base: string;
const seen: IncomingMessage[] = [];
let answers: Array<{ status: number; body?: unknown; headers?: Record<string, string> }> = [];

const PROFILE = {
  company_name: 'CAFÉ NÉVÉ (EDINBURGH) LTD',
  company_number: 'SC654321',
  company_status: 'active',
  type: 'ltd',
  date_of_creation: '2015-09-01',
  jurisdiction: 'scotland',
  has_charges: false,
  registered_office_address: {
    premises: 'Unit 3',
    address_line_1: '22 Rose Street',
    address_line_2: 'New Town',
    locality: 'Edinburgh',
    postal_code: 'EH2 2PR',
    country: 'Scotland',
  },
  links: { self: '/company/SC654321' },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const expected = `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Invalid Authorization', type: 'ch:service' }));
      return;
    }
    const next = answers.shift() ?? { status: 404, body: { errors: [{ error: 'company-profile-not-found' }] } };
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(next.body === undefined ? '' : JSON.stringify(next.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  answers = [];
});

describe('Companies House client', () => {
  const register = () => createCompaniesHouseRegister({ apiKey: KEY, baseUrl: base, timeoutMs: 2000 });

  it('reads a company with basic auth (key as user, empty password) from GET /company/{number}', async () => {
    answers.push({ status: 200, body: PROFILE });
    const company = await register().lookupCompany('SC654321');
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /company/SC654321']);
    expect(company).toEqual({
      company_number: 'SC654321',
      company_name: 'CAFÉ NÉVÉ (EDINBURGH) LTD',
      company_status: 'active',
      registered_address: ['Unit 3 22 Rose Street', 'New Town', 'Edinburgh', 'EH2 2PR', 'Scotland'],
      date_of_creation: '2015-09-01',
      type: 'ltd',
    });
  });

  it('answers null for 404 and passes a dissolved status on', async () => {
    expect(await register().lookupCompany('00000001')).toBeNull();
    answers.push({ status: 200, body: { ...PROFILE, company_status: 'dissolved' } });
    expect((await register().lookupCompany('SC654321'))?.company_status).toBe('dissolved');
  });

  it('treats a refused key (401) as the register being unavailable', async () => {
    const wrong = createCompaniesHouseRegister({ apiKey: 'wrong', baseUrl: base });
    await expect(wrong.lookupCompany('SC654321')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('reports 429 as busy with its Retry-After', async () => {
    answers.push({ status: 429, headers: { 'retry-after': '37' } });
    const error = await register()
      .lookupCompany('SC654321')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompanyRegisterError);
    expect(error).toMatchObject({ kind: 'busy', retryAfterSeconds: 37 });
  });

  it('tries a 5xx once more, then reports the register unavailable', async () => {
    answers.push({ status: 502, body: { error: 'bad gateway' } }, { status: 200, body: PROFILE });
    expect((await register().lookupCompany('SC654321'))?.company_number).toBe('SC654321');
    expect(seen).toHaveLength(2);
    seen.length = 0;
    answers.push({ status: 503 }, { status: 500 });
    await expect(register().lookupCompany('SC654321')).rejects.toMatchObject({ kind: 'unavailable' });
    expect(seen).toHaveLength(2);
  });

  it('reports an answer that is not a company, and a server that is not there, as unavailable', async () => {
    answers.push({ status: 200, body: { unexpected: true } });
    await expect(register().lookupCompany('SC654321')).rejects.toMatchObject({ kind: 'unavailable' });
    const nowhere = createCompaniesHouseRegister({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    await expect(nowhere.lookupCompany('SC654321')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('stops before the rate limit instead of spending requests the register would refuse', async () => {
    const limited = createCompaniesHouseRegister({
      apiKey: KEY,
      baseUrl: base,
      rate: { requests: 2, windowMs: 60_000 },
    });
    answers.push({ status: 200, body: PROFILE }, { status: 200, body: PROFILE });
    await limited.lookupCompany('SC654321');
    await limited.lookupCompany('SC654321');
    await expect(limited.lookupCompany('SC654321')).rejects.toMatchObject({ kind: 'busy' });
    expect(seen).toHaveLength(2);
  });

  it('is selected by COMPANIES_HOUSE_API_KEY; the sandbox otherwise', () => {
    expect(createCompanyRegister({ COMPANIES_HOUSE_API_KEY: KEY, COMPANY_REGISTER_SANDBOX_LATENCY_MS: 0 }).name).toBe(
      'companies-house',
    );
    expect(createCompanyRegister({ COMPANY_REGISTER_SANDBOX_LATENCY_MS: 0 }).name).toBe('sandbox');
  });
});

describe('sandbox register', () => {
  it('holds active, dissolved and liquidated sample companies and none else, with latency', async () => {
    const sandbox = createSandboxCompanyRegister({ latencyMs: 40 });
    const started = Date.now();
    const obrien = await sandbox.lookupCompany('01234567');
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    expect(obrien).toMatchObject({ company_name: "O'BRIEN & DAUGHTERS LIMITED", company_status: 'active' });
    expect((await sandbox.lookupCompany('09876543'))?.company_status).toBe('dissolved');
    expect((await sandbox.lookupCompany('07654321'))?.company_status).toBe('liquidation');
    expect((await sandbox.lookupCompany('NI612345'))?.company_name).toBe('Ó FLOINN BAKERY LIMITED');
    expect(await sandbox.lookupCompany('12345678')).toBeNull();
  });

  it('can be taken down and brought back', async () => {
    const sandbox = createSandboxCompanyRegister({ latencyMs: 0, down: true });
    await expect(sandbox.lookupCompany('01234567')).rejects.toMatchObject({ kind: 'unavailable' });
    sandbox.setDown(false);
    expect(await sandbox.lookupCompany('01234567')).not.toBeNull();
  });
});

describe('company numbers', () => {
  it.each([
    ['1234567', '01234567'],
    [' 01234567 ', '01234567'],
    ['sc 12345', 'SC012345'],
    ['NI612345', 'NI612345'],
    ['oc401234', 'OC401234'],
    ['12', '00000012'],
  ])('reads %j as %s', (typed, number) => {
    expect(normaliseCompanyNumber(typed)).toBe(number);
  });

  it.each(['', 'ABC', '123456789', 'S1234567', 'SC1234567', '12-34', '../etc', 'SC'])('refuses %j', (typed) => {
    expect(normaliseCompanyNumber(typed)).toBeNull();
  });
});
