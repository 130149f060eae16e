import {
  automaticMapping,
  COMMUNICATION_PREFERENCES,
  customerMatchKey,
  ImportFileError,
  importTable,
  MERGE_LIMITS,
  MERGE_MESSAGES,
  type MergeRecipients,
  mergeFieldKey,
  normalisePostcode,
  parseCsv,
  splitTown,
} from '@lp/domain';
import type pg from 'pg';
import type { CustomerRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { likePattern } from '../../platform/list.js';

/** One recipient of a merge: their values by field key, and the customer they are (when known). */
export interface MergeRecipient {
  customerId: string | null;
  name: string;
  values: Record<string, string>;
}

type CustomerFields = Pick<CustomerRow, 'id' | 'name' | 'address_lines' | 'postcode' | 'email' | 'phone'>;
const CUSTOMER_COLUMNS = 'id, name, address_lines, postcode, email, phone';

/** Titles a first name is not ("Mrs Siân Jones" is Siân to her letter). */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'rev', 'lady', 'lord']);

/** Words that belong to the surname after them ("Ní Bhriain", "van der Berg", "de la Cruz"). */
const PARTICLES = new Set([
  'van',
  'von',
  'de',
  'der',
  'den',
  'da',
  'di',
  'du',
  'del',
  'della',
  'la',
  'le',
  'ní',
  'nic',
  'ó',
  'ua',
  'mac',
  'bin',
  'ap',
  'ter',
  'ten',
  'st',
]);

/**
 * First and last name of a full name: the first word that is not a title, and the last word with
 * the particles before it.
 */
export function splitName(full: string): { first: string; last: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  const start = words.findIndex((w) => !TITLES.has(w.replace(/\.$/, '').toLowerCase()));
  const named = start < 0 ? words : words.slice(start);
  if (named.length < 2) return { first: named[0] ?? '', last: '' };
  let from = named.length - 1;
  while (from > 1 && PARTICLES.has(named[from - 1]!.replace(/\.$/, '').toLowerCase())) from -= 1;
  return { first: named[0]!, last: named.slice(from).join(' ') };
}

/** A customer's standard fields (decision 0036): the town is the last address line, as the customers list shows it. */
export function customerValues(c: Pick<CustomerFields, 'name' | 'address_lines' | 'postcode' | 'email' | 'phone'>) {
  const { lines, town } = splitTown(c.address_lines);
  const { first, last } = splitName(c.name);
  const values: Record<string, string> = {
    name: c.name,
    first_name: first,
    last_name: last,
    address: c.address_lines.filter((l) => l.trim()).join('\n'),
    town,
    postcode: c.postcode ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
  };
  lines.forEach((l, i) => {
    values[`address_line_${i + 1}`] = l;
  });
  return values;
}

const fromCustomer = (c: CustomerFields): MergeRecipient => ({
  customerId: c.id,
  name: c.name,
  values: customerValues(c),
});

/** The rows of a CSV as recipients: its columns matched as the customer import matches them, and every column by its own name too. */
function csvRecipients(text: string): Omit<MergeRecipient, 'customerId'>[] {
  if (text.includes('\u0000')) throw new AppError('VALIDATION_FAILED', MERGE_MESSAGES.nul);
  let table: ReturnType<typeof importTable>;
  try {
    const { rows } = parseCsv(text, { maxRows: MERGE_LIMITS.maxRecipients + 2, maxColumns: MERGE_LIMITS.maxColumns });
    table = importTable(rows);
  } catch (error) {
    if (error instanceof ImportFileError) throw new AppError('VALIDATION_FAILED', error.message);
    throw error;
  }
  if (table.rows.length === 0) throw new AppError('VALIDATION_FAILED', MERGE_MESSAGES.noRecipients);
  if (table.rows.length > MERGE_LIMITS.maxRecipients)
    throw new AppError('VALIDATION_FAILED', MERGE_MESSAGES.tooManyRecipients(table.rows.length));
  const mapping = automaticMapping(table.headers);
  return table.rows.map((row) => {
    const values: Record<string, string> = {};
    const lines: string[] = [];
    table.headers.forEach((header, i) => {
      const cell = (row.cells[i] ?? '').trim().slice(0, MERGE_LIMITS.maxValueLength);
      const own = mergeFieldKey(header);
      if (own && !values[own]) values[own] = cell;
      const field = mapping[header];
      if (!field || field === 'preferences' || !cell) return;
      if (field.startsWith('address_line_') || field === 'town' || field === 'county') lines.push(cell);
      if (!values[field]) values[field] = cell;
    });
    if (!values.name) values.name = [values.first_name, values.last_name].filter(Boolean).join(' ');
    const split = splitName(values.name ?? '');
    if (!values.first_name) values.first_name = split.first;
    if (!values.last_name) values.last_name = split.last;
    if (!values.address) values.address = lines.join('\n');
    if (values.postcode) values.postcode = normalisePostcode(values.postcode);
    return { name: values.name || `Row ${row.row}`, values };
  });
}

/**
 * The recipients chosen, in order: customers by id (each one of the company's, else 422), every
 * customer a filter finds (by name), or a CSV's rows (a row names a customer when exactly one has its
 * name and postcode, so that its letter goes by that customer's preferred channels).
 */
export async function resolveRecipients(
  q: pg.ClientBase | pg.Pool,
  accountId: string,
  recipients: MergeRecipients,
): Promise<MergeRecipient[]> {
  if (recipients.kind === 'customers') {
    const ids = [...new Set(recipients.customer_ids)];
    const { rows } = await q.query<CustomerFields>(
      `select ${CUSTOMER_COLUMNS} from customers where account_id = $1 and id = any($2::text[])`,
      [accountId, ids],
    );
    if (rows.length !== ids.length) throw new AppError('NOT_FOUND', MERGE_MESSAGES.unknownCustomers);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => fromCustomer(byId.get(id)!));
  }
  if (recipients.kind === 'filter') {
    const where = ['account_id = $1'];
    const params: unknown[] = [accountId];
    if (recipients.search?.trim()) {
      params.push(likePattern(recipients.search.trim()));
      where.push(
        `search_fold(name || ' ' || coalesce(email, '') || ' ' || coalesce(postcode, '') || ' ' || coalesce(phone, '')) like search_fold($${params.length}) escape '\\'`,
      );
    }
    const prefs = (recipients.communications_preference ?? []).filter((p) => COMMUNICATION_PREFERENCES.includes(p));
    if (prefs.length) {
      params.push(prefs);
      where.push(`communications_preference && $${params.length}::text[]`);
    }
    const { rows } = await q.query<CustomerFields>(
      `select ${CUSTOMER_COLUMNS} from customers where ${where.join(' and ')}
        order by name collate customer_name, id limit ${MERGE_LIMITS.maxRecipients + 1}`,
      params,
    );
    if (rows.length === 0) throw new AppError('VALIDATION_FAILED', MERGE_MESSAGES.noRecipients);
    if (rows.length > MERGE_LIMITS.maxRecipients)
      throw new AppError('VALIDATION_FAILED', MERGE_MESSAGES.tooManyRecipients(rows.length));
    return rows.map(fromCustomer);
  }
  const rows = csvRecipients(recipients.csv);
  const keys = rows.map((r) => customerMatchKey(r.name, r.values.postcode || null));
  const { rows: matches } = await q.query<{ match_key: string; id: string }>(
    `select match_key, min(id) as id from customers where account_id = $1 and match_key = any($2::text[])
      group by match_key having count(*) = 1`,
    [accountId, [...new Set(keys)]],
  );
  const byKey = new Map(matches.map((m) => [m.match_key, m.id]));
  return rows.map((r, i) => ({ ...r, customerId: byKey.get(keys[i]!) ?? null }));
}
