// One contract between the server and its clients (issues 25 and 26): the web's API types and the
// typed client's (@lp/client) are generated from the OpenAPI document the server builds out of its
// route schemas, and this test fails when they part. `npm run api-types` writes both files anew; the
// web's and the client's type checks then show everything the change touches.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createLetterpostClient } from '@lp/client';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi-document.js';
import { REPO_ROOT } from './platform/config.js';
import { createTestContext, type TestContext } from './test/harness.js';

export const API_TYPES_FILE = path.join(REPO_ROOT, 'apps/web/src/lib/api-types.gen.ts');
export const CLIENT_TYPES_FILE = path.join(REPO_ROOT, 'packages/client/src/schema.gen.ts');

const HEADER = `// Generated from the server's OpenAPI document (GET /api/openapi.json) by openapi-typescript.
// Do not edit: run \`npm run api-types\` after changing a route's schema.
// apps/server/src/openapi-contract.test.ts fails while this file and the server disagree.

`;

/** A file (`format: binary`: an upload's field, a PDF answered) is a Blob, as fetch sends and reads it. */
function binaryAsBlob(schema: { format?: string }) {
  if (schema.format !== 'binary') return undefined;
  return ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it("the web's and the client's API types are the server's OpenAPI document, generated", async () => {
  const doc = (await t.app.inject('/api/openapi.json')).json();
  const text = HEADER + astToString(await openapiTS(doc, { alphabetize: true, transform: binaryAsBlob }));
  for (const file of [API_TYPES_FILE, CLIENT_TYPES_FILE]) {
    if (process.env.UPDATE_API_TYPES === '1') await writeFile(file, text);
    const committed = await readFile(file, 'utf8').catch(() => '');
    expect(committed === text, `${file} differs from the server's routes: run \`npm run api-types\``).toBe(true);
  }
});

it('the document Redocly lints (built without a database) is the one the running app serves', async () => {
  const served = (await t.app.inject('/api/openapi.json')).json();
  expect(await buildOpenApiDocument(t.config.PUBLIC_URL)).toEqual(served);
});

it('the typed client (@lp/client) calls the app with its key', async () => {
  const seen: string[] = [];
  const lp = createLetterpostClient({
    baseUrl: t.config.PUBLIC_URL ?? '',
    apiKey: 'lp_live_AbCdEfGhIjKl_notTheRealSecretOfAnyKeyAtAll0123456789ab',
    fetch: async (request) => {
      seen.push(`${request.method} ${request.headers.get('authorization')}`);
      const url = new URL(request.url);
      const res = await t.app.inject({
        method: 'GET',
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
      });
      return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
    },
  });
  const { data, error, response } = await lp.GET('/api/me');
  expect(seen).toEqual(['GET Bearer lp_live_AbCdEfGhIjKl_notTheRealSecretOfAnyKeyAtAll0123456789ab']);
  expect(response.status).toBe(401);
  expect(data).toBeUndefined();
  expect(error?.code).toBe('UNAUTHENTICATED');
});
