// Letter analysis through the product against poppler run directly, in the same run on the same
// files: pages per second and per-letter p50/p95 for 1-, 3- and 10-page letters, a 200-page merged
// file (its analysis, then its split into letters), and upload-to-New for one 3-page letter at a time.
// Product: POST /api/letters/files, then the analysis job; a letter is done when its status is no
// longer Analysing (read on every SSE refresh event, or every 200 ms; see LetterWatcher).
// Two ways of loading it: `concurrency` letters in flight (upload to done; the poppler side runs the
// same number at once), and a burst (all letters of a size uploaded at once, the queue drains them).
// Poppler: what the job runs (poppler.ts): pdfinfo, pdftotext -f 1 -l 1 -bbox, pdftoppm -f 1 -l 1
// -jpeg -jpegopt quality=80 -scale-to 300 -singlefile, and since issue 8 the window's ink (pdftoppm
// -r 100 -gray over the reading area round the window, decision 0026); for the split, pdftotext -bbox of every page.
// Usage: node bench/letters-analysis.mjs [lettersPerSize=30] [concurrency=4] [mergedRuns=3]
// (lettersPerSize 0: the 200-page merged file only, after a one-letter warm-up)
// (after `npx tsc -b apps/server`; the product's WORKER_CONCURRENCY is left at its default of 4).
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { inFlight, LetterWatcher, machine, uploadLetter } from './letters-lib.mjs';
import { databaseUrl, percentiles, ROOT, removeDir, signUpSession, startProduct, tempDataDir } from './lib.mjs';
import { makePdf } from './pdf-corpus.mjs';

const run = promisify(execFile);
const LETTERS = Number(process.argv[2] ?? 30);
const CONCURRENCY = Number(process.argv[3] ?? 4);
const MERGED_RUNS = Number(process.argv[4] ?? 3);
// Other ports through BENCH_PORT / BENCH_PG_PORT when another bench holds these.
const PORT = Number(process.env.BENCH_PORT ?? 3198);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55498);
const BIG = { maxBuffer: 256 * 1024 * 1024 };
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

const started = performance.now();
const machineBefore = machine();
const dataDir = tempDataDir('letters-analysis');
const work = path.join(dataDir, 'bench-files');
mkdirSync(work, { recursive: true });

// ---- the corpus (pdf-corpus.mjs: the address in the DL window, the clear zone empty) ----
const SIZES = [1, 3, 10];
const corpus = {};
for (const pages of SIZES) {
  const bytes = await makePdf({ pages });
  const file = path.join(work, `letter-${pages}p.pdf`);
  writeFileSync(file, bytes);
  corpus[pages] = { bytes, file };
}
const mergedBytes = await makePdf({ pages: 200, letters: 100, pagesPerLetter: 2 });
const mergedFile = path.join(work, 'merged-200p.pdf');
writeFileSync(mergedFile, mergedBytes);

// ---- poppler directly ----
let thumbN = 0;
async function popplerLetter(file) {
  const info = await run('pdfinfo', [file]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info.stdout)[1]);
  await run('pdftotext', ['-f', '1', '-l', '1', '-bbox', file, '-'], BIG);
  thumbN += 1;
  const out = path.join(work, `thumb-${thumbN % 64}`);
  await run(
    'pdftoppm',
    ['-f', '1', '-l', '1', '-jpeg', '-jpegopt', 'quality=80', '-scale-to', '300', '-singlefile', file, out],
    BIG,
  );
  // The ink round the window (decision 0026): page 1 in grey at 100 dpi over the reading area
  // (x 10-122, y 15-125 mm; poppler.ts inkCells), which tells what shows on paper and what is in the window.
  await run(
    'pdftoppm',
    ['-f', '1', '-l', '1', '-r', '100', '-gray', '-x', '39', '-y', '59', '-W', '441', '-H', '434', '-singlefile', file],
    BIG,
  );
  return pages;
}

async function popplerBatch(file, pages, n) {
  const times = [];
  const wall = await inFlight(n, CONCURRENCY, async () => {
    const t0 = performance.now();
    await popplerLetter(file);
    times.push(performance.now() - t0);
  });
  return {
    letters: n,
    wallMs: round(wall),
    pagesPerSecond: round((n * pages * 1000) / wall),
    lettersPerSecond: round((n * 1000) / wall),
    perLetterMs: percentiles(times, [0.5, 0.95]),
  };
}

// ---- the product ----
const product = await startProduct({ dataDir, port: PORT, pgPort: PG_PORT });
const pool = new pg.Pool({ connectionString: databaseUrl(dataDir, PG_PORT), max: 3 });
let watcher;
try {
  const session = await signUpSession(product.url, 'owner@analysis.example');
  watcher = new LetterWatcher(product.url, session, pool);
  await watcher.start();

  /** Uploads one letter and waits for its analysis; times from the upload's start, acceptance and end. */
  async function productLetter(bytes, name, type = 'regular') {
    const t0 = performance.now();
    const id = await uploadLetter(product.url, session, bytes, name, { type });
    const accepted = performance.now();
    const { at, letter } = await watcher.wait(id);
    return { id, uploadMs: accepted - t0, analysisMs: at - accepted, totalMs: at - t0, letter };
  }

  async function productBatch(bytes, pages, n) {
    const done = [];
    const wall = await inFlight(n, CONCURRENCY, async (i) => {
      done.push(await productLetter(bytes, `bench-${pages}p-${i}.pdf`));
    });
    const statuses = {};
    for (const d of done) statuses[d.letter.status] = (statuses[d.letter.status] ?? 0) + 1;
    const wrongPages = done.filter((d) => d.letter.num_pages !== pages).length;
    return {
      letters: n,
      wallMs: round(wall),
      pagesPerSecond: round((n * pages * 1000) / wall),
      lettersPerSecond: round((n * 1000) / wall),
      acceptedToDoneMs: percentiles(
        done.map((d) => d.analysisMs),
        [0.5, 0.95],
      ),
      uploadToDoneMs: percentiles(
        done.map((d) => d.totalMs),
        [0.5, 0.95],
      ),
      uploadMs: percentiles(
        done.map((d) => d.uploadMs),
        [0.5, 0.95],
      ),
      statuses,
      wrongPageCounts: wrongPages,
    };
  }

  /** Every letter uploaded at once (`concurrency` uploads at a time): the job queue's own throughput. */
  async function productBurst(bytes, pages, n) {
    const waits = [];
    const t0 = performance.now();
    await inFlight(n, CONCURRENCY, async (i) => {
      const id = await uploadLetter(product.url, session, bytes, `burst-${pages}p-${i}.pdf`);
      const accepted = performance.now();
      waits.push(watcher.wait(id).then(({ at }) => at - accepted));
    });
    const uploadedMs = performance.now() - t0;
    const times = await Promise.all(waits);
    const wall = performance.now() - t0;
    return {
      letters: n,
      uploadsMs: round(uploadedMs),
      wallMs: round(wall),
      pagesPerSecond: round((n * pages * 1000) / wall),
      acceptedToDoneMs: percentiles(times, [0.5, 0.95]),
    };
  }

  // Warm-up: code paths compiled, files in the page cache, pool connections open.
  await productBatch(corpus[3].bytes, 3, Math.max(1, Math.min(8, LETTERS)));
  await popplerBatch(corpus[3].file, 3, 8);

  const sizes = {};
  for (const pages of LETTERS ? SIZES : []) {
    // Alternating order between sizes spreads any drift of the machine's load over both sides.
    const first = pages === 3 ? 'product' : 'poppler';
    const row = {};
    for (const side of first === 'product' ? ['product', 'poppler'] : ['poppler', 'product']) {
      row[side] =
        side === 'product'
          ? await productBatch(corpus[pages].bytes, pages, LETTERS)
          : await popplerBatch(corpus[pages].file, pages, LETTERS);
    }
    row.ratio = round(row.product.pagesPerSecond / row.poppler.pagesPerSecond, 2);
    row.productBurst = await productBurst(corpus[pages].bytes, pages, LETTERS);
    row.burstRatio = round(row.productBurst.pagesPerSecond / row.poppler.pagesPerSecond, 2);
    sizes[`${pages}p`] = row;
    console.log(
      `${pages}-page letters: product ${row.product.pagesPerSecond} pages/s (p95 ${row.product.acceptedToDoneMs.p95} ms accepted→done), ` +
        `poppler ${row.poppler.pagesPerSecond} pages/s (p95 ${row.poppler.perLetterMs.p95} ms), ratio ${row.ratio}; ` +
        `burst ${row.productBurst.pagesPerSecond} pages/s (ratio ${row.burstRatio}); statuses ${JSON.stringify(row.product.statuses)}`,
    );
  }

  // ---- one 3-page letter at a time on an otherwise idle product: upload start to New ----
  const idleTimes = [];
  const idleAccepted = [];
  const idleStatuses = {};
  for (let i = 0; i < (LETTERS || 1); i += 1) {
    const r = await productLetter(corpus[3].bytes, `idle-${i}.pdf`);
    idleTimes.push(r.totalMs);
    idleAccepted.push(r.analysisMs);
    idleStatuses[r.letter.status] = (idleStatuses[r.letter.status] ?? 0) + 1;
    await new Promise((res) => setTimeout(res, 100));
  }
  const popplerIdle = [];
  for (let i = 0; i < (LETTERS || 1); i += 1) {
    const t0 = performance.now();
    await popplerLetter(corpus[3].file);
    popplerIdle.push(performance.now() - t0);
  }
  const idle = {
    letters: LETTERS,
    uploadToNewMs: percentiles(idleTimes, [0.5, 0.95]),
    acceptedToNewMs: percentiles(idleAccepted, [0.5, 0.95]),
    popplerAloneMs: percentiles(popplerIdle, [0.5, 0.95]),
    statuses: idleStatuses,
  };
  console.log(
    `3-page letter, one at a time: upload→New p50 ${idle.uploadToNewMs.p50} ms, p95 ${idle.uploadToNewMs.p95} ms ` +
      `(poppler alone p50 ${idle.popplerAloneMs.p50} ms)`,
  );

  // ---- the 200-page merged file: analysis, then split ----
  const mergedRuns = [];
  const splitNotes = [];
  const popplerMergedAnalysis = [];
  const popplerText = [];
  const popplerTextAndFiles = [];
  for (let r = 0; r < MERGED_RUNS; r += 1) {
    const t0 = performance.now();
    await popplerLetter(mergedFile);
    popplerMergedAnalysis.push(performance.now() - t0);
    const t1 = performance.now();
    await run('pdftotext', ['-bbox', mergedFile, '-'], BIG);
    popplerText.push(performance.now() - t1);
    // What the split does beyond reading the text: one file a page, then one file a letter.
    const dir = path.join(work, `sep-${r}`);
    mkdirSync(dir, { recursive: true });
    await run('pdfseparate', [mergedFile, path.join(dir, 'p-%d.pdf')], BIG);
    for (let l = 0; l < 100; l += 1)
      await run(
        'pdfunite',
        [path.join(dir, `p-${2 * l + 1}.pdf`), path.join(dir, `p-${2 * l + 2}.pdf`), path.join(dir, `l-${l}.pdf`)],
        BIG,
      );
    popplerTextAndFiles.push(performance.now() - t1);
    removeDir(dir);

    const a = await productLetter(mergedBytes, `merged-${r}.pdf`, 'merged');
    const run_ = {
      analysisAcceptedToDoneMs: round(a.analysisMs),
      uploadToDoneMs: round(a.totalMs),
      status: a.letter.status,
      numPages: a.letter.num_pages,
    };
    const s0 = performance.now();
    const res = await fetch(`${product.url}/api/letters/${a.id}/split`, {
      method: 'POST',
      headers: { ...session.headers, 'content-type': 'application/json' },
      body: '{}',
    });
    const answered = performance.now();
    run_.splitAnswer = res.status;
    if (res.status !== 202) {
      splitNotes.push(`split of run ${r} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      mergedRuns.push(run_);
      continue;
    }
    await res.arrayBuffer();
    // The split proposes its cut points first (a job), the user confirms them, then the letters are
    // cut: the proposal and the cutting are timed apart (the user's review time is not ours).
    const waitFor = async (done, from) => {
      for (;;) {
        const {
          rows: [row],
        } = await pool.query(
          `select l.split_status, l.split_count,
                  (select count(*)::int from letters c where c.parent_id = l.id) as children,
                  (select count(*)::int from letters c where c.parent_id = l.id and c.status = 'Analysing') as analysing
             from letters l where l.id = $1`,
          [a.id],
        );
        if (done(row)) return { row, at: performance.now() };
        if (performance.now() - from > 300_000) throw new Error(`split not done after 300 s (${row.split_status})`);
        await new Promise((res2) => setTimeout(res2, 20));
      }
    };
    const proposed = await waitFor((row) => row.split_status !== 'proposing', s0);
    const proposal = await (
      await fetch(`${product.url}/api/letters/${a.id}/split`, { headers: session.headers })
    ).json();
    const starts = (proposal.proposal?.starts ?? []).map((st) => st.page);
    const c0 = performance.now();
    const confirm = await fetch(`${product.url}/api/letters/${a.id}/split/confirm`, {
      method: 'POST',
      headers: { ...session.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ starts }),
    });
    if (confirm.status !== 202) {
      splitNotes.push(`confirm of run ${r} answered ${confirm.status}: ${(await confirm.text()).slice(0, 200)}`);
      mergedRuns.push(run_);
      continue;
    }
    await confirm.arrayBuffer();
    const cut = await waitFor((row) => row.split_status !== 'splitting', c0);
    const analysed = await waitFor((row) => row.split_status !== 'split' || row.analysing === 0, c0);
    const state = analysed.row;
    // The split's own time: finding the letters plus cutting them.
    const splitAt = s0 + (proposed.at - s0) + (cut.at - c0);
    run_.proposalMs = round(proposed.at - s0);
    run_.proposedStarts = starts.length;
    run_.cutMs = round(cut.at - c0);
    const { rows: childStatuses } = await pool.query(
      'select status, count(*)::int as n from letters where parent_id = $1 group by status order by status',
      [a.id],
    );
    Object.assign(run_, {
      splitAnswerMs: round(answered - s0),
      splitStatus: state.split_status,
      splitCount: state.split_count,
      childLetters: state.children,
      splitDoneMs: round(splitAt - s0),
      splitPagesPerSecond: round((200 * 1000) / (splitAt - s0)),
      childrenAnalysedMs: round(performance.now() - c0 + (proposed.at - s0)),
      childStatuses: Object.fromEntries(childStatuses.map((c) => [c.status, c.n])),
    });
    mergedRuns.push(run_);
  }
  const median = (xs) => percentiles(xs, [0.5]).p50;
  const splitDone = mergedRuns.filter((m) => m.splitDoneMs).map((m) => m.splitDoneMs);
  const merged = {
    pages: 200,
    lettersInFile: 100,
    runs: mergedRuns,
    analysis: {
      productAcceptedToDoneMedianMs: median(mergedRuns.map((m) => m.analysisAcceptedToDoneMs)),
      popplerMedianMs: median(popplerMergedAnalysis),
      note: 'the job reads the page count and page 1 only, for a merged file as for a letter',
    },
    split: splitDone.length
      ? {
          productSplitDoneMedianMs: median(splitDone),
          productProposalMedianMs: median(mergedRuns.filter((m) => m.proposalMs).map((m) => m.proposalMs)),
          productCutMedianMs: median(mergedRuns.filter((m) => m.cutMs).map((m) => m.cutMs)),
          productPagesPerSecond: round((200 * 1000) / median(splitDone)),
          productChildrenAnalysedMedianMs: median(
            mergedRuns.filter((m) => m.childrenAnalysedMs).map((m) => m.childrenAnalysedMs),
          ),
          popplerTextOfEveryPageMedianMs: median(popplerText),
          popplerPagesPerSecond: round((200 * 1000) / median(popplerText)),
          ratio: round(median(popplerText) / median(splitDone), 2),
          popplerTextPlusSeparateAndUniteMedianMs: median(popplerTextAndFiles),
          note: 'product: POST /split (202) until the proposal is ready, plus POST /split/confirm (202) with the proposed starts until split_status is split (the review between them is not timed); poppler: pdftotext -bbox of all 200 pages; the second poppler figure adds pdfseparate and one pdfunite per letter (what split.ts also runs)',
        }
      : {
          skipped: true,
          note: splitNotes.join('; ') || 'no split measured',
          popplerTextOfEveryPageMedianMs: median(popplerText),
          popplerPagesPerSecond: round((200 * 1000) / median(popplerText)),
        },
  };
  console.log(
    `200-page merged file: analysis ${merged.analysis.productAcceptedToDoneMedianMs} ms (poppler ${merged.analysis.popplerMedianMs} ms); ` +
      (merged.split.skipped
        ? `split skipped: ${merged.split.note}`
        : `split ${merged.split.productSplitDoneMedianMs} ms = ${merged.split.productPagesPerSecond} pages/s ` +
          `(proposal ${merged.split.productProposalMedianMs} ms + cut ${merged.split.productCutMedianMs} ms) ` +
          `(poppler text of every page ${merged.split.popplerTextOfEveryPageMedianMs} ms = ${merged.split.popplerPagesPerSecond} pages/s, ` +
          `with pdfseparate + pdfunite ${merged.split.popplerTextPlusSeparateAndUniteMedianMs} ms); ` +
          `all ${mergedRuns[0].childLetters} letters analysed after ${merged.split.productChildrenAnalysedMedianMs} ms`),
  );

  // ---- the table ----
  console.log(
    '\n| letters | product pages/s | poppler pages/s | ratio (target ≥ 0.5) | product burst pages/s (ratio) | product accepted→done p50 / p95 ms | poppler per letter p50 / p95 ms |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const [k, row] of Object.entries(sizes))
    console.log(
      `| ${k} ×${LETTERS}, ${CONCURRENCY} in flight | ${row.product.pagesPerSecond} | ${row.poppler.pagesPerSecond} | ${row.ratio} | ` +
        `${row.productBurst.pagesPerSecond} (${row.burstRatio}) | ` +
        `${row.product.acceptedToDoneMs.p50} / ${row.product.acceptedToDoneMs.p95} | ${row.poppler.perLetterMs.p50} / ${row.poppler.perLetterMs.p95} |`,
    );
  console.log(
    `| 3p one at a time: upload→New | | | | | ${idle.uploadToNewMs.p50} / ${idle.uploadToNewMs.p95} (target p95 < 1000) | ${idle.popplerAloneMs.p50} / ${idle.popplerAloneMs.p95} |`,
  );

  const result = {
    when: new Date().toISOString(),
    machine: { before: machineBefore, after: machine() },
    poppler: spawnSync('pdftoppm', ['-v'], { encoding: 'utf8' }).stderr.split('\n')[0],
    lettersPerSize: LETTERS,
    concurrency: CONCURRENCY,
    productWorkerConcurrency: 4,
    postcodeService: 'none (format check only: POSTCODE_SERVICE_URL unset)',
    sizes,
    idle3Page: idle,
    merged,
    watcher: { sseEvents: watcher.events, letterReads: watcher.reads },
    totalSeconds: round((performance.now() - started) / 1000),
  };
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/letters-analysis.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwritten bench/results/letters-analysis.json (${result.totalSeconds} s)`);
} finally {
  watcher?.stop();
  await pool.end();
  await product.stop();
  removeDir(dataDir);
}
