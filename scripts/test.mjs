// `npm test`: every test. Installs what is missing (dependencies, Debian's Chromium), builds, runs
// lint + format + typecheck, the unit and API tests (vitest, real PostgreSQL), then the Playwright
// journeys in Chromium against the built product. Ends with one "N passed, N failed" line.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureDependencies, ensureSystemPackages, ROOT, run, runSideBySide, step } from './lib.mjs';
import { useSupportedNode } from './runtime.mjs';

// Every test runs on the product's runtime, Node 24 or newer (runtime.mjs).
await useSupportedNode();
console.log(`Node ${process.versions.node}`);

const args = new Set(process.argv.slice(2));
const reports = path.join(ROOT, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const tally = { passed: 0, failed: 0, skipped: 0 };
let failure = null;

function readVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  tally.passed += r.numPassedTests ?? 0;
  tally.failed += (r.numFailedTests ?? 0) + (r.numFailedTestSuites ?? 0);
  tally.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function readPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  tally.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  tally.failed += s.unexpected ?? 0;
  tally.skipped += s.skipped ?? 0;
}

function attempt(fn) {
  try {
    fn();
  } catch (error) {
    failure ??= error;
    console.error(`✗ ${error.message}`);
  }
}

try {
  ensureDependencies();
  // poppler-utils analyses letters and LibreOffice converts Word letters (API tests); Chromium runs the journeys.
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
    ...(args.has('--no-e2e') ? [] : [{ name: 'chromium', path: '/usr/bin/chromium' }]),
  ]);
  ensureBuilt({ force: true });
  // Lint, the type-checks and the OpenAPI lint need nothing of each other: side by side on CI's 2 cores.
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  await runSideBySide([
    {
      title: 'Lint, format and import boundaries (biome)',
      cmd: process.execPath,
      args: [path.join(ROOT, 'node_modules/@biomejs/biome/bin/biome'), 'check', '.'],
    },
    {
      title: 'Type-check the server tests (tsc)',
      cmd: process.execPath,
      args: [tsc, '-p', 'apps/server/tsconfig.test.json'],
    },
    {
      title: 'Type-check the API client and its tests (tsc)',
      cmd: process.execPath,
      args: [tsc, '-p', 'packages/client/tsconfig.test.json'],
    },
    { title: 'Type-check the web app (tsc)', cmd: process.execPath, args: [tsc, '-p', 'apps/web', '--noEmit'] },
    {
      title: "Lint the OpenAPI document (Redocly's recommended rules)",
      cmd: process.execPath,
      args: [path.join(ROOT, 'scripts/openapi-lint.mjs')],
    },
  ]);
} catch (error) {
  console.error(`✗ ${error.message}`);
  process.exit(error.exitCode || 1);
}

step('Unit and API tests (vitest; API tests on a real PostgreSQL)');
const vitestJson = path.join(reports, 'vitest.json');
attempt(() =>
  run(process.execPath, [
    path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]),
);
readVitest(vitestJson);

if (!args.has('--no-e2e') && existsSync(path.join(ROOT, 'e2e/playwright.config.ts'))) {
  step('Browser journeys (Playwright in Chromium against the built product)');
  const pwJson = path.join(reports, 'playwright.json');
  attempt(() =>
    run(
      process.execPath,
      [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--config', 'e2e/playwright.config.ts'],
      {
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
      },
    ),
  );
  readPlaywright(pwJson);
}

console.log(`\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(failure || tally.failed > 0 ? 1 : 0);
