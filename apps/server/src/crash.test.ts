import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, readBalance } from './modules/money/ledger.js';
import { reconcile } from './modules/money/reconcile.js';
import { REPO_ROOT } from './platform/config.js';
import { inTransaction } from './platform/db/transaction.js';
import { ordinaryLetters } from './test/fixtures/uk-letters.js';
import { createTestContext, signUpCompany, type TestContext } from './test/harness.js';
import { freePort } from './test/http-client.js';

const MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');

let t: TestContext;
const servers: ChildProcess[] = [];
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  for (const s of servers) if (s.exitCode === null && s.signalCode === null) s.kill('SIGKILL');
  await t.close();
});

/** The real server (dist/main.js) on the test's database and files, as a separate process. */
function startServer(env: Record<string, string>, log: { text: string }): ChildProcess {
  const server = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.dataDir,
      AUTH_SECRET: t.config.authSecret,
      LOG_LEVEL: 'warn',
      ROLE: 'all',
      SERVE_WEB: 'false',
      PRINT_SANDBOX_PRODUCTION_DELAY_MS: '5',
      PRINT_SANDBOX_STEP_MS: '5',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log.text += chunk.toString('utf8');
  };
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  servers.push(server);
  return server;
}

describe('the server killed (kill -9) during a burst of deliveries', () => {
  it('a restarted server picks the deliveries up within two minutes and sends and charges each once', {
    timeout: 240_000,
  }, async () => {
    expect(existsSync(MAIN), 'build the server first (npm run build)').toBe(true);
    const { agent, me } = await signUpCompany(t.app);
    const accountId = me.account.id;
    await inTransaction(t.services.pool, (q) =>
      credit(q, {
        accountId,
        actor: null,
        key: 'crash-seed',
        amount: 10_000,
        type: 'bank_transfer',
        description: 'seed',
      }),
    );
    const bytes = await ordinaryLetters()[0]!.bytes();
    const letters: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await agent.upload('/api/letters/files?type=regular', `crash-${i}.pdf`, bytes);
      expect(res.statusCode, res.body).toBe(201);
      letters.push(res.json().uuid);
    }
    await t.runJobs();
    let total = 0;
    for (const uuid of letters) {
      const res = await agent.post('/api/letters/deliver', { uuid, is_premium: false, is_colour: false });
      expect(res.statusCode, res.body).toBe(201);
      total += res.json().total_pence as number;
    }
    const states = async () =>
      (
        await t.services.pool.query<{ state: string }>(
          `select c.state from letter_delivery_channels c join letter_deliveries d on d.id = c.delivery_id
            where d.letter_id = any($1::text[]) order by d.letter_id`,
          [letters],
        )
      ).rows.map((r) => r.state);
    const lockedJobs = async () =>
      (
        await t.services.pool.query<{ n: number }>(
          `select count(*)::int as n from graphile_worker._private_jobs where key like 'deliver:%' and locked_at is not null`,
        )
      ).rows[0]!.n;

    // The first server takes the deliveries; the print partner takes 20 to 60 s to answer, and the
    // process is killed while it waits.
    const firstLog = { text: '' };
    const first = startServer({ PORT: String(await freePort()), PRINT_SANDBOX_LATENCY_MS: '60000' }, firstLog);
    await expect.poll(lockedJobs, { timeout: 30_000, interval: 100 }).toBe(3);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect(await states()).toEqual(['queued', 'queued', 'queued']);
    const killedAt = Date.now();

    // A new server (the partner answering at once now): the dead worker's jobs are freed once their
    // lock goes unrenewed, and each delivery is handed over and charged once.
    const secondLog = { text: '' };
    startServer({ PORT: String(await freePort()), PRINT_SANDBOX_LATENCY_MS: '0' }, secondLog);
    await expect
      .poll(async () => (await states()).every((s) => s === 'handed_over' || s === 'succeeded'), {
        timeout: 120_000,
        interval: 500,
      })
      .toBe(true);
    const recoveredMs = Date.now() - killedAt;
    console.log(`deliveries recovered ${Math.round(recoveredMs / 1000)} s after kill -9`);
    expect(recoveredMs).toBeLessThan(120_000);
    expect(secondLog.text).toContain('jobs of a stopped worker released');

    const { rows } = await t.services.pool.query<{ n: number }>(
      `select count(*)::int as n from ledger_entries where account_id = $1 and type = 'capture'`,
      [accountId],
    );
    expect(rows[0]!.n).toBe(3);
    expect((await readBalance(t.services.pool, accountId)).balance).toBe(10_000 - total);
    expect(await reconcile(t.services.pool)).toEqual([]);
  });
});
