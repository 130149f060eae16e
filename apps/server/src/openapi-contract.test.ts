// One contract between the server and the web (issue 25): the web's API types are generated from the
// OpenAPI document the server builds out of its route schemas, and this test fails when the two part.
// `npm run api-types` writes the file anew; the web's type check then shows every screen the change
// touches.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi-document.js';
import { REPO_ROOT } from './platform/config.js';
import { createTestContext, type TestContext } from './test/harness.js';

export const API_TYPES_FILE = path.join(REPO_ROOT, 'apps/web/src/lib/api-types.gen.ts');

const HEADER = `// Generated from the server's OpenAPI document (GET /api/openapi.json) by openapi-typescript.
// Do not edit: run \`npm run api-types\` after changing a route's schema.
// apps/server/src/openapi-contract.test.ts fails while this file and the server disagree.

`;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it("the web's API types are the server's OpenAPI document, generated", async () => {
  const doc = (await t.app.inject('/api/openapi.json')).json();
  const text = HEADER + astToString(await openapiTS(doc, { alphabetize: true }));
  if (process.env.UPDATE_API_TYPES === '1') await writeFile(API_TYPES_FILE, text);
  const committed = await readFile(API_TYPES_FILE, 'utf8').catch(() => '');
  expect(committed === text, `${API_TYPES_FILE} differs from the server's routes: run \`npm run api-types\``).toBe(
    true,
  );
});

it('the document Redocly lints (built without a database) is the one the running app serves', async () => {
  const served = (await t.app.inject('/api/openapi.json')).json();
  expect(await buildOpenApiDocument(t.config.PUBLIC_URL)).toEqual(served);
});
