import type { ImportContact, ImportInvoice } from '@lp/domain';
import type pg from 'pg';
import type { IntegrationImportRow } from '../../platform/db/rows.js';
import { webUrl } from '../../providers/integrations/registry.js';
import { itemText } from './invoice-pdf.js';
import type { Integrations } from './service.js';

/** What earlier imports made of these records (only what still exists: a deleted customer or letter is not "imported"). */
export async function importedLocals(
  pool: pg.Pool,
  scope: { accountId: string; provider: string; tenantId: string },
  entity: 'contacts' | 'invoices',
  externalIds: readonly string[],
): Promise<Map<string, string>> {
  const table = entity === 'contacts' ? 'customers' : 'letters';
  const { rows } = await pool.query<Pick<IntegrationImportRow, 'external_id' | 'local_id'>>(
    `select i.external_id, i.local_id from integration_imports i join ${table} t on t.id = i.local_id and t.account_id = i.account_id
      where i.account_id = $1 and i.provider = $2 and i.tenant_id = $3 and i.entity_type = $4 and i.external_id = any($5::text[])`,
    [scope.accountId, scope.provider, scope.tenantId, entity, externalIds],
  );
  return new Map(rows.map((r) => [r.external_id, r.local_id]));
}

/** A page of the provider's contacts in the spec's shape, each saying whether it was imported. */
export async function listContacts(
  svc: Integrations,
  pool: pg.Pool,
  accountId: string,
  providerId: string,
  page: number,
) {
  const p = svc.accountingProvider(providerId);
  return svc.withAccess(accountId, p, async (ctx, row) => {
    const result = await svc.accounting(p).listContacts(ctx, page);
    const tenantId = row.tenant_id ?? '';
    const imported = await importedLocals(
      pool,
      { accountId, provider: p.id, tenantId },
      'contacts',
      result.items.map((c) => c.externalId),
    );
    const contacts: ImportContact[] = result.items.map((c) => ({
      external_id: c.externalId,
      recipient: c.name,
      email: c.email,
      address: [...c.addressLines, ...(c.postcode ? [c.postcode] : [])],
      postcode: c.postcode,
      phone: c.phone,
      preview_url: webUrl(p, 'contacts', c.externalId, tenantId),
      imported: imported.has(c.externalId),
      customer_uuid: imported.get(c.externalId) ?? null,
    }));
    return { provider: p.id, page, next_page: result.nextPage, contacts };
  });
}

/** A page of the provider's sales invoices in the spec's shape (amounts in pence). */
export async function listInvoices(
  svc: Integrations,
  pool: pg.Pool,
  accountId: string,
  providerId: string,
  page: number,
) {
  const p = svc.accountingProvider(providerId);
  return svc.withAccess(accountId, p, async (ctx, row) => {
    const result = await svc.accounting(p).listInvoices(ctx, page);
    const tenantId = row.tenant_id ?? '';
    const imported = await importedLocals(
      pool,
      { accountId, provider: p.id, tenantId },
      'invoices',
      result.items.map((i) => i.externalId),
    );
    const invoices: ImportInvoice[] = result.items.map((i) => ({
      external_id: i.externalId,
      user_invoice_id: i.number,
      recipient: i.contactName,
      contact_external_id: i.contactExternalId,
      total: i.total,
      amount_due: i.amountDue,
      currency: i.currency,
      items: i.lines.map((l) => itemText(l, i.currency)),
      issue_date: i.issueDate,
      due_date: i.dueDate,
      paid: i.paid,
      preview_url: webUrl(p, 'invoices', i.externalId, tenantId),
      imported: imported.has(i.externalId),
      letter_uuid: imported.get(i.externalId) ?? null,
    }));
    return { provider: p.id, page, next_page: result.nextPage, invoices };
  });
}
