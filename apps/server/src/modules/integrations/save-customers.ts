import { randomUUID } from 'node:crypto';
import { customerMatchKey, importPostcodeReason, normalisePreferences, UK_PHONE_PATTERN } from '@lp/domain';
import type pg from 'pg';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import type { ExternalContact } from '../../providers/integrations/types.js';
import type { PostcodeService } from '../../providers/postcodes.js';

/**
 * Provider contacts become the company's customers under the customers module's rules (decision
 * 0021, "Imports"; decision 0017's matching): the customer an earlier import made of the same
 * record first, then the one with the same email, then the one with the same name and postcode
 * (the oldest of namesakes); otherwise a new one. A second import updates, never duplicates. The
 * provider's values win where it has them; a blank keeps what is stored. Customers get their
 * storage folder from the database (a trigger on customers).
 */

export interface SavedCustomer {
  external_id: string;
  customer_uuid: string;
  recipient: string;
  created: boolean;
}

interface Stored {
  id: string;
  name: string;
  address_lines: string[];
  postcode: string | null;
  email: string | null;
  phone: string | null;
  match_key: string;
  created_at: Date;
}

const phoneOf = (phone: string | null) => {
  const compact = phone?.replace(/[\s()-]/g, '') ?? '';
  return compact && UK_PHONE_PATTERN.test(compact) ? phone!.trim() : null;
};

/** The contacts whose postcode the configured service says does not exist (asked once each, before the transaction). */
export async function refusedPostcodes(postcodes: PostcodeService | null, contacts: readonly ExternalContact[]) {
  const refused = new Map<string, string>();
  if (!postcodes) return refused;
  const distinct = [...new Set(contacts.flatMap((c) => (c.postcode ? [c.postcode] : [])))];
  if (distinct.length === 0) return refused;
  let exists: Set<string>;
  try {
    exists = await postcodes.validateMany(distinct);
  } catch {
    throw new AppError('UNAVAILABLE', 'The postcodes could not be checked now. Try again in a moment.');
  }
  for (const c of contacts)
    if (c.postcode && !exists.has(c.postcode)) refused.set(c.externalId, importPostcodeReason(c.postcode));
  return refused;
}

/**
 * Saves contacts as customers inside the caller's transaction (one import of a company at a time,
 * shared with the file import's lock) and records what each became.
 */
export async function saveContacts(
  q: pg.ClientBase,
  scope: { accountId: string; provider: string; tenantId: string },
  contacts: readonly ExternalContact[],
): Promise<SavedCustomer[]> {
  const { accountId, provider, tenantId } = scope;
  await q.query(`select pg_advisory_xact_lock(hashtextextended('customers-import:' || $1, 0))`, [accountId]);
  const COLS = 'c.id, c.name, c.address_lines, c.postcode, c.email, c.phone, c.match_key, c.created_at';
  const { rows: byImportRows } = await q.query<Stored & { external_id: string }>(
    `select i.external_id, ${COLS} from integration_imports i join customers c on c.id = i.local_id and c.account_id = i.account_id
      where i.account_id = $1 and i.provider = $2 and i.tenant_id = $3 and i.entity_type = 'contacts'
        and i.external_id = any($4::text[])`,
    [accountId, provider, tenantId, contacts.map((c) => c.externalId)],
  );
  const emails = [...new Set(contacts.flatMap((c) => (c.email ? [c.email] : [])))];
  const keys = [...new Set(contacts.map((c) => customerMatchKey(c.name, c.postcode)))];
  const { rows: candidates } = await q.query<Stored>(
    `select ${COLS} from customers c
      where c.account_id = $1 and (lower(c.email) = any($2::text[]) or c.match_key = any($3::text[]))
      order by c.created_at, c.id`,
    [accountId, emails, keys],
  );
  const byImport = new Map(byImportRows.map((r) => [r.external_id, r]));
  const byEmail = new Map<string, Stored>();
  const byKey = new Map<string, Stored>();
  for (const s of candidates) {
    if (s.email) byEmail.set(s.email.toLowerCase(), s);
    if (!byKey.has(s.match_key)) byKey.set(s.match_key, s);
  }
  // Emails held now (a customer's email is unique in a company): by customer id.
  const emailHolder = new Map<string, string>();
  for (const s of [...candidates, ...byImportRows]) if (s.email) emailHolder.set(s.email.toLowerCase(), s.id);

  const claimed = new Set<string>();
  const saved: SavedCustomer[] = [];
  for (const c of contacts) {
    const key = customerMatchKey(c.name, c.postcode);
    let target = byImport.get(c.externalId) ?? (c.email ? byEmail.get(c.email) : undefined) ?? byKey.get(key) ?? null;
    // Two contacts of one import naming the same customer: the second becomes its own customer.
    if (target && claimed.has(target.id)) target = null;
    const id = target?.id ?? randomUUID();
    // An email another customer holds stays theirs.
    const holder = c.email ? emailHolder.get(c.email) : undefined;
    const email = c.email && (!holder || holder === id) ? c.email : (target?.email ?? null);
    const next = {
      name: c.name,
      address_lines: c.addressLines.length > 0 || !target ? c.addressLines : target.address_lines,
      postcode: c.postcode ?? target?.postcode ?? null,
      email,
      phone: phoneOf(c.phone) ?? target?.phone ?? null,
    };
    const matchKey = customerMatchKey(next.name, next.postcode);
    if (target) {
      await q.query(
        `update customers set name = $3, address_lines = $4, postcode = $5, email = $6, phone = $7, match_key = $8,
                updated_at = now()
          where id = $1 and account_id = $2
            and (name, address_lines, postcode, email, phone) is distinct from ($3, $4::text[], $5, $6, $7)`,
        [id, accountId, next.name, next.address_lines, next.postcode, next.email, next.phone, matchKey],
      );
    } else {
      await q.query(
        `insert into customers (id, account_id, name, address_lines, postcode, email, phone, communications_preference, match_key)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          accountId,
          next.name,
          next.address_lines,
          next.postcode,
          next.email,
          next.phone,
          normalisePreferences([]),
          matchKey,
        ],
      );
    }
    if (email) emailHolder.set(email, id);
    claimed.add(id);
    await q.query(
      `insert into integration_imports (account_id, provider, tenant_id, entity_type, external_id, local_id)
       values ($1, $2, $3, 'contacts', $4, $5)
       on conflict (account_id, provider, tenant_id, entity_type, external_id)
         do update set local_id = excluded.local_id, imported_at = now()`,
      [accountId, provider, tenantId, c.externalId, id],
    );
    saved.push({ external_id: c.externalId, customer_uuid: id, recipient: next.name, created: !target });
  }
  if (saved.length > 0) await publish(q, { accountId, message: { type: 'refresh', entities: ['customers'] } });
  return saved;
}
