// Start of the embedded default to ready: the first run (initdb) and later runs.
// Usage: node bench/startup.mjs [laterRuns=5]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, removeDir, startProduct, tempDataDir } from './lib.mjs';

const laterRuns = Number(process.argv[2] ?? 5);
const dataDir = tempDataDir('startup');
const opts = { dataDir, port: 3191, pgPort: 55491 };
try {
  const first = await startProduct(opts);
  await first.stop();
  const later = [];
  for (let i = 0; i < laterRuns; i += 1) {
    const run = await startProduct(opts);
    later.push(run.readyMs);
    await run.stop();
  }
  later.sort((a, b) => a - b);
  const result = {
    when: new Date().toISOString(),
    firstRunMs: Math.round(first.readyMs),
    laterRunsMs: later.map(Math.round),
    laterMedianMs: Math.round(later[Math.floor(later.length / 2)]),
    laterMaxMs: Math.round(later.at(-1)),
  };
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(path.join(ROOT, 'bench/results/startup.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  removeDir(dataDir);
}
