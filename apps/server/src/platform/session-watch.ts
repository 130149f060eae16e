import type pg from 'pg';
import type { SessionRow } from './db/rows.js';

/** How often the sessions of open streams are checked again. */
export const SESSION_CHECK_MS = 5_000;

/**
 * Why a watched stream must end: its session is gone (signed out everywhere, password changed,
 * expired, the user or company no longer valid), or who the user is and what they may do changed
 * (roles, permissions, approvals, department, the balance restriction): the stream was opened for
 * someone who no longer exists as such and is opened again by the browser.
 */
export type SessionEnd = 'session_expired' | 'changed';

interface Watched {
  sessionId: string;
  fingerprint: string | null;
  onEnd(reason: SessionEnd): void;
}

// Everything the stream's authorisation was decided on, hashed: any change ends the stream.
const SESSIONS_SQL = `
  select s.id,
         u.valid and coalesce(a.valid, false) as valid,
         md5(row(u.roles, u.permissions, u.approvals, u.department_id, d.approvals,
                 a.restrict_balance_to_finance_admins, a.current_plan)::text) as fingerprint
    from sessions s
    join users u on u.id = s.user_id
    left join accounts a on a.id = u.account_id
    left join departments d on d.id = u.department_id
   where s.id = any($1::text[]) and s.expires_at > now()`;
type SessionCheckRow = Pick<SessionRow, 'id'> & { valid: boolean; fingerprint: string };

/**
 * Keeps long-lived responses (the notification and thumbnail streams) honest about their session:
 * a request is authorised once, when it starts, and a stream may stay open for hours. Every
 * SESSION_CHECK_MS one query checks the sessions of all open streams of this process; a stream
 * whose session ended or whose user's rights changed is told so and ended. A check the database
 * cannot answer is skipped: a database outage does not end streams (they recover with it).
 */
export class SessionWatch {
  private readonly watched = new Set<Watched>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly everyMs = SESSION_CHECK_MS,
  ) {}

  /** Watches a stream's session from now; the returned function stops (call it when the stream ends). */
  watch(sessionId: string, onEnd: (reason: SessionEnd) => void): () => void {
    const entry: Watched = { sessionId, fingerprint: null, onEnd };
    this.watched.add(entry);
    // What the session is now, so that a change before the first round is seen too.
    void this.check([entry]);
    if (!this.timer) {
      this.timer = setInterval(() => void this.round(), this.everyMs);
      this.timer.unref();
    }
    return () => {
      this.watched.delete(entry);
      if (this.watched.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /**
   * Checks every watched session now (this process's streams; other processes check on their own
   * next round). A round already running is waited for, then this one runs: what changed after
   * it started is seen.
   */
  async round(): Promise<void> {
    while (this.running) await this.running;
    if (this.watched.size === 0) return;
    this.running = this.check([...this.watched]).finally(() => {
      this.running = null;
    });
    await this.running;
  }

  private async check(entries: Watched[]): Promise<void> {
    let rows: SessionCheckRow[];
    try {
      ({ rows } = await this.pool.query<SessionCheckRow>(SESSIONS_SQL, [
        [...new Set(entries.map((e) => e.sessionId))],
      ]));
    } catch {
      return;
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const entry of entries) {
      if (!this.watched.has(entry)) continue;
      const now = byId.get(entry.sessionId);
      if (!now?.valid) {
        this.watched.delete(entry);
        entry.onEnd('session_expired');
      } else if (entry.fingerprint === null) {
        entry.fingerprint = now.fingerprint;
      } else if (entry.fingerprint !== now.fingerprint) {
        this.watched.delete(entry);
        entry.onEnd('changed');
      }
    }
  }
}

const watches = new WeakMap<pg.Pool, SessionWatch>();

/** The one watch of a pool (of a process's database): all its streams are checked in one query. */
export function sessionWatchOf(pool: pg.Pool): SessionWatch {
  let watch = watches.get(pool);
  if (!watch) {
    watch = new SessionWatch(pool);
    watches.set(pool, watch);
  }
  return watch;
}
