// Document storage (issue 14): a 500,000,000-byte file uploaded through the resumable protocol (8 MiB
// chunks, as the browser sends them) and in one multipart request (as a program does), downloaded
// whole and by ranges, with the server's peak memory; then a folder of 10,000 items listed in full
// (ten keyset pages of 1,000) and its first page, p50/p99.
// Usage: node bench/storage.mjs [megabytes=500] [items=10000]   (after `npm run build`)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl, percentiles, ROOT, removeDir, signUpSession, startProduct, tempDataDir } from './lib.mjs';

const bytes = Math.round(Number(process.argv[2] ?? 500) * 1_000_000);
const items = Number(process.argv[3] ?? 10_000);

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

/** The file's bytes from `start` to `end` (exclusive): a PDF header, then a repeating pattern (as a scan's streams look to a server). */
const pattern = Buffer.alloc(1 << 20);
for (let i = 0; i < pattern.length; i++) pattern[i] = (i * 2654435761) >>> 24;
const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
function slice(start, end) {
  const out = Buffer.allocUnsafe(end - start);
  for (let at = start; at < end; ) {
    const off = at % pattern.length;
    const n = Math.min(pattern.length - off, end - at);
    pattern.copy(out, at - start, off, off + n);
    at += n;
  }
  if (start < header.length) header.copy(out, 0, start, Math.min(header.length, end) - start + start);
  return out;
}

const dataDir = tempDataDir('storage');
const product = await startProduct({ dataDir, port: 3197, pgPort: 55497 });
const results = { date: new Date().toISOString(), bytes, items };
try {
  const session = await signUpSession(product.url, `storage-bench-${Date.now()}@example.com`);
  const headers = { ...session.headers, 'content-type': 'application/json' };
  const db = new pg.Client({ connectionString: databaseUrl(dataDir, 55497) });
  await db.connect();
  // The bench company is on Enterprise (2 TiB) so 500 MB fits twice.
  await db.query(`update accounts set current_plan = 'Enterprise'`);
  const pid = product.child.pid;

  // 1. Resumable upload, chunk by chunk.
  resetPeak(pid);
  const before = memory(pid);
  let t0 = performance.now();
  const start = await fetch(`${product.url}/api/storage/uploads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ folder_id: 'root', file_name: 'scan archive.pdf', size: bytes }),
  });
  if (start.status !== 201) throw new Error(`start: ${start.status} ${await start.text()}`);
  const { upload_id, chunk_size } = await start.json();
  let item;
  for (let n = 0; n * chunk_size < bytes; n++) {
    const body = slice(n * chunk_size, Math.min(bytes, (n + 1) * chunk_size));
    const res = await fetch(`${product.url}/api/storage/uploads/${upload_id}/chunks/${n}`, {
      method: 'PUT',
      headers: { ...session.headers, 'content-type': 'application/octet-stream' },
      body,
    });
    if (res.status >= 300) throw new Error(`chunk ${n}: ${res.status} ${await res.text()}`);
    const answer = await res.json();
    if (answer.item) item = answer.item;
  }
  let ms = performance.now() - t0;
  results.resumableUpload = {
    seconds: Math.round(ms / 100) / 10,
    MBps: Math.round(bytes / 1e6 / (ms / 1000)),
    serverPeakMB: memory(pid).peakMB,
    serverBeforeMB: before.rssMB,
  };
  console.log('resumable upload', results.resumableUpload);

  // 2. Download, streamed and counted.
  resetPeak(pid);
  t0 = performance.now();
  const res = await fetch(`${product.url}/api/storage/items/${item.id}/file?download=1`, { headers: session.headers });
  let got = 0;
  for await (const chunk of res.body) got += chunk.length;
  ms = performance.now() - t0;
  if (got !== bytes) throw new Error(`downloaded ${got} of ${bytes}`);
  results.download = {
    seconds: Math.round(ms / 100) / 10,
    MBps: Math.round(bytes / 1e6 / (ms / 1000)),
    serverPeakMB: memory(pid).peakMB,
  };
  console.log('download', results.download);

  // 3. One multipart request (a program's upload), streamed from a generator.
  resetPeak(pid);
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="one request.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* multipart() {
    yield head;
    for (let at = 0; at < bytes; at += 4 << 20) yield slice(at, Math.min(bytes, at + (4 << 20)));
    yield tail;
  }
  t0 = performance.now();
  const one = await fetch(`${product.url}/api/storage/folders/root/files`, {
    method: 'POST',
    headers: {
      ...session.headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + bytes + tail.length),
    },
    body: multipart(),
    duplex: 'half',
  });
  if (one.status !== 201) throw new Error(`one request: ${one.status} ${await one.text()}`);
  ms = performance.now() - t0;
  results.oneRequestUpload = {
    seconds: Math.round(ms / 100) / 10,
    MBps: Math.round(bytes / 1e6 / (ms / 1000)),
    serverPeakMB: memory(pid).peakMB,
  };
  console.log('one-request upload', results.oneRequestUpload);

  // 4. A folder of `items` items: half folders, half files (rows written directly, as if uploaded).
  const { rows: acc } = await db.query('select id from accounts limit 1');
  const accountId = acc[0].id;
  const folderId = 'bench-big-folder';
  await db.query(`insert into storage_items (id, account_id, kind, name) values ($1, $2, 'folder', 'Big folder')`, [
    folderId,
    accountId,
  ]);
  await db.query(
    `insert into storage_items (id, account_id, parent_id, ancestors, kind, name, ext, content_type, blob_key, size_bytes, num_files)
     select 'bench-' || g, $1, $2, array[$2],
            case when g % 2 = 0 then 'folder' else 'file' end,
            'Item ' || lpad(g::text, 6, '0') || case when g % 3 = 0 then ' O''Neill' else '' end,
            case when g % 2 = 0 then null else 'pdf' end,
            case when g % 2 = 0 then null else 'application/pdf' end,
            case when g % 2 = 0 then null else 'storage/' || $1 || '/bench-' || g end,
            case when g % 2 = 0 then 0 else 1000 + g end,
            case when g % 2 = 0 then 0 else -1 end
       from generate_series(1, $3) g`,
    [accountId, folderId, items],
  );
  await db.query('analyze storage_items');
  const full = [];
  const first = [];
  for (let round = 0; round < 30; round++) {
    let after = null;
    const t = performance.now();
    let count = 0;
    do {
      const r = await fetch(
        `${product.url}/api/storage/folders/${folderId}?limit=1000${after ? `&after=${after}` : ''}`,
        { headers: session.headers },
      );
      const page = await r.json();
      if (count === 0) first.push(performance.now() - t);
      count += page.items.length;
      after = page.next;
    } while (after);
    full.push(performance.now() - t);
    if (count !== items) throw new Error(`listed ${count} of ${items}`);
  }
  results.listing = { firstPageMs: percentiles(first), allItemsMs: percentiles(full) };
  console.log('listing', results.listing);
  await db.end();
} finally {
  await product.stop();
  removeDir(dataDir);
}
writeFileSync(path.join(ROOT, 'bench/results/storage.json'), `${JSON.stringify(results, null, 2)}\n`);
