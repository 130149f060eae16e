// Runs the server's API tests against Debian's PostgreSQL 15 (shipped on this machine kind,
// installed but not started), proving the "any PostgreSQL 15+" promise. A throw-away cluster is
// created in a temporary directory, so the system's own cluster is left alone.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureSystemPackages, ROOT, run, step } from './lib.mjs';
import { useSupportedNode } from './runtime.mjs';

await useSupportedNode();

const BIN = '/usr/lib/postgresql/15/bin';
/** Server suites that prove the analysis tools (poppler, LibreOffice, tesseract) rather than SQL. */
const TOOL_SUITES = [
  '**/letters/ocr.test.ts',
  '**/letters/office-converter.test.ts',
  '**/letters/docx.test.ts',
  '**/letters/corpus.test.ts',
  '**/letters/template-letters.test.ts',
  // Real server processes killed and restarted: proven once by npm test; SQL-wise nothing new.
  '**/crash.test.ts',
  '**/embedded-restart.test.ts',
];
ensureSystemPackages([
  { name: 'postgresql-15', path: `${BIN}/postgres` },
  { name: 'poppler-utils', path: '/usr/bin/pdftoppm' },
  { name: 'libreoffice-writer-nogui', path: '/usr/bin/soffice' },
  { name: 'fonts-liberation2', path: '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf' },
  { name: 'fonts-crosextra-carlito', path: '/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf' },
]);

const dir = mkdtempSync(path.join(tmpdir(), 'lp-pg15-'));
const pgdata = path.join(dir, 'data');
const password = randomBytes(12).toString('hex');
const port = 55432;
const asRoot = process.getuid?.() === 0;
const ids = asRoot
  ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) }
  : {};
let server;
try {
  step(`Starting PostgreSQL 15 (${BIN}) on port ${port}`);
  if (asRoot) {
    chmodSync(dir, 0o755);
    chownSync(dir, ids.uid, ids.gid);
  }
  const pwfile = path.join(dir, 'pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (asRoot) chownSync(pwfile, ids.uid, ids.gid);
  execFileSync(
    `${BIN}/initdb`,
    ['-D', pgdata, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '--no-sync'],
    {
      ...ids,
      stdio: 'ignore',
    },
  );
  const logFile = path.join(dir, 'postgres.log');
  const logFd = openSync(logFile, 'a');
  if (asRoot) chownSync(logFile, ids.uid, ids.gid);
  server = spawn(
    `${BIN}/postgres`,
    [
      ...['-D', pgdata, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`],
      // As many connections as the embedded server allows (Debian's default is 100).
      ...['-c', 'max_connections=200'],
      // A throw-away cluster: nothing to keep after a crash, so no fsync (every test file's DROP
      // DATABASE waits for a checkpoint that syncs ~1,000 files).
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    ],
    {
      ...ids,
      detached: true,
      // The log goes to a file, never to a pipe of ours: the tests below run with spawnSync, which
      // blocks this process's event loop, so a pipe would not be drained; once its 64 kB filled
      // (PostgreSQL 15 logs every checkpoint), every backend writing a line blocked, a DROP DATABASE
      // waited for ever on the checkpointer and the suites' afterAll timed out (CI, stop 33).
      stdio: ['ignore', 'ignore', logFd],
    },
  );
  closeSync(logFd);
  const serverLog = () => readFileSync(logFile, 'utf8');
  await new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      if (serverLog().includes('ready to accept connections')) {
        clearInterval(poll);
        resolve();
      }
    }, 50);
    server.once('exit', (code) => {
      clearInterval(poll);
      reject(new Error(`PostgreSQL 15 exited (${code}):\n${serverLog().slice(-2000)}`));
    });
  });
  const version = execFileSync(`${BIN}/postgres`, ['--version']).toString().trim();
  step(`Server API tests against ${version}`);
  const report = path.join(dir, 'vitest.json');
  try {
    run(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        'server',
        // Suites about the PDF, Word and OCR tools, not the database, ran once in `npm test`: left
        // out here to keep CI under 30 minutes.
        ...TOOL_SUITES.flatMap((f) => ['--exclude', f]),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { env: { ...process.env, TEST_DATABASE_URL: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` } },
    );
  } catch (err) {
    const lines = serverLog()
      .split('\n')
      .filter((l) => !/^\s*$/.test(l));
    console.log(`\nPostgreSQL 15's log, last ${Math.min(lines.length, 60)} lines:\n${lines.slice(-60).join('\n')}`);
    throw err;
  } finally {
    if (existsSync(report)) {
      const r = JSON.parse(readFileSync(report, 'utf8'));
      // A suite that fails before its tests (a beforeAll) counts as a failure too.
      console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests + r.numFailedTestSuites} failed`);
    }
  }
} finally {
  if (server && server.exitCode === null) {
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGINT');
    });
  }
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
}
