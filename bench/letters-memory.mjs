// Peak memory of the product while it analyses 100 letters uploaded at once (1, 3 and 10 pages mixed,
// plus a few Word letters when LibreOffice is installed): RSS of the node server, and RSS and PSS of
// its whole process tree (PostgreSQL, poppler and soffice children included) read from /proc (RSS every
// 50 ms, PSS every second); the total time; and GET /api/me latency every 100 ms meanwhile (is the event loop free?).
// The sampler and the /api/me prober run in a worker thread, away from the uploads' event loop.
// Usage: node bench/letters-memory.mjs [letters=100] [workerConcurrency=product default]
// (after `npx tsc -b apps/server`)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { useSupportedNode } from '../scripts/runtime.mjs';

// The product's runtime (Node 24 or newer), like every bench (scripts/runtime.mjs).
if (isMainThread) await useSupportedNode();

const PAGE = 4096;
/** Samples (of 50 ms) between two readings of PSS. */
const PSS_EVERY = 20;

/**
 * The product's four poppler reads of page 1 (pdfinfo, then pdftotext -bbox, the window's ink at
 * 100 dpi and the 300 px thumbnail side by side), run alone on the same files, `concurrency` letters
 * at a time as the product's jobs: the time and CPU under which the product cannot go with poppler.
 */
async function popplerAlone(files, concurrency) {
  const { execFile } = await import('node:child_process');
  const { mkdtempSync, rmSync, writeFileSync: write } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { inFlight } = await import('./letters-lib.mjs');
  const { DEFAULT_TEMPLATE, readingArea } = await import('@lp/domain');
  const dir = mkdtempSync(path.join(tmpdir(), 'lp-anchor-'));
  const run = (cmd, args) =>
    new Promise((resolve, reject) =>
      execFile(cmd, args, { encoding: 'buffer', maxBuffer: 64 << 20 }, (e) => (e ? reject(e) : resolve())),
    );
  const area = readingArea(DEFAULT_TEMPLATE);
  const px = 100 / 25.4;
  const ink = ['-r', '100', '-gray', '-x', Math.floor(area.x * px), '-y', Math.floor(area.y * px)]
    .concat(['-W', Math.ceil(area.width * px), '-H', Math.ceil(area.height * px)])
    .map(String);
  // Children's CPU as the kernel counts it once they are waited for (cutime + cstime).
  const childrenTicks = () => {
    const f = readFileSync('/proc/self/stat', 'utf8');
    const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return Number(x[13]) + Number(x[14]);
  };
  try {
    const byBytes = new Map();
    const paths = files.map((f, i) => {
      if (!byBytes.has(f.bytes)) {
        const p = path.join(dir, `${i}.pdf`);
        write(p, f.bytes);
        byBytes.set(f.bytes, p);
      }
      return byBytes.get(f.bytes);
    });
    const ticks0 = childrenTicks();
    const t0 = performance.now();
    await inFlight(paths.length, concurrency, async (i) => {
      const file = paths[i];
      await run('pdfinfo', ['-f', '1', '-l', '2000', file]);
      await Promise.all([
        run('pdftotext', ['-f', '1', '-l', '1', '-bbox', file, '-']),
        run('pdftoppm', ['-f', '1', '-l', '1', ...ink, '-singlefile', file]),
        run('pdftoppm', [
          '-f',
          '1',
          '-l',
          '1',
          '-jpeg',
          '-jpegopt',
          'quality=80',
          '-scale-to',
          '300',
          '-singlefile',
          file,
          path.join(dir, `t${i}`),
        ]),
      ]);
    });
    const ms = Math.round(performance.now() - t0);
    const cpuSeconds = Math.round(childrenTicks() - ticks0) / 100;
    return {
      letters: paths.length,
      ms,
      cpuSeconds,
      cpuMsPerLetter: Math.round((cpuSeconds * 1e4) / paths.length) / 10,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!isMainThread) {
  // ---- the sampler and the prober (worker thread) ----
  const { serverPid, url, cookie } = workerData;
  const read = (f) => {
    try {
      return readFileSync(f, 'utf8');
    } catch {
      return null;
    }
  };
  /** The server and every process below it: [{ pid, comm }]. */
  function tree() {
    const children = new Map();
    const comm = new Map();
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      const stat = read(`/proc/${d}/stat`);
      if (!stat) continue;
      const close = stat.lastIndexOf(')');
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      comm.set(Number(d), stat.slice(stat.indexOf('(') + 1, close));
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(d));
    }
    const out = [];
    const queue = [serverPid];
    while (queue.length) {
      const pid = queue.shift();
      out.push({ pid, comm: comm.get(pid) ?? '?' });
      queue.push(...(children.get(pid) ?? []));
    }
    return out;
  }
  const kind = (c) =>
    c.pid === serverPid
      ? 'server'
      : c.comm === 'postgres'
        ? 'postgres'
        : /soffice|oosplash/.test(c.comm)
          ? 'soffice'
          : 'tools';
  /**
   * CPU seconds of the tree by part: each process's own, and what its exited children used
   * (the tools are the tool hosts' children: their time lands in the hosts' cutime once reaped).
   */
  const TICK = 100; // USER_HZ
  function cpuSnapshot() {
    const byPid = new Map();
    for (const c of tree()) {
      const stat = read(`/proc/${c.pid}/stat`);
      if (!stat) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields 14-17 of stat: utime stime cutime cstime (f[0] is field 3)
      const self = (Number(f[11]) + Number(f[12])) / TICK;
      const children = (Number(f[13]) + Number(f[14])) / TICK;
      const part =
        c.pid === serverPid
          ? 'server'
          : c.comm === 'postgres'
            ? 'postgres'
            : /soffice|oosplash|python/.test(c.comm)
              ? 'soffice'
              : /node|MainThread/.test(c.comm)
                ? 'toolHosts'
                : 'tools';
      byPid.set(c.pid, { part, self, children });
    }
    const cpu = read('/proc/stat').split('\n')[0].split(/\s+/).slice(1).map(Number);
    const machineBusy = (cpu.reduce((a, b) => a + b, 0) - cpu[3] - cpu[4]) / TICK;
    return { byPid, machineBusy };
  }
  function cpuBetween(a, b) {
    const parts = {};
    const add = (k, v) => {
      parts[k] = Math.round(((parts[k] ?? 0) + v) * 100) / 100;
    };
    for (const [pid, e] of b.byPid) {
      const s = a.byPid.get(pid) ?? { self: 0, children: 0 };
      add(e.part, e.self - s.self);
      // Reaped children: the hosts' are the tools; the postmaster's, its ended backends; the server's, ended hosts.
      const childPart =
        e.part === 'toolHosts'
          ? 'tools'
          : e.part === 'postgres'
            ? 'postgres'
            : e.part === 'server'
              ? 'toolHosts'
              : e.part;
      add(childPart, e.children - s.children);
    }
    const product = Object.values(parts).reduce((x, y) => x + y, 0);
    return {
      ...parts,
      product: Math.round(product * 100) / 100,
      machineBusy: Math.round((b.machineBusy - a.machineBusy) * 100) / 100,
    };
  }
  const cpuMarks = {};
  const samples = [];
  const peaks = {};
  const peak = (k, v) => {
    if (!(peaks[k] >= v)) peaks[k] = v;
  };
  const t0 = performance.now();
  let sampled = 0;
  const sample = () => {
    // PSS once a second, RSS every 50 ms: the kernel walks a process's page tables to answer
    // smaps_rollup (7.5 ms of CPU for a 412 MB process on this machine), so reading it for the whole
    // tree 20 times a second took the bench itself most of a core away from what it measures.
    const withPss = sampled % PSS_EVERY === 0;
    sampled += 1;
    const s = { t: Math.round(performance.now() - t0), rss: {}, pss: withPss ? {} : null, procs: {} };
    for (const c of tree()) {
      const statm = read(`/proc/${c.pid}/statm`);
      if (!statm) continue;
      const rss = Number(statm.split(' ')[1]) * PAGE;
      const pssKb = withPss ? Number(/^Pss:\s+(\d+)/m.exec(read(`/proc/${c.pid}/smaps_rollup`) ?? '')?.[1] ?? 0) : 0;
      const k = kind(c);
      s.rss[k] = (s.rss[k] ?? 0) + rss;
      if (s.pss) s.pss[k] = (s.pss[k] ?? 0) + pssKb * 1024;
      s.procs[k] = (s.procs[k] ?? 0) + 1;
      if (k === 'tools' || k === 'soffice') peak(`rss:${c.comm}`, rss);
    }
    s.treeRss = Object.values(s.rss).reduce((a, b) => a + b, 0);
    s.treePss = s.pss ? Object.values(s.pss).reduce((a, b) => a + b, 0) : null;
    s.childrenRss = (s.rss.tools ?? 0) + (s.rss.soffice ?? 0);
    peak('serverRss', s.rss.server ?? 0);
    peak('treeRss', s.treeRss);
    if (s.pss) {
      peak('treePss', s.treePss);
      peak('postgresPss', s.pss.postgres ?? 0);
    }
    peak('childrenRss', s.childrenRss);
    peak('childProcesses', (s.procs.tools ?? 0) + (s.procs.soffice ?? 0));
    samples.push(s);
  };
  const me = [];
  let meErrors = 0;
  const probe = () => {
    const t = performance.now();
    fetch(`${url}/api/me`, { headers: { cookie } })
      .then(async (r) => {
        await r.arrayBuffer();
        if (r.status !== 200) meErrors += 1;
        me.push({ at: Math.round(t - t0), ms: performance.now() - t });
      })
      .catch(() => {
        meErrors += 1;
      });
  };
  const timers = [setInterval(sample, 50), setInterval(probe, 100)];
  parentPort.on('message', (m) => {
    if (m.mark) samples.push({ t: Math.round(performance.now() - t0), mark: m.mark });
    if (m.mark) cpuMarks[m.mark] = cpuSnapshot();
    if (m.stop) {
      for (const t of timers) clearInterval(t);
      const cpu =
        cpuMarks['uploads start'] && cpuMarks['all analysed']
          ? cpuBetween(cpuMarks['uploads start'], cpuMarks['all analysed'])
          : null;
      setTimeout(() => parentPort.postMessage({ samples, peaks, me, meErrors, cpu }), 500);
    }
  });
} else {
  // ---- the run (main thread) ----
  const pg = (await import('pg')).default;
  const { databaseUrl, percentiles, ROOT, removeDir, signUpSession, startProduct, tempDataDir } = await import(
    './lib.mjs'
  );
  const { LetterWatcher, letterDocx, machine, inFlight, uploadLetter } = await import('./letters-lib.mjs');
  const { makePdf } = await import('./pdf-corpus.mjs');

  const N = Number(process.argv[2] ?? 100);
  const workerConcurrency = process.argv[3];
  const PORT = 3200;
  const PG_PORT = 55500;
  const MB = 1024 * 1024;
  const mb = (b) => Math.round((b / MB) * 10) / 10;
  const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

  const machineBefore = machine();
  const soffice = process.env.SOFFICE_PATH ?? 'soffice';
  const hasSoffice = spawnSync('sh', ['-c', `command -v ${soffice}`]).status === 0;
  const DOCX_EVERY = 20; // 5 Word letters in 100
  const pdfs = { 1: await makePdf({ pages: 1 }), 3: await makePdf({ pages: 3 }), 10: await makePdf({ pages: 10 }) };
  const docx = letterDocx(['Ms Jane Smith', 'Flat 2', '14 High Street', 'Leeds', 'LS1 4AB']);
  const files = Array.from({ length: N }, (_, i) => {
    if (hasSoffice && i % DOCX_EVERY === DOCX_EVERY - 1)
      return {
        kind: 'docx',
        bytes: docx,
        name: `word-${i}.docx`,
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      };
    const pages = [1, 3, 10][i % 3];
    return { kind: `${pages}p`, pages, bytes: pdfs[pages], name: `letter-${i}-${pages}p.pdf`, mime: 'application/pdf' };
  });

  // The floor: poppler's own four page-1 reads of the same PDF letters, with no product around them.
  const anchor =
    process.env.ANCHOR === '0'
      ? null
      : await popplerAlone(
          files.filter((f) => f.kind !== 'docx'),
          4,
        );
  if (anchor)
    console.log(
      `poppler alone on the ${anchor.letters} PDF letters (pdfinfo, then the words, the ink and the thumbnail side by side; 4 letters at a time): ${anchor.ms} ms, ${anchor.cpuSeconds} CPU-s (${anchor.cpuMsPerLetter} ms a letter)`,
    );

  const dataDir = tempDataDir('letters-memory');
  const product = await startProduct({
    dataDir,
    port: PORT,
    pgPort: PG_PORT,
    env: workerConcurrency ? { WORKER_CONCURRENCY: workerConcurrency } : {},
  });
  const pool = new pg.Pool({ connectionString: databaseUrl(dataDir, PG_PORT), max: 2 });
  let watcher;
  let sampler;
  try {
    const session = await signUpSession(product.url, 'owner@memory.example');
    watcher = new LetterWatcher(product.url, session, pool);
    await watcher.start();
    // Warm-up: one letter of each kind, so that first-use costs (code, LibreOffice's profile) are not the peak's.
    for (const f of [files[0], files[1], files[2], ...files.filter((f) => f.kind === 'docx').slice(0, 1)]) {
      const id = await uploadLetter(product.url, session, f.bytes, `warm-${f.name}`, { mime: f.mime });
      await watcher.wait(id, undefined, 300_000);
    }
    await new Promise((r) => setTimeout(r, 1000));

    sampler = new Worker(new URL(import.meta.url), {
      workerData: { serverPid: product.child.pid, url: product.url, cookie: session.cookie },
    });
    const sampled = new Promise((resolve) => sampler.once('message', resolve));
    await new Promise((r) => setTimeout(r, 1000)); // an idle second first
    sampler.postMessage({ mark: 'uploads start' });

    const t0 = performance.now();
    const done = [];
    const waits = [];
    await inFlight(N, N, async (i) => {
      const f = files[i];
      const id = await uploadLetter(product.url, session, f.bytes, f.name, { mime: f.mime });
      waits.push(
        watcher.wait(id, undefined, 600_000).then(({ at, letter }) => done.push({ kind: f.kind, at: at - t0, letter })),
      );
    });
    const uploadedAt = performance.now() - t0;
    sampler.postMessage({ mark: 'all uploaded' });
    await Promise.all(waits);
    const totalMs = performance.now() - t0;
    sampler.postMessage({ mark: 'all analysed' });
    await new Promise((r) => setTimeout(r, 1000));
    sampler.postMessage({ stop: true });
    const { samples, peaks, me, meErrors, cpu } = await sampled;
    await sampler.terminate();

    const idle = samples.filter((s) => s.rss && s.t < samples.find((x) => x.mark === 'uploads start').t);
    const idleServer = Math.max(...idle.map((s) => s.rss.server ?? 0));
    const idleTree = Math.max(...idle.map((s) => s.treeRss));
    const start = samples.find((x) => x.mark === 'uploads start').t;
    const end = samples.find((x) => x.mark === 'all analysed').t;
    const during = me.filter((m) => m.at >= start && m.at <= end).map((m) => m.ms);
    const before = me.filter((m) => m.at < start).map((m) => m.ms);
    const uploaded = samples.find((x) => x.mark === 'all uploaded').t;
    const whileUploading = me.filter((m) => m.at >= start && m.at < uploaded).map((m) => m.ms);
    const afterUploads = me.filter((m) => m.at >= uploaded && m.at <= end).map((m) => m.ms);
    const slowest = me
      .filter((m) => m.at >= start && m.at <= end)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .map((m) => ({ sentAtMsAfterUploadsStart: m.at - start, ms: round(m.ms) }));
    const statuses = {};
    for (const d of done) {
      statuses[d.kind] ??= {};
      statuses[d.kind][d.letter.status] = (statuses[d.kind][d.letter.status] ?? 0) + 1;
    }
    const byKind = {};
    for (const d of done) {
      byKind[d.kind] ??= [];
      byKind[d.kind].push(d.at);
    }
    const toolPeaks = Object.fromEntries(
      Object.entries(peaks)
        .filter(([k]) => k.startsWith('rss:'))
        .map(([k, v]) => [k.slice(4), mb(v)]),
    );
    const result = {
      when: new Date().toISOString(),
      machine: { before: machineBefore, after: machine() },
      letters: N,
      mix: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, v.length])),
      docx: hasSoffice
        ? `${files.filter((f) => f.kind === 'docx').length} Word letters (LibreOffice ${soffice})`
        : 'skipped: soffice not installed',
      workerConcurrency: workerConcurrency ? Number(workerConcurrency) : 'product default (4)',
      uploadsMs: round(uploadedAt),
      totalMs: round(totalMs),
      lettersPerSecond: round((N * 1000) / totalMs),
      doneAtMs: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, percentiles(v, [0.5, 0.95])])),
      statuses,
      memoryMB: {
        serverIdleRss: mb(idleServer),
        serverPeakRss: mb(peaks.serverRss),
        treeIdleRss: mb(idleTree),
        treePeakRss: mb(peaks.treeRss),
        treePeakPss: mb(peaks.treePss),
        postgresPeakPss: mb(peaks.postgresPss ?? 0),
        childrenPeakRss: mb(peaks.childrenRss ?? 0),
        childProcessesAtOncePeak: peaks.childProcesses ?? 0,
        childPeakRssByProgram: toolPeaks,
        target: 'tree < 1024 MB',
        note: 'tree RSS adds up every process (PostgreSQL backends count their shared buffers each time); PSS shares them out',
      },
      cpuSecondsDuringRun: cpu,
      popplerAlone: anchor,
      apiMeDuringRunMs: { ...percentiles(during, [0.5, 0.99]), errors: meErrors, every: '100 ms' },
      apiMeIdleBeforeMs: percentiles(before, [0.5, 0.99]),
      apiMeWhileUploadingMs: percentiles(whileUploading, [0.5, 0.99]),
      apiMeAfterUploadsMs: percentiles(afterUploads, [0.5, 0.99]),
      apiMeSlowest: slowest,
      timeline: samples
        .filter((s, i) => s.mark || i % 10 === 0)
        .map((s) =>
          s.mark
            ? s
            : {
                t: s.t,
                serverMB: mb(s.rss.server ?? 0),
                treeMB: mb(s.treeRss),
                ...(s.treePss === null ? {} : { treePssMB: mb(s.treePss) }),
                children: (s.procs.tools ?? 0) + (s.procs.soffice ?? 0),
              },
        ),
    };
    console.log(
      `\n${N} letters ${JSON.stringify(result.mix)} uploaded in ${result.uploadsMs} ms, all analysed after ${result.totalMs} ms ` +
        `(${result.lettersPerSecond} letters/s); statuses ${JSON.stringify(statuses)}`,
    );
    console.log('\n| measure | value |');
    console.log('|---|---|');
    console.log(`| server RSS idle → peak | ${result.memoryMB.serverIdleRss} → ${result.memoryMB.serverPeakRss} MB |`);
    console.log(
      `| process tree RSS idle → peak (target < 1024 MB) | ${result.memoryMB.treeIdleRss} → ${result.memoryMB.treePeakRss} MB |`,
    );
    console.log(
      `| process tree PSS peak | ${result.memoryMB.treePeakPss} MB (PostgreSQL ${result.memoryMB.postgresPeakPss} MB) |`,
    );
    console.log(
      `| job children (poppler, soffice) RSS peak | ${result.memoryMB.childrenPeakRss} MB, at most ${result.memoryMB.childProcessesAtOncePeak} at once; ${JSON.stringify(toolPeaks)} |`,
    );
    console.log(`| total time | ${result.totalMs} ms |`);
    if (anchor)
      console.log(
        `| poppler alone on the ${anchor.letters} PDF letters, 4 at a time (the floor) | ${anchor.ms} ms, ${anchor.cpuSeconds} CPU-s, ${anchor.cpuMsPerLetter} ms a letter |`,
      );
    if (cpu)
      console.log(
        `| CPU seconds, uploads start → all analysed | ${Object.entries(cpu)
          .map(([k, v]) => `${k} ${v}`)
          .join(
            ', ',
          )} (${round((cpu.product * 1000) / N)} ms a letter; the machine's 2 cores give ${round((2 * totalMs) / 1000)} s) |`,
      );
    console.log(
      `| GET /api/me every 100 ms during the run | p50 ${result.apiMeDuringRunMs.p50} ms, p99 ${result.apiMeDuringRunMs.p99} ms, max ${result.apiMeDuringRunMs.max} ms (${result.apiMeDuringRunMs.n} requests, ${meErrors} errors); idle second before: p50 ${result.apiMeIdleBeforeMs.p50} ms, max ${result.apiMeIdleBeforeMs.max} ms; ` +
        `while uploading p50 ${result.apiMeWhileUploadingMs.p50} ms, max ${result.apiMeWhileUploadingMs.max} ms; ` +
        `after p50 ${result.apiMeAfterUploadsMs.p50} ms, max ${result.apiMeAfterUploadsMs.max} ms |`,
    );
    mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench/results/letters-memory.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log('\nwritten bench/results/letters-memory.json');
  } finally {
    watcher?.stop();
    await sampler?.terminate();
    await pool.end();
    await product.stop();
    removeDir(dataDir);
  }
}
