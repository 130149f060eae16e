// Money: (1) charges per second on one company's balance row under 50 concurrent requests, with the
// p50/p99 of a charge (the product's own ledger code, apps/server/dist, against the product's embedded
// PostgreSQL), with and without a member's monthly cap, and the books checked afterwards; (2) the
// transactions list (GET /api/finances/transactions) with 100,000 entries in the measured company and
// 400,000 in 40 others, at 10 connections (autocannon): first page, page 40, a date range, a type
// filter and a search.
// Usage: node bench/money.mjs [seconds=10] [entries=100000] (after `npx tsc -b apps/server`).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  databaseUrl,
  percentiles,
  ROOT,
  removeDir,
  signUpSession,
  startProduct,
  tempDataDir,
  treeCpuMs,
} from './lib.mjs';

const seconds = Number(process.argv[2] ?? 10);
const ENTRIES = Number(process.argv[3] ?? 100_000);
const OTHERS = 40;
const PORT = 3197;
const PG_PORT = 55497;

const { charge, credit } = await import(path.join(ROOT, 'apps/server/dist/modules/money/ledger.js'));
const { reconcile } = await import(path.join(ROOT, 'apps/server/dist/modules/money/reconcile.js'));

const dataDir = tempDataDir('money');
const product = await startProduct({ dataDir, port: PORT, pgPort: PG_PORT });
const pool = new pg.Pool({ connectionString: databaseUrl(dataDir, PG_PORT), max: 50 });
const results = {};

async function tx(work) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const out = await work(client);
    await client.query('commit');
    return out;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

try {
  const owner = await signUpSession(product.url, 'money-bench@example.com');
  const me = await (await fetch(`${product.url}/api/me`, { headers: { cookie: owner.cookie } })).json();
  const accountId = me.account.id;
  const userId = me.user.id;

  // 1. Charges on one balance row, 50 at a time.
  async function chargeRun(label, actor, capped) {
    await tx((q) =>
      credit(q, {
        accountId,
        key: `seed-${label}`,
        amount: 1_000_000_000,
        type: 'bank_transfer',
        actor: null,
        description: 'seed',
      }),
    );
    const before = (await pool.query('select balance_pence from account_balances where account_id = $1', [accountId]))
      .rows[0].balance_pence;
    const latencies = [];
    let failures = 0;
    const until = performance.now() + seconds * 1000;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (performance.now() < until) {
          const s = performance.now();
          try {
            await tx((q) =>
              charge(q, { accountId, key: randomUUID(), amount: 37, actor, capped, description: 'bench charge' }),
            );
            latencies.push(performance.now() - s);
          } catch {
            failures++;
          }
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    const after = (await pool.query('select balance_pence from account_balances where account_id = $1', [accountId]))
      .rows[0].balance_pence;
    const moved = Number(before) - Number(after);
    results[`charges ${label}`] = {
      charges: latencies.length,
      per_second: Math.round(latencies.length / elapsed),
      latency_ms: percentiles(latencies),
      failures,
      balance_moved_exactly: moved === latencies.length * 37,
    };
    console.log(label, results[`charges ${label}`]);
  }
  await chargeRun('company (no cap)', null, false);
  await chargeRun('member with a cap', { userId, name: 'Bench Person', email: 'money-bench@example.com' }, true);
  const breaches = await reconcile(pool);
  results.reconcile_breaches = breaches.length;
  console.log('reconcile breaches', breaches.length);

  // 2. The transactions list with ENTRIES entries in the measured company.
  const seedEntries = async (account, n) => {
    await pool.query(
      `insert into account_balances (account_id, balance_pence, held_pence, entry_count) values ($1, 0, 0, 0)
       on conflict (account_id) do nothing`,
      [account],
    );
    await pool.query(
      `insert into ledger_entries (id, account_id, type, amount_pence, held_delta_pence, balance_after_pence, user_id,
          user_name, user_email, description, service_id, reference, idempotency_key, request_hash, created_at)
       select 'txn_' || md5($1 || ':' || g), $1, case when g % 50 = 0 then 'top_up' else 'charge' end,
              case when g % 50 = 0 then 5000 else -87 end, 0, 100000, $3, 'Bench Person', 'money-bench@example.com',
              case when g % 997 = 0 then 'Letter to the Gazette office ' || g else 'Letter to customer ' || g end,
              'letter-' || g, case when g % 50 = 0 then 'pi_' || g else null end, 'bench-' || g, 'x',
              now() - make_interval(secs => ($2 - g) * 60)
         from generate_series(1, $2) g`,
      [account, n, userId],
    );
    await pool.query(
      `update account_balances set entry_count = entry_count + $2,
              balance_pence = balance_pence + (select coalesce(sum(amount_pence), 0) from ledger_entries
                                                 where account_id = $1 and idempotency_key like 'bench-%')
        where account_id = $1`,
      [account, n],
    );
  };
  const t0 = performance.now();
  for (let i = 0; i < OTHERS; i++) {
    const other = `bench-other-${i}`;
    await pool.query(`insert into accounts (id, name) values ($1, $2)`, [other, `Other ${i} Ltd`]);
    await seedEntries(other, Math.round((ENTRIES * 4) / OTHERS));
  }
  await seedEntries(accountId, ENTRIES);
  // Vacuumed as a ledger that has lived is (autovacuum), not measured while autovacuum works through the seed.
  await pool.query('vacuum (analyze) ledger_entries');
  results.seed_seconds = Math.round((performance.now() - t0) / 100) / 10;
  const total = (await pool.query('select count(*)::int as n from ledger_entries')).rows[0].n;
  console.log(`seeded ${total} entries in ${results.seed_seconds} s`);

  const month = encodeURIComponent(`${new Date(Date.now() - 30 * 86_400_000).toISOString()}/..`);
  const cases = {
    'first page limit=25': '/api/finances/transactions?limit=25',
    'page 40 limit=25': '/api/finances/transactions?limit=25&page=40',
    'last 30 days (filter.date)': `/api/finances/transactions?limit=25&filter.date=${month}`,
    'top-ups only (filter.type)': '/api/finances/transactions?limit=25&filter.type=top_up',
    'search "gazette"': '/api/finances/transactions?limit=25&search=gazette',
  };
  for (const [name, url] of Object.entries(cases)) {
    const check = await fetch(`${product.url}${url}`, { headers: { cookie: owner.cookie } });
    const body = await check.json();
    if (check.status !== 200) throw new Error(`${name}: ${check.status} ${JSON.stringify(body)}`);
    const cpu0 = treeCpuMs(product.child.pid);
    const r = await autocannon({
      url: `${product.url}${url}`,
      connections: 10,
      duration: seconds,
      headers: { cookie: owner.cookie },
    });
    const cpuMs = treeCpuMs(product.child.pid) - cpu0;
    results[`list ${name}`] = {
      // Server and PostgreSQL CPU per answer: what holds when the machine is shared.
      cpu_ms_per_req: Math.round((cpuMs / Math.max(1, r.requests.total)) * 100) / 100,
      count: body.count,
      rows: body.rows.length,
      req_per_s: Math.round(r.requests.average),
      p50_ms: r.latency.p50,
      p99_ms: r.latency.p99,
      errors: r.errors + r.non2xx,
    };
    console.log(name, results[`list ${name}`]);
  }
} finally {
  await pool.end();
  await product.stop();
  removeDir(dataDir);
}
console.log(JSON.stringify(results, null, 2));
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'bench/results/money.json'),
  `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), ...results }, null, 2)}\n`,
);
