// Notification fan-out: N open SSE streams on one process (one company, N sessions); memory per
// stream and the time until all of them received one event published through PostgreSQL NOTIFY.
// Usage: node bench/sse-fanout.mjs [streams=2000]
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl, ROOT, removeDir, signUp, startProduct, tempDataDir } from './lib.mjs';

const N = Number(process.argv[2] ?? 2000);
const dataDir = tempDataDir('sse');
const port = 3197;
const product = await startProduct({ dataDir, port, pgPort: 55497 });
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
try {
  const cookie = await signUp(product.url, 'owner@sse.example');
  const me = await (await fetch(`${product.url}/api/me`, { headers: { cookie } })).json();
  const pool = new pg.Pool({ connectionString: databaseUrl(dataDir, 55497) });
  const rss = async () => {
    const { execSync } = await import('node:child_process');
    return Number(execSync(`ps -o rss= -p ${product.child.pid}`).toString().trim()) * 1024;
  };
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const before = await rss();

  let received = 0;
  let resolveAll;
  const allReceived = new Promise((r) => {
    resolveAll = r;
  });
  const marker = `bench-${Date.now()}`;
  const open = [];
  for (let i = 0; i < N; i += 1) {
    await new Promise((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: '/api/notifications/stream', headers: { cookie }, agent },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream ${i}: ${res.statusCode}`));
          let seen = false;
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            if (!seen && chunk.includes(marker)) {
              seen = true;
              received += 1;
              if (received === N) resolveAll();
            }
          });
          open.push(req);
          resolve();
        },
      );
      req.on('error', reject);
    });
  }
  await new Promise((r) => setTimeout(r, 1000));
  const after = await rss();

  const t0 = performance.now();
  await pool.query('select pg_notify($1, $2)', [
    'lp_events',
    JSON.stringify({ accountId: me.account.id, message: { type: 'refresh', entities: [marker] } }),
  ]);
  await allReceived;
  const fanoutMs = performance.now() - t0;

  const result = {
    when: new Date().toISOString(),
    streams: N,
    serverRssBeforeMB: +(before / 1048576).toFixed(1),
    serverRssAfterMB: +(after / 1048576).toFixed(1),
    bytesPerStream: Math.round((after - before) / N),
    fanoutMs: Math.round(fanoutMs),
  };
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(path.join(ROOT, 'bench/results/sse-fanout.json'), `${JSON.stringify(result, null, 2)}\n`);
  for (const req of open) req.destroy();
  await pool.end();
} finally {
  agent.destroy();
  await product.stop();
  removeDir(dataDir);
}
