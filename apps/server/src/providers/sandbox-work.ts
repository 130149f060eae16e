import { setTimeout as sleep } from 'node:timers/promises';

/**
 * What every built-in sandbox (payments, text messages, print) does in the background: wait a
 * realistic, jittered time, send its events (retried like the real service's webhooks), keep track
 * of them so tests can wait until they have landed, and stop sending when closed.
 */
export class SandboxWork {
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly random: () => number = Math.random) {}

  get closed(): boolean {
    return this.stopped;
  }

  /** Waits between a third of `maxMs` and `maxMs` (nothing for 0). */
  async jitter(maxMs: number): Promise<void> {
    if (maxMs > 0) await sleep(Math.round(maxMs / 3 + this.random() * ((2 * maxMs) / 3)));
  }

  /** Runs `work` in the background; `settled()` waits for it, and its failure is its own business. */
  track(work: Promise<void>): void {
    const tracked: Promise<void> = work.catch(() => {}).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /**
   * Posts an event until it is answered 2xx, at most `attempts` times, waiting `baseMs`, then twice
   * as long, after each failure (a real provider retries its webhooks the same way, over days).
   */
  async post(send: () => Promise<number>, attempts: number, baseMs: number): Promise<void> {
    for (let attempt = 0; attempt < attempts && !this.stopped; attempt++) {
      try {
        const status = await send();
        if (status >= 200 && status < 300) return;
      } catch {
        // our route was unreachable: try again
      }
      await sleep(baseMs * 2 ** attempt);
    }
  }

  /** Resolves once every event in flight has been delivered or given up. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.stopped = true;
  }
}
