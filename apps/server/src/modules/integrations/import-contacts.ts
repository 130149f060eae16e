import { INTEGRATION_MESSAGES } from '@lp/domain';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import type { PostcodeService } from '../../providers/postcodes.js';
import { refusedPostcodes, saveContacts } from './save-customers.js';
import type { Integrations } from './service.js';

/**
 * The chosen contacts become customers (decision 0021, "Imports"). Every id must be one of the
 * connection's contacts (else 404 and nothing is imported); a contact without a name or with a
 * postcode the configured service says does not exist is refused with its reason, the others saved.
 */
export async function importContacts(
  svc: Integrations,
  deps: { pool: pg.Pool; postcodes: PostcodeService | null },
  accountId: string,
  providerId: string,
  ids: readonly string[],
) {
  const p = svc.accountingProvider(providerId);
  const wanted = [...new Set(ids)];
  const { contacts, tenantId } = await svc.withAccess(accountId, p, async (ctx, row) => ({
    contacts: await svc.accounting(p).getContacts(ctx, wanted),
    tenantId: row.tenant_id ?? '',
  }));
  const found = new Set(contacts.map((c) => c.externalId));
  if (wanted.some((id) => !found.has(id)))
    throw new AppError('NOT_FOUND', `Some of the chosen contacts are not in ${p.info.name} any more: reload the list.`);
  const refused = await refusedPostcodes(deps.postcodes, contacts);
  for (const c of contacts) if (!c.name) refused.set(c.externalId, 'The contact has no name.');
  const saved = await inTransaction(deps.pool, (q) =>
    saveContacts(
      q,
      { accountId, provider: p.id, tenantId },
      contacts.filter((c) => !refused.has(c.externalId)),
    ),
  );
  const created = saved.filter((s) => s.created).length;
  return {
    created,
    updated: saved.length - created,
    customers: saved.map(({ customer_uuid, recipient, external_id }) => ({ customer_uuid, recipient, external_id })),
    refused: [...refused].map(([external_id, reason]) => ({ external_id, reason })),
    message: INTEGRATION_MESSAGES.contactsImported(created, saved.length - created),
  };
}
