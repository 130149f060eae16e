import type pg from 'pg';
import type { WebhookEndpointRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { type KeyRing, open, SecretError, seal, sealedKeyId } from '../../platform/secrets.js';
import { secretPlace } from './sign.js';

/** How long sent events, their deliveries and attempt logs are kept (the Developers section's log). */
export const WEBHOOK_EVENTS_KEPT_DAYS = 30;

/**
 * Forgets events older than WEBHOOK_EVENTS_KEPT_DAYS none of whose deliveries is still pending
 * (a delivery is retried for 3 days at most), with their deliveries and attempts (cascade), in
 * batches; run by the sweep.
 */
export async function pruneWebhookEvents(q: pg.Pool | pg.ClientBase, batch = 2000): Promise<number> {
  const { rowCount } = await q.query(
    `delete from webhook_events where id in (
       select e.id from webhook_events e
        where e.created_at < now() - make_interval(days => $1)
          and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'pending')
        order by e.created_at limit $2)`,
    [WEBHOOK_EVENTS_KEPT_DAYS, batch],
  );
  return rowCount ?? 0;
}

/**
 * Re-seals the endpoints' signing secrets sealed with a key other than the sealing one, after
 * INTEGRATION_KEYS rotates (as the integrations' tokens are, decision 0021): each row under its
 * lock, in batches, once. Answers how many were re-sealed and how many no configured key opens.
 */
export async function resealWebhookSecrets(
  pool: pg.Pool,
  ring: KeyRing,
  { batchSize = 200 }: { batchSize?: number } = {},
): Promise<{ resealed: number; unreadable: number }> {
  const current = ring.sealing.id;
  const outcome = { resealed: 0, unreadable: 0 };
  let after = '';
  for (;;) {
    const rows = await inTransaction(pool, async (q) => {
      const { rows } = await q.query<Pick<WebhookEndpointRow, 'id' | 'secret_sealed'>>(
        `select id, secret_sealed from webhook_endpoints
          where split_part(secret_sealed, '.', 1) <> $1 and id > $2
          order by id limit $3 for update`,
        [current, after, batchSize],
      );
      for (const row of rows) {
        if (sealedKeyId(row.secret_sealed) === current) continue;
        let plain: string;
        try {
          plain = open(ring, row.secret_sealed, secretPlace(row.id));
        } catch (error) {
          if (!(error instanceof SecretError)) throw error;
          outcome.unreadable += 1;
          continue;
        }
        await q.query('update webhook_endpoints set secret_sealed = $2 where id = $1', [
          row.id,
          seal(ring, plain, secretPlace(row.id)),
        ]);
        outcome.resealed += 1;
      }
      return rows;
    });
    const last = rows.at(-1);
    if (!last) return outcome;
    after = last.id;
  }
}
