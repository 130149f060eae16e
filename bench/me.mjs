// GET /api/me (the current session's user) at 50 connections: requests per second and p99.
// Usage: node bench/me.mjs [seconds=10] [connections=50]
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, removeDir, signUp, startProduct, tempDataDir, treeCpuMs } from './lib.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const dataDir = tempDataDir('me');
const product = await startProduct({ dataDir, port: 3192, pgPort: 55492 });
try {
  const cookie = await signUp(product.url, 'bench@example.com');
  const check = await fetch(`${product.url}/api/me`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`/api/me answered ${check.status}`);
  // Warm-up, then the measured run.
  await autocannon({ url: `${product.url}/api/me`, headers: { cookie }, connections, duration: 2 });
  const cpu0 = treeCpuMs(product.child.pid);
  const r = await autocannon({ url: `${product.url}/api/me`, headers: { cookie }, connections, duration: seconds });
  const cpuMs = treeCpuMs(product.child.pid) - cpu0;
  const result = {
    when: new Date().toISOString(),
    connections,
    seconds,
    requestsPerSecond: Math.round(r.requests.average),
    // Server and PostgreSQL CPU per answer: what holds when the machine is shared.
    cpuMsPerRequest: Math.round((cpuMs / Math.max(1, r.requests.total)) * 1000) / 1000,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    non2xx: r.non2xx,
    errors: r.errors,
  };
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(path.join(ROOT, 'bench/results/me.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await product.stop();
  removeDir(dataDir);
}
