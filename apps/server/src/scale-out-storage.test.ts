import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from './platform/config.js';
import { TEMPLATE_DB, withDatabase } from './test/global-setup.js';
import { freePort, signUpOverHttp } from './test/http-client.js';
import { startTestS3, type TestS3 } from './test/s3.js';

/**
 * The way out of one machine (ARCHITECTURE.md): two product processes, each with its own data
 * folder, on one PostgreSQL and one S3-compatible store. Whatever one stores, the other serves.
 */

const MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');

const children: ChildProcess[] = [];
const stop = (c: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGINT');
  });

let s3: TestS3;
let databaseName: string;
let databaseUrl: string;
const dataDirs: string[] = [];
const bases: string[] = [];

async function startInstance(port: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lp-scale-out-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      ROLE: 'all',
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_SECRET: 'a-test-secret-that-is-long-enough-123456',
      LOG_LEVEL: 'warn',
      ...s3.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the instance on port ${port} exited with ${child.exitCode}`);
    const status = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return base;
    if (Date.now() > deadline) throw new Error(`the instance on port ${port} was not ready in 30 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error('build the server first (npm run build)');
  s3 = await startTestS3('scale-out');
  const adminUrl = inject('adminUrl');
  databaseName = `scale_out_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName} template ${TEMPLATE_DB}`);
  await admin.end();
  databaseUrl = withDatabase(adminUrl, databaseName);
  bases.push(...(await Promise.all([startInstance(await freePort()), startInstance(await freePort())])));
}, 90_000);

afterAll(async () => {
  await Promise.all(children.map(stop));
  await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
  await s3?.stop();
  if (databaseName) {
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
});

/** Signs a company up over HTTP like a browser; the session works on every instance (it lives in the database). */
async function signUp(base: string, email: string) {
  return signUpOverHttp(base, { companyName: 'Scale Out Ltd', fullName: 'Sam Scale', email, password: 'scale out pw' });
}

async function upload(url: string, session: { token: string; cookie: string }, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return fetch(url, { method: 'POST', headers: { 'x-csrf-token': session.token, cookie: session.cookie }, body: form });
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('two instances on one PostgreSQL and one S3-compatible store', () => {
  it('a letterhead uploaded through one is served by the other', async () => {
    const [a, b] = bases as [string, string];
    const session = await signUp(a, 'letterhead@scale-out.example');
    const { simpleLetterPdf } = await import('./test/fixtures/letters.js');
    const pdf = Buffer.from(await simpleLetterPdf(['Scale Out Ltd', '1 Cloud Street', 'Leeds', 'LS1 5HD']));
    const stored = await upload(`${a}/api/letterheads/primary`, session, 'head.pdf', pdf);
    expect(stored.status).toBe(201);
    const served = await fetch(`${b}/api/letterheads/primary/file`, { headers: { cookie: session.cookie } });
    expect(served.status).toBe(200);
    expect(await bytesOf(served)).toEqual(pdf);
    // Neither process kept it on its own disk.
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'blobs'))).toBe(false);
  });

  it('a letter uploaded through one is analysed from the store and its file and thumbnail served by the other', async () => {
    const [a, b] = bases as [string, string];
    const session = await signUp(b, 'letters@scale-out.example');
    const { simpleLetterPdf } = await import('./test/fixtures/letters.js');
    const pdf = Buffer.from(await simpleLetterPdf(['Ms Ann Cloud', '1 Park Row', 'Leeds', 'LS1 5HD']));
    const res = await upload(`${a}/api/letters/files`, session, 'cloud.pdf', pdf);
    expect(res.status).toBe(201);
    const { uuid } = (await res.json()) as { uuid: string };
    // A worker of either process analyses it (poppler reads a local copy of the stored file).
    await expect
      .poll(
        async () => {
          const letter = await fetch(`${b}/api/letters/${uuid}`, { headers: { cookie: session.cookie } });
          return ((await letter.json()) as { status: string }).status;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe('Analysis Complete');
    const file = await fetch(`${b}/api/letters/${uuid}/file`, { headers: { cookie: session.cookie } });
    expect(file.status).toBe(200);
    expect(await bytesOf(file)).toEqual(pdf);
    const thumbnail = await fetch(`${a}/api/letters/${uuid}/thumbnail`, { headers: { cookie: session.cookie } });
    expect(thumbnail.status).toBe(200);
    expect((await bytesOf(thumbnail)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // a JPEG
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'blobs'))).toBe(false);
  }, 90_000);

  it('a stored document uploaded through one is listed and downloaded through the other, and one upload may send its chunks to both', async () => {
    const [a, b] = bases as [string, string];
    const session = await signUp(a, 'storage@scale-out.example');
    const headers = { cookie: session.cookie };
    const { simpleLetterPdf } = await import('./test/fixtures/letters.js');
    const policy = Buffer.from(await simpleLetterPdf(['Scale Out Ltd', '1 Cloud Street', 'Leeds', 'LS1 5HD']));
    const res = await upload(`${b}/api/storage/folders/root/files`, session, 'Policy.pdf', policy);
    expect(res.status).toBe(201);
    const item = (await res.json()) as { id: string; name: string };
    const listing = (await (await fetch(`${a}/api/storage/folders/root`, { headers })).json()) as {
      items: Array<{ id: string; name: string }>;
    };
    expect(listing.items.map((i) => [i.id, i.name])).toContainEqual([item.id, 'Policy.pdf']);
    const got = await fetch(`${a}/api/storage/items/${item.id}/file`, { headers });
    expect(got.status).toBe(200);
    expect(await bytesOf(got)).toEqual(policy);
    const ranged = await fetch(`${a}/api/storage/items/${item.id}/file`, {
      headers: { ...headers, range: 'bytes=0-4' },
    });
    expect(ranged.status).toBe(206);
    expect((await bytesOf(ranged)).toString('latin1')).toBe('%PDF-');

    // A resumable upload of two chunks: started on A, chunk 0 sent to A and chunk 1 to B (a load
    // balancer may send each request anywhere); the parts meet in the store and B joins them.
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(8 * 1024 * 1024 + 5000, 7)]);
    const json = { ...headers, 'x-csrf-token': session.token, 'content-type': 'application/json' };
    const started = await fetch(`${a}/api/storage/uploads`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ folder_id: 'root', file_name: 'Scan.pdf', size: big.length }),
    });
    expect(started.status).toBe(201);
    const { upload_id: uploadId, chunk_size: chunk } = (await started.json()) as {
      upload_id: string;
      chunk_size: number;
    };
    const send = (base: string, n: number) =>
      fetch(`${base}/api/storage/uploads/${uploadId}/chunks/${n}`, {
        method: 'PUT',
        headers: { ...headers, 'x-csrf-token': session.token, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(big.subarray(n * chunk, (n + 1) * chunk)),
      });
    const first = await send(a, 0);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ offset: chunk });
    const last = await send(b, 1);
    expect(last.status).toBe(201);
    const scan = ((await last.json()) as { item: { id: string; size: number } }).item;
    expect(scan.size).toBe(big.length);
    const downloaded = await fetch(`${a}/api/storage/items/${scan.id}/file`, { headers });
    expect(downloaded.status).toBe(200);
    expect((await bytesOf(downloaded)).equals(big)).toBe(true);
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'blobs'))).toBe(false);
  }, 90_000);
});
