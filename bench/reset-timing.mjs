// Password-reset request timing for a registered and an unregistered email (issue 24 item 8):
// interleaved, one request at a time, medians and p90 of each, and their difference.
// Usage: node bench/reset-timing.mjs [requests=200]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { percentiles, ROOT, removeDir, signUp, startProduct, tempDataDir } from './lib.mjs';

const n = Number(process.argv[2] ?? 200);
const dataDir = tempDataDir('reset-timing');
// The address limit is raised: the bench measures the work, not the limiter.
const product = await startProduct({ dataDir, port: 3193, pgPort: 55493, env: { AUTH_RATE_LIMIT: '100000' } });
try {
  await signUp(product.url, 'registered@example.com');
  const csrfRes = await fetch(`${product.url}/api/csrf`);
  const cookie = csrfRes.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { token } = await csrfRes.json();
  const ask = async (email) => {
    const t = performance.now();
    const res = await fetch(`${product.url}/api/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
      body: JSON.stringify({ email }),
    });
    await res.text();
    if (res.status !== 202) throw new Error(`answered ${res.status}`);
    return performance.now() - t;
  };
  const times = { registered: [], unknown: [] };
  for (let i = 0; i < 20; i++) await ask(i % 2 ? 'registered@example.com' : `nobody${i}@example.com`);
  // Which goes first alternates, so that neither always follows the other's job.
  for (let i = 0; i < n; i++) {
    if (i % 2) {
      times.registered.push(await ask('registered@example.com'));
      times.unknown.push(await ask(`nobody${i}@example.com`));
    } else {
      times.unknown.push(await ask(`nobody${i}@example.com`));
      times.registered.push(await ask('registered@example.com'));
    }
  }
  const round = (v) => Math.round(v * 100) / 100;
  const stats = (v) => Object.fromEntries(Object.entries(percentiles(v, [0.5, 0.9])).map(([k, x]) => [k, round(x)]));
  const result = {
    when: new Date().toISOString(),
    requests: n,
    registeredMs: stats(times.registered),
    unknownMs: stats(times.unknown),
  };
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(path.join(ROOT, 'bench/results/reset-timing.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await product.stop();
  removeDir(dataDir);
}
