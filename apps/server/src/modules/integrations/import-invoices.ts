import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { INTEGRATION_MESSAGES, LETTER_STATUS } from '@lp/domain';
import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import type { BlobStore } from '../../platform/blobs.js';
import type { AccountRow, IntegrationImportRow, LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import type { ExternalContact, ExternalInvoice, Organisation } from '../../providers/integrations/types.js';
import type { PostcodeService } from '../../providers/postcodes.js';
import { createLetter, findLetter } from '../letters/index.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { importedLocals } from './list-records.js';
import { refusedPostcodes, saveContacts } from './save-customers.js';
import type { Integrations } from './service.js';

interface LetterOut {
  uuid: string;
  invoice_id: string;
  user_invoice_id: string;
  existing: boolean;
  customer_uuid: string | null;
}

/**
 * The chosen invoices become letters (decision 0021, "Imports"): each rendered as a PDF addressed
 * to its contact, stored and inserted as an upload is (Analysing, its history row, the analysis job
 * committed with it), linked to the contact's customer (the contact is imported too). An invoice
 * imported before answers its letter; two imports of one invoice at once make one letter.
 */
export async function importInvoices(
  svc: Integrations,
  deps: { pool: pg.Pool; blobs: BlobStore; postcodes: PostcodeService | null },
  auth: Pick<AuthContext, 'userId' | 'accountId' | 'abilities'>,
  providerId: string,
  ids: readonly string[],
) {
  const { pool, blobs } = deps;
  const p = svc.accountingProvider(providerId);
  const wanted = [...new Set(ids)];
  const connection = await svc.usableConnection(auth.accountId, p);
  const scope = { accountId: auth.accountId, provider: p.id, tenantId: connection.tenant_id ?? '' };

  const before = await letterOf(pool, scope, wanted);
  const todo = wanted.filter((id) => !before.has(id));
  const made = new Map<string, LetterOut>();
  if (todo.length > 0) {
    const { invoices, contacts, seller } = await svc.withAccess(auth.accountId, p, async (ctx) => {
      const client = svc.accounting(p);
      const invoices = await client.getInvoices(ctx, todo);
      const contactIds = [...new Set(invoices.map((i) => i.contactExternalId).filter(Boolean))];
      const contacts = contactIds.length > 0 ? await client.getContacts(ctx, contactIds) : [];
      return { invoices, contacts, seller: await client.organisation(ctx) };
    });
    const found = new Set(invoices.map((i) => i.externalId));
    if (todo.some((id) => !found.has(id)))
      throw new AppError(
        'NOT_FOUND',
        `Some of the chosen invoices are not in ${p.info.name} any more: reload the list.`,
      );

    // The contacts become (or update) customers first; one with a postcode that does not exist stays out.
    const refused = await refusedPostcodes(deps.postcodes, contacts);
    const customers = await inTransaction(pool, (q) =>
      saveContacts(
        q,
        scope,
        contacts.filter((c) => c.name && !refused.has(c.externalId)),
      ),
    );
    const customerOf = new Map(customers.map((c) => [c.external_id, c.customer_uuid]));
    const contactOf = new Map(contacts.map((c) => [c.externalId, c]));
    const { rows } = await pool.query<Pick<AccountRow, 'name'>>('select name from accounts where id = $1', [
      auth.accountId,
    ]);
    const sellerParty = partyOfSeller(seller, rows[0]?.name ?? '');

    for (const invoice of invoices) {
      const contact = contactOf.get(invoice.contactExternalId);
      made.set(
        invoice.externalId,
        await makeLetter(pool, blobs, auth, scope, {
          invoice,
          seller: sellerParty,
          recipient: partyOfContact(contact, invoice),
          customerId: customerOf.get(invoice.contactExternalId) ?? null,
        }),
      );
    }
  }
  const letters = wanted.map((id) => before.get(id) ?? made.get(id)!);
  const fresh = letters.filter((l) => !l.existing).length;
  return { letters, message: INTEGRATION_MESSAGES.invoicesImported(fresh) };
}

/** The letters earlier imports made of these invoices (still there). */
async function letterOf(
  pool: pg.Pool,
  scope: { accountId: string; provider: string; tenantId: string },
  ids: readonly string[],
): Promise<Map<string, LetterOut>> {
  const locals = await importedLocals(pool, scope, 'invoices', ids);
  if (locals.size === 0) return new Map();
  const { rows } = await pool.query<Pick<LetterRow, 'id' | 'name' | 'customer_id'>>(
    'select id, name, customer_id from letters where account_id = $1 and id = any($2::text[])',
    [scope.accountId, [...locals.values()]],
  );
  const out = new Map<string, LetterOut>();
  for (const [external, local] of locals) {
    const l = rows.find((r) => r.id === local);
    if (!l) continue;
    out.set(external, {
      uuid: l.id,
      invoice_id: external,
      user_invoice_id: l.name.replace(/^Invoice /, '').replace(/\.pdf$/, ''),
      existing: true,
      customer_uuid: l.customer_id,
    });
  }
  return out;
}

function partyOfSeller(org: Organisation, accountName: string) {
  return { name: org.name || accountName, addressLines: org.addressLines, postcode: org.postcode };
}

function partyOfContact(contact: ExternalContact | undefined, invoice: ExternalInvoice) {
  return contact
    ? { name: contact.name, addressLines: contact.addressLines, postcode: contact.postcode }
    : { name: invoice.contactName, addressLines: [], postcode: null };
}

async function makeLetter(
  pool: pg.Pool,
  blobs: BlobStore,
  auth: Pick<AuthContext, 'userId' | 'accountId' | 'abilities'>,
  scope: { accountId: string; provider: string; tenantId: string },
  a: {
    invoice: ExternalInvoice;
    seller: ReturnType<typeof partyOfSeller>;
    recipient: ReturnType<typeof partyOfContact>;
    customerId: string | null;
  },
): Promise<LetterOut> {
  const pdf = Buffer.from(await renderInvoicePdf({ seller: a.seller, recipient: a.recipient, invoice: a.invoice }));
  const id = randomUUID();
  const key = `letters/${auth.accountId}/${id}.pdf`;
  const name = `Invoice ${a.invoice.number}.pdf`.slice(0, 255);
  await blobs.put(key, Readable.from([pdf]));
  const outcome = await inTransaction(pool, async (q) => {
    // One import of an invoice at a time: a concurrent one waits here, then finds this one's letter.
    const keyParams = [scope.accountId, scope.provider, scope.tenantId, a.invoice.externalId];
    await q.query(
      `select pg_advisory_xact_lock(hashtextextended('integration-import:' || $1 || ':' || $2 || ':' || $3 || ':' || $4, 0))`,
      keyParams,
    );
    const { rows: earlier } = await q.query<Pick<IntegrationImportRow, 'local_id'>>(
      `select i.local_id from integration_imports i join letters l on l.id = i.local_id and l.account_id = i.account_id
        where i.account_id = $1 and i.provider = $2 and i.tenant_id = $3 and i.entity_type = 'invoices' and i.external_id = $4`,
      keyParams,
    );
    if (earlier[0]) return { existing: earlier[0].local_id };
    // A record whose letter was deleted for good is replaced.
    await q.query(
      `insert into integration_imports (account_id, provider, tenant_id, entity_type, external_id, local_id)
       values ($1, $2, $3, 'invoices', $4, $5)
       on conflict (account_id, provider, tenant_id, entity_type, external_id)
         do update set local_id = excluded.local_id, imported_at = now()`,
      [...keyParams, id],
    );
    await createLetter(q, {
      id,
      accountId: auth.accountId,
      creatorId: auth.userId,
      name,
      documentType: 'regular',
      status: LETTER_STATUS.analysing,
      blobKey: key,
      sizeBytes: pdf.length,
      sourceType: 'pdf',
      customerId: a.customerId,
      analyse: true,
    });
    await publish(q, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letters'] } });
    return { existing: null };
  });
  if (outcome.existing) {
    await blobs.delete(key);
    const existing = await findLetter<Pick<LetterRow, 'customer_id'>>(pool, auth, outcome.existing, 'customer_id');
    return {
      uuid: outcome.existing,
      invoice_id: a.invoice.externalId,
      user_invoice_id: a.invoice.number,
      existing: true,
      customer_uuid: existing?.customer_id ?? null,
    };
  }
  return {
    uuid: id,
    invoice_id: a.invoice.externalId,
    user_invoice_id: a.invoice.number,
    existing: false,
    customer_uuid: a.customerId,
  };
}
