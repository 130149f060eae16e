// `node scripts/openapi-lint.mjs`: lints the server's OpenAPI document with Redocly's recommended
// rules (redocly.yaml) and fails on an error (issue 26 item 5). The document is the one the app
// serves at GET /api/openapi.json, built from the compiled server without a database and without
// listening (apps/server/src/openapi-document.ts), written to a temporary file for the linter.
// Part of `npm run check` and of `npm test`'s checks.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, run } from './lib.mjs';
import { useSupportedNode } from './runtime.mjs';

await useSupportedNode();
// The compiled server is where the document comes from: brought up to date first (a no-op when it is).
run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server']);
const { buildOpenApiDocument } = await import(
  pathToFileURL(path.join(ROOT, 'apps/server/dist/openapi-document.js')).href
);
const dir = mkdtempSync(path.join(tmpdir(), 'lp-openapi-lint-'));
try {
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await buildOpenApiDocument(), null, 2));
  run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      file,
      '--config',
      path.join(ROOT, 'redocly.yaml'),
      '--format',
      'stylish',
    ],
    // No telemetry and no update check: the linter is run offline, on every check.
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
} catch (error) {
  console.error(`✗ ${error.message}`);
  process.exitCode = error.exitCode ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
