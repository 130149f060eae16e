import { type EventHub, type LiveEvent, onLocalPublish } from './events.js';

/** How long a company's cache is bypassed after this process published a change of it. */
const SETTLE_MS = 2_000;

/**
 * Answers kept per company until that company's data changes: an entry is dropped when a refresh
 * event names one of `entities` for its company (events reach every API process through
 * LISTEN/NOTIFY), when the listening connection was re-established, or after `ttlMs` at most.
 * A value computed while a change arrived is not kept (a generation per company), so a cached
 * answer is never older than the last change this process heard of.
 */
export class AccountCache<T> {
  private readonly entries = new Map<string, Map<string, { value: T; at: number }>>();
  private readonly generation = new Map<string, number>();
  private epoch = 0;
  private readonly settling = new Map<string, number>();

  private readonly unsubscribe: Array<() => void> = [];

  constructor(
    hub: EventHub,
    private readonly entities: readonly string[],
    private readonly ttlMs = 30_000,
    private readonly maxAccounts = 10_000,
    private readonly maxKeysPerAccount = 50,
  ) {
    this.unsubscribe.push(
      hub.onEvent((event) => {
        if (!event) {
          this.entries.clear();
          this.epoch += 1;
        } else if (this.concerns(event)) this.forget(event.accountId);
      }),
    );
    // A change this process makes is known before it commits: until its notification has surely
    // come back, the company's answers are computed afresh and not kept.
    this.unsubscribe.push(
      onLocalPublish((event) => {
        if (!this.concerns(event)) return;
        this.forget(event.accountId);
        this.settling.set(event.accountId, Date.now() + SETTLE_MS);
      }),
    );
  }

  /** Stops listening (when the server closes). */
  close() {
    for (const u of this.unsubscribe) u();
    this.entries.clear();
  }

  private concerns(event: LiveEvent): boolean {
    return event.message.type === 'refresh' && event.message.entities.some((e) => this.entities.includes(e));
  }

  private forget(accountId: string) {
    this.entries.delete(accountId);
    this.generation.set(accountId, (this.generation.get(accountId) ?? 0) + 1);
  }

  async get(accountId: string, key: string, compute: () => Promise<T>): Promise<T> {
    const settlingUntil = this.settling.get(accountId);
    if (settlingUntil !== undefined) {
      if (Date.now() < settlingUntil) return compute();
      this.settling.delete(accountId);
    }
    const hit = this.entries.get(accountId)?.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const before = `${this.epoch}:${this.generation.get(accountId) ?? 0}`;
    const value = await compute();
    if (before !== `${this.epoch}:${this.generation.get(accountId) ?? 0}`) return value;
    let keys = this.entries.get(accountId);
    if (!keys) {
      if (this.entries.size >= this.maxAccounts) this.entries.delete(this.entries.keys().next().value!);
      keys = new Map();
      this.entries.set(accountId, keys);
    }
    if (keys.size >= this.maxKeysPerAccount) keys.delete(keys.keys().next().value!);
    keys.set(key, { value, at: Date.now() });
    return value;
  }
}
