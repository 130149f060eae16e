import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from './config.js';
import { TEMPLATE_DB, withDatabase } from './test/global-setup.js';

const MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];
const stop = (c: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (c.exitCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGINT');
  });

afterAll(async () => {
  await Promise.all(children.map(stop));
});

describe('ROLE: API and workers as separate processes', () => {
  it.skipIf(!existsSync(MAIN))(
    'an API-only process queues the reset email and a worker-only process sends it',
    async () => {
      expect(existsSync(MAIN), 'build the server first (npm run build)').toBe(true);
      const adminUrl = inject('adminUrl');
      const name = `roles_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
      await admin.end();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'lp-roles-'));
      const port = await freePort();
      const env = {
        ...process.env,
        DATABASE_URL: withDatabase(adminUrl, name),
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        AUTH_SECRET: 'a-test-secret-that-is-long-enough-123456',
        LOG_LEVEL: 'warn',
      };
      const api = spawn(process.execPath, [MAIN], { env: { ...env, ROLE: 'api' }, stdio: 'ignore' });
      const worker = spawn(process.execPath, [MAIN], { env: { ...env, ROLE: 'worker', PORT: '0' }, stdio: 'ignore' });
      children.push(api, worker);
      const base = `http://127.0.0.1:${port}`;
      await expect
        .poll(
          () =>
            fetch(`${base}/readyz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 20_000 },
        )
        .toBe(200);

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
    },
  );
});
