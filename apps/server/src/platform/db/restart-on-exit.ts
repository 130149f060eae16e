/** A running process as the supervisor sees it: how it ends, and how to ask it to end. */
export interface Running<E> {
  exited: Promise<E>;
  stop(): Promise<void>;
}

export interface RestartOptions<E> {
  /** The process already started. */
  first: Running<E>;
  /** Starts it again; resolves once it is ready, rejects if it could not start. */
  start(): Promise<Running<E>>;
  /** It ended without being asked to (never called after `stop()`). */
  onExit(exit: E): void;
  /** A start failed; the next is tried in `retryInMs`. */
  onRestartFailed(error: unknown, retryInMs: number): void;
  /** It runs again, `downMs` after it ended, at the `attempts`-th start. */
  onRestarted(info: { downMs: number; attempts: number }): void;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A process that ran this long before ending is restarted quickly again; one that keeps failing waits longer each time. */
  stableMs?: number;
}

export interface Supervisor {
  /** Stops restarting (a pending restart is cancelled, one under way is awaited), then stops the process. */
  stop(): Promise<void>;
}

export const RESTART_DELAY_MS = { first: 500, max: 30_000, stable: 30_000 } as const;

/**
 * Starts a process again whenever it ends without being asked to: after 0.5 s, doubling with each
 * consecutive failure (a failed start, or an exit soon after a start) up to 30 s. The delay goes
 * back to 0.5 s once a start has stayed up for `stableMs`, so that a process that dies at once on
 * every start (a full disk, a broken cluster) is not restarted in a tight loop.
 */
export function restartOnExit<E>(options: RestartOptions<E>): Supervisor {
  const firstDelayMs = options.firstDelayMs ?? RESTART_DELAY_MS.first;
  const maxDelayMs = options.maxDelayMs ?? RESTART_DELAY_MS.max;
  const stableMs = options.stableMs ?? RESTART_DELAY_MS.stable;
  let current = options.first;
  let stopping = false;
  let starting: Promise<unknown> | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });

  const supervise = async () => {
    let failures = 0;
    for (;;) {
      const startedAt = Date.now();
      const exit = await current.exited;
      if (stopping) return;
      const endedAt = Date.now();
      if (endedAt - startedAt >= stableMs) failures = 0;
      options.onExit(exit);
      for (let attempts = 1; ; attempts++) {
        await pause(Math.min(firstDelayMs * 2 ** failures, maxDelayMs));
        failures++;
        if (stopping) return;
        const attempt = options.start().then((started) => {
          current = started;
        });
        starting = attempt;
        try {
          await attempt;
        } catch (error) {
          if (stopping) return;
          options.onRestartFailed(error, Math.min(firstDelayMs * 2 ** failures, maxDelayMs));
          continue;
        } finally {
          starting = undefined;
        }
        if (stopping) return;
        options.onRestarted({ downMs: Date.now() - endedAt, attempts });
        break;
      }
    }
  };
  const done = supervise();

  return {
    async stop() {
      stopping = true;
      wake?.();
      await starting?.catch(() => {});
      await current.stop();
      await done;
    },
  };
}
