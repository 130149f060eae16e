import { randomUUID } from 'node:crypto';
import {
  addressWithTown,
  COMMUNICATION_PREFERENCES,
  CUSTOMER_MESSAGES,
  cloudDriveOf,
  customerCloudStorageField,
  customerFieldsSchema,
  customerMatchKey,
  displayLetterStatus,
  formatCustomerAddress,
  isUkPostcodeFormat,
  MAX_CUSTOMER_ADDRESS_LINES,
  normalisePostcode,
  normalisePreferences,
  parseCustomerAddress,
  splitTown,
  UK_PHONE_PATTERN,
} from '@lp/domain';
import type pg from 'pg';
import { z } from 'zod';
import { AccountCache } from '../../platform/account-cache.js';
import { prepared } from '../../platform/db/prepared.js';
import type { CustomerRow, LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import type { EventHub } from '../../platform/events.js';
import { publish } from '../../platform/events.js';
import type { App } from '../../platform/http.js';
import { errorSchema, listSchema } from '../../platform/http.js';
import { filterValues, likePattern, listQuerySchema, rowLimit, Where } from '../../platform/list.js';
import type { PostcodeService } from '../../providers/postcodes.js';
import { findCustomer } from './find-customer.js';
import { registerLetterCustomerRoutes } from './letter-link-routes.js';
import { type PostcodeTerm, postcodeTerm, rarePart } from './search-terms.js';

/**
 * Customers (part 2 sections 2, 3, 5 and 7; issue 12): the company's recipients, listed, edited and
 * deleted. The address is one string with the postcode last (the spec's shape) and also its parts.
 */

const see = { kind: 'member', anyOf: ['see_recipients', 'manage_recipients'] } as const;
const manage = { kind: 'member', anyOf: ['manage_recipients'] } as const;
const idParams = z.object({ id: z.string().min(1).max(100) });

const customerSchema = z.object({
  customer_uuid: z.string(),
  recipient: z.string(),
  address: z.string(),
  address_lines: z.array(z.string()),
  /** The post town: the last address line when there are two or more (as the export's Town column reads it), else "". */
  town: z.string(),
  postcode: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  communications_preference: z.array(z.string()),
  /** The drive the customer keeps their letters in: google_drive, dropbox, onedrive, or null. */
  cloud_storage_provider: z.string().nullable(),
  /**
   * A letter to this address came back (decision 0037): Royal Mail's reason and when; null when
   * none did since the address was last changed.
   */
  address_returned: z.object({ reason: z.string(), at: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

type Row = Pick<
  CustomerRow,
  | 'id'
  | 'name'
  | 'address_lines'
  | 'postcode'
  | 'email'
  | 'phone'
  | 'communications_preference'
  | 'cloud_storage_provider'
  | 'address_returned_reason'
  | 'address_returned_at'
  | 'created_at'
  | 'updated_at'
>;

const COLUMNS =
  'id, name, address_lines, postcode, email, phone, communications_preference, cloud_storage_provider, address_returned_reason, address_returned_at, created_at, updated_at';

const C_COLUMNS = COLUMNS.split(', ')
  .map((c) => `c.${c}`)
  .join(', ');

/** A search with fewer matches than this sorts them all: a couple of milliseconds at most. */
const WALK_MIN_MATCHES = 2_000;
/** How many times the rows a walk of the name index is expected to read it may read before giving up. */
const WALK_SPARE = 8;

/** The customers' order everywhere (list, pickers, export): the sort index's expression, word for word. */
export const NAME_ORDER = 'c.name collate customer_name, c.id';

const toCustomer = (r: Row) => ({
  customer_uuid: r.id,
  recipient: r.name,
  address: formatCustomerAddress(r.address_lines, r.postcode),
  address_lines: r.address_lines,
  town: splitTown(r.address_lines).town,
  postcode: r.postcode,
  email: r.email,
  phone: r.phone,
  communications_preference: r.communications_preference,
  // Older rows may hold the drive's name ("Google Drive"): answered as its id, as it is set.
  cloud_storage_provider: cloudDriveOf(r.cloud_storage_provider),
  address_returned:
    r.address_returned_reason && r.address_returned_at
      ? { reason: r.address_returned_reason, at: r.address_returned_at.toISOString() }
      : null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** The postcode as stored (normalised), after the configured service said it exists; 422 otherwise. */
async function checkedPostcode(postcodes: PostcodeService | null, input: string): Promise<string | null> {
  const p = input.trim();
  if (!p) return null;
  const invalid = () =>
    new AppError('VALIDATION_FAILED', CUSTOMER_MESSAGES.postcode, [
      { path: 'postcode', message: CUSTOMER_MESSAGES.postcode },
    ]);
  // Fewer than 5 characters (or not a postcode's shape) is invalid without a call.
  if (!isUkPostcodeFormat(p)) throw invalid();
  const normal = normalisePostcode(p);
  if (postcodes) {
    let ok: boolean;
    try {
      ok = await postcodes.validate(normal);
    } catch {
      throw new AppError('UNAVAILABLE', 'The postcode could not be checked now. Try again in a moment.');
    }
    if (!ok) throw invalid();
  }
  return normal;
}

/** An address of more lines than are stored (the lines and the town together). */
const tooManyLines = (path: string) => {
  const message = `An address has at most ${MAX_CUSTOMER_ADDRESS_LINES} lines, the town included.`;
  return new AppError('VALIDATION_FAILED', message, [{ path, message }]);
};

function onDuplicateEmail(error: unknown): never {
  const e = error as { code?: string; constraint?: string };
  if (e?.code === '23505' && e.constraint === 'customers_email_idx')
    throw new AppError('CONFLICT', CUSTOMER_MESSAGES.duplicate, [
      { path: 'email', message: CUSTOMER_MESSAGES.duplicate },
    ]);
  throw error;
}

const emailField = z
  .string()
  .trim()
  .max(320)
  .refine((e) => z.email().safeParse(e).success, { error: CUSTOMER_MESSAGES.email });
const phoneField = z
  .string()
  .trim()
  .max(40)
  .refine((p) => UK_PHONE_PATTERN.test(p.replace(/\s+/g, '')), { error: CUSTOMER_MESSAGES.phone });

/** PUT body with the spec's names; a field left out stays as it is, null clears email or phone. */
const updateSchema = z.strictObject({
  customer_uuid: z.string().min(1).max(100),
  new_customer_name: z.string().trim().min(1, { error: CUSTOMER_MESSAGES.nameRequired }).max(200).optional(),
  /** "line 1, line 2, town, POSTCODE" (the postcode last), or its parts. */
  new_customer_address: z
    .union([
      z.string().max(1000),
      z.strictObject({
        address_lines: z.array(z.string().trim().max(200)).max(MAX_CUSTOMER_ADDRESS_LINES),
        /** Stored as the last line (as the Add form's Town and the import's Town column). */
        town: z.string().trim().max(100).optional(),
        postcode: z.string().max(10),
      }),
    ])
    .optional(),
  customer_email: emailField.nullable().optional(),
  customer_phone: phoneField.nullable().optional(),
  communications_preferences: z.array(z.enum(COMMUNICATION_PREFERENCES)).max(4).optional(),
  /** One of the cloud drives' ids; null for none. */
  cloud_storage_provider: customerCloudStorageField.nullable().optional(),
});

export function registerCustomerRoutes(
  app: App,
  deps: { pool: pg.Pool; postcodes: PostcodeService | null; hub: EventHub },
) {
  const { pool, postcodes } = deps;
  // A company's count for a search and filter is kept until its customers change (every change
  // publishes a 'customers' refresh): counting 100,000 rows on every page was the list's cost.
  const countCache = new AccountCache<number>(deps.hub, ['customers']);
  app.addHook('onClose', async () => countCache.close());
  registerLetterCustomerRoutes(app, { pool });
  const listQuery = listQuerySchema(['communications_preference'], ['all']);

  app.get(
    '/api/customers',
    {
      schema: {
        tags: ['customers'],
        summary: "The company's customers by name, with search (name, email, postcode, phone) and a preference filter",
        querystring: listQuery,
        response: { 200: listSchema(customerSchema), 422: errorSchema },
      },
      config: { access: see },
    },
    async (request) => {
      const q = request.query;
      const accountId = request.auth!.accountId;
      const prefs = filterValues(q, 'communications_preference');
      const unknown = prefs.filter((p) => !(COMMUNICATION_PREFERENCES as readonly string[]).includes(p));
      if (unknown.length) throw new AppError('VALIDATION_FAILED', `Unknown preference: ${unknown.join(', ')}`);
      const limit = rowLimit(q.limit);
      /** The company's customers with the preference filter. */
      const scope = () => {
        const w = new Where().add('c.account_id = ?', accountId);
        if (prefs.length) w.add('c.communications_preference && ?::text[]', prefs);
        return w;
      };
      // Folded both sides (case, accents, apostrophes: "aine" finds Áine, "obrien" O'Brien): the
      // stored search_text (migration 0032), through its trigram index (customers_search_idx).
      const MATCHES = "search_text like search_fold(?) escape '\\'";
      // For the trigram index a term with digits is looked up by its rare part ("r4711@" of
      // "customer4711@"), the whole term required of each candidate row (`|| ''`: not an index
      // condition, so the index is not asked for the common trigrams as well).
      const rare = q.search ? rarePart(q.search) : null;
      const searched = () => {
        if (!q.search) return scope();
        const w = scope();
        if (rare)
          w.add(`c.${MATCHES}`, likePattern(rare)).add(
            `(c.search_text || '') like search_fold(?) escape '\\'`,
            likePattern(q.search),
          );
        else w.add(`c.${MATCHES}`, likePattern(q.search));
        return w;
      };
      // A postcode-shaped term: its outward code through customers_postcode_idx, in the list's
      // order, and the name, email and phone through customers_words_idx (decision 0041).
      const postcode = q.search ? postcodeTerm(q.search) : null;
      const postcodeMatch = (w: Where, term: PostcodeTerm) =>
        `public.postcode_outward(c.postcode) = ${w.param(term.outward)}${
          term.inward ? ` and public.postcode_inward(c.postcode) like ${w.param(`${term.inward}%`)}` : ''
        }`;
      const wordsMatch = (w: Where) =>
        `public.search_fold(c.name || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.phone, '')) like search_fold(${w.param(likePattern(q.search))}) escape '\\'`;
      // The counts are kept per company until its customers change (AccountCache): the matches',
      // and for a search the whole list's with the same filter, which together say how to read the page.
      // A search's statements are planned for its own pattern each time (a prepared statement's
      // generic plan cannot tell a term in every row from one in none, and chose to read the whole
      // company's customers for "ls11": 300 ms); the others are prepared once (a postcode's count
      // too: its plan is the same for every outward code).
      const statement = (text: string, values: unknown[], search: boolean) =>
        search ? { text, values } : prepared(text, values);
      const countOf = (search: string, w: Where, planned = search !== '') =>
        countCache.get(accountId, JSON.stringify([search, prefs]), async () => {
          const r = await pool.query<{ n: number }>(
            statement(`select count(*)::int as n from customers c ${w}`, w.params, planned),
          );
          return r.rows[0]!.n;
        });
      const offset = q.page * limit;
      let ids: { sql: string; params: unknown[] } | null = null;
      let count: number;
      if (postcode) {
        const counted = scope();
        counted.add(`(${postcodeMatch(counted, postcode)} or ${wordsMatch(counted)})`);
        count = await countOf(q.search, counted, false);
        // The two ways apart (the second leaves out what the first found), each in name order, merged.
        const w = scope();
        const base = String(w);
        const byPostcode = postcodeMatch(w, postcode);
        const byWords = wordsMatch(w);
        ids = {
          sql: `select m.id from (
                  (select c.id, c.name from customers c ${base} and ${byPostcode} order by ${NAME_ORDER})
                  union all
                  (select c.id, c.name from customers c ${base} and ${byWords} and not coalesce(${byPostcode}, false)
                    order by ${NAME_ORDER})
                ) m order by m.name collate customer_name, m.id limit ${w.param(limit)} offset ${w.param(offset)}`,
          params: w.params,
        };
      } else count = await countOf(q.search ?? '', searched());
      if (!ids && q.search && count >= WALK_MIN_MATCHES) {
        // A frequent term ("brontë", 1 customer in 12) is found sooner by walking the name index
        // (customers_sort_idx) than by sorting its thousands of matches: about
        // (offset + limit) x all / matches rows read if the matches are spread through the
        // alphabet. They may not be (one town's customers could share a few surnames), so the walk
        // is bounded at WALK_SPARE times that, and a page it did not fill is asked of the trigram
        // index instead.
        const all = await countOf('', scope());
        const expected = Math.ceil(((offset + limit) * all) / count);
        if (expected * WALK_SPARE <= count) {
          const w = scope();
          const walked = `select w.id from (select c.id, c.name, c.search_text from customers c ${w}
                            order by ${NAME_ORDER} limit ${w.param(expected * WALK_SPARE)}) w
                          where w.${MATCHES.replace('?', w.param(likePattern(q.search)))}
                          order by w.name collate customer_name, w.id limit ${w.param(limit)} offset ${w.param(offset)}`;
          const found = await pool.query<{ id: string }>(prepared(walked, w.params));
          if (found.rows.length === limit || offset + found.rows.length >= count)
            ids = { sql: 'select unnest($1::text[]) as id', params: [found.rows.map((r) => r.id)] };
        }
      }
      if (!ids) {
        const where = searched();
        // A search's matches come from the trigram index, sorted: ordered by an expression the name
        // index does not hold, so that a generic plan (these statements are prepared) cannot walk
        // the whole name index instead.
        const order = q.search ? "(c.name collate customer_name) || '', c.id" : NAME_ORDER;
        ids = {
          sql: `select c.id from customers c ${where} order by ${order}
                  limit ${where.param(limit)} offset ${where.param(offset)}`,
          params: where.params,
        };
      }
      // The page's ids first (from the name index, or the trigram index for a search), then only
      // those rows read in full. customer_name is ICU's root order with case and accents second to
      // the letters: Áine beside Aine, before Zoë.
      const rows = await pool.query<Row>(
        statement(
          `select ${C_COLUMNS} from (${ids.sql}) page join customers c on c.id = page.id order by ${NAME_ORDER}`,
          ids.params,
          Boolean(q.search),
        ),
      );
      return {
        rows: rows.rows.map(toCustomer),
        count,
        filter_options: { communications_preference: [...COMMUNICATION_PREFERENCES] },
      };
    },
  );

  app.get(
    '/api/customers/:id',
    {
      schema: {
        tags: ['customers'],
        summary: 'One customer and their letters, newest first',
        params: idParams,
        response: {
          200: customerSchema.extend({
            letters: z.array(
              z.object({
                uuid: z.string(),
                name: z.string(),
                status: z.string(),
                display_status: z.string(),
                creation_date: z.string(),
              }),
            ),
          }),
          404: errorSchema,
        },
      },
      config: { access: see },
    },
    async (request) => {
      const { id } = request.params;
      const customer = await findCustomer<Row>(pool, request.auth!.accountId, id, COLUMNS);
      if (!customer) throw new AppError('NOT_FOUND');
      const letters = await pool.query<Pick<LetterRow, 'id' | 'name' | 'status' | 'force_status_error' | 'created_at'>>(
        `select id, name, status, force_status_error, created_at from letters
          where customer_id = $1 and account_id = $2 and not mark_for_deletion order by created_at desc limit 50`,
        [id, request.auth!.accountId],
      );
      return {
        ...toCustomer(customer),
        letters: letters.rows.map((l) => ({
          uuid: l.id,
          name: l.name,
          status: l.status,
          display_status: displayLetterStatus(l.status, l.force_status_error),
          creation_date: l.created_at.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/api/customers',
    {
      schema: {
        tags: ['customers'],
        summary: 'Add a customer',
        body: customerFieldsSchema.strict(),
        response: { 201: customerSchema, 409: errorSchema, 422: errorSchema },
      },
      config: { access: manage },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const b = request.body;
      const lines = addressWithTown(b.address_lines, b.town);
      if (lines.length > MAX_CUSTOMER_ADDRESS_LINES) throw tooManyLines('address_lines');
      const postcode = await checkedPostcode(postcodes, b.postcode);
      const created = await inTransaction(pool, async (q) => {
        const { rows } = await q
          .query<Row>(
            `insert into customers (id, account_id, name, address_lines, postcode, email, phone, communications_preference,
                                    match_key, cloud_storage_provider)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${COLUMNS}`,
            [
              randomUUID(),
              auth.accountId,
              b.name,
              lines,
              postcode,
              b.email ? b.email.toLowerCase() : null,
              b.phone || null,
              normalisePreferences(b.communications_preference),
              customerMatchKey(b.name, postcode),
              b.cloud_storage_provider,
            ],
          )
          .catch(onDuplicateEmail);
        await publish(q, { accountId: auth.accountId, message: { type: 'refresh', entities: ['customers'] } });
        return rows[0]!;
      });
      return reply.status(201).send(toCustomer(created));
    },
  );

  app.put(
    '/api/customers',
    {
      schema: {
        tags: ['customers'],
        summary: 'Edit a customer: only the fields sent change (null clears the email or phone)',
        body: updateSchema,
        response: { 200: customerSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
      config: { access: manage },
    },
    async (request) => {
      const auth = request.auth!;
      const b = request.body;
      let address: { lines: string[]; postcode: string | null } | null = null;
      if (b.new_customer_address !== undefined) {
        const parsed =
          typeof b.new_customer_address === 'string'
            ? parseCustomerAddress(b.new_customer_address)
            : {
                lines: addressWithTown(b.new_customer_address.address_lines, b.new_customer_address.town),
                postcode: b.new_customer_address.postcode,
              };
        if (parsed.lines.length > MAX_CUSTOMER_ADDRESS_LINES) throw tooManyLines('new_customer_address.address_lines');
        address = { lines: parsed.lines, postcode: await checkedPostcode(postcodes, parsed.postcode ?? '') };
      }
      const updated = await inTransaction(pool, async (q) => {
        const c = await findCustomer<Row>(q, auth.accountId, b.customer_uuid, COLUMNS, { forUpdate: true });
        if (!c) throw new AppError('NOT_FOUND');
        const name = b.new_customer_name ?? c.name;
        const lines = address ? address.lines : c.address_lines;
        const postcode = address ? address.postcode : c.postcode;
        const email =
          b.customer_email === undefined ? c.email : b.customer_email ? b.customer_email.toLowerCase() : null;
        const phone = b.customer_phone === undefined ? c.phone : b.customer_phone || null;
        const prefs =
          b.communications_preferences === undefined
            ? c.communications_preference
            : normalisePreferences(b.communications_preferences);
        const drive = b.cloud_storage_provider === undefined ? c.cloud_storage_provider : b.cloud_storage_provider;
        const { rows: out } = await q
          .query<Row>(
            `update customers set name = $3, address_lines = $4, postcode = $5, email = $6, phone = $7,
                    communications_preference = $8, match_key = $9, cloud_storage_provider = $10, updated_at = now(),
                    -- A new address clears the flag of a letter returned from the old one.
                    address_returned_reason = case when address_lines = $4 and postcode is not distinct from $5
                                                   then address_returned_reason end,
                    address_returned_at = case when address_lines = $4 and postcode is not distinct from $5
                                               then address_returned_at end
              where id = $1 and account_id = $2 returning ${COLUMNS}`,
            [c.id, auth.accountId, name, lines, postcode, email, phone, prefs, customerMatchKey(name, postcode), drive],
          )
          .catch(onDuplicateEmail);
        await publish(q, { accountId: auth.accountId, message: { type: 'refresh', entities: ['customers'] } });
        return out[0]!;
      });
      return toCustomer(updated);
    },
  );

  app.delete(
    '/api/customers/:id',
    {
      schema: {
        tags: ['customers'],
        summary: 'Delete a customer (their letters stay, unlinked)',
        params: idParams,
        response: { 200: z.object({ customer_uuid: z.string(), message: z.string() }), 404: errorSchema },
      },
      config: { access: manage },
    },
    async (request) => {
      const auth = request.auth!;
      const { id } = request.params;
      await inTransaction(pool, async (q) => {
        const r = await q.query('delete from customers where id = $1 and account_id = $2', [id, auth.accountId]);
        if (!r.rowCount) throw new AppError('NOT_FOUND');
        await publish(q, {
          accountId: auth.accountId,
          message: { type: 'refresh', entities: ['customers', 'letters'] },
        });
      });
      return { customer_uuid: id, message: CUSTOMER_MESSAGES.deleted };
    },
  );
}
