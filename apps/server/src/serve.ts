import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { type App, buildApp } from './app.js';
import { RESEAL_JOB_KEY, RESEAL_TASK } from './modules/integrations/index.js';
import { ANALYSE_TASK, closeOfficeConverters, stuckLettersStep } from './modules/letters/index.js';
import { pruneWebhookEvents } from './modules/webhooks/index.js';
import { loadConfig } from './platform/config.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './platform/db/embedded.js';
import { isDatabaseUnavailable } from './platform/db/unavailable.js';
import { pruneIdempotencyKeys } from './platform/idempotency.js';
import { releaseAbandonedJobs, startWorkers, type Workers } from './platform/jobs.js';
import { startLeftoverCleanup } from './platform/leftovers.js';
import { pruneRateLimits } from './platform/rate-limit-store.js';
import { startSweep } from './platform/sweep.js';
import { openServices, type Services } from './services.js';

/**
 * Connections the kernel may hold waiting to be accepted (capped by net.core.somaxconn, 4096 on
 * current Linux). At Node's 511, a program opening 1,000 uploads at once overflowed the queue: the
 * dropped connections, and anyone else's new one, waited for the client's SYN to be sent again (1, 3
 * then 7 s), so GET /api/me took up to 9 s in bench/letters-memory.mjs though the server answered it
 * in milliseconds (TcpExtListenOverflows went up by 1,010).
 */
const LISTEN_BACKLOG = 4096;

const started = performance.now();
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL === 'silent' ? 'silent' : config.LOG_LEVEL });

let embedded: EmbeddedDatabase | undefined;
let services: Services | undefined;
let app: App | undefined;
let workers: Workers | undefined;
let stopSweep: (() => void) | undefined;
let leftovers: { stop(): Promise<void> } | undefined;
let ready = false;
let stopping = false;
let stoppingAt = 0;

async function start() {
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const t = performance.now();
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      log: (line) => log.debug({ pg: line }, 'postgres'),
      // Stopped by itself (killed, crashed): started again with a backoff, the reason logged.
      keepRunning: log,
    });
    databaseUrl = embedded.url;
    log.info({ ms: Math.round(performance.now() - t), dataDir: config.DATA_DIR }, 'embedded PostgreSQL started');
  }
  services = await openServices(config, databaseUrl, log);
  // Partial uploads and conversion folders of a process killed earlier (never those in use).
  leftovers = startLeftoverCleanup({ blobs: services.blobs, log });
  if (config.ROLE !== 'worker') {
    await services.hub.start();
    app = await buildApp({ ...services, config, isReady: () => ready && !stopping });
    await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
  }
  if (config.ROLE !== 'api') {
    workers = await startWorkers(services.pool, services.taskList, config.WORKER_CONCURRENCY, log);
    // Every 15 s: letters stuck in analysis, jobs of a worker that died (picked up again 30-45 s
    // after its last heartbeat; analyses have the letters' own sweep), spent rate-limit windows,
    // idempotency keys older than 24 hours.
    stopSweep = startSweep(services.pool, log, [
      stuckLettersStep,
      { name: 'jobs of a stopped worker released', run: (pool) => releaseAbandonedJobs(pool, [ANALYSE_TASK]) },
      {
        name: 'rate-limit windows pruned',
        routine: true,
        run: async (pool) => ({ pruned: await pruneRateLimits(pool) }),
      },
      {
        name: 'webhook events past 30 days forgotten',
        routine: true,
        run: async (pool) => ({ pruned: await pruneWebhookEvents(pool) }),
      },
      {
        name: 'idempotency keys past 24 hours forgotten',
        routine: true,
        run: async (pool) => ({ pruned: await pruneIdempotencyKeys(pool) }),
      },
    ]);
    // Tokens sealed with a key INTEGRATION_KEYS no longer seals with are sealed again (one job, keyed).
    await services.jobs.add(RESEAL_TASK, {}, { jobKey: RESEAL_JOB_KEY, maxAttempts: 5 });
  }
  ready = true;
  const cpu = process.cpuUsage();
  log.info(
    {
      ms: Math.round(performance.now() - started),
      // From the process's start (performance's time origin), module loading included, and the CPU
      // it took: what bench/startup.mjs reports beside the time seen from outside.
      sinceProcessStartMs: Math.round(performance.now()),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      role: config.ROLE,
      url: config.ROLE === 'worker' ? undefined : config.PUBLIC_URL,
      mail: services.mailer.kind,
    },
    'ready',
  );
  // The identity library loads a moment after the process serves, rather than before it
  // (platform/auth.ts): evaluating it holds the event loop for a few hundred milliseconds, which
  // would otherwise land on the first requests. A sign-in before then loads it itself.
  if (config.ROLE !== 'worker')
    setTimeout(() => {
      services?.auth.load().catch((error: unknown) => log.warn({ err: error }, 'identity library not loaded yet'));
    }, 2_000).unref();
}

async function stop(signal: string) {
  if (stopping) {
    // A terminal's Ctrl-C reaches npm, the start script and us at once: only a later signal forces.
    if (Date.now() - stoppingAt < 1500) return;
    log.warn({ signal }, 'forced exit');
    process.exit(1);
  }
  stopping = true;
  stoppingAt = Date.now();
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 20_000);
  force.unref();
  try {
    await app?.close(); // stops accepting, lets requests in flight finish
    log.debug('http closed');
    stopSweep?.();
    await workers?.stop(); // lets running jobs finish; others stay queued in the database
    log.debug('workers stopped');
    // The LibreOffices kept running for Word letters (none started unless one came; each would also
    // end by itself once this process is gone).
    await closeOfficeConverters();
    await leftovers?.stop();
    await services?.close();
    log.debug('database pool closed');
    await embedded?.stop();
    log.info('stopped cleanly');
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}

process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
// The database going away must not end the process (docs/operations.md): a connection error that
// escapes a library (graphile-worker does not catch a failed failJob or completeJob) is logged, and the
// process carries on; it answers 503 until the database is back. Anything else still ends it.
const survive = (kind: string) => (error: unknown) => {
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, `${kind}: the database is unavailable`);
    return;
  }
  log.fatal({ err: error }, kind);
  if (!log.isLevelEnabled('fatal')) console.error(kind, error);
  process.exit(1);
};
process.on('unhandledRejection', survive('unhandled rejection'));
process.on('uncaughtException', survive('uncaught exception'));

start().catch(async (error) => {
  log.fatal({ err: error }, 'failed to start');
  await embedded?.stop().catch(() => {});
  process.exit(1);
});
