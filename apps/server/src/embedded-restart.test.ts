import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './platform/config.js';
import { freePort, signUpOverHttp } from './test/http-client.js';

const MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The postmaster's pid, from the first line of the cluster's postmaster.pid (0 when there is none). */
const postmasterPid = (databaseDir: string) => {
  const file = path.join(databaseDir, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : 0;
};

/** Every process working in the cluster's directory: PostgreSQL's postmaster and backends chdir there (Linux). */
const processesIn = (databaseDir: string) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`) === databaseDir;
      } catch {
        return false;
      }
    })
    .map(Number);

const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c().catch(() => {});
});

describe('the embedded PostgreSQL killed under the running product', () => {
  it('is started again, the reason is logged, the data and sessions are kept, and shutdown leaves none behind', async () => {
    expect(existsSync(MAIN), 'build the server first (npm run build)').toBe(true);
    const port = await freePort();
    const pgPort = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lp-pg-restart-'));
    const databaseDir = path.join(dataDir, 'pg');
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    // The embedded default: no DATABASE_URL, so the server starts its own PostgreSQL under DATA_DIR.
    const { DATABASE_URL: _, ...env } = process.env;
    const server: ChildProcess = spawn(process.execPath, [MAIN], {
      env: {
        ...env,
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        AUTH_SECRET: 'a-test-secret-that-is-long-enough-123456',
        LOG_LEVEL: 'warn',
        ROLE: 'all',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const keep = (chunk: Buffer) => {
      log += chunk.toString('utf8');
    };
    server.stdout!.on('data', keep);
    server.stderr!.on('data', keep);
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    cleanup.push(async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
      // Whatever happened, no PostgreSQL is left on the temporary directory.
      for (const pid of processesIn(databaseDir)) process.kill(pid, 'SIGKILL');
    });
    const alive = () => server.exitCode === null && server.signalCode === null;
    const base = `http://127.0.0.1:${port}`;
    const readyz = () =>
      fetch(`${base}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
    // The first start runs initdb.
    await expect.poll(readyz, { timeout: 60_000, interval: 100 }).toBe(200);

    // A company signs up, so that there is data and a session to find again.
    const { cookie } = await signUpOverHttp(base, {
      companyName: 'Restart Ltd',
      fullName: 'Rhea Start',
      email: 'rhea@example.com',
      password: 'restart password',
    });
    expect((await fetch(`${base}/api/me`, { headers: { cookie } })).status).toBe(200);

    // PostgreSQL stops by itself: its postmaster is killed outright (no shutdown, postmaster.pid left).
    const killed = postmasterPid(databaseDir);
    expect(killed).toBeGreaterThan(0);
    process.kill(killed, 'SIGKILL');
    const down = Date.now();
    await expect.poll(() => isAlive(killed), { timeout: 5_000, interval: 20 }).toBe(false);

    // The server starts it again (same directory and port) and answers as before.
    await expect.poll(readyz, { timeout: 30_000, interval: 100 }).toBe(200);
    const recoveredMs = Date.now() - down;
    console.info(`embedded PostgreSQL killed: /readyz answered 200 again after ${recoveredMs} ms`);
    const restarted = postmasterPid(databaseDir);
    expect(restarted).toBeGreaterThan(0);
    expect(restarted).not.toBe(killed);
    expect(isAlive(restarted)).toBe(true);
    const me = await fetch(`${base}/api/me`, { headers: { cookie } });
    expect(me.status, log.slice(-4000)).toBe(200);
    expect(JSON.stringify(await me.json())).toContain('rhea@example.com');
    expect(alive(), log.slice(-4000)).toBe(true);
    // The log says why it stopped, and that it runs again.
    expect(log).toMatch(/the embedded PostgreSQL stopped by itself \(signal SIGKILL\); starting it again/);
    expect(log).toMatch(/the embedded PostgreSQL runs again/);
    expect(log).not.toMatch(/unhandled rejection|uncaught exception/);

    // Ctrl-C: the server stops cleanly, stopping its PostgreSQL rather than starting it again.
    server.kill('SIGINT');
    expect(await exited, log.slice(-4000)).toBe(0);
    expect(isAlive(restarted)).toBe(false);
    expect(existsSync(path.join(databaseDir, 'postmaster.pid'))).toBe(false);
    expect(processesIn(databaseDir)).toEqual([]);
    expect(log.match(/stopped by itself/g)).toHaveLength(1);
  }, 120_000);
});
