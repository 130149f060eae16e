// /api/users with 10,000 members in the measured company and 100 companies in the database:
// p99 of a page, a search and a filtered page at 10 connections (autocannon).
// Usage: node bench/users-list.mjs [seconds=10]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { databaseUrl, ROOT, removeDir, signUp, startProduct, tempDataDir } from './lib.mjs';

const seconds = Number(process.argv[2] ?? 10);
const dataDir = tempDataDir('users');
const product = await startProduct({ dataDir, port: 3194, pgPort: 55494 });
try {
  const cookie = await signUp(product.url, 'owner@bench.example');
  const me = await (await fetch(`${product.url}/api/me`, { headers: { cookie } })).json();
  const pool = new pg.Pool({ connectionString: databaseUrl(dataDir, 55494) });
  const t0 = performance.now();
  await pool.query(
    `insert into departments (id, account_id, name) select 'dep-' || g, $1, 'Department ' || g from generate_series(1, 20) g`,
    [me.account.id],
  );
  await pool.query(
    `insert into users (id, name, email, account_id, department_id, roles, permissions, accepted_invite)
     select 'u-' || g, (array['Alice','Bob','Carol','Dan','Eve','Frank','Grace','Heidi'])[1 + g % 8] || ' Member' || g,
            'member' || g || '@bench.example', $1, 'dep-' || (1 + g % 20),
            case when g % 5 = 0 then '{Editor}'::text[] else '{Contributor}'::text[] end, '{}'::jsonb, g % 10 <> 0
       from generate_series(1, 9999) g`,
    [me.account.id],
  );
  await pool.query(`insert into accounts (id, name) select 'acc-' || a, 'Other ' || a from generate_series(1, 99) a`);
  await pool.query(
    `insert into users (id, name, email, account_id, roles, permissions)
     select 'o-' || a || '-' || g, 'Other Person ' || g, 'p' || g || '@other' || a || '.example', 'acc-' || a, '{Contributor}', '{}'
       from generate_series(1, 99) a, generate_series(1, 1000) g`,
  );
  // A steady-state database: statistics and the visibility map are current (autovacuum's job).
  await pool.query('vacuum analyze');
  const seeded = (await pool.query('select count(*)::int as n from users')).rows[0].n;
  await pool.end();
  const seedMs = Math.round(performance.now() - t0);

  const cases = {
    page: '/api/users?limit=25&page=40',
    search: '/api/users?limit=25&search=grace',
    filtered: '/api/users?limit=25&filter.department=Department%206&filter.role=Editor',
  };
  const results = {};
  for (const [name, url] of Object.entries(cases)) {
    const check = await fetch(`${product.url}${url}`, { headers: { cookie } });
    const body = await check.json();
    if (check.status !== 200) throw new Error(`${url}: ${check.status}`);
    await autocannon({ url: `${product.url}${url}`, headers: { cookie }, connections: 10, duration: 2 });
    const r = await autocannon({
      url: `${product.url}${url}`,
      headers: { cookie },
      connections: 10,
      duration: seconds,
    });
    results[name] = {
      url,
      rows: body.rows.length,
      count: body.count,
      requestsPerSecond: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
    };
  }
  const result = { when: new Date().toISOString(), usersInDatabase: seeded, seedMs, connections: 10, seconds, results };
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(path.join(ROOT, 'bench/results/users-list.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await product.stop();
  removeDir(dataDir);
}
