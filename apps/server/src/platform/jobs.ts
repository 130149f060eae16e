import {
  type JobHelpers,
  Logger,
  makeWorkerUtils,
  type Runner,
  run,
  type Task,
  type WorkerUtils,
} from 'graphile-worker';
import type pg from 'pg';

export type TaskList = Record<string, Task>;
export type { JobHelpers };

export interface JobQueue {
  /** Adds a durable job; it runs once, retried with backoff on failure. */
  add(task: string, payload: object, opts?: { maxAttempts?: number; jobKey?: string; runAt?: Date }): Promise<void>;
  close(): Promise<void>;
}

/** The queue's tables are created (migrated) once at start. */
export interface JobLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Routes graphile-worker's log lines into the structured log. */
export function jobLogger(log: JobLog): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'info' ? 'info' : 'debug';
    log[method]({ jobs: scope, ...meta }, message);
  });
}

export async function openJobQueue(pool: pg.Pool, log: JobLog): Promise<JobQueue & { utils: WorkerUtils }> {
  const utils = await makeWorkerUtils({ pgPool: pool, logger: jobLogger(log) });
  await utils.migrate();
  return {
    utils,
    async add(task, payload, opts = {}) {
      await utils.addJob(task, payload, {
        maxAttempts: opts.maxAttempts ?? 10,
        jobKey: opts.jobKey,
        runAt: opts.runAt,
      });
    },
    async close() {
      await utils.release();
    },
  };
}

/**
 * Adds a job on the caller's connection: inside a transaction it commits with the change it
 * belongs to, or not at all.
 */
export async function addJob(
  q: pg.ClientBase | pg.Pool,
  task: string,
  payload: object,
  opts: { maxAttempts?: number; jobKey?: string; runAt?: Date } = {},
): Promise<void> {
  await q.query(
    'select graphile_worker.add_job($1, $2::json, max_attempts => $3, job_key => $4, run_at => coalesce($5, now()))',
    [task, JSON.stringify(payload), opts.maxAttempts ?? 10, opts.jobKey ?? null, opts.runAt ?? null],
  );
}

/** How often a running job renews its lock (`locked_at`): the heartbeat that tells a live worker from a dead one. */
export const JOB_HEARTBEAT_MS = 10_000;
/** A job whose lock has not been renewed for this long was abandoned: its worker died or lost it. */
export const JOB_ABANDONED_SECONDS = 30;
/**
 * Frees the jobs whose worker died (killed, its machine gone): their lock has not been renewed
 * for `abandonedSeconds` although every running job renews it every JOB_HEARTBEAT_MS, so no live
 * worker holds them. graphile-worker itself frees such a lock only after four hours. Each is
 * runnable at once and the interrupted run does not count against its attempts. Tasks in
 * `except` have a sweep of their own (an analysis is restarted once, then failed with a reason).
 * The tasks themselves are written to be run again: a delivery hands over only the channels still
 * queued and captures each hold once.
 */
export async function releaseAbandonedJobs(
  pool: pg.Pool | pg.ClientBase,
  except: string[] = [],
  abandonedSeconds = JOB_ABANDONED_SECONDS,
): Promise<{ released: number }> {
  // graphile-worker's own tables have no Drizzle table: this row is written by hand (a job's id is an int8).
  const { rows } = await pool.query<{ id: string; task: string }>(
    `with stale as (
       select j.id from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id
        where j.locked_at < now() - make_interval(secs => $1) and not (t.identifier = any($2::text[]))
        for update of j skip locked)
     update graphile_worker._private_jobs j
        set locked_at = null, locked_by = null, run_at = now(), updated_at = now(),
            max_attempts = least(32767, greatest(j.max_attempts, j.attempts + 1)),
            last_error = 'Its worker stopped while running it; run again.'
       from stale, graphile_worker._private_tasks t
      where j.id = stale.id and t.id = j.task_id
      returning j.id, t.identifier as task`,
    [abandonedSeconds, except],
  );
  // A named queue's lock is held by the same dead worker.
  await pool.query(
    `update graphile_worker._private_job_queues set locked_at = null, locked_by = null
      where locked_at < now() - make_interval(secs => $1)`,
    [abandonedSeconds],
  );
  return { released: rows.length };
}

/** How long a finished job waits for the database to come back before it gives up reporting its outcome. */
const OUTCOME_WAIT_MS = 5 * 60_000;

export interface Workers {
  /** Lets running jobs finish; the others stay queued in the database. */
  stop(): Promise<void>;
  /** The graphile-worker runner now in use (replaced when one stops by itself). */
  readonly runner: Runner | null;
}

interface WorkerOptions {
  heartbeatMs?: number;
  /** Waits before starting a runner again: the first, then doubling up to `restartMaxMs`. */
  restartMs?: number;
  restartMaxMs?: number;
}

/**
 * Runs the workers in this process; jobs are picked up in milliseconds through LISTEN/NOTIFY (and
 * by polling every 2 s while that connection is down). Survives the database going away: each job
 * renews its lock while it runs, reports its outcome only once the database answers again, and a
 * runner that stops by itself is started again with backoff.
 */
export async function startWorkers(
  pool: pg.Pool,
  taskList: TaskList,
  concurrency: number,
  log: JobLog,
  options: WorkerOptions = {},
): Promise<Workers> {
  const stopping = new AbortController();
  const heartbeatMs = options.heartbeatMs ?? JOB_HEARTBEAT_MS;
  const tasks: TaskList = {};
  for (const [name, task] of Object.entries(taskList))
    tasks[name] = durableTask(pool, task, heartbeatMs, stopping.signal);
  const start = () =>
    run({
      pgPool: pool,
      taskList: tasks,
      concurrency,
      noHandleSignals: true,
      pollInterval: 2000,
      logger: jobLogger(log),
    });
  const firstMs = options.restartMs ?? 500;
  const maxMs = options.restartMaxMs ?? 5000;
  let waitMs = firstMs;
  let runner: Runner | null = null;
  const watch = (r: Runner) => {
    runner = r;
    r.promise.then(
      () => restart(r, null),
      (error: unknown) => restart(r, error),
    );
  };
  const restart = (stopped: Runner, error: unknown) => {
    if (stopping.signal.aborted || runner !== stopped) return;
    runner = null;
    log.error({ err: error }, 'job workers stopped; starting them again');
    const again = () => {
      if (stopping.signal.aborted) return;
      starting = start().then(
        async (r) => {
          if (stopping.signal.aborted) return r.stop().catch(() => {});
          waitMs = firstMs;
          log.warn({}, 'job workers started again');
          watch(r);
        },
        (err: unknown) => {
          log.warn({ err, retryInMs: waitMs }, 'job workers could not start; retrying');
          setTimeout(again, waitMs);
          waitMs = Math.min(waitMs * 2, maxMs);
        },
      );
    };
    setTimeout(again, waitMs);
  };
  let starting: Promise<unknown> = Promise.resolve();
  watch(await start());
  return {
    get runner() {
      return runner;
    },
    async stop() {
      stopping.abort();
      await starting;
      // A runner that stopped by itself at this moment answers "already stopped": nothing to do.
      await runner?.stop().catch(() => {});
    },
  };
}

/**
 * A task that the database going away cannot lose. While it runs, its job's lock is renewed every
 * `heartbeatMs` (the sweep treats a lock left unrenewed for JOB_ABANDONED_SECONDS as a dead
 * worker's). When it ends, success or failure, it first waits for the database to answer:
 * graphile-worker records the outcome once and does not retry it (a failed `failJob` was an
 * unhandled rejection that ended the process, and left the job locked for four hours).
 */
function durableTask(pool: pg.Pool, task: Task, heartbeatMs: number, stopping: AbortSignal): Task {
  return async (payload, helpers) => {
    const { id, locked_by: lockedBy } = helpers.job;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const beat = async () => {
      let next = heartbeatMs;
      try {
        await pool.query(
          'update graphile_worker._private_jobs set locked_at = now() where id = $1 and locked_by = $2',
          [id, lockedBy],
        );
      } catch {
        // The database is away: renew as soon as it is back, before anyone takes the lock for stale.
        next = Math.min(heartbeatMs, 1000);
      }
      if (!done) timer = setTimeout(beat, next);
    };
    timer = setTimeout(beat, heartbeatMs);
    try {
      const result = await task(payload, helpers);
      await untilDatabaseAnswers(pool, [helpers.abortSignal, stopping]);
      return result;
    } catch (error) {
      await untilDatabaseAnswers(pool, [helpers.abortSignal, stopping]);
      throw error;
    } finally {
      done = true;
      clearTimeout(timer);
    }
  };
}

/** Resolves once `select 1` succeeds, or when a signal aborts or OUTCOME_WAIT_MS have passed. */
async function untilDatabaseAnswers(pool: pg.Pool, signals: AbortSignal[]): Promise<void> {
  const deadline = Date.now() + OUTCOME_WAIT_MS;
  let waitMs = 250;
  for (;;) {
    try {
      await pool.query('select 1');
      return;
    } catch {
      if (Date.now() > deadline || signals.some((s) => s.aborted)) return;
      await new Promise((r) => setTimeout(r, waitMs));
      waitMs = Math.min(waitMs * 2, 2000);
    }
  }
}
