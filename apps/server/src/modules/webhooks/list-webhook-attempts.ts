import type pg from 'pg';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEventRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';

export interface WebhookAttemptView {
  id: string;
  delivery_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  manual: boolean;
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  /** The delivery's state now: pending (a retry is due), delivered or failed (given up). */
  delivery_status: WebhookDeliveryRow['status'];
  next_attempt_at: string | null;
}

type AttemptListRow = Pick<
  WebhookAttemptRow,
  'id' | 'delivery_id' | 'attempt' | 'manual' | 'attempted_at' | 'status_code' | 'error' | 'duration_ms'
> &
  Pick<WebhookDeliveryRow, 'event_id' | 'status' | 'next_attempt_at'> & { event_type: WebhookEventRow['type'] };

/** The most attempts one page answers. */
export const ATTEMPTS_PAGE_MAX = 100;

/**
 * An endpoint's attempt log, newest first, a page at a time: `before` is the last id of the page
 * before (keyset on the attempt's id, one index range scan). Another company's endpoint: 404.
 */
export async function listWebhookAttempts(
  pool: pg.Pool,
  accountId: string,
  endpointId: string,
  page: { before: number | null; limit: number },
): Promise<{ attempts: WebhookAttemptView[]; next_before: string | null }> {
  const owned = await pool.query('select 1 from webhook_endpoints where id = $1 and account_id = $2', [
    endpointId,
    accountId,
  ]);
  if (!owned.rowCount) throw new AppError('NOT_FOUND');
  const limit = Math.min(Math.max(page.limit, 1), ATTEMPTS_PAGE_MAX);
  const { rows } = await pool.query<AttemptListRow>(
    `select a.id, a.delivery_id, a.attempt, a.manual, a.attempted_at, a.status_code, a.error, a.duration_ms,
            d.event_id, d.status, d.next_attempt_at, ev.type as event_type
       from webhook_attempts a
       join webhook_deliveries d on d.id = a.delivery_id
       join webhook_events ev on ev.id = d.event_id
      where a.endpoint_id = $1 and ($2::int8 is null or a.id < $2)
      order by a.id desc
      limit $3`,
    [endpointId, page.before, limit + 1],
  );
  const shown = rows.slice(0, limit);
  return {
    attempts: shown.map((r) => ({
      id: String(r.id),
      delivery_id: r.delivery_id,
      event_id: r.event_id,
      event_type: r.event_type,
      attempt: r.attempt,
      manual: r.manual,
      attempted_at: r.attempted_at.toISOString(),
      status_code: r.status_code,
      error: r.error,
      duration_ms: r.duration_ms,
      delivery_status: r.status,
      next_attempt_at: r.next_attempt_at?.toISOString() ?? null,
    })),
    next_before: rows.length > limit ? String(shown[shown.length - 1]!.id) : null,
  };
}
