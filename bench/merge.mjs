// Mail merge (issue 28 item 1): one Word template sent to N customers through the product's API,
// timed from the send to every letter made (the merge job) and to every letter analysed (Word →
// PDF by the resident LibreOffices, then the window check), with the server's and its whole process
// tree's memory (PostgreSQL, LibreOffice, poppler) sampled from /proc every 250 ms.
// Usage: node bench/merge.mjs [recipients=1000]   (after `npm run build`)
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { machine } from './letters-lib.mjs';
import { databaseUrl, ROOT, removeDir, signUpSession, startProduct, tempDataDir } from './lib.mjs';
import { FIRST, LAST, TOWNS, template } from './merge-template.mjs';

const N = Number(process.argv[2] ?? 1000);
const PORT = 3198;
const PG_PORT = 55498;
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

const read = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

const TICK = 100; // USER_HZ
/** Every process of the tree ever seen: its name and its last CPU ticks (own; children it reaped). */
const seen = new Map();

/** The CPU seconds of the run by who spent them, from what the sampler saw of the tree. */
function cpuByKind(serverPid, start) {
  const sum = { server: 0, postgres: 0, libreoffice: 0, reapedByServer: 0, toolHosts: 0, reapedByHosts: 0, other: 0 };
  for (const [pid, p] of seen) {
    const was = start.get(pid) ?? { own: 0, reaped: 0 };
    const own = (p.own - was.own) / TICK;
    if (pid === serverPid) {
      sum.server += own;
      sum.reapedByServer += (p.reaped - was.reaped) / TICK;
    } else if (p.name === 'postgres') sum.postgres += own;
    else if (/^(node|MainThread)$/.test(p.name) && p.ppid === serverPid) {
      // A tool host (decision 0039): it starts the poppler tools and reaps them.
      sum.toolHosts += own;
      sum.reapedByHosts += (p.reaped - was.reaped) / TICK;
    } else if (/^(python3|soffice\.bin|oosplash)$/.test(p.name)) sum.libreoffice += own;
    else sum.other += own;
  }
  // The server reaps the poppler tools and the converters replaced: what is not a converter seen is poppler's.
  let deadConverters = 0;
  for (const [pid, p] of seen)
    if (p.gone && /^(python3|soffice\.bin|oosplash)$/.test(p.name))
      deadConverters += (p.own - (start.get(pid)?.own ?? 0)) / TICK;
  const round2 = (n) => Math.round(n * 100) / 100;
  return {
    serverS: round2(sum.server),
    postgresS: round2(sum.postgres),
    libreofficeS: round2(sum.libreoffice),
    toolHostsS: round2(sum.toolHosts),
    popplerApproxS: round2(Math.max(0, sum.reapedByServer - deadConverters) + sum.reapedByHosts),
    otherS: round2(sum.other),
  };
}

/** The server and every process under it, with RSS and PSS in MB. */
function memory(serverPid) {
  const children = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const stat = read(`/proc/${d}/stat`);
    if (!stat) continue;
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(d));
  }
  let treePss = 0;
  const queue = [serverPid];
  const alive = new Set();
  while (queue.length) {
    const pid = queue.shift();
    const stat = read(`/proc/${pid}/stat`);
    if (stat) {
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      seen.set(pid, {
        name,
        ppid: Number(f[1]),
        own: Number(f[11]) + Number(f[12]),
        reaped: Number(f[13]) + Number(f[14]),
        gone: false,
      });
      alive.add(pid);
    }
    treePss += Number(/^Pss:\s+(\d+)/m.exec(read(`/proc/${pid}/smaps_rollup`) ?? '')?.[1] ?? 0);
    queue.push(...(children.get(pid) ?? []));
  }
  for (const [pid, p] of seen) if (!alive.has(pid)) p.gone = true;
  const serverRss = Number(/^VmRSS:\s+(\d+)/m.exec(read(`/proc/${serverPid}/status`) ?? '')?.[1] ?? 0);
  return { serverRssMB: serverRss / 1024, treePssMB: treePss / 1024 };
}

const before = machine();
const dataDir = tempDataDir('merge');
const product = await startProduct({ dataDir, port: PORT, pgPort: PG_PORT });
const db = new pg.Client({ connectionString: databaseUrl(dataDir, PG_PORT) });
await db.connect();
let sampler;
try {
  const session = await signUpSession(product.url, `merge-${Date.now()}@example.com`);
  const { rows: me } = await db.query('select account_id from users order by created_at desc limit 1');
  const accountId = me[0].account_id;
  const ids = [];
  for (let i = 0; i < N; i += 1) {
    const [town, postcode] = TOWNS[i % TOWNS.length];
    const name = `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]} ${i}`;
    const id = randomUUID();
    ids.push(id);
    await db.query(
      `insert into customers (id, account_id, name, address_lines, postcode, match_key)
       values ($1, $2, $3, $4, $5, $6)`,
      [id, accountId, name, [`${i + 1} Heol y Bryn`, town], postcode, `${name.toLowerCase()}|${postcode}`],
    );
  }
  const form = new FormData();
  form.append('file', new Blob([template()]), 'Renewal letter.docx');
  const up = await fetch(`${product.url}/api/merge-templates`, {
    method: 'POST',
    headers: session.headers,
    body: form,
  });
  if (up.status !== 201) throw new Error(`template: ${up.status} ${await up.text()}`);
  const templateId = (await up.json()).id;

  const peaks = { serverRssMB: 0, treePssMB: 0 };
  sampler = setInterval(() => {
    const m = memory(product.child.pid);
    peaks.serverRssMB = Math.max(peaks.serverRssMB, m.serverRssMB);
    peaks.treePssMB = Math.max(peaks.treePssMB, m.treePssMB);
  }, 250);

  memory(product.child.pid);
  const cpuStart = new Map([...seen].map(([pid, p]) => [pid, { own: p.own, reaped: p.reaped }]));
  const t0 = performance.now();
  const sent = await fetch(`${product.url}/api/merge-templates/${templateId}/send`, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ recipients: { kind: 'customers', customer_ids: ids }, deliver: false }),
  });
  if (sent.status !== 202) throw new Error(`send: ${sent.status} ${await sent.text()}`);
  const acceptedMs = performance.now() - t0;
  const runId = (await sent.json()).id;
  let mergedMs = null;
  let analysedMs = null;
  let last = null;
  const deadline = Date.now() + 30 * 60_000;
  while (analysedMs === null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const { rows } = await db.query(
      `select r.status, r.created, r.stopped,
              count(l.id) filter (where l.status <> 'Analysing')::int as analysed
         from merge_runs r left join merge_run_recipients rr on rr.run_id = r.id
              left join letters l on l.id = rr.letter_id
        where r.id = $1 group by r.id`,
      [runId],
    );
    last = rows[0];
    if (mergedMs === null && last.status === 'done') mergedMs = performance.now() - t0;
    if (last.status === 'done' && last.analysed === last.created) analysedMs = performance.now() - t0;
  }
  clearInterval(sampler);
  memory(product.child.pid);
  const cpu = cpuByKind(product.child.pid, cpuStart);
  const cpuTotal = Object.values(cpu).reduce((a, b) => a + b, 0);
  const { rows: statuses } = await db.query(
    `select l.status, count(*)::int as n from merge_run_recipients rr join letters l on l.id = rr.letter_id
      where rr.run_id = $1 group by l.status order by n desc`,
    [runId],
  );
  const result = {
    date: new Date().toISOString(),
    recipients: N,
    acceptedMs: round(acceptedMs),
    allMadeMs: mergedMs === null ? null : round(mergedMs),
    allAnalysedMs: analysedMs === null ? null : round(analysedMs),
    lettersPerSecond: analysedMs ? round((last.created * 1000) / analysedMs, 2) : null,
    created: last.created,
    stopped: last.stopped,
    statuses: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
    cpuSeconds: cpu,
    cpuMsPerLetter: round((cpuTotal * 1000) / Math.max(1, last.created)),
    peakServerRssMB: round(peaks.serverRssMB),
    peakTreePssMB: round(peaks.treePssMB),
    machineBefore: before,
    machineAfter: machine(),
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/merge.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  clearInterval(sampler);
  await db.end();
  await product.stop();
  removeDir(dataDir);
}
