import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from './platform/config.js';
import { TEMPLATE_DB, withDatabase } from './test/global-setup.js';
import { freePort, signUpOverHttp } from './test/http-client.js';
import { waitForAnalysisLock } from './test/jobs.js';

const MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');

const children: ChildProcess[] = [];
const stop = (c: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGINT');
  });

afterAll(async () => {
  await Promise.all(children.map(stop));
});

async function startProcess(env: NodeJS.ProcessEnv, role: string, port: number) {
  const child = spawn(process.execPath, [MAIN], { env: { ...env, ROLE: role, PORT: String(port) }, stdio: 'ignore' });
  children.push(child);
  if (role !== 'worker') {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/readyz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 20_000 },
      )
      .toBe(200);
  }
  return child;
}

async function freshDatabase(name: string) {
  const adminUrl = inject('adminUrl');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  return withDatabase(adminUrl, name);
}

/** A fresh database and data directory, and the environment of a product process on them. */
async function productEnv(name: string, port: number) {
  expect(existsSync(MAIN), 'build the server first (npm run build)').toBe(true);
  const databaseUrl = await freshDatabase(`${name}_${Date.now()}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), `lp-${name}-`));
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    AUTH_SECRET: 'a-test-secret-that-is-long-enough-123456',
    LOG_LEVEL: 'warn',
  };
  return { databaseUrl, dataDir, env };
}

describe('ROLE: API and workers as separate processes', () => {
  it('an API-only process queues the reset email and a worker-only process sends it', async () => {
    const port = await freePort();
    const { dataDir, env } = await productEnv('roles', port);
    const api = await startProcess(env, 'api', port);
    const worker = await startProcess(env, 'worker', 0);
    const base = `http://127.0.0.1:${port}`;

    const csrf = await fetch(`${base}/api/csrf`);
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { token } = (await csrf.json()) as { token: string };
    const post = (url: string, body: object) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post('/api/signup', {
          companyName: 'Roles Ltd',
          fullName: 'Rô Les',
          email: 'roles@example.com',
          password: 'roles password',
        })
      ).status,
    ).toBe(201);
    expect((await post('/api/password-reset/request', { email: 'roles@example.com' })).status).toBe(202);

    const outbox = path.join(dataDir, 'outbox');
    await expect
      .poll(async () => (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.json')).length, {
        timeout: 20_000,
      })
      .toBe(1);
    // The worker process has no HTTP server.
    await Promise.all([stop(api), stop(worker)]);
    expect(api.exitCode).toBe(0);
    expect(worker.exitCode).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('two API instances on one database', () => {
  it('an event made on one instance reaches a stream open on the other (LISTEN/NOTIFY)', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const { dataDir, env } = await productEnv('instances', portA);
    await Promise.all([startProcess(env, 'api', portA), startProcess(env, 'api', portB)]);
    const a = `http://127.0.0.1:${portA}`;
    const b = `http://127.0.0.1:${portB}`;

    // Sign up on A; the same session cookie works on B (sessions live in the database).
    const { token, cookie } = await signUpOverHttp(a, {
      companyName: 'Two Ltd',
      fullName: 'Tess Two',
      email: 'tess@example.com',
      password: 'two instances',
    });

    // A browser's stream is open on instance A.
    const controller = new AbortController();
    const stream = await fetch(`${a}/api/notifications/stream`, { headers: { cookie }, signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let text = '';
    const sawRefresh = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return false;
        text += new TextDecoder().decode(value);
        if (text.includes('"type":"refresh"')) return true;
      }
    })();

    // The change is made through instance B.
    const invite = await fetch(`${b}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
      body: JSON.stringify({
        user_name: 'Other Instance',
        email_address: 'other.instance@example.com',
        permissions: {},
      }),
    });
    expect(invite.status).toBe(201);
    expect(await sawRefresh).toBe(true);
    controller.abort();
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('letters survive restarts and crashes', () => {
  it('a letter queued while no worker runs, and one whose worker was killed mid-analysis, both end analysed', async () => {
    const port = await freePort();
    const { databaseUrl, dataDir, env } = await productEnv('durable', port);
    await startProcess(env, 'api', port);
    const base = `http://127.0.0.1:${port}`;
    const { token, cookie } = await signUpOverHttp(base, {
      companyName: 'Durable Ltd',
      fullName: 'Dee Rable',
      email: 'dee@example.com',
      password: 'durable pw',
    });
    const upload = async (name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const res = await fetch(`${base}/api/letters/files`, {
        method: 'POST',
        headers: { 'x-csrf-token': token, cookie },
        body: form,
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { uuid: string }).uuid;
    };
    const { simpleLetterPdf, letterDocx } = await import('./test/fixtures/letters.js');
    const queued = await upload(
      'queued.pdf',
      await simpleLetterPdf(['Ms Ann Queue', '1 Park Row', 'Leeds', 'LS1 5HD']),
    );
    const crashed = await upload('crashed.docx', letterDocx(['Mr Carl Crash', '22 Station Road', 'York', 'YO24 1AB']));
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const status = async (id: string) =>
      (await pool.query<{ status: string }>('select status from letters where id = $1', [id])).rows[0]!.status;
    expect([await status(queued), await status(crashed)]).toEqual(['Analysing', 'Analysing']);

    // A worker starts, takes the Word letter, and dies (SIGKILL) while LibreOffice converts it.
    const worker = await startProcess(env, 'worker', 0);
    await waitForAnalysisLock(pool, crashed);
    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));
    expect(await status(crashed)).toBe('Analysing');

    // Its job stays locked by the dead worker; the sweep (every 15 s, here with no deadline)
    // queues the analysis again, and the next worker finishes both letters.
    const { sweepStuckLetters } = await import('./modules/letters/sweep.js');
    expect((await sweepStuckLetters(pool, 0)).restarted).toBeGreaterThanOrEqual(1);
    await startProcess(env, 'worker', 0);
    await expect.poll(() => status(crashed), { timeout: 60_000 }).toBe('Analysis Complete');
    await expect.poll(() => status(queued), { timeout: 20_000 }).toBe('Analysis Complete');
    const history = await pool.query<{ status: string }>(
      'select status from letter_history where letter_id = $1 order by id',
      [crashed],
    );
    expect(history.rows.map((r) => r.status)).toEqual(['Analysing', 'Analysing', 'Analysis Complete']);
    await pool.end();
    await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('a starting process removes what a killed one left: a partial upload and a conversion folder', async () => {
    const { dataDir, env } = await productEnv('leftovers', await freePort());
    const temp = await mkdtemp(path.join(tmpdir(), 'lp-leftovers-'));
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const partial = path.join(dataDir, 'blobs', 'letters', 'acc', 'killed.upload.partial');
    const folder = path.join(temp, 'lp-docx-killed');
    for (const f of [partial, path.join(folder, 'letter.docx')]) {
      await mkdir(path.dirname(f), { recursive: true });
      await writeFile(f, 'x');
      await utimes(f, old, old);
    }
    await utimes(folder, old, old);
    const worker = await startProcess({ ...env, TMPDIR: temp }, 'worker', 0);
    await expect.poll(() => existsSync(partial) || existsSync(folder), { timeout: 20_000 }).toBe(false);
    await stop(worker);
    await rm(temp, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });
});
