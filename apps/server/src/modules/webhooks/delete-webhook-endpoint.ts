import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import type { WebhookEndpointRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';

/**
 * Deletes an endpoint of the member's company with its deliveries and attempt log: nothing more is
 * sent to it (a job already queued finds no delivery). Another company's endpoint, or none: 404.
 */
export async function deleteWebhookEndpoint(pool: pg.Pool, auth: AuthContext, id: string): Promise<void> {
  await inTransaction(pool, async (client) => {
    const { rows } = await client.query<Pick<WebhookEndpointRow, 'url' | 'events'>>(
      'delete from webhook_endpoints where id = $1 and account_id = $2 returning url, events',
      [id, auth.accountId],
    );
    const gone = rows[0];
    if (!gone) throw new AppError('NOT_FOUND');
    await writeAudit(client, auth, {
      action: 'webhook_endpoint.delete',
      entityType: 'webhook_endpoint',
      entityId: id,
      before: { url: gone.url, events: gone.events },
      after: null,
    });
  });
}

/** Switches a switched-off endpoint on again: new events are sent to it (a missed one by Resend). */
export async function enableWebhookEndpoint(pool: pg.Pool, auth: AuthContext, id: string): Promise<void> {
  await inTransaction(pool, async (client) => {
    const { rows } = await client.query<Pick<WebhookEndpointRow, 'url' | 'disabled_at'>>(
      'select url, disabled_at from webhook_endpoints where id = $1 and account_id = $2 for update',
      [id, auth.accountId],
    );
    const endpoint = rows[0];
    if (!endpoint) throw new AppError('NOT_FOUND');
    if (!endpoint.disabled_at) return;
    await client.query(
      'update webhook_endpoints set disabled_at = null, disabled_reason = null, failing_since = null where id = $1',
      [id],
    );
    await writeAudit(client, auth, {
      action: 'webhook_endpoint.enable',
      entityType: 'webhook_endpoint',
      entityId: id,
      before: { url: endpoint.url, disabled_at: endpoint.disabled_at.toISOString() },
      after: { url: endpoint.url, disabled_at: null },
    });
  });
}
