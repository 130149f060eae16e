// A letter's fixed cost, step by step (issue 29): 1-page letters uploaded one at a time, each waited
// for until analysed, with the product at LOG_LEVEL=debug so that it logs where each upload's and
// each analysis's time went (platform/steps.ts): receiving and storing the file, the upload's
// transaction, the queue's pick-up delay, each PDF tool (wall time through the tool host; the ink
// map and the thumbnail run side by side), the thumbnail's store, the postcode check, each write of
// the outcome's transaction. Reported: the median and p95 of each step, the client's view (upload
// answered, upload to analysed), and the CPU of the server process a letter.
// Usage: node bench/letter-cost.mjs [letters=40] [pages=1]   (after `npx tsc -b apps/server`)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { useSupportedNode } from '../scripts/runtime.mjs';

await useSupportedNode();
const pg = (await import('pg')).default;
const { databaseUrl, percentiles, ROOT, removeDir, signUpSession, startProduct, tempDataDir } = await import(
  './lib.mjs'
);
const { LetterWatcher, machine, uploadLetter } = await import('./letters-lib.mjs');
const { makePdf } = await import('./pdf-corpus.mjs');

const N = Number(process.argv[2] ?? 40);
const PAGES = Number(process.argv[3] ?? 1);
const WARM = 5;
const round = (n) => Math.round(n * 10) / 10;

const dataDir = tempDataDir('letter-cost');
const product = await startProduct({ dataDir, port: 3210, pgPort: 55510, env: { LOG_LEVEL: 'debug' }, stdout: 'pipe' });
const logs = { upload: new Map(), analysis: new Map() };
readline.createInterface({ input: product.child.stdout }).on('line', (line) => {
  if (!line.includes(' steps"')) return;
  try {
    const entry = JSON.parse(line);
    if (entry.msg === 'letter upload steps') logs.upload.set(entry.letterId, entry);
    if (entry.msg === 'letter analysis steps') logs.analysis.set(entry.letterId, entry);
  } catch {
    // not a log line of ours
  }
});
const cpuOf = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // ms
};
const pool = new pg.Pool({ connectionString: databaseUrl(dataDir, 55510), max: 2 });
let watcher;
try {
  const session = await signUpSession(product.url, 'owner@cost.example');
  watcher = new LetterWatcher(product.url, session, pool, { fallbackMs: 50 });
  await watcher.start();
  const pdf = await makePdf({ pages: PAGES });
  const client = [];
  let cpu0 = 0;
  const measured = [];
  for (let i = 0; i < WARM + N; i += 1) {
    if (i === WARM) cpu0 = cpuOf(product.child.pid);
    const t0 = performance.now();
    const id = await uploadLetter(product.url, session, pdf, `letter-${i}.pdf`);
    const answered = performance.now() - t0;
    const { at, letter } = await watcher.wait(id);
    if (letter.status !== 'Analysis Complete') throw new Error(`letter ${i} ended ${letter.status}`);
    if (i >= WARM) {
      client.push({ answered, analysed: at - t0 });
      measured.push(id);
    }
  }
  const serverCpuMs = cpuOf(product.child.pid) - cpu0;
  await new Promise((r) => setTimeout(r, 300)); // the last log lines
  const table = new Map();
  const add = (name, v) => {
    if (!table.has(name)) table.set(name, []);
    table.get(name).push(v);
  };
  for (const id of measured) {
    const u = logs.upload.get(id);
    const a = logs.analysis.get(id);
    if (!u || !a) throw new Error(`no step log for letter ${id}`);
    add('upload: total (server)', u.totalMs);
    for (const [k, v] of Object.entries(u.steps)) add(`upload: ${k}`, v);
    add('analysis: queue pick-up', a.pickUpMs);
    add('analysis: total (job)', a.totalMs);
    for (const [k, v] of Object.entries(a.steps)) add(`analysis: ${k}`, v);
  }
  table.set(
    'client: upload answered',
    client.map((c) => c.answered),
  );
  table.set(
    'client: upload → analysed seen',
    client.map((c) => c.analysed),
  );
  const rows = [...table].map(([step, values]) => ({ step, ...percentiles(values, [0.5, 0.95]) }));
  const result = {
    when: new Date().toISOString(),
    machine: machine(),
    letters: N,
    pages: PAGES,
    serverCpuMsPerLetter: round(serverCpuMs / N),
    steps: rows,
  };
  console.log(
    `\n${N} letters of ${PAGES} page(s), one at a time; server process CPU ${result.serverCpuMsPerLetter} ms a letter\n`,
  );
  console.log('| step | p50 ms | p95 ms |');
  console.log('|---|---|---|');
  for (const r of rows) console.log(`| ${r.step} | ${round(r.p50)} | ${round(r.p95)} |`);
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/letter-cost.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('\nwritten bench/results/letter-cost.json');
} finally {
  watcher?.stop();
  await pool.end();
  await product.stop();
  removeDir(dataDir);
}
