// Shared steps of the start and test commands: install what is missing, build what is stale.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    const err = new Error(`${cmd} ${args.join(' ')} failed (${res.status ?? res.signal})`);
    err.exitCode = res.status ?? 1;
    throw err;
  }
}

export function step(text) {
  console.log(`\n▶ ${text}`);
}

/**
 * Runs commands that need nothing of each other side by side (CI has 2 cores), each one's output
 * kept and printed whole under its title once all have ended; throws the first failure, as run does.
 */
export async function runSideBySide(jobs) {
  const results = await Promise.all(
    jobs.map(
      ({ title, cmd, args, opts = {} }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const output = [];
          const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
          child.stdout.on('data', (c) => output.push(c));
          child.stderr.on('data', (c) => output.push(c));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (status, signal) =>
            resolve({ title, cmd, args, status, signal, output, seconds: (Date.now() - started) / 1000 }),
          );
        }),
    ),
  );
  let failure = null;
  for (const r of results) {
    step(`${r.title} (${r.seconds.toFixed(1)} s)`);
    for (const chunk of r.output) process.stdout.write(chunk);
    if (r.status !== 0 && !failure) {
      failure = new Error(`${r.cmd} ${r.args.join(' ')} failed (${r.status ?? r.signal})`);
      failure.exitCode = r.status ?? 1;
    }
  }
  if (failure) throw failure;
}

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** npm ci when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  step('Installing dependencies (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Builds the domain package, the server and the web app when their sources are newer than the build. */
export function ensureBuilt({ force = false } = {}) {
  step('Type-checking and building the server (tsc -b)');
  run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server']);
  const webOut = path.join(ROOT, 'apps/web/dist/index.html');
  const webSources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    'packages/domain/src',
  ];
  const newest = Math.max(...webSources.map((p) => newestMtime(path.join(ROOT, p))));
  if (force || !existsSync(webOut) || statSync(webOut).mtimeMs < newest) {
    step('Building the web app (vite build)');
    run(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: path.join(ROOT, 'apps/web'),
    });
  }
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Installs Debian packages the tests need when they are missing (CI and new machines start bare). */
export function ensureSystemPackages(packages) {
  const missing = packages.filter((p) => !existsSync(p.path));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name);
  step(`Installing system packages: ${names.join(', ')}`);
  const sudo = process.getuid?.() === 0 ? [] : hasCommand('sudo') ? ['sudo'] : null;
  if (sudo === null) throw new Error(`Missing ${names.join(', ')}; install them with apt-get (needs root).`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => (sudo.length ? run('sudo', ['apt-get', ...args], { env }) : run('apt-get', args, { env }));
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', ...names]);
}
