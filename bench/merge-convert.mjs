// Mail merge conversion (decision 0040): LibreOffice's time for N merged letters converted as N Word
// documents (one resident-converter call each, as the merge did) against one document of the N
// letters (merge/batch.ts: one call, then cut back into one PDF a letter), through the product's
// resident converters (the built dist). CPU seconds are the converters' (Python + soffice, read
// from /proc) and this process's (the cut runs in its worker thread).
// Usage: node bench/merge-convert.mjs [letters=50] [batch=N]   (after `npm run build`)
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { machine } from './letters-lib.mjs';
import { ROOT } from './lib.mjs';
import { FIRST, LAST, TOWNS, template } from './merge-template.mjs';

const N = Number(process.argv[2] ?? 50);
const BATCH = Number(process.argv[3] ?? N);
const dist = (p) => import(pathToFileURL(path.join(ROOT, 'apps/server/dist/modules', p)).href);
const { prepareTemplate, fillLetter } = await dist('merge/fill.js');
const { convertBatch, whyNotBatched } = await dist('merge/batch.js');
const { convertToPdf } = await dist('letters/docx.js');
const { officeConverterProcesses, closeOfficeConverters } = await dist('letters/office-converter.js');
const { analysePdf } = await dist('letters/analyse.js');
const round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const TICK = 100; // USER_HZ

/** CPU seconds of this process's children once reaped (the poppler tools the analysis runs). */
function childrenCpu() {
  const f = readFileSync('/proc/self/stat', 'utf8');
  const v = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(v[13]) + Number(v[14])) / TICK;
}

/** CPU seconds (user + system, children reaped included) of the converters' processes. */
function converterCpu() {
  let ticks = 0;
  for (const { pid } of officeConverterProcesses()) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8')
        .slice(readFileSync(`/proc/${pid}/stat`, 'utf8').lastIndexOf(')') + 2)
        .split(' ');
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {}
  }
  return ticks / TICK;
}

const prepared = prepareTemplate(template()).docx;
const letters = Array.from({ length: N }, (_, i) => {
  const [town, postcode] = TOWNS[i % TOWNS.length];
  return fillLetter(prepared, {
    first_name: FIRST[i % 10],
    last_name: `${LAST[Math.floor(i / 10) % 10]} ${i}`,
    address: `${i + 1} Heol y Bryn\n${town}`,
    postcode,
  });
});
console.log('batchable:', whyNotBatched(prepared) ?? 'yes');
// Warm both converters (their start-up is not a letter's cost).
await Promise.all([0, 1].map(() => convertToPdf(letters[0].docx)));

async function measure(label, fn) {
  const cpu0 = converterCpu();
  const kids0 = childrenCpu();
  const me0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const ms = performance.now() - t0;
  const me = process.cpuUsage(me0);
  const office = converterCpu() - cpu0 + (childrenCpu() - kids0);
  return {
    label,
    wallS: round(ms / 1000),
    childCpuS: round(office),
    nodeCpuS: round((me.user + me.system) / 1e6),
    cpuMsPerLetter: round(((office + (me.user + me.system) / 1e6) * 1000) / N, 1),
  };
}

const results = [];
results.push(
  await measure(`${N} documents, 2 at a time`, async () => {
    let next = 0;
    await Promise.all(
      [0, 1].map(async () => {
        while (next < N) await convertToPdf(letters[next++].docx);
      }),
    );
  }),
);
const work = await mkdtemp(path.join(os.tmpdir(), 'lp-bench-batch-'));
const pdfs = [];
results.push(
  await measure(`${Math.ceil(N / BATCH)} document(s) of ${BATCH} letters, cut back`, async () => {
    for (let i = 0; i < N; i += BATCH) {
      const dir = await mkdtemp(path.join(work, 'b-'));
      const out = await convertBatch(
        prepared,
        letters.slice(i, i + BATCH).map((l) => l.documentXml),
        dir,
      );
      if (!('files' in out)) throw new Error(`fallback: ${out.fallback}`);
      pdfs.push(...out.files);
    }
  }),
);
// The analysis each letter then has (analysePdf: pdfinfo, page 1's words and ink, the thumbnail),
// 2 at a time as the job workers run it, with a store that keeps nothing.
const blobs = {
  put: async (_k, stream) => {
    for await (const _ of stream);
    return 0;
  },
};
const statuses = {};
results.push(
  await measure(`analysis of the ${N} letters, 2 at a time`, async () => {
    let next = 0;
    await Promise.all(
      [0, 1].map(async () => {
        while (next < N) {
          const o = await analysePdf(pdfs[next++], blobs, 'thumb.jpg');
          statuses[o.status] = (statuses[o.status] ?? 0) + 1;
        }
      }),
    );
  }),
);
console.log('statuses:', statuses);
await rm(work, { recursive: true, force: true });
console.log(
  JSON.stringify({ date: new Date().toISOString(), letters: N, batch: BATCH, results, machine: machine() }, null, 2),
);
await closeOfficeConverters();
process.exit(0);
