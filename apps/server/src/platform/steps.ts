import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where a unit of work's time goes (issue 29's breakdown of a letter's fixed cost): the steps of an
 * upload or an analysis, each tool it ran and each write it made, in milliseconds of wall time.
 * Collected only inside `withSteps` (a step outside one costs a clock read); logged at debug level
 * by whoever opened it, so production logs stay quiet and `LOG_LEVEL=debug` shows every letter's.
 */
export class Steps {
  readonly ms: Record<string, number> = {};
  private readonly started = performance.now();

  add(name: string, ms: number) {
    this.ms[name] = Math.round(((this.ms[name] ?? 0) + ms) * 10) / 10;
  }

  get totalMs(): number {
    return Math.round((performance.now() - this.started) * 10) / 10;
  }
}

const current = new AsyncLocalStorage<Steps>();

/** Runs `work` with a fresh step record, handed to it and to every `step` inside. */
export function withSteps<T>(work: (steps: Steps) => Promise<T>): Promise<T> {
  const steps = new Steps();
  return current.run(steps, () => work(steps));
}

/** Times `work` as the named step of the record in force, if any (steps of one name add up). */
export async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const steps = current.getStore();
  if (!steps) return work();
  const t = performance.now();
  try {
    return await work();
  } finally {
    steps.add(name, performance.now() - t);
  }
}
