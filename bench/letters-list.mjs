// /api/letters with 1,000,000 letters across 100 companies (10,000 in the measured one): p50/p99 and
// requests per second at 10 connections (autocannon) of a page, a search, a filtered page and the
// first page, the tab counts each answer carries checked against SQL, and the plans PostgreSQL chose
// for the product's own queries (auto_explain on a restart of the product over the same data).
// Candidate indexes can be tried without changing the product: LETTERS_BENCH_INDEXES="create index ...; ...".
// Usage: node bench/letters-list.mjs [seconds=10] [letters=1000000] (after `npx tsc -b apps/server`);
// a smaller total (a quick check) scales every company down alike.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { machine } from './letters-lib.mjs';
import { databaseUrl, ROOT, removeDir, signUpSession, startProduct, tempDataDir, treeCpuMs } from './lib.mjs';

const seconds = Number(process.argv[2] ?? 10);
const PORT = 3199;
const PG_PORT = 55499;
const TOTAL = Number(process.argv[3] ?? 1_000_000);
const USERS_PER_ACCOUNT = 20;
const SEARCH_WORD = 'gazette'; // in 1% of the letters' names, nowhere else
const extraIndexes = (process.env.LETTERS_BENCH_INDEXES ?? '')
  .split(';')
  .map((x) => x.trim())
  .filter(Boolean);

const FIRST = [
  'Olivia',
  'Jack',
  'Amelia',
  'Harry',
  'Isla',
  'Oliver',
  'Ava',
  'George',
  'Mia',
  'Noah',
  'Emily',
  'Leo',
  'Sophie',
  'Arthur',
  'Grace',
  'Muhammad',
  'Freya',
  'Oscar',
  'Lily',
  'Charlie',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Khan',
  'Lewis',
  'Hughes',
  'Edwards',
];
const sqlArray = (xs) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

const machineBefore = machine();
const dataDir = tempDataDir('letters-list');
let product = await startProduct({ dataDir, port: PORT, pgPort: PG_PORT });
const pool = new pg.Pool({ connectionString: databaseUrl(dataDir, PG_PORT), max: 4 });
pool.on('error', () => {}); // an idle connection closed by the restart below
try {
  const session = await signUpSession(product.url, 'olivia.smith@bench.example');
  const me = await (await fetch(`${product.url}/api/me`, { headers: { cookie: session.cookie } })).json();
  const accountId = me.account.id;
  const ownerId = me.user.id;

  // ---- seed ----
  const t0 = performance.now();
  let seedTimes;
  let indexDefs;
  let creatorList;
  const client = await pool.connect();
  try {
    await client.query('select setseed(0.42)');
    // Members: the owner and 19 more in the measured company; 20 in each of 99 others.
    await client.query(
      `insert into users (id, name, email, account_id, roles, permissions)
       select 'lu-' || g, f || ' ' || l, lower(f || '.' || l) || '@bench.example', $1, '{Editor}', '{}'
         from generate_series(1, ${USERS_PER_ACCOUNT - 1}) g,
              lateral (select (${sqlArray(FIRST)})[1 + g % 20] f, (${sqlArray(LAST)})[1 + (g * 7 + 1) % 25] l) n`,
      [accountId],
    );
    await client.query(
      `insert into accounts (id, name) select 'acc-' || a, 'Other Company ' || a from generate_series(1, 99) a`,
    );
    await client.query(
      `insert into users (id, name, email, account_id, roles, permissions)
       select 'o-' || a || '-' || g, 'Other Person ' || g, 'p' || g || '@other' || a || '.example', 'acc-' || a, '{Contributor}', '{}'
         from generate_series(1, 99) a, generate_series(1, ${USERS_PER_ACCOUNT}) g`,
    );
    const { rows: creators } = await client.query(
      'select id, email from users where account_id = $1 order by (id = $2) desc, id',
      [accountId, ownerId],
    );
    // Secondary indexes are dropped for the load and built again from their own definitions (the
    // migrations'), so whatever indexes the product defines are the ones measured.
    const { rows: indexes } = await client.query(
      `select i.indexname, i.indexdef from pg_indexes i
        where i.tablename = 'letters' and i.schemaname = 'public'
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const i of indexes) await client.query(`drop index "${i.indexname}"`);
    // Foreign keys hold by construction; replica mode skips their per-row checks during the load.
    await client.query("set session_replication_role = 'replica'");
    await client.query("set maintenance_work_mem = '256MB'");
    const STATUS = `case
        when r1 < 0.300 then 'Analysis Complete'
        when r1 < 0.480 then 'Delivered'
        when r1 < 0.580 then 'Posted'
        when r1 < 0.630 then 'Sent as Email Attachment'
        when r1 < 0.710 then 'Delivery scheduled for: ' || to_char(now() + (r1 * 30 || ' days')::interval, 'DD/MM/YYYY HH24:MI')
        when r1 < 0.725 then 'Delivering'
        when r1 < 0.735 then 'Posting'
        when r1 < 0.745 then 'Sending as Email Attachment'
        when r1 < 0.775 then 'In Review'
        when r1 < 0.795 then 'Denied by Supervisor'
        when r1 < 0.855 then 'Invalid Postcode'
        when r1 < 0.885 then 'Barcode area not empty'
        when r1 < 0.905 then 'Corrupted'
        when r1 < 0.945 then 'Failed to Analyse'
        when r1 < 0.946 then 'Analysing'
        else 'Analysis Complete' end`;
    await client.query(
      `insert into letters (id, account_id, creator_id, name, document_type, status, status_reason, force_status_error,
                            mark_for_deletion, processed, num_pages, recipient_name_snapshot, recipient_address_snapshot,
                            postcode, blob_key, thumbnail_key, size_bytes, created_at, updated_at, delivered_on, has_been_posted)
       select id, acc, creator, name, doc, status,
              case when status in ('Invalid Postcode', 'Barcode area not empty', 'Corrupted', 'Failed to Analyse') then 'Seeded problem' end,
              r7 < 0.01 and status = 'Delivering',
              r2 < 0.06 and status in ('Analysis Complete', 'Invalid Postcode', 'Barcode area not empty', 'Corrupted', 'Failed to Analyse', 'Denied by Supervisor'),
              r6 < 0.5, pages,
              case when analysed then title || ' ' || fn || ' ' || ln end,
              case when analysed then array[(1 + (r5 * 300)::int) || ' ' || street, town, pc] end,
              case when analysed then pc end,
              'letters/' || acc || '/' || id || '.pdf',
              case when status not in ('Analysing', 'Corrupted') then 'thumbnails/' || id || '.jpg' end,
              pages * 41000,
              -- Letters still Processing are the newest. Their jobs are not seeded, and the sweep restarts an
              -- Analysing letter with no live job 30 s after its last change (decision 0013): their change
              -- time is set past the run, so the sweep's work is not measured as the list's.
              case when status = 'Analysing' then now() - interval '30 seconds' else created end,
              case when status = 'Analysing' then now() + interval '1 hour' else created + interval '3 seconds' end,
              case when status in ('Delivered', 'Posted', 'Sent as Email Attachment') then created + interval '2 days' end,
              status = 'Posted'
         from (
           select s.*, ${STATUS} as status,
                  (${STATUS}) not in ('Analysing', 'Corrupted', 'Failed to Analyse') as analysed
             from (
               select gen_random_uuid()::text as id, g,
                      case when a = 0 then $1 else 'acc-' || a end as acc,
                      case when a = 0 then ($2::text[])[1 + (k * 7) % ${USERS_PER_ACCOUNT}]
                           else 'o-' || a || '-' || (1 + k % ${USERS_PER_ACCOUNT}) end as creator,
                      case when k % 100 = 37 then 'Gazette notice ' || k || '.pdf'
                           else (array['Invoice', 'Rent statement', 'Arrears reminder', 'Appointment letter', 'Tenancy renewal',
                                       'Repair confirmation', 'Annual review', 'Welcome pack', 'Payment plan', 'Account update'])[1 + (k * 13) % 10]
                                || ' ' || lpad((k % 9973)::text, 4, '0') || '.pdf' end as name,
                      case when k % 50 = 3 then 'merged' else 'regular' end as doc,
                      case when k % 50 = 3 then 20 + (k % 180) else 1 + (k % 7) * (k % 3) end as pages,
                      -- Rows arrive in time order, the companies' letters interleaved, as they would be written.
                      now() - interval '365 days' * (1 - g::float8 / ${TOTAL}) + random() * interval '1 minute' as created,
                      random() as r1, random() as r2, random() as r5, random() as r6, random() as r7,
                      (array['Mr', 'Mrs', 'Ms', 'Miss', 'Dr'])[1 + k % 5] as title,
                      (${sqlArray(FIRST)})[1 + (k / 7) % 20] as fn,
                      (${sqlArray(LAST)})[1 + (k / 3) % 25] as ln,
                      (array['High Street', 'Church Lane', 'Station Road', 'Mill Road', 'Victoria Road', 'Park Avenue'])[1 + k % 6] as street,
                      (array['Leeds', 'York', 'Cardiff', 'Edinburgh', 'London', 'Bristol', 'Norwich', 'Belfast'])[1 + k % 8] as town,
                      (array['LS1 4AB', 'YO1 7HZ', 'CF10 3AT', 'EH2 1JX', 'NW1 6XE', 'BS1 5TR', 'NR2 1NE', 'BT1 5GS'])[1 + k % 8] as pc
                 from generate_series(1, ${TOTAL}) g, lateral (select g % 100 as a, g / 100 as k) ak
             ) s
         ) x`,
      [accountId, creators.map((c) => c.id)],
    );
    await client.query("set session_replication_role = 'origin'");
    const tInsert = performance.now();
    for (const i of indexes) await client.query(i.indexdef);
    // Candidate indexes to try without touching the product: LETTERS_BENCH_INDEXES="create index ...; create index ...".
    for (const stmt of extraIndexes) await client.query(stmt);
    const tIndexes = performance.now();
    // A steady-state database: statistics and the visibility map are current (autovacuum's job).
    await client.query('vacuum analyze letters');
    await client.query('vacuum analyze users');
    seedTimes = {
      insertMs: Math.round(tInsert - t0),
      indexesMs: Math.round(tIndexes - tInsert),
      vacuumAnalyzeMs: Math.round(performance.now() - tIndexes),
    };
    indexDefs = indexes.map((i) => i.indexdef);
    creatorList = creators;
  } finally {
    client.release();
  }
  const seedMs = Math.round(performance.now() - t0);
  const { rows: sizes } = await pool.query(
    `select (select count(*)::int from letters) as letters,
            (select count(*)::int from letters where account_id = $1) as in_account,
            pg_size_pretty(pg_total_relation_size('letters')) as letters_size`,
    [accountId],
  );
  console.log(
    `seeded ${sizes[0].letters} letters (${sizes[0].in_account} in the measured company, table + indexes ${sizes[0].letters_size}) in ${seedMs} ms ${JSON.stringify(seedTimes)}`,
  );

  // ---- what each case must answer, from SQL (display statuses as packages/domain maps them) ----
  const creator = creatorList[3]; // one of the 20 members, about 5% of the company's letters
  const { rows: truth } = await pool.query(
    `with d as (
       select l.*, case when l.force_status_error then 'Failed'
                        when l.status like 'Delivery scheduled for: %' then 'Scheduled'
                        when l.status = 'Analysing' then 'Processing'
                        when l.status = 'Analysis Complete' then 'New'
                        when l.status in ('Delivering', 'Sending as Email Attachment', 'Posting') then 'Sending'
                        when l.status in ('Delivered', 'Sent as Email Attachment', 'Posted') then 'Sent'
                        when l.status in ('In Review', 'Denied by Supervisor') then l.status
                        when l.status in ('Invalid Postcode', 'Barcode area not empty') then 'Encountered Issues'
                        else 'Failed' end as display
         from letters l where l.account_id = $1)
     select count(*) filter (where not mark_for_deletion)::int as all_tab,
            count(*) filter (where mark_for_deletion)::int as trash,
            count(*) filter (where not mark_for_deletion and display = 'New')::int as new_tab,
            count(*) filter (where not mark_for_deletion and display = 'Scheduled')::int as scheduled,
            count(*) filter (where not mark_for_deletion and display = 'Sent')::int as sent,
            count(*) filter (where not mark_for_deletion and display = 'Failed')::int as failed,
            count(*) filter (where not mark_for_deletion and lower(name) like $2)::int as search,
            count(*) filter (where not mark_for_deletion and display = 'New' and creator_id = $3)::int as filtered
       from d`,
    [accountId, `%${SEARCH_WORD}%`, creator.id],
  );
  const expected = truth[0];
  console.log(`expected (SQL): ${JSON.stringify(expected)}`);

  const cases = {
    page: { url: '/api/letters?limit=25&page=40', count: expected.all_tab },
    search: { url: `/api/letters?limit=25&search=${SEARCH_WORD}`, count: expected.search },
    filtered: {
      url: `/api/letters?limit=25&filter.status=New&filter.creator=${encodeURIComponent(creator.email)}`,
      count: expected.filtered,
    },
    first: { url: '/api/letters?limit=25', count: expected.all_tab },
  };
  const headers = { cookie: session.cookie };
  const results = {};
  for (const [name, c] of Object.entries(cases)) {
    const check = await fetch(`${product.url}${c.url}`, { headers });
    const body = await check.json();
    if (check.status !== 200) throw new Error(`${c.url}: ${check.status} ${JSON.stringify(body)}`);
    await autocannon({ url: `${product.url}${c.url}`, headers, connections: 10, duration: 2 });
    const cpu0 = treeCpuMs(product.child.pid);
    const r = await autocannon({ url: `${product.url}${c.url}`, headers, connections: 10, duration: seconds });
    // Server and PostgreSQL CPU per answer: what holds when the machine is shared.
    const cpuMsPerRequest =
      Math.round(((treeCpuMs(product.child.pid) - cpu0) / Math.max(1, r.requests.total)) * 100) / 100;
    const notes = [];
    if (body.count !== c.count)
      notes.push(`count ${body.count}, SQL says ${c.count}${name === 'filtered' ? ' (filter ignored?)' : ''}`);
    results[name] = {
      url: c.url,
      rows: body.rows.length,
      count: body.count,
      expectedCount: c.count,
      countsInAnswer: body.counts ?? null,
      requestsPerSecond: Math.round(r.requests.average),
      cpuMsPerRequest,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      non2xx: r.non2xx,
      errors: r.errors,
      notes,
    };
    console.log(
      `${name.padEnd(8)} ${results[name].requestsPerSecond} req/s, CPU ${cpuMsPerRequest} ms/req, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
        `count ${body.count} (SQL ${c.count}) ${notes.join('; ')}`,
    );
  }
  const counts = results.page.countsInAnswer;
  const expectedCounts = {
    all: expected.all_tab,
    new: expected.new_tab,
    scheduled: expected.scheduled,
    sent: expected.sent,
    failed: expected.failed,
    trash: expected.trash,
  };
  const countsMatch = counts ? Object.entries(expectedCounts).every(([k, v]) => counts[k] === v) : null;
  console.log(
    `tab counts in the answer: ${JSON.stringify(counts)}; SQL: ${JSON.stringify(expectedCounts)}; match ${countsMatch}`,
  );

  // ---- the plans of the product's own queries: auto_explain, on a restart (its log is only on stdout at debug) ----
  for (const s of [
    "alter system set session_preload_libraries = 'auto_explain'",
    'alter system set auto_explain.log_min_duration = 0',
    'alter system set auto_explain.log_analyze = on',
    'alter system set auto_explain.log_buffers = on',
    "alter system set auto_explain.log_format = 'text'",
  ])
    await pool.query(s);
  await pool.end();
  await product.stop();
  const pgLog = [];
  product = await startProduct({ dataDir, port: PORT, pgPort: PG_PORT, stdout: 'pipe', env: { LOG_LEVEL: 'debug' } });
  let partial = '';
  product.child.stdout.setEncoding('utf8');
  product.child.stdout.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      try {
        const o = JSON.parse(line);
        if (typeof o.pg === 'string') pgLog.push(o.pg);
      } catch {}
    }
  });
  const marker = new pg.Pool({ connectionString: databaseUrl(dataDir, PG_PORT), max: 1 });
  marker.on('error', () => {});
  const settle = () => new Promise((r) => setTimeout(r, 300));
  for (const [name, c] of Object.entries(cases)) {
    await marker.query(`select 'bench-start-${name}'`);
    for (let i = 0; i < 3; i += 1) await (await fetch(`${product.url}${c.url}`, { headers })).arrayBuffer();
    await marker.query(`select 'bench-end-${name}'`);
  }
  await settle();
  await marker.end();
  const messages = pgLog
    .join('\n')
    .split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ \S+ \[\d+\] )/)
    .filter((m) => m.includes('plan:'));
  const plans = {};
  for (const name of Object.keys(cases)) {
    const start = messages.findIndex((m) => m.includes(`bench-start-${name}`));
    const end = messages.findIndex((m) => m.includes(`bench-end-${name}`));
    if (start < 0 || end < 0) {
      plans[name] = 'not captured (auto_explain output not found in the product log)';
      continue;
    }
    // The last request's queries on letters (the first two warm the caches).
    const byText = new Map();
    for (const m of messages.slice(start + 1, end)) {
      // The query text runs from "Query Text:" to the plan's first node (the first line with a cost).
      const lines = m.split('\n');
      const root = lines.findIndex((l) => l.includes('(cost='));
      const text = lines.slice(1, root < 0 ? lines.length : root).join(' ');
      if (!/\bletters\b/.test(text)) continue;
      byText.set(text.replace(/\s+/g, ' ').trim(), m.slice(m.indexOf('duration:')).replace(/\t/g, '  '));
    }
    plans[name] = [...byText.values()];
  }
  for (const [name, ps] of Object.entries(plans)) {
    console.log(`\n==== plans: ${name} (${cases[name].url}) ====`);
    for (const p of Array.isArray(ps) ? ps : [ps]) console.log(`${p}\n`);
  }

  console.log('\n| case | URL | req/s | p50 ms | p99 ms (target < 25) | count (SQL) |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, r] of Object.entries(results))
    console.log(
      `| ${name} | \`${r.url}\` | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.count} (${r.expectedCount}) |`,
    );

  const result = {
    when: new Date().toISOString(),
    machine: { before: machineBefore, after: machine() },
    lettersInDatabase: sizes[0].letters,
    lettersInMeasuredCompany: sizes[0].in_account,
    companies: 100,
    membersPerCompany: USERS_PER_ACCOUNT,
    tableAndIndexes: sizes[0].letters_size,
    seedMs,
    seedTimes,
    letterIndexes: indexDefs,
    extraIndexes,
    connections: 10,
    seconds,
    results,
    tabCounts: { inAnswer: counts, sql: expectedCounts, match: countsMatch },
    plans,
  };
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/letters-list.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('\nwritten bench/results/letters-list.json');
} finally {
  await pool.end().catch(() => {});
  await product.stop();
  removeDir(dataDir);
}
