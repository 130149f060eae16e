import { INTEGRATION_MESSAGES } from '@lp/domain';
import type pg from 'pg';
import type { IntegrationRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { queueInvoiceSync } from './invoice-sync.js';
import type { Integrations } from './service.js';

/**
 * Turns auto-sync on or off (decision 0021, step 5; the spec's togglesync): a cloud drive's copies of
 * letters, or an accounting provider's hourly import of new invoices (issue 27 item 20; decision
 * 0033: turned on, invoices issued from that day; its first run is queued at once).
 */
export async function setAutoSync(
  svc: Integrations,
  pool: pg.Pool,
  accountId: string,
  providerId: string,
  sync: boolean,
  syncUploads?: boolean,
) {
  const p = svc.provider(providerId);
  if (p.kind !== 'cloud') {
    await inTransaction(pool, async (q) => {
      const { rowCount } = await q.query(
        `update integrations set auto_sync = $3,
                invoice_sync_since = case when $3 then coalesce(invoice_sync_since, now()) end, updated_at = now()
          where account_id = $1 and provider = $2`,
        [accountId, p.id, sync],
      );
      if (!rowCount) throw new AppError('NOT_FOUND', INTEGRATION_MESSAGES.notConnected(p.info.name));
      if (sync) await queueInvoiceSync(q, accountId, p.id);
      await publish(q, { accountId, message: { type: 'refresh', entities: ['integrations'] } });
    });
    return {
      provider: p.id,
      auto_sync: sync,
      message: sync
        ? INTEGRATION_MESSAGES.invoiceSyncOn(p.info.name)
        : INTEGRATION_MESSAGES.invoiceSyncOff(p.info.name),
    };
  }
  const uploads = await inTransaction(pool, async (q) => {
    const { rows } = await q.query<Pick<IntegrationRow, 'sync_uploads'>>(
      `update integrations set auto_sync = $3, sync_uploads = coalesce($4, sync_uploads), updated_at = now()
        where account_id = $1 and provider = $2 returning sync_uploads`,
      [accountId, p.id, sync, syncUploads ?? null],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND', INTEGRATION_MESSAGES.notConnected(p.info.name));
    await publish(q, { accountId, message: { type: 'refresh', entities: ['integrations'] } });
    return rows[0].sync_uploads;
  });
  return {
    provider: p.id,
    auto_sync: sync,
    sync_uploads: uploads,
    message: sync ? INTEGRATION_MESSAGES.autoSyncOn(p.info.name) : INTEGRATION_MESSAGES.autoSyncOff(p.info.name),
  };
}
