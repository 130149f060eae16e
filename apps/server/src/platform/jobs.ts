import { Logger, makeWorkerUtils, type Runner, run, type Task, type WorkerUtils } from 'graphile-worker';
import type pg from 'pg';

export type TaskList = Record<string, Task>;

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
  opts: { maxAttempts?: number; jobKey?: string } = {},
): Promise<void> {
  await q.query('select graphile_worker.add_job($1, $2::json, max_attempts => $3, job_key => $4)', [
    task,
    JSON.stringify(payload),
    opts.maxAttempts ?? 10,
    opts.jobKey ?? null,
  ]);
}

/** Runs the workers in this process; jobs are picked up in milliseconds through LISTEN/NOTIFY. */
export function startWorkers(pool: pg.Pool, taskList: TaskList, concurrency: number, log: JobLog): Promise<Runner> {
  return run({
    pgPool: pool,
    taskList,
    concurrency,
    noHandleSignals: true,
    pollInterval: 2000,
    // Every minute: letters whose analysis was lost move on (modules/letters/sweep.ts).
    crontab: '* * * * * sweep_stuck_letters ?max=1',
    logger: jobLogger(log),
  });
}
