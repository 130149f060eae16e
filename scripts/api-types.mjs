// `npm run api-types`: writes apps/web/src/lib/api-types.gen.ts and packages/client/src/schema.gen.ts
// (the same types) from the server's OpenAPI document
// (the contract test in apps/server/src/openapi-contract.test.ts, asked to update). Run it after
// changing a route's schema; then `npm run check` shows what of the web the change touches.
import path from 'node:path';
import { ROOT, run } from './lib.mjs';
import { useSupportedNode } from './runtime.mjs';

await useSupportedNode();
run(
  process.execPath,
  [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', 'apps/server/src/openapi-contract.test.ts'],
  {
    env: { ...process.env, UPDATE_API_TYPES: '1' },
  },
);
