// OCR of scanned letters (apps/server/src/modules/letters/ocr.ts): the time `ocrWords` takes to
// read the address area (x 15-115, y 35-100 mm) of a scanned letter, per letter, one at a time and
// two at a time (the 2 cores), and whether readAddress then reads the recipient exactly. Then
// tesseract alone on the same rendered area, to show what its settings cost: the Latin model
// against eng, and OMP_THREAD_LIMIT=1 (what ocrWords sets) against OpenMP's default of a thread
// per core.
// The corpus is this bench's own (pdf-corpus.mjs): letters made with pdf-lib, scanned the way
// test/fixtures/scanned-letters.ts scans the test's letters (page 1 rendered by pdftoppm at 200 or
// 300 dpi, PNG or JPEG, colour or grey, some turned by up to 1.5 degrees by drawing the raster
// turned and rendering it again, then wrapped in an A4 PDF with no text layer). makeScannedPdf's
// canvas scans are left out: @napi-rs/canvas finds no font for letters on a bare Debian and draws
// boxes (tesseract reads them as "0000 OOOO" at confidence 40-70, below OCR_CONFIDENT).
// Usage: node bench/ocr.mjs [letters=24] (after `npx tsc -b apps/server`; needs poppler-utils and
// tesseract-ocr with tesseract-ocr-script-latn).
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ADDRESS_WINDOWS, readAddress } from '@lp/domain';
import { degrees, PDFDocument } from 'pdf-lib';
import pg from 'pg';
import { LetterWatcher, machine, uploadLetter } from './letters-lib.mjs';
import { databaseUrl, percentiles, ROOT, removeDir, signUpSession, startProduct, tempDataDir } from './lib.mjs';
import { makePdf, recipient } from './pdf-corpus.mjs';

const run = promisify(execFile);
const { ocrWords, OCR_DPI } = await import(path.join(ROOT, 'apps/server/dist/modules/letters/ocr.js'));

const count = Number(process.argv[2] ?? 24);
const AREA = { x: 15, y: 35, width: 100, height: 65 };
const PT = 72 / 25.4;
const A4 = { width: 210 * PT, height: 297 * PT };
const ANGLES = [0, 0.5, -1, 1.5, 0, -1.5, 1, -0.5];

async function render(pdf, page, prefix, s) {
  const format = s.format === 'png' ? ['-png'] : ['-jpeg', '-jpegopt', 'quality=85'];
  await run('pdftoppm', [
    '-f',
    String(page),
    '-l',
    String(page),
    '-r',
    String(s.dpi),
    ...format,
    ...(s.grey ? ['-gray'] : []),
    '-singlefile',
    pdf,
    prefix,
  ]);
  return readFileSync(`${prefix}.${s.format === 'png' ? 'png' : 'jpg'}`);
}

/** An A4 PDF of the image over the whole page, turned `angle` degrees about the page's centre. */
async function imagePage(image, format, angle) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([A4.width, A4.height]);
  const embedded = format === 'png' ? await doc.embedPng(image) : await doc.embedJpg(image);
  const a = (angle * Math.PI) / 180;
  const cx = (A4.width / 2) * Math.cos(a) - (A4.height / 2) * Math.sin(a);
  const cy = (A4.width / 2) * Math.sin(a) + (A4.height / 2) * Math.cos(a);
  page.drawImage(embedded, {
    x: A4.width / 2 - cx,
    y: A4.height / 2 - cy,
    width: A4.width,
    height: A4.height,
    rotate: degrees(angle),
  });
  return Buffer.from(await doc.save());
}

async function writeScans(dir) {
  const clean = path.join(dir, 'clean.pdf');
  writeFileSync(clean, await makePdf({ pages: count, letters: count, pagesPerLetter: 1 }));
  const out = [];
  for (let n = 0; n < count; n += 1) {
    const s = {
      dpi: n % 2 === 0 ? 300 : 200,
      format: n % 4 < 2 ? 'png' : 'jpeg',
      grey: n % 3 === 0,
      angle: ANGLES[n % ANGLES.length],
    };
    let image = await render(clean, n + 1, path.join(dir, `page-${n}`), s);
    if (s.angle !== 0) {
      const turned = path.join(dir, `turned-${n}.pdf`);
      writeFileSync(turned, await imagePage(image, s.format, s.angle));
      image = await render(turned, 1, path.join(dir, `turned-${n}`), s);
    }
    const file = path.join(dir, `scan-${n}.pdf`);
    writeFileSync(file, await imagePage(image, s.format, 0));
    out.push({ file, scan: `${s.dpi} dpi ${s.grey ? 'grey' : 'colour'} ${s.format} ${s.angle}°`, to: recipient(n) });
  }
  return out;
}

async function timeOcr(scans, inFlight) {
  const times = [];
  const readings = [];
  const queue = scans.map((s, i) => ({ ...s, i }));
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let s = queue.shift(); s; s = queue.shift()) {
        const t = performance.now();
        const { words, confidence } = await ocrWords(s.file, 1, AREA);
        times.push(performance.now() - t);
        const r = readAddress(words, ADDRESS_WINDOWS.DL);
        const exact = r.ok && r.name === s.to.name && JSON.stringify(r.lines) === JSON.stringify(s.to.lines);
        readings[s.i] = {
          scan: s.scan,
          exact,
          confidence: Math.round(confidence * 10) / 10,
          read: r.ok ? [r.name, ...r.lines] : r.reason,
        };
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    perLetterMs: percentiles(times),
    lettersPerSecond: Math.round((scans.length / seconds) * 100) / 100,
    exact: readings.filter((r) => r.exact).length,
    of: readings.length,
    confidence: percentiles(
      readings.map((r) => r.confidence),
      [0.05, 0.5],
    ),
    misses: readings.filter((r) => !r.exact),
  };
}

/** tesseract alone on the area rendered once (pdftoppm, as ocrWords renders it). */
async function timeTesseract(dir, scans, { lang, threads }, inFlight) {
  const px = OCR_DPI / 25.4;
  const areaArgs = ['-x', Math.floor(AREA.x * px), '-y', Math.floor(AREA.y * px)]
    .concat(['-W', Math.ceil(AREA.width * px), '-H', Math.ceil(AREA.height * px)])
    .map(String);
  const images = [];
  for (const [i, s] of scans.entries()) {
    const prefix = path.join(dir, `area-${i}`);
    await run('pdftoppm', [
      '-f',
      '1',
      '-l',
      '1',
      '-r',
      String(OCR_DPI),
      '-gray',
      ...areaArgs,
      '-singlefile',
      s.file,
      prefix,
    ]);
    images.push(`${prefix}.pgm`);
  }
  const env = { ...process.env };
  if (threads) env.OMP_THREAD_LIMIT = String(threads);
  else delete env.OMP_THREAD_LIMIT;
  const times = [];
  const queue = [...images];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let img = queue.shift(); img; img = queue.shift()) {
        const t = performance.now();
        await run('tesseract', [img, 'stdout', '--dpi', String(OCR_DPI), '--psm', '4', '-l', lang, 'tsv'], { env });
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { perAreaMs: percentiles(times), areasPerSecond: Math.round((images.length / seconds) * 100) / 100 };
}

/**
 * Through the product (issue 23): each scan uploaded one at a time, timed from the upload's start to
 * its analysis settled (OCR, the window check, the thumbnail); the status it settles in and whether
 * the recipient was read exactly.
 */
async function timeProduct(scans) {
  const dataDir = tempDataDir('ocr-product');
  const product = await startProduct({ dataDir, port: 3197, pgPort: 55497 });
  const pool = new pg.Pool({ connectionString: databaseUrl(dataDir, 55497), max: 2 });
  let watcher;
  try {
    const session = await signUpSession(product.url, 'owner@ocr.example');
    watcher = new LetterWatcher(product.url, session, pool);
    await watcher.start();
    const times = [];
    const statuses = {};
    let exact = 0;
    for (const [i, s] of scans.entries()) {
      const t0 = performance.now();
      const id = await uploadLetter(product.url, session, readFileSync(s.file), `scan-${i}.pdf`);
      const { at } = await watcher.wait(id);
      times.push(at - t0);
      const { rows } = await pool.query(
        'select status, recipient_name_snapshot as name, recipient_address_snapshot as lines from letters where id = $1',
        [id],
      );
      const l = rows[0];
      statuses[l.status] = (statuses[l.status] ?? 0) + 1;
      if (l.name === s.to.name && JSON.stringify(l.lines) === JSON.stringify(s.to.lines)) exact += 1;
    }
    return { uploadToSettledMs: percentiles(times), statuses, exact, of: scans.length };
  } finally {
    watcher?.stop?.();
    await pool.end();
    await product.stop();
    removeDir(dataDir);
  }
}

const dir = tempDataDir('ocr');
try {
  const scans = await writeScans(dir);
  console.log(`${scans.length} scanned letters; machine: ${JSON.stringify(machine())}`);
  await ocrWords(scans[0].file, 1, AREA); // warm the page cache and the language check
  const results = { machine: machine(), letters: scans.length, area: AREA, ocrWords: {}, tesseract: {} };
  for (const inFlight of [1, 2]) {
    const r = await timeOcr(scans, inFlight);
    results.ocrWords[`${inFlight} at a time`] = r;
    console.log(
      `ocrWords, ${inFlight} at a time: per letter p50 ${r.perLetterMs.p50} ms, p95 ${r.perLetterMs.p95} ms, max ${r.perLetterMs.max} ms; ${r.lettersPerSecond} letters/s; ${r.exact}/${r.of} read exactly; confidence p5 ${r.confidence.p5}, p50 ${r.confidence.p50}`,
    );
    for (const m of r.misses) console.log(`  miss (${m.scan}, confidence ${m.confidence}): ${JSON.stringify(m.read)}`);
  }
  const variants = [
    { lang: 'Latin', threads: 1 },
    { lang: 'Latin', threads: 0 },
    { lang: 'eng', threads: 1 },
    { lang: 'eng', threads: 0 },
  ];
  mkdirSync(path.join(dir, 'areas'), { recursive: true });
  for (const v of variants)
    for (const inFlight of [1, 2]) {
      const r = await timeTesseract(path.join(dir, 'areas'), scans, v, inFlight);
      const name = `${v.lang}, ${v.threads ? 'OMP_THREAD_LIMIT=1' : 'OpenMP default'}, ${inFlight} at a time`;
      results.tesseract[name] = r;
      console.log(
        `tesseract ${name}: p50 ${r.perAreaMs.p50} ms, p95 ${r.perAreaMs.p95} ms; ${r.areasPerSecond} areas/s`,
      );
    }
  const viaProduct = await timeProduct(scans);
  results.product = viaProduct;
  console.log(
    `through the product, one at a time: upload → settled p50 ${viaProduct.uploadToSettledMs.p50} ms, p95 ${viaProduct.uploadToSettledMs.p95} ms; ${viaProduct.exact}/${viaProduct.of} read exactly; statuses ${JSON.stringify(viaProduct.statuses)}`,
  );
  results.loadAverageAfter = machine().loadAverage;
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/ocr.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  removeDir(dir);
}
