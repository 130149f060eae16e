// Helpers for benchmarks: start the built product on a throw-away data directory and wait for it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useSupportedNode } from '../scripts/runtime.mjs';

// A bench measures the product on its own runtime (Node 24 or newer): a bench started on an older
// Node runs again on the pinned one (scripts/runtime.mjs), and the product it starts runs on it too.
await useSupportedNode();

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function tempDataDir(name) {
  return mkdtempSync(path.join(tmpdir(), `lp-bench-${name}-`));
}

/** Starts `node apps/server/dist/main.js`; resolves with the ms until /readyz answered 200. */
export async function startProduct({ dataDir, port, pgPort, env = {}, stdout = 'ignore' }) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error('the product exited before it was ready');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - t0;
  return {
    readyMs,
    child,
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', resolve);
        child.kill('SIGINT');
      }),
  };
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** Signs up a company through the API like a browser (CSRF token, cookies); returns the cookie header. */
export async function signUp(url, email) {
  const jar = new Map();
  const keep = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfRes = await fetch(`${url}/api/csrf`);
  keep(csrfRes);
  const { token } = await csrfRes.json();
  const res = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: cookie() },
    body: JSON.stringify({ companyName: 'Bench Ltd', fullName: 'Bench Person', email, password: 'bench password' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  keep(res);
  return cookie();
}

/** The embedded database of a product started with this data directory and port. */
export function databaseUrl(dataDir, pgPort) {
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`;
}

/**
 * Signs up like `signUp`, then reads a CSRF token for the session (GET /api/csrf with its cookies):
 * { cookie, csrf, headers } where `headers` carry both, ready for a state-changing call.
 */
export async function signUpSession(url, email) {
  const jar = new Map(
    (await signUp(url, email)).split('; ').map((pair) => {
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${url}/api/csrf`, { headers: { cookie: cookie() } });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const { token } = await res.json();
  return { cookie: cookie(), csrf: token, headers: { cookie: cookie(), 'x-csrf-token': token } };
}

/** Percentiles of a list of numbers (nearest rank), rounded to 0.1. */
export function percentiles(values, qs = [0.5, 0.95, 0.99]) {
  const s = [...values].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  const out = { n: s.length };
  for (const q of qs) out[`p${Math.round(q * 100)}`] = s.length ? Math.round(at(q) * 10) / 10 : null;
  out.max = s.length ? Math.round(s.at(-1) * 10) / 10 : null;
  return out;
}

/**
 * CPU time (ms, user + system) of a process and every process under it, and of the children they
 * have reaped (a PostgreSQL backend's time goes to the postmaster when it ends). A measure of the
 * work done that holds on a loaded machine, where wall-clock latencies do not (Linux only).
 */
export function treeCpuMs(rootPid) {
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // After the name: state ppid ... utime(14) stime(15) cutime(16) cstime(17), 1-based from pid.
      stats.set(Number(name), {
        ppid: Number(f[1]),
        ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
      });
    } catch {
      // ended while listed
    }
  }
  let ticks = 0;
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.pop();
    const s = stats.get(pid);
    if (!s) continue;
    ticks += s.ticks;
    for (const [child, c] of stats) if (c.ppid === pid) queue.push(child);
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}
