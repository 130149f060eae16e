import { INTEGRATION_MESSAGES } from '@lp/domain';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import type { ExternalContact } from '../../providers/integrations/types.js';
import type { PostcodeService } from '../../providers/postcodes.js';
import { contactChanges, matchContacts, refusedPostcodes, saveContacts } from './save-customers.js';
import type { Integrations } from './service.js';

/**
 * The chosen contacts read from the provider (every id must be one of the connection's contacts,
 * else 404 and nothing is imported), with the ones that cannot become customers and why: no name,
 * or a postcode the configured service says does not exist.
 */
async function chosenContacts(
  svc: Integrations,
  deps: { postcodes: PostcodeService | null },
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
  const scope = { accountId, provider: p.id, tenantId };
  const importable: ExternalContact[] = contacts.filter((c) => !refused.has(c.externalId));
  return { contacts, refused, scope, importable };
}

/**
 * What importing the chosen contacts would do (issue 27 item 9), writing nothing: each one new,
 * matched to an existing customer (how, and the fields an update would change, old → new), or
 * refused with its reason. The page shows it so that a matched customer is updated only when asked.
 */
export async function previewContacts(
  svc: Integrations,
  deps: { pool: pg.Pool; postcodes: PostcodeService | null },
  accountId: string,
  providerId: string,
  ids: readonly string[],
) {
  const { contacts, refused, scope, importable } = await chosenContacts(svc, deps, accountId, providerId, ids);
  const plans = new Map((await matchContacts(deps.pool, scope, importable)).map((p) => [p.contact.externalId, p]));
  return {
    contacts: contacts.map((c) => {
      const plan = plans.get(c.externalId);
      const target = plan?.target ?? null;
      return {
        external_id: c.externalId,
        recipient: c.name,
        outcome: !plan ? ('refused' as const) : target ? ('matched' as const) : ('new' as const),
        reason: refused.get(c.externalId) ?? null,
        customer_uuid: target?.id ?? null,
        customer_name: target?.name ?? null,
        matched_by: plan?.matchedBy ?? null,
        changes: plan ? contactChanges(plan) : [],
      };
    }),
  };
}

/**
 * The chosen contacts become customers (decision 0021, "Imports"): new ones are added; a matched
 * customer takes the provider's values only when its contact is in `update` (the preview's choice),
 * else it is kept as it is and linked. Refused contacts are listed with their reason, the others saved.
 */
export async function importContacts(
  svc: Integrations,
  deps: { pool: pg.Pool; postcodes: PostcodeService | null },
  accountId: string,
  providerId: string,
  ids: readonly string[],
  update: readonly string[] = [],
) {
  const { refused, scope, importable } = await chosenContacts(svc, deps, accountId, providerId, ids);
  const saved = await inTransaction(deps.pool, (q) => saveContacts(q, scope, importable, new Set(update)));
  const created = saved.filter((s) => s.created).length;
  const updated = saved.filter((s) => s.updated).length;
  const kept = saved.length - created - updated;
  return {
    created,
    updated,
    kept,
    customers: saved.map(({ customer_uuid, recipient, external_id }) => ({ customer_uuid, recipient, external_id })),
    refused: [...refused].map(([external_id, reason]) => ({ external_id, reason })),
    message: INTEGRATION_MESSAGES.contactsImported(created, updated, kept),
  };
}
