// Word letters to PDF, before and after issue 23 in the same run, `inFlight` letters at a time:
// 1. the conversion alone, convertToPdf of the built server: one LibreOffice started per letter
//    (`converter: 'own'`, the way before, and still the fallback) against the LibreOffices kept
//    running (`'shared'`, office-converter.ts), the latter with 1, 2 and 3 converters;
// 2. through the product: Word letters uploaded (POST /api/letters/files) `inFlight` at a time
//    until their analysis is done (status no longer Analysing), on a product started with
//    UNO_PYTHON_PATH pointing at nothing (no converter can start: one process per letter, as
//    before) and on one started as shipped.
// Usage: node bench/docx-convert.mjs [letters=32] [inFlight=8]   (after `npm run build`); the
// conversions alone with LibreOffices kept running go through the letters 4 times (a few seconds each).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { inFlight, LetterWatcher, letterDocx, machine, uploadLetter } from './letters-lib.mjs';
import { databaseUrl, percentiles, ROOT, removeDir, signUpSession, startProduct, tempDataDir } from './lib.mjs';

const LETTERS = Number(process.argv[2] ?? 32);
const IN_FLIGHT = Number(process.argv[3] ?? 8);
const PORT = 3197;
const PG_PORT = 55497;
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

const dist = path.join(ROOT, 'apps/server/dist/modules/letters');
if (!existsSync(path.join(dist, 'office-converter.js'))) {
  console.error('Build the product first: npm run build (or node node_modules/typescript/bin/tsc -b apps/server).');
  process.exit(1);
}
const { convertToPdf } = await import(pathToFileURL(path.join(dist, 'docx.js')).href);
const { OFFICE_LIMITS, closeOfficeConverters } = await import(
  pathToFileURL(path.join(dist, 'office-converter.js')).href
);

const machineBefore = machine();
const letters = Array.from({ length: LETTERS }, (_, i) =>
  letterDocx(
    [`Customer ${i}`, 'Flat 2', '14 High Street', 'Leeds', 'LS1 4AB'],
    [
      'Dear customer, thank you for your order.',
      'Your statement for the period is enclosed; please call us with any question.',
    ],
  ),
);

/** `letters` converted `IN_FLIGHT` at a time, `rounds` times over; letters per second and per-letter times. */
async function convertAll(converter, rounds = 1) {
  const times = [];
  const n = letters.length * rounds;
  const wall = await inFlight(n, IN_FLIGHT, async (i) => {
    const t0 = performance.now();
    const pdf = await convertToPdf(letters[i % letters.length], { converter });
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
    times.push(performance.now() - t0);
  });
  return {
    letters: n,
    wallMs: round(wall),
    lettersPerSecond: round((n * 1000) / wall, 2),
    perLetterMs: percentiles(times, [0.5, 0.95]),
  };
}

// ---- 1. the conversion alone ----
const direct = {};
direct.perProcess = await convertAll('own');
console.log(`one LibreOffice per letter: ${direct.perProcess.lettersPerSecond} letters/s`);
for (const n of [1, 2, 3]) {
  // The pool's size is a constant of the server; the bench sets it before the converters start.
  OFFICE_LIMITS.converters = n;
  const t0 = performance.now();
  await convertToPdf(letters[0], { converter: 'shared' }); // the first converter's start-up, timed apart
  const firstMs = round(performance.now() - t0);
  await Promise.all(Array.from({ length: n }, () => convertToPdf(letters[0], { converter: 'shared' })));
  const row = await convertAll('shared', 4);
  row.firstLetterMs = firstMs;
  direct[`running${n}`] = row;
  console.log(
    `${n} LibreOffice(s) kept running: ${row.lettersPerSecond} letters/s (p95 ${row.perLetterMs.p95} ms; first letter ${firstMs} ms)`,
  );
  await closeOfficeConverters();
}

// ---- 2. through the product ----
async function throughProduct(label, env) {
  const dataDir = tempDataDir(`docx-convert-${label}`);
  const product = await startProduct({ dataDir, port: PORT, pgPort: PG_PORT, env });
  const pool = new pg.Pool({ connectionString: databaseUrl(dataDir, PG_PORT), max: 3 });
  let watcher;
  try {
    const session = await signUpSession(product.url, `owner@docx-${label}.example`);
    watcher = new LetterWatcher(product.url, session, pool);
    await watcher.start();
    // Warm-up: the code paths, and in the shipped product its first converter's start-up.
    await Promise.all(
      letters.slice(0, 2).map(async (bytes, i) => {
        const id = await uploadLetter(product.url, session, bytes, `warm-${i}.docx`, { mime: DOCX_MIME });
        await watcher.wait(id, undefined, 300_000);
      }),
    );
    const times = [];
    const statuses = {};
    const wall = await inFlight(letters.length, IN_FLIGHT, async (i) => {
      const t0 = performance.now();
      const id = await uploadLetter(product.url, session, letters[i], `letter-${i}.docx`, { mime: DOCX_MIME });
      const { at, letter } = await watcher.wait(id, undefined, 300_000);
      times.push(at - t0);
      statuses[letter.status] = (statuses[letter.status] ?? 0) + 1;
    });
    return {
      letters: letters.length,
      wallMs: round(wall),
      lettersPerSecond: round((letters.length * 1000) / wall, 2),
      uploadToDoneMs: percentiles(times, [0.5, 0.95]),
      statuses,
    };
  } finally {
    watcher?.stop();
    await pool.end();
    await product.stop();
    removeDir(dataDir);
  }
}

const product = {};
product.perProcess = await throughProduct('before', { UNO_PYTHON_PATH: '/nonexistent/python3' });
console.log(
  `product, one LibreOffice per letter: ${product.perProcess.lettersPerSecond} letters/s (p95 ${product.perProcess.uploadToDoneMs.p95} ms) ${JSON.stringify(product.perProcess.statuses)}`,
);
product.running = await throughProduct('after', {});
console.log(
  `product, LibreOffices kept running: ${product.running.lettersPerSecond} letters/s (p95 ${product.running.uploadToDoneMs.p95} ms) ${JSON.stringify(product.running.statuses)}`,
);

const results = {
  date: new Date().toISOString(),
  command: `node bench/docx-convert.mjs ${LETTERS} ${IN_FLIGHT}`,
  machine: { before: machineBefore, after: machine() },
  inFlight: IN_FLIGHT,
  conversionAlone: direct,
  throughProduct: product,
  note: 'conversionAlone: convertToPdf of the built server (the file written, converted, read back); throughProduct: upload to analysis done, the job workers at their default concurrency (4)',
};
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench/results/docx-convert.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('written to bench/results/docx-convert.json');
