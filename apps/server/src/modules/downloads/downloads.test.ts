import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

let t: TestContext;
let dir: string;
let agent: Agent;
// What an operator publishes: a setup program and its release notes; names with spaces and accents.
const setup = randomBytes(300_000);
const notes = Buffer.from('Letterpost for Windows 2.4.1 — notes de version, café edition\n');
const secret = Buffer.from('not an installer');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lp-installers-'));
  await mkdir(path.join(dir, 'windows', 'nested'), { recursive: true });
  await mkdir(path.join(dir, 'mac'), { recursive: true });
  await writeFile(path.join(dir, 'windows', 'Letterpost Setup 2.4.1.exe'), setup);
  await writeFile(path.join(dir, 'windows', 'Release notes (Café).txt'), notes);
  await writeFile(path.join(dir, 'windows', '.DS_Store'), 'hidden');
  await writeFile(path.join(dir, 'windows', 'nested', 'inner.exe'), 'inner');
  await writeFile(path.join(dir, 'secret.txt'), secret);
  t = await createTestContext({ INSTALLERS_DIR: dir });
  agent = (await signUpCompany(t.app, { companyName: "O'Brien & Søn Ltd", fullName: 'Siobhán O’Brien' })).agent;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('desktop installers', () => {
  it('lists the files for a system in name order with sizes and digests, hidden files and folders left out', async () => {
    const res = await agent.get('/api/downloads/windows');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      os: 'windows',
      files: [
        {
          name: 'Letterpost Setup 2.4.1.exe',
          size: setup.length,
          sha256: sha(setup),
          url: '/api/downloads/windows/Letterpost%20Setup%202.4.1.exe',
        },
        {
          name: 'Release notes (Café).txt',
          size: notes.length,
          sha256: sha(notes),
          url: `/api/downloads/windows/${encodeURIComponent('Release notes (Café).txt')}`,
        },
      ],
    });
  });

  it('answers 404 for a system without files, and for one it does not offer', async () => {
    expect((await agent.get('/api/downloads/mac')).statusCode).toBe(404);
    for (const os of ['linux', 'Windows', 'windows.exe', '..', '%2e%2e', 'windows%2F..'])
      expect((await agent.get(`/api/downloads/${os}`)).statusCode, os).toBe(404);
  });

  it('serves a listed file as an attachment, whole and by byte range', async () => {
    const whole = await agent.get('/api/downloads/windows/Letterpost%20Setup%202.4.1.exe');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-disposition']).toBe(
      `attachment; filename="Letterpost Setup 2.4.1.exe"; filename*=UTF-8''Letterpost%20Setup%202.4.1.exe`,
    );
    expect(whole.headers['content-type']).toBe('application/octet-stream');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(setup)).toBe(true);

    const accented = await agent.get(`/api/downloads/windows/${encodeURIComponent('Release notes (Café).txt')}`);
    expect(accented.statusCode).toBe(200);
    expect(accented.headers['content-disposition']).toContain('filename="Release notes (Caf_).txt"');
    expect(accented.rawPayload.equals(notes)).toBe(true);

    const part = await agent.request('GET', '/api/downloads/windows/Letterpost%20Setup%202.4.1.exe', undefined, {
      range: 'bytes=1000-1999',
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${setup.length}`);
    expect(part.rawPayload.equals(setup.subarray(1000, 2000))).toBe(true);

    const tail = await agent.request('GET', '/api/downloads/windows/Letterpost%20Setup%202.4.1.exe', undefined, {
      range: 'bytes=-10',
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(setup.subarray(setup.length - 10))).toBe(true);

    const outside = await agent.request('GET', '/api/downloads/windows/Letterpost%20Setup%202.4.1.exe', undefined, {
      range: `bytes=${setup.length}-`,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.headers['content-range']).toBe(`bytes */${setup.length}`);
  });

  it('serves nothing but the listed names: traversal, hidden, nested, encoded and NUL attempts answer 4xx', async () => {
    const attempts = [
      '/api/downloads/windows/..%2Fsecret.txt',
      '/api/downloads/windows/..%2F..%2F..%2Fetc%2Fpasswd',
      '/api/downloads/windows/%2e%2e%2fsecret.txt',
      '/api/downloads/windows/..%5Csecret.txt',
      '/api/downloads/windows/.DS_Store',
      '/api/downloads/windows/nested%2Finner.exe',
      '/api/downloads/windows/nested',
      '/api/downloads/windows/..',
      '/api/downloads/mac/..%2Fwindows%2FLetterpost%20Setup%202.4.1.exe',
      '/api/downloads/windows/Letterpost%20Setup%202.4.1.exe%00',
      '/api/downloads/windows/letterpost%20setup%202.4.1.exe',
      '/api/downloads/linux/Letterpost%20Setup%202.4.1.exe',
      `/api/downloads/windows/${'a'.repeat(300)}`,
    ];
    for (const url of attempts) {
      const res = await agent.get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.rawPayload.includes(secret), url).toBe(false);
    }
  });

  it('answers HEAD with the headers and no body (download managers ask first)', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/api/downloads/windows/Letterpost%20Setup%202.4.1.exe',
      headers: { cookie: agent.cookieHeader() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(setup.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.length).toBe(0);
  });

  it('needs a session', async () => {
    const anonymous = new Agent(t.app);
    expect((await anonymous.get('/api/downloads/windows')).statusCode).toBe(401);
    expect((await anonymous.get('/api/downloads/windows/Letterpost%20Setup%202.4.1.exe')).statusCode).toBe(401);
  });
});

describe('desktop installers, none configured', () => {
  it('answers 404 when the installers directory does not exist', async () => {
    const empty = await createTestContext({ INSTALLERS_DIR: path.join(dir, 'missing') });
    try {
      const { agent: owner } = await signUpCompany(empty.app);
      expect((await owner.get('/api/downloads/windows')).statusCode).toBe(404);
      expect((await owner.get('/api/downloads/windows/Letterpost%20Setup%202.4.1.exe')).statusCode).toBe(404);
    } finally {
      await empty.close();
    }
  });
});
