// Why GET /api/me waits seconds while 1,000 uploads arrive at once (issue 29), shown without the
// product: a bare node:http server whose every POST costs `workMs` of CPU, 1,000 POSTs opened at
// once, and a probe (a new connection every 100 ms, as the letters-memory prober's are when a
// connection closes) timed meanwhile, with the listening socket's accept queue read by `ss`.
// Usage: node bench/burst-accept.mjs [connections=1000] [workMs=5]
import { execFileSync, fork } from 'node:child_process';
import http from 'node:http';

const connections = Number(process.argv[2] ?? 1000);
const workMs = Number(process.argv[3] ?? 5);
const PORT = 3302;

if (process.argv[2] === 'server') {
  const server = http.createServer((req, res) => {
    if (req.url === '/probe') return res.end('ok');
    req.resume();
    req.on('end', () => {
      const t = performance.now();
      while (performance.now() - t < Number(process.argv[3])) {
        // the work of an upload
      }
      res.end('done');
    });
  });
  server.listen({ port: PORT, backlog: 4096 }, () => process.send('ready'));
} else {
  const child = fork(new URL(import.meta.url), ['server', String(workMs)]);
  await new Promise((resolve) => child.once('message', resolve));
  const acceptQueue = () => {
    try {
      return Number(
        execFileSync('ss', ['-ltnH', `sport = :${PORT}`])
          .toString()
          .trim()
          .split(/\s+/)[1] ?? 0,
      );
    } catch {
      return null;
    }
  };
  const probes = [];
  let stop = false;
  const prober = (async () => {
    while (!stop) {
      const t = performance.now();
      const queue = acceptQueue();
      await new Promise((resolve) =>
        http.get({ port: PORT, path: '/probe', agent: false }, (res) => res.resume().on('end', resolve)),
      );
      probes.push({ ms: performance.now() - t, queue });
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await new Promise((r) => setTimeout(r, 300));
  const body = Buffer.alloc(8000, 1);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const t0 = performance.now();
  await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise((resolve) => {
          const req = http.request(
            { port: PORT, method: 'POST', path: '/upload', agent, headers: { 'content-length': body.length } },
            (res) => res.resume().on('end', resolve),
          );
          req.end(body);
        }),
    ),
  );
  const allMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 300));
  stop = true;
  await prober;
  child.kill();
  const slowest = Math.max(...probes.map((p) => p.ms));
  const deepest = Math.max(...probes.map((p) => p.queue ?? 0));
  console.log(
    `${connections} POSTs of ${workMs} ms of CPU each, opened at once: all answered in ${Math.round(allMs)} ms; ` +
      `a new connection's GET waited up to ${Math.round(slowest)} ms (${probes.length} probes); ` +
      `accept queue up to ${deepest} connections`,
  );
}
