// Integrations (issue 15): (a) 5,000 contacts imported from the sandbox Xero, end to end through the
// API the import page uses (every page of GET /api/integrations/xero/contacts, then POST
// .../contacts/import in slices of 100, one after another, as the page sends them), with the
// sandbox's latency and Xero's rate limit, and again with the sandbox answering at once (what the
// product itself costs); (b) 1,000 delivered letters copied to the sandbox Google Drive by the drive
// sync job, with the sandbox's latency: letters a second, each copy's job time p50/p99, memory.
// Usage: node bench/integrations.mjs [contacts=5000] [letters=1000] [only: import|drive]   (after `npm run build`)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { machine } from './letters-lib.mjs';
import { databaseUrl, percentiles, ROOT, removeDir, signUpSession, startProduct, tempDataDir } from './lib.mjs';
import { makePdf } from './pdf-corpus.mjs';

const contacts = Number(process.argv[2] ?? 5_000);
const letters = Number(process.argv[3] ?? 1_000);
const only = process.argv[4] ?? null;
const SLICE = 100; // INTEGRATION_IMPORT_MAX: what the web page sends a call

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024);
  return { rssMB: mb('VmRSS'), peakMB: mb('VmHWM') };
}
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not allowed here: the peak counts from the start
  }
}
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const unhtml = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

async function call(url, init, expected = 200) {
  const res = await fetch(url, init);
  const text = await res.text();
  if (res.status !== expected)
    throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Connect → the sandbox's consent page → Allow → the return page's POST, as a browser does. */
async function connect(product, session, provider) {
  const headers = { ...session.headers, 'content-type': 'application/json' };
  const { url } = await call(`${product.url}/api/integrations/${provider}/connect`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  const consentUrl = new URL(url);
  const page = await (await fetch(`${product.url}${consentUrl.pathname}${consentUrl.search}`)).text();
  const fields = {};
  for (const m of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]] = unhtml(m[2]);
  const allowed = await fetch(`${product.url}/api/integrations/sandbox/${provider}/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision: 'allow' }).toString(),
    redirect: 'manual',
  });
  if (allowed.status !== 303) throw new Error(`consent answered ${allowed.status}`);
  const back = new URL(allowed.headers.get('location')).searchParams;
  await call(`${product.url}/api/integrations/${provider}/redirect`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ auth_code: back.get('code'), state: back.get('state'), additional_info: {} }),
  });
}

async function withProduct(name, port, pgPort, env, work) {
  const dataDir = tempDataDir(name);
  const product = await startProduct({
    dataDir,
    port,
    pgPort,
    env,
    stdout: env.LOG_LEVEL === 'info' ? 'pipe' : 'ignore',
  });
  const db = new pg.Client({ connectionString: databaseUrl(dataDir, pgPort) });
  try {
    await db.connect();
    const session = await signUpSession(product.url, `integrations-${name}-${Date.now()}@example.com`);
    await db.query(`update accounts set current_plan = 'Pro'`);
    return await work({ product, session, db });
  } finally {
    await db.end().catch(() => {});
    await product.stop();
    removeDir(dataDir);
  }
}

/** (a) Every page of the contacts, then all of them imported in slices; then the same import again (every one an update). */
async function importContacts({ product, session, db }) {
  await connect(product, session, 'xero');
  const headers = { ...session.headers, 'content-type': 'application/json' };
  const pid = product.child.pid;
  resetPeak(pid);
  const t0 = performance.now();
  const ids = [];
  const pageMs = [];
  for (let page = 1; page; ) {
    const t = performance.now();
    const body = await call(`${product.url}/api/integrations/xero/contacts?page=${page}`, { headers: session.headers });
    pageMs.push(performance.now() - t);
    ids.push(...body.contacts.map((c) => c.external_id));
    page = body.next_page;
  }
  if (new Set(ids).size !== contacts) throw new Error(`listed ${ids.length} contacts, ${new Set(ids).size} distinct`);
  const listed = performance.now();
  const importSlices = async () => {
    const sliceMs = [];
    let created = 0;
    let updated = 0;
    for (let at = 0; at < ids.length; at += SLICE) {
      const t = performance.now();
      const r = await call(`${product.url}/api/integrations/xero/contacts/import`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ids: ids.slice(at, at + SLICE) }),
      });
      sliceMs.push(performance.now() - t);
      created += r.created;
      updated += r.updated;
    }
    return { sliceMs, created, updated };
  };
  const first = await importSlices();
  const done = performance.now();
  const peak = memory(pid);
  const second = await importSlices();
  const again = performance.now();
  const { rows } = await db.query('select count(*)::int as n from customers');
  if (first.created !== contacts || rows[0].n !== contacts)
    throw new Error(`imported ${first.created} new, ${rows[0].n} customers for ${contacts} contacts`);
  if (second.updated !== contacts || second.created !== 0) throw new Error(`second import: ${JSON.stringify(second)}`);
  return {
    contacts,
    endToEnd: { seconds: round((done - t0) / 1000, 2), rowsPerSecond: round(contacts / ((done - t0) / 1000)) },
    listing: {
      pages: pageMs.length,
      seconds: round((listed - t0) / 1000, 2),
      pageMs: percentiles(pageMs),
    },
    import: {
      calls: first.sliceMs.length,
      seconds: round((done - listed) / 1000, 2),
      rowsPerSecond: round(contacts / ((done - listed) / 1000)),
      callMs: percentiles(first.sliceMs),
    },
    importAgainAllUpdates: {
      seconds: round((again - done) / 1000, 2),
      rowsPerSecond: round(contacts / ((again - done) / 1000)),
      callMs: percentiles(second.sliceMs),
    },
    serverPeakRssMB: peak.peakMB,
  };
}

/** (b) `letters` delivered letters queued at once to the drive sync job (Google Drive, auto-sync on). */
async function syncLetters({ product, session, db }) {
  const durations = [];
  let driveCalls = 0;
  let buffered = '';
  product.child.stdout.on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      nl = buffered.indexOf('\n');
      if (line.includes('incoming request') && line.includes('/api/integrations/sandbox/google_drive/'))
        driveCalls += 1;
      if (!line.includes('drive_sync') || !line.includes('Completed task')) continue;
      try {
        const entry = JSON.parse(line);
        if (typeof entry.duration === 'number') durations.push(entry.duration);
      } catch {}
    }
  });
  await connect(product, session, 'google_drive');
  const headers = { ...session.headers, 'content-type': 'application/json' };
  await call(`${product.url}/api/integrations/google_drive/auto-sync`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ sync: true }),
  });
  // One real upload, analysed; then `letters` letters made from it (the same file), as if delivered.
  const bytes = await makePdf({ pages: 2 });
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), "Rent review – Flat 2, St Mary's Close.pdf");
  const up = await fetch(`${product.url}/api/letters/files?type=regular`, {
    method: 'POST',
    headers: session.headers,
    body: form,
  });
  if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${await up.text()}`);
  const { uuid } = await up.json();
  for (let i = 0; ; i++) {
    const { rows } = await db.query('select status from letters where id = $1', [uuid]);
    if (rows[0].status !== 'Analysing') break;
    if (i > 600) throw new Error('the letter was not analysed within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  await db.query(
    `insert into letters
     select (jsonb_populate_record(null::letters, to_jsonb(l) || jsonb_build_object(
               'id', gen_random_uuid()::text,
               'name', 'Rent review ' || lpad(g::text, 4, '0') || ' – Flat ' || (g % 40 + 1) || ', St Mary''s Close.pdf',
               'status', 'Delivered', 'cloud_synced', false))).*
       from letters l, generate_series(1, $2) g where l.id = $1`,
    [uuid, letters],
  );
  const pid = product.child.pid;
  const before = memory(pid);
  resetPeak(pid);
  durations.length = 0;
  driveCalls = 0;
  const t0 = performance.now();
  // What the delivery's transaction does for each letter (queueDriveSyncs): the sync row and its keyed job.
  await db.query(
    `with queued as (
       insert into letter_cloud_syncs (letter_id, account_id, provider)
       select id, account_id, 'google_drive' from letters where id <> $1 and status = 'Delivered'
       returning letter_id)
     select count(graphile_worker.add_job('drive_sync', json_build_object('letterId', letter_id, 'provider', 'google_drive'),
                                          max_attempts => 8, job_key => 'drive-sync:' || letter_id || ':google_drive'))
       from queued`,
    [uuid],
  );
  let synced = 0;
  let failed = 0;
  while (synced + failed < letters) {
    await new Promise((r) => setTimeout(r, 200));
    const { rows } = await db.query(
      `select count(*) filter (where status = 'synced')::int as synced, count(*) filter (where status = 'failed')::int as failed
         from letter_cloud_syncs`,
    );
    ({ synced, failed } = rows[0]);
    if (performance.now() - t0 > 30 * 60_000) throw new Error(`only ${synced} of ${letters} synced in 30 minutes`);
  }
  const ms = performance.now() - t0;
  const after = memory(pid);
  const { rows: waits } = await db.query(
    `select extract(epoch from synced_at - created_at) * 1000 as ms from letter_cloud_syncs where status = 'synced'`,
  );
  const { rows: files } = await db.query(
    `select count(distinct remote_id)::int as files, max(attempts)::int as most_attempts from letter_cloud_syncs`,
  );
  await new Promise((r) => setTimeout(r, 300));
  return {
    letters,
    synced,
    failed,
    distinctDriveFiles: files[0].files,
    mostAttempts: files[0].most_attempts,
    seconds: round(ms / 1000, 2),
    lettersPerSecond: round(letters / (ms / 1000), 2),
    jobMsPerLetter: percentiles(durations),
    driveCallsPerLetter: round(driveCalls / letters, 2),
    queuedToSyncedMs: percentiles(waits.map((r) => Number(r.ms))),
    server: { rssBeforeMB: before.rssMB, rssAfterMB: after.rssMB, peakRssMB: after.peakMB },
  };
}

const file = path.join(ROOT, 'bench/results/integrations.json');
// A run of one part keeps the other part's figures from the last full run.
const results = only ? JSON.parse(readFileSync(file, 'utf8')) : {};
Object.assign(results, { date: new Date().toISOString(), machine: machine(), contacts, letters });
const sandboxDefaults = { INTEGRATIONS_SANDBOX_CONTACTS: String(contacts) };
if (only !== 'drive') {
  results.importWithSandboxLatency = await withProduct('int-a', 3191, 55491, sandboxDefaults, importContacts);
  results.importWithSandboxLatency.sandbox = 'latency up to 250 ms a call, Xero 60 calls a minute and 5 at once';
  console.log('import, sandbox latency and limits', results.importWithSandboxLatency);
  results.importSandboxAtOnce = await withProduct(
    'int-b',
    3191,
    55491,
    { ...sandboxDefaults, INTEGRATIONS_SANDBOX_LATENCY_MS: '0', INTEGRATIONS_SANDBOX_RATE_WINDOW_MS: '100' },
    importContacts,
  );
  results.importSandboxAtOnce.sandbox = 'answering at once, limits counted per 100 ms';
  console.log('import, sandbox at once', results.importSandboxAtOnce);
}
if (only !== 'import') {
  results.driveSync = await withProduct('int-c', 3191, 55491, { LOG_LEVEL: 'info' }, syncLetters);
  results.driveSync.sandbox = 'latency up to 250 ms a call, Google 600 calls a minute; WORKER_CONCURRENCY 4';
  console.log('drive sync', results.driveSync);
}
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
