// Start of the embedded default to ready: the first run (initdb) and later runs. Each run gives the
// time seen from outside (spawn to the first 200 from /readyz) and the server's own view from its
// "ready" line: since the process started (module loading included) and the CPU it used, which
// says more than the wall time when the machine is shared.
// Usage: node bench/startup.mjs [laterRuns=5]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, removeDir, startProduct, tempDataDir } from './lib.mjs';

const laterRuns = Number(process.argv[2] ?? 5);
const dataDir = tempDataDir('startup');
const opts = { dataDir, port: 3191, pgPort: 55491, stdout: 'pipe', env: { LOG_LEVEL: 'info' } };

async function run() {
  const product = await startProduct(opts);
  let buffered = '';
  const ready = await new Promise((resolve) => {
    const read = (chunk) => {
      buffered += chunk;
      for (const line of buffered.split('\n')) {
        if (!line.includes('"msg":"ready"')) continue;
        product.child.stdout.off('data', read);
        product.child.stdout.resume();
        return resolve(JSON.parse(line));
      }
    };
    product.child.stdout.setEncoding('utf8');
    product.child.stdout.on('data', read);
  });
  await product.stop();
  return { outsideMs: Math.round(product.readyMs), processMs: ready.sinceProcessStartMs, cpuMs: ready.cpuMs };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const first = await run();
  const later = [];
  for (let i = 0; i < laterRuns; i += 1) later.push(await run());
  const result = {
    when: new Date().toISOString(),
    first,
    later,
    laterMedian: {
      outsideMs: median(later.map((r) => r.outsideMs)),
      processMs: median(later.map((r) => r.processMs)),
      cpuMs: median(later.map((r) => r.cpuMs)),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(path.join(ROOT, 'bench/results/startup.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  removeDir(dataDir);
}
