import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SEP } from './modules/letters/thumbnail-stream.js';
import { REPO_ROOT } from './platform/config.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './platform/db/embedded.js';
import { ERRORS } from './platform/errors.js';
import { ALL_ENTITIES } from './platform/events.js';
import { letterDocx } from './test/fixtures/letters.js';
import { freePort, signUpOverHttp } from './test/http-client.js';
import { waitForAnalysisLock } from './test/jobs.js';

const MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');

const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c().catch(() => {});
});

describe('the database stopped and started while a job runs', () => {
  it('the server survives, answers 503 meanwhile, and the letter, the workers and live events recover', async () => {
    expect(existsSync(MAIN), 'build the server first (npm run build)').toBe(true);
    // A PostgreSQL of its own, in its own directory on its own port, to stop and start.
    const pgDir = await mkdtemp(path.join(tmpdir(), 'lp-outage-pg-'));
    const pgPort = await freePort();
    let db: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
    cleanup.push(() => rm(pgDir, { recursive: true, force: true }));
    cleanup.push(() => db.stop());

    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lp-outage-data-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const server: ChildProcess = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        AUTH_SECRET: 'a-test-secret-that-is-long-enough-123456',
        LOG_LEVEL: 'warn',
        ROLE: 'all',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The server's log (warnings and errors), to tell why when an assertion fails.
    let log = '';
    const keep = (chunk: Buffer) => {
      log += chunk.toString('utf8');
    };
    server.stdout!.on('data', keep);
    server.stderr!.on('data', keep);
    cleanup.push(
      () =>
        new Promise<void>((resolve) => {
          if (server.exitCode !== null || server.signalCode !== null) return resolve();
          server.once('exit', () => resolve());
          server.kill('SIGINT');
        }),
    );
    const alive = () => server.exitCode === null && server.signalCode === null;
    const base = `http://127.0.0.1:${port}`;
    const readyz = () =>
      fetch(`${base}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
    await expect.poll(readyz, { timeout: 20_000 }).toBe(200);

    // A company signs up; the CSRF token is bound to the session, so it is fetched again after.
    const { token, cookie } = await signUpOverHttp(base, {
      companyName: 'Outage Ltd',
      fullName: 'Otto Age',
      email: 'otto@example.com',
      password: 'outage password',
    });

    // A browser's live stream is open before the outage.
    const stream = new AbortController();
    cleanup.push(async () => stream.abort());
    const events = await fetch(`${base}/api/notifications/stream`, { headers: { cookie }, signal: stream.signal });
    expect(events.status).toBe(200);
    const collect = (res: Response) => {
      const got = { text: '', ended: false };
      void (async () => {
        const reader = res.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
          if (done) break;
          got.text += new TextDecoder().decode(value);
        }
        got.ended = true;
      })();
      return got;
    };
    const live = collect(events);

    // A Word letter: its conversion takes seconds, the window in which the database goes away.
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(letterDocx(['Ms Ada Outage', '4 Mill Lane', 'Leeds', 'LS1 5HD']))]),
      'outage.docx',
    );
    const upload = await fetch(`${base}/api/letters/files`, {
      method: 'POST',
      headers: { 'x-csrf-token': token, cookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    const letterId = ((await upload.json()) as { uuid: string }).uuid;
    // The letters gallery waits for this letter's thumbnail (rechecking every 5 s, the outage
    // included); its headers come with its first message, so it is not awaited here.
    const gallery = fetch(`${base}/api/letters/thumbnails/stream?limit=10`, {
      headers: { cookie },
      signal: stream.signal,
    });
    await new Promise((r) => setTimeout(r, 500));

    const probe = new pg.Pool({ connectionString: db.url, max: 1 });
    probe.on('error', () => {});
    await waitForAnalysisLock(probe, letterId);
    await probe.end();

    // PostgreSQL stops (fast shutdown: every connection is cut) while the job runs.
    await db.stop();
    const down = Date.now();
    expect(await readyz()).toBe(503);
    const api = await fetch(`${base}/api/letters/${letterId}`, { headers: { cookie } });
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({
      statusCode: 503,
      code: 'UNAVAILABLE',
      message: ERRORS.UNAVAILABLE.message,
    });
    // The conversion ends and the page-1 thumbnail is written, then the outcome meets the missing
    // database (the path that used to end the process through graphile-worker's failJob).
    const thumbnail = path.join(dataDir, 'blobs', 'thumbnails', `${letterId}.jpg`);
    await expect.poll(() => existsSync(thumbnail), { timeout: 30_000, interval: 50 }).toBe(true);
    // Down for at least 6 s, so that the gallery's recheck (every 5 s) also meets the outage.
    await new Promise((r) => setTimeout(r, Math.max(1_500, 6_000 - (Date.now() - down))));
    expect(alive(), log.slice(-6000)).toBe(true);
    expect(await readyz()).toBe(503);

    db = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
    const back = Date.now();
    await expect.poll(readyz, { timeout: 10_000 }).toBe(200);

    const check = new pg.Pool({ connectionString: db.url, max: 1 });
    cleanup.push(() => check.end());
    const status = async () =>
      (await check.query<{ status: string }>('select status from letters where id = $1', [letterId])).rows[0]?.status;
    // The job had not finished: its outcome is written after the database came back.
    expect(await status()).toBe('Analysing');
    await expect.poll(status, { timeout: 60_000, interval: 250 }).toBe('Analysis Complete');
    const history = await check.query<{ status: string }>(
      'select status from letter_history where letter_id = $1 order by id',
      [letterId],
    );
    expect(history.rows.map((r) => r.status)).toEqual(['Analysing', 'Analysis Complete']);

    // The listening connection is back, and the open stream was told to refetch everything.
    const refreshAll = `data: ${JSON.stringify({ type: 'refresh', entities: ALL_ENTITIES })}`;
    await expect.poll(() => live.text.includes(refreshAll), { timeout: 15_000 }).toBe(true);
    expect(live.ended).toBe(false);
    // The gallery opened before the outage got the thumbnail after it, and ended.
    const thumbnails = collect(await gallery);
    await expect.poll(() => thumbnails.ended, { timeout: 15_000 }).toBe(true);
    expect(thumbnails.text).toMatch(new RegExp(`^data: ${letterId}${SEP}/9j/[A-Za-z0-9+/=]+${SEP}1${SEP}1\n\n$`));
    // The API answers again with the session made before the outage.
    const after = await fetch(`${base}/api/letters/${letterId}`, { headers: { cookie } });
    expect(after.status).toBe(200);
    expect(alive(), log.slice(-6000)).toBe(true);
    // Everything was back within a minute of the database.
    expect(Date.now() - back).toBeLessThan(60_000);
    // Survived by handling each error where it arises, not by main.ts's last resort.
    expect(log).not.toMatch(/unhandled rejection|uncaught exception/);
  }, 90_000);
});
