// Customers list (issue 12): GET /api/customers with 100,000 customers in the measured company and
// 300,000 in 30 others, at 10 connections (autocannon): first page, page 40, All (the cap), a search
// by name, by postcode and by email, and the preference filter. Target: p99 < 25 ms.
// Usage: node bench/customers-list.mjs [seconds=10] [customers=100000] (after `npx tsc -b apps/server`).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { databaseUrl, ROOT, removeDir, signUpSession, startProduct, tempDataDir, treeCpuMs } from './lib.mjs';

const seconds = Number(process.argv[2] ?? 10);
const CUSTOMERS = Number(process.argv[3] ?? 100_000);
const OTHERS = 30;
const PORT = 3196;
const PG_PORT = 55496;

const { customerMatchKey, normalisePreferences } = await import(path.join(ROOT, 'packages/domain/dist/index.js'));

const FIRST = [
  'Siobhán',
  'Zoë',
  'Seán',
  'Aoife',
  'Mohammed',
  'Priya',
  'Olivia',
  'Dafydd',
  'Grace',
  'Tomasz',
  'Chloé',
  'Ravi',
];
const LAST = [
  "O'Neill",
  'Brontë',
  'Smith',
  'Jones',
  'Patel',
  'Kowalski',
  'Williams',
  'Ó Briain',
  'Taylor',
  'Nowak',
  'Evans',
  'Khan',
];
const TOWNS = [
  ['Bristol', 'BS8'],
  ['Leeds', 'LS11'],
  ['York', 'YO1'],
  ['Cardiff', 'CF10'],
  ['Manchester', 'M1'],
  ['Glasgow', 'G2'],
  ['Belfast', 'BT1'],
  ['London', 'SW1A'],
];
const PREFS = [['Mail'], ['Email'], ['Mail', 'SMS'], ['Email', 'SMS'], ['Mail', 'Email']];

function customer(i) {
  const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
  const [town, area] = TOWNS[i % TOWNS.length];
  const postcode = `${area} ${i % 10}${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i >> 3) % 26))}`;
  return {
    name,
    lines: [`${(i % 200) + 1} High Street`, town],
    postcode,
    email: `customer${i}@example.co.uk`,
    phone: `07700 ${String(900000 + (i % 100000)).slice(-6)}`,
    prefs: normalisePreferences(PREFS[i % PREFS.length]),
  };
}

const dataDir = tempDataDir('customers-list');
const product = await startProduct({ dataDir, port: PORT, pgPort: PG_PORT });
const pool = new pg.Pool({ connectionString: databaseUrl(dataDir, PG_PORT), max: 4 });
const results = {};
try {
  const owner = await signUpSession(product.url, `owner-${randomUUID().slice(0, 8)}@example.com`);
  const me = await (await fetch(`${product.url}/api/me`, { headers: { cookie: owner.cookie } })).json();
  const accountId = me.account.id;
  async function seed(account, count, offset) {
    for (let start = 0; start < count; start += 5000) {
      const rows = Array.from({ length: Math.min(5000, count - start) }, (_, k) => customer(offset + start + k));
      await pool.query(
        `insert into customers (id, account_id, name, address_lines, postcode, email, phone, communications_preference, match_key)
         select gen_random_uuid()::text, $1, r.name, r.lines, r.postcode, r.email, r.phone, r.prefs, r.match_key
           from jsonb_to_recordset($2::jsonb) as r(name text, lines text[], postcode text, email text, phone text, prefs text[], match_key text)`,
        [account, JSON.stringify(rows.map((c) => ({ ...c, match_key: customerMatchKey(c.name, c.postcode) })))],
      );
    }
  }
  const t0 = Date.now();
  await seed(accountId, CUSTOMERS, 0);
  for (let o = 0; o < OTHERS; o++) {
    const id = `bench-other-${o}`;
    await pool.query(`insert into accounts (id, name) values ($1, $2)`, [id, `Other ${o} Ltd`]);
    await seed(id, CUSTOMERS / 10, (o + 1) * 1_000_000);
  }
  await pool.query('vacuum analyze customers');
  results.seed_seconds = Math.round((Date.now() - t0) / 100) / 10;
  const cases = {
    'first page limit=25': '/api/customers?limit=25',
    'page 40 limit=25': '/api/customers?limit=25&page=40',
    'search name "brontë"': `/api/customers?limit=25&search=${encodeURIComponent('brontë')}`,
    // Accents and case ignored (issue 27 item 7): the same customers as "brontë".
    'search name "BRONTE"': '/api/customers?limit=25&search=BRONTE',
    'search postcode "ls11"': '/api/customers?limit=25&search=ls11',
    'search email "customer4711@"': `/api/customers?limit=25&search=${encodeURIComponent('customer4711@')}`,
    'filter SMS': '/api/customers?limit=25&filter.communications_preference=SMS',
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
    results[name] = {
      // Server and PostgreSQL CPU per answer: what holds when the machine is shared.
      cpu_ms_per_req: Math.round((cpuMs / Math.max(1, r.requests.total)) * 100) / 100,
      count: body.count,
      rows: body.rows.length,
      req_per_s: Math.round(r.requests.average),
      p50_ms: r.latency.p50,
      p99_ms: r.latency.p99,
      errors: r.errors + r.non2xx,
    };
    console.log(name, results[name]);
  }
} finally {
  await pool.end();
  await product.stop();
  removeDir(dataDir);
}
console.log(JSON.stringify(results, null, 2));
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'bench/results/customers-list.json'),
  `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), customers: CUSTOMERS, ...results }, null, 2)}\n`,
);
