import { INTEGRATION_IMPORT_MAX } from '@lp/domain';
import type pg from 'pg';
import { abilitiesOf } from '../../platform/access.js';
import type { BlobStore } from '../../platform/blobs.js';
import type { IntegrationRow, UserRow } from '../../platform/db/rows.js';
import { addJob } from '../../platform/jobs.js';
import type { PostcodeService } from '../../providers/postcodes.js';
import { importInvoices } from './import-invoices.js';
import { importedLocals } from './list-records.js';
import type { Integrations } from './service.js';

/**
 * Accounting auto-sync (part 2: the cards show it; issue 27 item 20; decision 0033): while it is on,
 * the provider's sales invoices issued from the day it was turned on are imported as letters every
 * hour, as "Import selected" imports them (a PDF addressed to the contact, analysed like an upload;
 * nothing is sent or charged). One keyed job per connection runs it and queues its next run; an
 * invoice imported before is skipped (the import's own record), so a run repeated does nothing twice.
 */

export const INVOICE_SYNC_TASK = 'integrations.invoice-sync';
export const INVOICE_SYNC_EVERY_MS = 60 * 60 * 1000;
/** Pages of the provider's list read a run at most (a provider's page is 100 invoices). */
const MAX_PAGES = 20;

export interface InvoiceSyncPayload {
  accountId: string;
  provider: string;
}

export const invoiceSyncJobKey = (accountId: string, provider: string) => `invoice-sync:${accountId}:${provider}`;

/** Queues the connection's next run (now, or in an hour); the key keeps one queued per connection. */
export function queueInvoiceSync(q: pg.ClientBase | pg.Pool, accountId: string, provider: string, runAt?: Date) {
  return addJob(q, INVOICE_SYNC_TASK, { accountId, provider } satisfies InvoiceSyncPayload, {
    jobKey: invoiceSyncJobKey(accountId, provider),
    runAt,
    maxAttempts: 3,
  });
}

type SyncRow = Pick<IntegrationRow, 'auto_sync' | 'invoice_sync_since' | 'connected_by' | 'status'>;

/**
 * One run: the invoices issued on or after the day auto-sync was turned on and not yet imported,
 * imported in slices of 100 on behalf of the member who connected the provider (they need
 * create_letter). Answers what it imported; the next run is queued while auto-sync stays on.
 */
export async function runInvoiceSync(
  deps: { pool: pg.Pool; blobs: BlobStore; postcodes: PostcodeService | null; integrations: Integrations },
  payload: InvoiceSyncPayload,
): Promise<{ imported: number; skipped?: string }> {
  const { pool, integrations: svc } = deps;
  const { accountId, provider } = payload;
  const { rows } = await pool.query<SyncRow>(
    'select auto_sync, invoice_sync_since, connected_by, status from integrations where account_id = $1 and provider = $2',
    [accountId, provider],
  );
  const row = rows[0];
  if (!row?.auto_sync || !row.invoice_sync_since) return { imported: 0, skipped: 'auto-sync is off' };
  // The next run first: a failure below (the provider down) does not end the schedule.
  await queueInvoiceSync(pool, accountId, provider, new Date(Date.now() + INVOICE_SYNC_EVERY_MS));
  if (row.status === 'revoked') return { imported: 0, skipped: 'the connection was revoked' };
  const { rows: members } = await pool.query<Pick<UserRow, 'id' | 'roles' | 'permissions'>>(
    'select id, roles, permissions from users where id = $1 and account_id = $2 and valid',
    [row.connected_by, accountId],
  );
  const member = members[0];
  const abilities = new Set(member ? abilitiesOf(member) : []);
  if (!member || !abilities.has('create_letter'))
    return { imported: 0, skipped: 'the member who connected it cannot create letters' };

  const p = svc.accountingProvider(provider);
  const since = row.invoice_sync_since.toISOString().slice(0, 10);
  const wanted: string[] = [];
  await svc.withAccess(accountId, p, async (ctx, connection) => {
    const client = svc.accounting(p);
    for (let page = 1, n = 0; page && n < MAX_PAGES; n += 1) {
      const result = await client.listInvoices(ctx, page);
      const fresh = result.items.filter((i) => i.issueDate && i.issueDate.slice(0, 10) >= since);
      const done = await importedLocals(
        pool,
        { accountId, provider: p.id, tenantId: connection.tenant_id ?? '' },
        'invoices',
        fresh.map((i) => i.externalId),
      );
      wanted.push(...fresh.filter((i) => !done.has(i.externalId)).map((i) => i.externalId));
      page = result.nextPage ?? 0;
    }
  });
  let imported = 0;
  for (let at = 0; at < wanted.length; at += INTEGRATION_IMPORT_MAX) {
    const made = await importInvoices(
      svc,
      deps,
      { accountId, userId: member.id, abilities },
      p.id,
      wanted.slice(at, at + INTEGRATION_IMPORT_MAX),
    );
    imported += made.letters.filter((l) => !l.existing).length;
  }
  return { imported };
}
