// `npm start`: installs what is missing, builds what is stale, then runs the whole product in one
// process (web app, API, job workers) on its embedded PostgreSQL under data/.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureDependencies, ensureSystemPackages, ROOT } from './lib.mjs';

try {
  ensureDependencies();
  try {
    // Letters are analysed with poppler's tools; without them letters end in Failed to Analyse.
    ensureSystemPackages([{ name: 'poppler-utils', path: '/usr/bin/pdftoppm' }]);
  } catch (error) {
    console.warn(`! ${error.message} Letters cannot be analysed until poppler-utils is installed.`);
  }
  ensureBuilt();
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}

console.log(`\n▶ Starting on http://localhost:${process.env.PORT ?? '3000'} (Ctrl-C stops it)`);
const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], { cwd: ROOT, stdio: 'inherit' });
// The server handles Ctrl-C itself (closing connections, then the database); we wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
