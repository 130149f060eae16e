// Customer import (POST /api/customers/import): a CSV of N customers uploaded, checked, its
// postcodes asked of the postcode sandbox in one batch, and written in one transaction; then the
// same file changed (every row an update) and the same file again (nothing to write).
// Usage: node bench/customers-import.mjs [rows=10000] [large=50000]   (after `npm run build`)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, removeDir, signUpSession, startProduct, tempDataDir } from './lib.mjs';

const rows = Number(process.argv[2] ?? 10_000);
const large = Number(process.argv[3] ?? 50_000);
const INWARD = 'ABDEFGHJLNPQRSTUWXYZ';

/** A CSV as Excel's "CSV UTF-8" writes it: a BOM, CRLF, quoted fields where needed. */
function csv(n, phonePrefix) {
  const lines = ['Full name,Address 1,Address line 2,Town/City,Post code,E-mail,Mobile,Contact by'];
  for (let i = 0; i < n; i += 1) {
    const postcode = `LS${(i % 27) + 1} ${i % 10}${INWARD[i % 20]}${INWARD[(i * 7) % 20]}`;
    const prefs = ['Mail', 'Email; SMS', 'SMS', 'post, email'][i % 4];
    lines.push(
      `"Customer ${i} O'Neill",${i} High Street,"Flat ${i % 7}, Block B",Leeds,${postcode},customer${i}@example.com,${phonePrefix}${String(i).padStart(5, '0')},${prefs}`,
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The product process's resident memory now and its peak since the last reset (MB; Linux /proc). */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024);
  return { rssMB: mb('VmRSS'), peakMB: mb('VmHWM') };
}

/** Resets the peak (VmHWM) to the current size, so the next reading is the peak of what follows. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the peak then counts from the start of the process.
  }
}

async function post(url, session, route, text) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), 'customers.csv');
  const t0 = performance.now();
  const res = await fetch(`${url}${route}`, { method: 'POST', headers: session.headers, body: form });
  const body = await res.json();
  const ms = Math.round(performance.now() - t0);
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, body };
}

const dataDir = tempDataDir('customers-import');
const product = await startProduct({
  dataDir,
  port: 3195,
  pgPort: 55495,
  env: { POSTCODE_SERVICE_URL: 'sandbox' },
});
try {
  const session = await signUpSession(product.url, 'bench-import@example.com');
  const first = csv(rows, '07700 9');
  const pid = product.child.pid;
  const previewed = await post(product.url, session, '/api/customers/import/preview', first);
  const before = memory(pid);
  resetPeak(pid);
  const inserted = await post(product.url, session, '/api/customers/import', first);
  const during = memory(pid);
  const updated = await post(product.url, session, '/api/customers/import', csv(rows, '07700 8'));
  const unchanged = await post(product.url, session, '/api/customers/import', csv(rows, '07700 8'));
  const other = await signUpSession(product.url, 'bench-import-large@example.com');
  const big = csv(large, '07700 9');
  resetPeak(pid);
  const largeInsert = await post(product.url, other, '/api/customers/import', big);
  const duringLarge = memory(pid);
  const result = {
    when: new Date().toISOString(),
    rows,
    fileMB: Math.round((Buffer.byteLength(first) / 1024 / 1024) * 10) / 10,
    previewMs: previewed.ms,
    insert: {
      ms: inserted.ms,
      imported: inserted.body.imported,
      serverRssBeforeMB: before.rssMB,
      serverPeakRssMB: during.peakMB,
    },
    update: { ms: updated.ms, updated: updated.body.updated },
    unchanged: { ms: unchanged.ms, unchanged: unchanged.body.unchanged },
    large: {
      rows: large,
      fileMB: Math.round((Buffer.byteLength(big) / 1024 / 1024) * 10) / 10,
      ms: largeInsert.ms,
      imported: largeInsert.body.imported,
      serverPeakRssMB: duringLarge.peakMB,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(path.join(ROOT, 'bench/results/customers-import.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await product.stop();
  removeDir(dataDir);
}
