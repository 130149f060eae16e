import type pg from 'pg';

/** What the notification stream carries (part 2 sections 3 and 4). */
export type LiveMessage =
  | {
      type: 'notifications';
      from: string;
      details: Array<{ id: string; description: string; highlight: boolean; approval: unknown }>;
    }
  | { type: 'refresh'; entities: string[] }
  | { type: 'auth_message'; message: 'session_expired' | 'permission_denied' };

/** An event for one company, optionally only for some of its users. */
export interface LiveEvent {
  accountId: string;
  userIds?: string[];
  message: LiveMessage;
}

const CHANNEL = 'lp_events';

/**
 * Every entity a browser caches (the first part of its query keys): after the listening connection
 * was re-established, open streams are told to refetch them all, since events may have been missed.
 */
export const ALL_ENTITIES = [
  'letters',
  'users',
  'departments',
  'notifications',
  'audit',
  'me',
  'settings',
  'finances',
  'customers',
  'letterheads',
  'parcels',
  'integrations',
  'merge',
] as const;
/** The listening connection is retried after 0.5 s, doubling up to 5 s while the database is away. */
export const LISTEN_RETRY_MS = { first: 500, max: 5_000 } as const;

/**
 * Publishes an event to every server instance. With a transaction's client, PostgreSQL delivers it
 * only if and when the transaction commits.
 */
export async function publish(q: pg.ClientBase | pg.Pool, event: LiveEvent): Promise<void> {
  for (const l of localPublishers) l(event);
  await q.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
}

const localPublishers = new Set<(event: LiveEvent) => void>();

/**
 * Hears events as this process publishes them, before they commit: a cache can stop trusting
 * itself at once, rather than when the notification comes back after the commit.
 */
export function onLocalPublish(listener: (event: LiveEvent) => void): () => void {
  localPublishers.add(listener);
  return () => localPublishers.delete(listener);
}

type Send = (message: LiveMessage) => void;
interface Subscriber {
  userId: string;
  send: Send;
}

/**
 * Fans events out to this process's open streams: one LISTEN connection per process, subscribers
 * indexed by company. Reconnects with backoff when the connection drops (0.5 s, doubling up to 5 s),
 * then tells every open stream to refresh everything, as events may have been missed meanwhile.
 */
export class EventHub {
  private readonly byAccount = new Map<string, Set<Subscriber>>();
  private readonly listeners = new Set<(event: LiveEvent | null) => void>();
  private client: pg.PoolClient | null = null;
  private stopped = false;
  private retryMs: number = LISTEN_RETRY_MS.first;
  private listenedBefore = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: { warn(o: object, m: string): void },
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  private async connect(): Promise<void> {
    try {
      const client = await this.pool.connect();
      client.on('notification', (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        try {
          this.dispatch(JSON.parse(msg.payload) as LiveEvent);
        } catch {
          // A malformed payload is dropped; it cannot come from our own publish.
        }
      });
      client.on('error', (err) => this.lost(client, err));
      client.on('end', () => this.lost(client, new Error('Connection terminated')));
      try {
        await client.query(`listen ${CHANNEL}`);
      } catch (err) {
        client.release(true);
        throw err;
      }
      if (this.stopped) {
        client.release(true);
        return;
      }
      this.client = client;
      this.retryMs = LISTEN_RETRY_MS.first;
      // Events may have been missed while no connection listened: caches start over, and browsers
      // refetch what they show.
      for (const l of this.listeners) l(null);
      if (this.listenedBefore) this.refreshAll();
      this.listenedBefore = true;
    } catch (err) {
      this.scheduleReconnect(err);
    }
  }

  private lost(client: pg.PoolClient, err: unknown) {
    // Only the connection in use is ours to release; a late error from one already let go is ignored.
    if (this.client !== client) return;
    this.client = null;
    client.release(true);
    this.scheduleReconnect(err);
  }

  private scheduleReconnect(err: unknown) {
    if (this.stopped) return;
    this.log.warn({ err }, 'event listener lost; reconnecting');
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, LISTEN_RETRY_MS.max);
    setTimeout(() => void this.connect(), wait).unref();
  }

  /** Tells every open stream to refetch everything. */
  private refreshAll() {
    const message: LiveMessage = { type: 'refresh', entities: [...ALL_ENTITIES] };
    for (const subs of this.byAccount.values()) for (const s of subs) s.send(message);
  }

  /**
   * Hears every company's events in this process (for caches kept in step with changes). The
   * listener is called with null when events may have been missed (the listening connection was
   * re-established). Returns the function that removes it.
   */
  onEvent(listener: (event: LiveEvent | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispatch(event: LiveEvent): void {
    for (const l of this.listeners) l(event);
    const subs = this.byAccount.get(event.accountId);
    if (!subs) return;
    for (const s of subs) {
      if (!event.userIds || event.userIds.includes(s.userId)) s.send(event.message);
    }
  }

  /** Registers a stream; returns the function that removes it. */
  subscribe(accountId: string, userId: string, send: Send): () => void {
    let subs = this.byAccount.get(accountId);
    if (!subs) {
      subs = new Set();
      this.byAccount.set(accountId, subs);
    }
    const sub: Subscriber = { userId, send };
    subs.add(sub);
    return () => {
      subs.delete(sub);
      if (subs.size === 0) this.byAccount.delete(accountId);
    };
  }

  get size(): number {
    let n = 0;
    for (const s of this.byAccount.values()) n += s.size;
    return n;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = null;
    if (client) {
      await client.query(`unlisten ${CHANNEL}`).catch(() => {});
      client.removeAllListeners('notification');
      // Errors after this point (the server stopping) must not reach pg's default handler.
      client.on('error', () => {});
      client.release();
    }
  }
}

/**
 * Takes a request over as a server-sent event stream: Fastify lets go of the reply and the
 * headers that keep proxies from buffering or caching it are written. Returns the raw response.
 */
export function openEventStream(
  request: { id: string },
  reply: { raw: import('node:http').ServerResponse; hijack(): void },
) {
  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  return res;
}
