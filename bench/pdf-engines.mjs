// Chooses the PDF engine for letter analysis (docs/decisions/0009): poppler-utils processes
// against pdf.js (legacy build) + @napi-rs/canvas, doing the same work on the same letters:
// page count, page-1 text with positions in mm, a JPEG thumbnail of page 1 and the barcode
// clear-zone ink check on a low-resolution render (for the merged file, the text of every page too).
// Needs the built domain package (`npm run build`) for readAddress. Usage: node bench/pdf-engines.mjs
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { ADDRESS_WINDOWS, BARCODE_AREAS, readAddress } from '@lp/domain';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ROOT, tempDataDir } from './lib.mjs';
import { writeCorpus } from './pdf-corpus.mjs';

const run = promisify(execFile);
const MM_PER_PT = 25.4 / 72;
const THUMB_PX = 300; // long side, like pdftoppm -scale-to 300
const INK_DPI = 50;
const INK_LEVEL = 200; // a grey level below this (0 black, 255 white) is ink
const WINDOW = ADDRESS_WINDOWS.DL;
// The window area where the barcode goes (decision 0008): the engines are compared on reading its ink.
const ZONE = BARCODE_AREAS.DL;
// Where the recipient's name is printed: a control for the ink check, which must find ink there.
const CONTROL = { x: 25, y: 57, width: 40, height: 5 };

function ensurePoppler() {
  if (existsSync('/usr/bin/pdftoppm')) return;
  console.log('installing poppler-utils');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'poppler-utils'], { stdio: 'inherit' });
}

/** Ink in a box (mm) of a grey image: `grey(i)` gives the level of pixel i, `dpi` the resolution. */
function hasInk(box, width, height, dpi, grey) {
  const px = dpi / 25.4;
  const x0 = Math.max(0, Math.floor(box.x * px));
  const x1 = Math.min(width, Math.ceil((box.x + box.width) * px));
  const y0 = Math.max(0, Math.floor(box.y * px));
  const y1 = Math.min(height, Math.ceil((box.y + box.height) * px));
  for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) if (grey(y * width + x) < INK_LEVEL) return true;
  return false;
}

function inkChecks(width, height, dpi, grey) {
  return {
    clearZoneEmpty: !hasInk(ZONE, width, height, dpi, grey),
    controlHasInk: hasInk(CONTROL, width, height, dpi, grey),
  };
}

/** Recipients found on the pages (the name and lines of every page with an address in the window). */
function recipients(pages) {
  const out = [];
  pages.forEach((items, i) => {
    const reading = readAddress(items, WINDOW);
    if (reading.ok && reading.postcode) out.push({ page: i + 1, name: reading.name, lines: reading.lines });
  });
  return out;
}

// ---- poppler-utils, one process per step ----

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s) =>
  s.replace(/&(#x?[0-9a-f]+|\w+);/gi, (m, e) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (ENTITIES[e] ?? m),
  );

const WORD = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;

/**
 * Pages of text items in mm from `pdftotext -bbox-layout` (coordinates in points from the top-left),
 * one page per turn of the event loop so that a long merged file never holds it for long.
 */
async function parseBbox(xhtml) {
  const pages = [];
  for (const page of xhtml.split('<page ').slice(1)) {
    pages.push(
      [...page.matchAll(WORD)].map((m) => {
        const [x0, y0, x1, y1] = m.slice(1, 5).map(Number);
        return {
          text: decode(m[5]),
          x: x0 * MM_PER_PT,
          y: y0 * MM_PER_PT,
          width: (x1 - x0) * MM_PER_PT,
          height: (y1 - y0) * MM_PER_PT,
        };
      }),
    );
    await new Promise(setImmediate);
  }
  return pages;
}

const BIG = { maxBuffer: 256 * 1024 * 1024 };

async function popplerAnalyse(file, allPages) {
  const info = await run('pdfinfo', [file]);
  const pageCount = Number(/^Pages:\s+(\d+)/m.exec(info.stdout)[1]);
  const range = allPages ? [] : ['-f', '1', '-l', '1'];
  const text = await run('pdftotext', [...range, '-bbox-layout', file, '-'], BIG);
  const pages = await parseBbox(text.stdout);
  const thumb = await run(
    'pdftoppm',
    ['-f', '1', '-l', '1', '-jpeg', '-scale-to', String(THUMB_PX), '-singlefile', file],
    {
      ...BIG,
      encoding: 'buffer',
    },
  );
  const pgm = await run('pdftoppm', ['-f', '1', '-l', '1', '-gray', '-r', String(INK_DPI), '-singlefile', file], {
    ...BIG,
    encoding: 'buffer',
  });
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.stdout.subarray(0, 32).toString('latin1'));
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.stdout.subarray(header[0].length);
  return {
    pageCount,
    textPages: pages.length,
    pages,
    thumbBytes: thumb.stdout.length,
    ...inkChecks(width, height, INK_DPI, (i) => pixels[i]),
  };
}

// ---- pdf.js legacy build + @napi-rs/canvas, in this process ----

const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const PDFJS_OPTIONS = {
  standardFontDataUrl: `${PDFJS_DIR}/standard_fonts/`,
  cMapUrl: `${PDFJS_DIR}/cmaps/`,
  cMapPacked: true,
  verbosity: 0,
};

async function pdfjsText(page) {
  const [x0, , , y1] = page.view;
  const content = await page.getTextContent();
  return content.items
    .filter((i) => 'str' in i && i.str !== '')
    .map((i) => {
      const [, , , , e, f] = i.transform;
      return {
        text: i.str,
        x: (e - x0) * MM_PER_PT,
        y: (y1 - f - i.height) * MM_PER_PT,
        width: i.width * MM_PER_PT,
        height: i.height * MM_PER_PT,
      };
    });
}

async function pdfjsRender(page, scale) {
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: ctx, viewport }).promise;
  return { canvas, ctx };
}

async function pdfjsAnalyse(file, allPages) {
  const data = new Uint8Array(readFileSync(file));
  const doc = await getDocument({ ...PDFJS_OPTIONS, data }).promise;
  try {
    const pageCount = doc.numPages;
    const first = await doc.getPage(1);
    const pages = [await pdfjsText(first)];
    if (allPages) {
      for (let n = 2; n <= pageCount; n += 1) {
        const page = await doc.getPage(n);
        pages.push(await pdfjsText(page));
        page.cleanup();
      }
    }
    const [, , w, h] = first.view;
    const thumb = await pdfjsRender(first, THUMB_PX / Math.max(w, h));
    const jpeg = await thumb.canvas.encode('jpeg', 80);
    const low = await pdfjsRender(first, INK_DPI / 72);
    const { width, height, data: rgba } = low.ctx.getImageData(0, 0, low.canvas.width, low.canvas.height);
    const grey = (i) => 0.299 * rgba[i * 4] + 0.587 * rgba[i * 4 + 1] + 0.114 * rgba[i * 4 + 2];
    return {
      pageCount,
      textPages: pages.length,
      pages,
      thumbBytes: jpeg.length,
      ...inkChecks(width, height, INK_DPI, grey),
    };
  } finally {
    // pdf.js 6 tears a document down through its loading task (PDFDocumentProxy.destroy is gone).
    await doc.loadingTask.destroy();
  }
}

// ---- measurement ----

const ENGINES = { poppler: popplerAnalyse, pdfjs: pdfjsAnalyse };

const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return {
    runs: s.length,
    medianMs: round(at(0.5)),
    p95Ms: round(at(0.95)),
    minMs: round(s[0]),
    maxMs: round(s.at(-1)),
  };
}

async function measure(engine, item, runs) {
  const allPages = item.pages > 10;
  const analyse = ENGINES[engine];
  await analyse(item.file, allPages); // warm-up: code loaded, fonts read, files in the page cache
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const times = [];
  let last;
  for (let r = 0; r < runs; r += 1) {
    const t0 = performance.now();
    last = await analyse(item.file, allPages);
    times.push(performance.now() - t0);
  }
  loop.disable();
  const st = stats(times);
  const found = recipients(last.pages);
  return {
    ...st,
    pagesPerSecond: round((item.pages / st.medianMs) * 1000),
    work: allPages ? 'page count + text of every page + page-1 thumbnail + clear zone' : 'page count + page-1 work',
    eventLoopMaxDelayMs: round(loop.max / 1e6),
    pageCount: last.pageCount,
    textPages: last.textPages,
    thumbBytes: last.thumbBytes,
    clearZoneEmpty: last.clearZoneEmpty,
    controlHasInk: last.controlHasInk,
    recipientsFound: found.length,
    found,
  };
}

/** Letters per second with 2 letters in flight at once (the machine has 2 cores). */
async function concurrent(engine, file, letters, inFlight = 2) {
  const analyse = ENGINES[engine];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < letters) {
        next += 1;
        await analyse(file, false);
      }
    }),
  );
  return round((letters / (performance.now() - t0)) * 1000);
}

ensurePoppler();
const started = performance.now();
const dir = tempDataDir('pdf');
const corpus = await writeCorpus(dir);
const pkg = (name) => createRequire(import.meta.url)(`${name}/package.json`).version;
const versions = {
  // pdftoppm -v prints its version on stderr
  poppler: spawnSync('pdftoppm', ['-v'], { encoding: 'utf8' }).stderr.split('\n')[0],
  'pdfjs-dist': pkg('pdfjs-dist'),
  '@napi-rs/canvas': pkg('@napi-rs/canvas'),
  'pdf-lib': pkg('pdf-lib'),
};

const files = [];
for (const item of corpus) {
  const runs = item.pages > 10 ? 3 : 20;
  const row = { file: item.name, pages: item.pages, engines: {} };
  for (const engine of Object.keys(ENGINES)) row.engines[engine] = await measure(engine, item, runs);
  const expected = item.recipients.map(({ page, name, lines }) => ({ page, name, lines }));
  const same = (found) => JSON.stringify(found) === JSON.stringify(expected);
  row.recipientsMatch = {
    poppler: same(row.engines.poppler.found),
    pdfjs: same(row.engines.pdfjs.found),
    enginesAgree: JSON.stringify(row.engines.poppler.found) === JSON.stringify(row.engines.pdfjs.found),
  };
  console.log(`\n${item.name} (${item.pages} pages), page-1 recipient:`);
  for (const engine of Object.keys(ENGINES)) {
    const e = row.engines[engine];
    const r = e.found[0];
    console.log(
      `  ${engine.padEnd(7)} ${e.medianMs} ms median, ${e.p95Ms} ms p95 (${e.runs} runs), ${e.pagesPerSecond} pages/s, ` +
        `event loop max ${e.eventLoopMaxDelayMs} ms | ${r ? [r.name, ...r.lines].join(' / ') : 'none'}` +
        ` | recipients ${e.recipientsFound}, clear zone empty ${e.clearZoneEmpty}, control ink ${e.controlHasInk}`,
    );
  }
  console.log(`  match expected: ${JSON.stringify(row.recipientsMatch)}`);
  for (const engine of Object.keys(ENGINES)) {
    if (item.pages > 10) row.engines[engine].found = `${row.engines[engine].found.length} recipients (omitted)`;
  }
  files.push(row);
}

// Letters per second with 2 in flight, for the 1-page text letter and the scanned one.
const throughput = {};
for (const name of ['letter-1p', 'scan-1p']) {
  const file = corpus.find((c) => c.name === name).file;
  throughput[name] = {};
  for (const engine of Object.keys(ENGINES)) throughput[name][engine] = await concurrent(engine, file, 40);
}
console.log(`\nletters per second, 2 in flight: ${JSON.stringify(throughput)}`);

rmSync(dir, { recursive: true, force: true });
const summary = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: availableParallelism(),
  versions,
  thumbnail: `JPEG, long side ${THUMB_PX} px (pdf.js: quality 80)`,
  inkCheck: `page 1 at ${INK_DPI} dpi, grey < ${INK_LEVEL} in ${JSON.stringify(ZONE)}`,
  files,
  lettersPerSecond2InFlight: throughput,
  totalSeconds: round((performance.now() - started) / 1000),
};
console.log(JSON.stringify(summary, null, 2));
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench/results/pdf-engines.json'), `${JSON.stringify(summary, null, 2)}\n`);
