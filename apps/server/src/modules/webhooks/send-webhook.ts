import { WEBHOOK_MESSAGES } from '@lp/domain';
import type pg from 'pg';
import type { UserRow, WebhookDeliveryRow, WebhookEndpointRow, WebhookEventRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { addJob } from '../../platform/jobs.js';
import type { MailMessage } from '../../platform/mail.js';
import { type KeyRing, open } from '../../platform/secrets.js';
import { TASKS } from '../../platform/tasks.js';
import { webhookJobKey } from '../../platform/webhook-outbox.js';
import type { UrlPolicy } from './endpoint-url.js';
import { type PostOutcome, postWebhook } from './post-webhook.js';
import { secretPlace, signWebhook } from './sign.js';

/** What the sending job needs; the clock and the schedule are injected so tests run days of retries in a moment. */
export interface WebhookSenderDeps {
  pool: pg.Pool;
  ring: KeyRing;
  policy: UrlPolicy;
  /** The product's address, named in the User-Agent and the owner's email. */
  publicUrl: string;
  now: () => Date;
  /** Delays (ms) before each attempt after the first; the last repeats. */
  schedule: readonly number[];
  /** A delivery is retried this long after it was created; an endpoint failing this long is switched off. */
  retryForMs: number;
  timeoutMs: number;
  /** Makes the POST (postWebhook unless a test replaces it). */
  post?: typeof postWebhook;
}

export interface SendPayload {
  deliveryId: string;
  /** A person's Resend: one attempt now, whatever the delivery's state; no retry follows it. */
  manual?: boolean;
}

type Loaded = Pick<
  WebhookDeliveryRow,
  'id' | 'account_id' | 'event_id' | 'endpoint_id' | 'status' | 'attempts' | 'next_attempt_at' | 'created_at'
> &
  Pick<WebhookEndpointRow, 'url' | 'secret_sealed' | 'disabled_at' | 'failing_since'> & {
    type: WebhookEventRow['type'];
    payload: WebhookEventRow['payload'];
    event_created_at: WebhookEventRow['created_at'];
  };

export type SendResult = 'delivered' | 'retrying' | 'failed' | 'skipped';

/** The body every attempt of an event sends: Standard Webhooks' `type`, `timestamp` and `data`, with our event id. */
export function webhookBody(e: { id: string; type: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ id: e.id, type: e.type, timestamp: e.createdAt.toISOString(), data: e.data });
}

/**
 * One attempt of one delivery (the `send_webhook` job): signs and POSTs the event, logs the attempt,
 * and on a failure schedules the next attempt or gives up; an endpoint failing for `retryForMs` is
 * switched off and the company's owner emailed. A scheduled attempt whose delivery was delivered,
 * given up, deleted, or whose endpoint was switched off does nothing.
 */
export async function runWebhookDelivery(deps: WebhookSenderDeps, payload: SendPayload): Promise<SendResult> {
  const d = await loadDelivery(deps.pool, payload.deliveryId);
  if (!d) return 'skipped';
  const now = deps.now();
  if (!payload.manual) {
    if (d.status !== 'pending' || d.disabled_at) return 'skipped';
    if (d.next_attempt_at && d.next_attempt_at.getTime() > now.getTime()) return 'skipped';
  }
  const secret = open(deps.ring, d.secret_sealed, secretPlace(d.endpoint_id));
  const body = webhookBody({ id: d.event_id, type: d.type, createdAt: d.event_created_at, data: d.payload });
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': `Letterpost-Webhooks/1.0 (+${deps.publicUrl})`,
    'webhook-id': d.event_id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, d.event_id, timestamp, body),
  };
  const outcome = await (deps.post ?? postWebhook)(new URL(d.url), headers, body, {
    timeoutMs: deps.timeoutMs,
    policy: deps.policy,
  });
  return record(deps, d, outcome, now, payload.manual === true);
}

async function loadDelivery(pool: pg.Pool, deliveryId: string): Promise<Loaded | null> {
  const { rows } = await pool.query<Loaded>(
    `select d.id, d.account_id, d.event_id, d.endpoint_id, d.status, d.attempts, d.next_attempt_at, d.created_at,
            e.url, e.secret_sealed, e.disabled_at, e.failing_since,
            ev.type, ev.payload, ev.created_at as event_created_at
       from webhook_deliveries d
       join webhook_endpoints e on e.id = d.endpoint_id
       join webhook_events ev on ev.id = d.event_id
      where d.id = $1`,
    [deliveryId],
  );
  return rows[0] ?? null;
}

const isSuccess = (o: PostOutcome) => o.statusCode !== null && o.statusCode >= 200 && o.statusCode < 300;

/** When the attempt after `attempt` (1-based) is due, or null when the delivery is given up. */
export function nextAttemptAt(
  deps: Pick<WebhookSenderDeps, 'schedule' | 'retryForMs'>,
  createdAt: Date,
  attempt: number,
  now: Date,
): Date | null {
  const delay = deps.schedule[Math.min(attempt, deps.schedule.length - 1)] ?? 0;
  const next = new Date(now.getTime() + delay);
  return next.getTime() - createdAt.getTime() > deps.retryForMs ? null : next;
}

async function record(
  deps: WebhookSenderDeps,
  d: Loaded,
  outcome: PostOutcome,
  now: Date,
  manual: boolean,
): Promise<SendResult> {
  const attempt = d.attempts + 1;
  const ok = isSuccess(outcome);
  return inTransaction(deps.pool, async (q) => {
    await q.query(
      `insert into webhook_attempts (delivery_id, endpoint_id, attempt, manual, attempted_at, status_code, error, duration_ms)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [d.id, d.endpoint_id, attempt, manual, now, outcome.statusCode, outcome.error, outcome.durationMs],
    );
    if (ok) {
      await q.query(
        `update webhook_deliveries set status = 'delivered', attempts = attempts + 1, next_attempt_at = null,
                last_attempt_at = $2, last_status_code = $3 where id = $1`,
        [d.id, now, outcome.statusCode],
      );
      await q.query('update webhook_endpoints set failing_since = null where id = $1', [d.endpoint_id]);
      return 'delivered';
    }
    if (manual) {
      // A person's extra try: logged, and the delivery keeps its own state and schedule.
      await q.query(
        `update webhook_deliveries set attempts = attempts + 1, last_attempt_at = $2, last_status_code = $3 where id = $1`,
        [d.id, now, outcome.statusCode],
      );
      return 'failed';
    }
    const next = nextAttemptAt(deps, d.created_at, attempt, now);
    // Compare-and-set on the attempt count: of two runs of one attempt, one records it.
    const updated = await q.query(
      `update webhook_deliveries set status = $2, attempts = attempts + 1, next_attempt_at = $3, last_attempt_at = $4,
              last_status_code = $5 where id = $1 and attempts = $6 and status = 'pending'`,
      [d.id, next ? 'pending' : 'failed', next, now, outcome.statusCode, d.attempts],
    );
    if (!updated.rowCount) return 'skipped';
    if (next)
      await addJob(
        q,
        TASKS.sendWebhook,
        { deliveryId: d.id },
        { maxAttempts: 5, jobKey: webhookJobKey(d.id), runAt: next },
      );
    await noteFailure(deps, q, d, now, next === null);
    return next ? 'retrying' : 'failed';
  });
}

/**
 * Marks the endpoint failing since now (unless it already was) and switches it off when it has
 * failed for `retryForMs`, or when a delivery was given up after its whole schedule without the
 * endpoint answering once since it was made.
 */
async function noteFailure(
  deps: WebhookSenderDeps,
  q: pg.ClientBase,
  d: Loaded,
  now: Date,
  givenUp: boolean,
): Promise<void> {
  const { rows } = await q.query<Pick<WebhookEndpointRow, 'failing_since'>>(
    'update webhook_endpoints set failing_since = coalesce(failing_since, $2) where id = $1 returning failing_since',
    [d.endpoint_id, now],
  );
  const since = rows[0]?.failing_since;
  if (!since) return;
  const tooLong = now.getTime() - since.getTime() >= deps.retryForMs;
  const wholeSchedule = givenUp && since.getTime() <= d.created_at.getTime();
  if (tooLong || wholeSchedule) await disableEndpoint(deps, q, d, now);
}

async function disableEndpoint(deps: WebhookSenderDeps, q: pg.ClientBase, d: Loaded, now: Date): Promise<void> {
  const disabled = await q.query(
    `update webhook_endpoints set disabled_at = $2, disabled_reason = $3 where id = $1 and disabled_at is null`,
    [d.endpoint_id, now, WEBHOOK_MESSAGES.disabledReason],
  );
  if (!disabled.rowCount) return;
  // Its waiting deliveries stop with it.
  await q.query(
    `update webhook_deliveries set status = 'failed', next_attempt_at = null where endpoint_id = $1 and status = 'pending'`,
    [d.endpoint_id],
  );
  const { rows: owners } = await q.query<Pick<UserRow, 'email' | 'name'>>(
    `select email, name from users where account_id = $1 and valid and 'owner' = any(roles) order by created_at limit 1`,
    [d.account_id],
  );
  const owner = owners[0];
  if (owner) await addJob(q, TASKS.sendEmail, endpointDisabledEmail(owner, d.url, deps.publicUrl));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The owner's email when an endpoint is switched off. */
export function endpointDisabledEmail(
  to: { email: string; name: string },
  url: string,
  publicUrl: string,
): MailMessage {
  const settings = `${publicUrl.replace(/\/$/, '')}/accountSettings`;
  const text = [
    `Hello ${to.name},`,
    '',
    `Every delivery to your webhook endpoint ${url} failed for 3 days, so we have switched it off and send it no more events.`,
    '',
    `Its attempts and their answers are in Account settings → Developers (${settings}). When the endpoint works again, switch it on there and resend what it missed.`,
    '',
    'LetterPost',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(to.name)},</p><p>Every delivery to your webhook endpoint <code>${escapeHtml(url)}</code> failed for 3 days, so we have switched it off and send it no more events.</p><p>Its attempts and their answers are in <a href="${escapeHtml(settings)}">Account settings → Developers</a>. When the endpoint works again, switch it on there and resend what it missed.</p><p>LetterPost</p>`;
  return { to: to.email, subject: 'Your webhook endpoint was switched off', text, html };
}
