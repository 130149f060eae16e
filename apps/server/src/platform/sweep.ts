import type pg from 'pg';
import { isDatabaseUnavailable } from './db/unavailable.js';
import type { JobLog } from './jobs.js';

/** How often each worker process sweeps. */
export const SWEEP_EVERY_MS = 15_000;

/** One piece of upkeep: answers what it did (logged when anything), or nothing. */
export interface SweepStep {
  name: string;
  /** Routine upkeep is logged at debug; a step that repairs something (the default) warns. */
  routine?: boolean;
  run(pool: pg.Pool): Promise<Record<string, number> | undefined>;
}

/**
 * Runs every step every `everyMs` in this process until the returned function is called. A round
 * that fails (the database away) is logged; the round after one that failed only checks that the
 * database answers, so that running jobs have renewed their locks before any is taken for abandoned.
 * A step that fails does not keep the others from running.
 */
export function startSweep(pool: pg.Pool, log: JobLog, steps: SweepStep[], everyMs = SWEEP_EVERY_MS): () => void {
  let running = false;
  let afterFailure = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      if (afterFailure) {
        await pool.query('select 1');
        afterFailure = false;
        return;
      }
      for (const step of steps) {
        try {
          const done = await step.run(pool);
          if (done && Object.values(done).some((n) => n > 0))
            log[step.routine ? 'debug' : 'warn']({ sweep: step.name, ...done }, step.name);
        } catch (error) {
          if (isDatabaseUnavailable(error)) throw error;
          log.error({ err: error, sweep: step.name }, 'sweep step failed');
        }
      }
    } catch (error) {
      afterFailure = true;
      if (isDatabaseUnavailable(error)) log.debug({ err: error }, 'sweep skipped: the database is unavailable');
      else log.error({ err: error }, 'sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void round(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
