// `npm start`: installs what is missing, builds what is stale, then runs the whole product in one
// process (web app, API, job workers) on its embedded PostgreSQL under data/.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureDependencies, ensureSystemPackages, ROOT } from './lib.mjs';
import { useSupportedNode } from './runtime.mjs';

// On Node 24 or newer: the machine's own, or the pinned one fetched into .runtime/ (runtime.mjs).
await useSupportedNode();

try {
  ensureDependencies();
  try {
    // Letters are analysed with poppler's tools and Word letters converted with LibreOffice (no GUI);
    // without them letters end in Failed to Analyse with that reason.
    ensureSystemPackages([
      { name: 'poppler-utils', path: '/usr/bin/pdftoppm' },
      { name: 'libreoffice-writer-nogui', path: '/usr/bin/soffice' },
      // LibreOffice's Python bridge: Word letters are converted by LibreOffices kept running and
      // driven over UNO by Debian's /usr/bin/python3 (without it, one LibreOffice per letter).
      { name: 'python3-uno', path: '/usr/lib/python3/dist-packages/uno.py' },
      // Fonts with the metrics of Arial, Times New Roman and Courier New (Liberation) and of
      // Calibri (Carlito), so a Word letter's lines, and its address, land where Word puts them.
      { name: 'fonts-liberation2', path: '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf' },
      { name: 'fonts-crosextra-carlito', path: '/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf' },
      // OCR of scanned letters (no text layer): tesseract reads the address window. The Latin
      // script model reads UK names' accents (Zoë, Seán, Łukasz, Ŵyr) that English alone cannot;
      // eng is tesseract-ocr's own dependency and the fallback (apps/server/src/modules/letters/ocr.ts).
      { name: 'tesseract-ocr', path: '/usr/bin/tesseract' },
      { name: 'tesseract-ocr-eng', path: '/usr/share/tesseract-ocr/5/tessdata/eng.traineddata' },
      { name: 'tesseract-ocr-script-latn', path: '/usr/share/tesseract-ocr/5/tessdata/Latin.traineddata' },
    ]);
  } catch (error) {
    console.warn(
      `! ${error.message} Letters cannot be analysed until poppler-utils is installed, nor Word letters converted until libreoffice-writer-nogui is, nor scanned letters read until tesseract-ocr is.`,
    );
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
