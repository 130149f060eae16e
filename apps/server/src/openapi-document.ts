// The OpenAPI document the app serves at GET /api/openapi.json, built without a database and
// without listening: scripts/openapi-lint.mjs lints it with Redocly. The contract test
// (openapi-contract.test.ts) checks it is the very document a running app on a database serves.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';
import { openServices } from './services.js';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** The address the document's `servers` names when none is given (the tests' PUBLIC_URL). */
export const DOCUMENT_PUBLIC_URL = 'http://localhost:3000';

/** Builds the app on services that never reach the database and answers its OpenAPI document. */
export async function buildOpenApiDocument(publicUrl: string = DOCUMENT_PUBLIC_URL): Promise<unknown> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lp-openapi-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // Never connected to: no route is called but the document's.
      DATABASE_URL: 'postgres://openapi@127.0.0.1:1/none',
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
    });
    const services = await openServices(config, config.DATABASE_URL ?? '', quiet, { connect: false });
    try {
      const app = await buildApp({ ...services, config });
      try {
        await app.ready();
        const res = await app.inject('/api/openapi.json');
        if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}: ${res.body}`);
        return res.json();
      } finally {
        await app.close();
      }
    } finally {
      await services.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
