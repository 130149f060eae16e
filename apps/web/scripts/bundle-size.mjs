// biome-ignore-all lint/style/noRestrictedImports: a build-time report run by Node; never bundled into the web app.
// Prints the JavaScript a first visit to a route downloads (gzip), from the Vite build manifest.
// Usage: node scripts/bundle-size.mjs [route-module ...]   (default: the sign-in page)
// Run `npx vite build` first (with LP_SOURCEMAP=1 to also get source maps for a closer look). The sum is the entry's static imports plus the route's chunk and its static imports.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const routes = process.argv.slice(2);
if (routes.length === 0) routes.push('src/features/auth/sign-in-page.tsx');

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const entry = manifest[key];
    if (!entry) throw new Error(`not in the manifest: ${key}`);
    seen.add(key);
    closure(entry.imports ?? [], seen);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const keys = closure([entryKey, ...routes]);
let raw = 0;
let gz = 0;
const rows = [];
for (const key of keys) {
  const file = manifest[key].file;
  const buf = readFileSync(join(dist, file));
  const size = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += size;
  rows.push([file, buf.length, size]);
}
rows.sort((a, b) => b[2] - a[2]);
for (const [file, r, g] of rows)
  console.log(`${(g / 1024).toFixed(1).padStart(7)} KB gz  ${(r / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(
  `${(gz / 1024).toFixed(1).padStart(7)} KB gz  ${(raw / 1024).toFixed(1).padStart(7)} KB  total for ${routes.join(', ')}`,
);
