import { MESSAGE_CHANNELS, type MessageChannel, messageStateLabel } from '@lp/domain';
import type pg from 'pg';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { errorSchema } from '../../platform/http.js';
import { findCustomer } from '../customers/index.js';
import { findLetter } from '../letters/index.js';

/**
 * Past messages by channel (part 1 section 7, "comms retrieve/[email]/[a]/[b]/[Email|SMS|Letter|Parcel]";
 * issue 27 item 24; decision 0033): what was sent to a customer or for a letter, newest first, from
 * the delivery channels' records (mail is a Letter, email an Email, a text an SMS, each with where it
 * went and the provider's status) and the customer's parcels. Keyset pages: `cursor` is the last
 * row's (sent_at, id), opaque to the caller.
 */

const messageSchema = z.object({
  id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** Where it went: the postal address's name line, the email address, the number, the parcel's recipient and postcode. */
  recipient: z.string().nullable(),
  state: z.string(),
  /** What a person reads of the state ("Handed over", "Failed"...). */
  status: z.string(),
  provider_status: z.string().nullable(),
  reason: z.string().nullable(),
  price_pence: z.number().int(),
  sent_at: z.string(),
  letter_uuid: z.string().nullable(),
  letter_name: z.string().nullable(),
  parcel_uuid: z.string().nullable(),
});
const pageSchema = z.object({ rows: z.array(messageSchema), next_cursor: z.string().nullable() });

const querySchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  cursor: z.string().max(200).optional(),
});
const idParams = z.object({ id: z.string().min(1).max(100) });

const seeCustomers = { kind: 'member', anyOf: ['see_recipients', 'manage_recipients'] } as const;
const seeLetters = { kind: 'member', anyOf: ['see_letters', 'approve'] } as const;

interface Row {
  id: string;
  channel: MessageChannel;
  recipient: string | null;
  state: string;
  provider_status: string | null;
  reason: string | null;
  price_pence: string | number;
  sent_at: Date;
  letter_uuid: string | null;
  letter_name: string | null;
  parcel_uuid: string | null;
}

/** The cursor of a row: its time and id, base64url of JSON. */
const cursorOf = (r: Row) => Buffer.from(JSON.stringify([r.sent_at.toISOString(), r.id])).toString('base64url');

function readCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      typeof v[1] === 'string' &&
      !Number.isNaN(Date.parse(v[0])) &&
      v[1].length <= 200
    )
      return [v[0], v[1]];
  } catch {
    // Refused below.
  }
  throw new AppError('VALIDATION_FAILED', 'The cursor is not one this list gave.');
}

// The letter channels that are messages (a cloud drive copy is not sent to anyone).
const CHANNEL_SQL = `case ch.channel when 'mail' then 'Letter' when 'email' then 'Email' when 'sms' then 'SMS' end`;
const DELIVERY_COLUMNS = `d.id || ':' || ch.channel as id, ${CHANNEL_SQL} as channel, ch.recipient, ch.state,
  ch.provider_status, ch.reason, ch.price_pence, d.created_at as sent_at, l.id as letter_uuid, l.name as letter_name,
  null::text as parcel_uuid`;

async function page(
  pool: pg.Pool,
  sources: string,
  params: unknown[],
  q: z.infer<typeof querySchema>,
): Promise<z.infer<typeof pageSchema>> {
  const after = readCursor(q.cursor);
  const all = [...params, q.channel ?? null, after?.[0] ?? null, after?.[1] ?? null, q.limit + 1];
  const n = params.length;
  const { rows } = await pool.query<Row>(
    `select * from (${sources}) m
      where ($${n + 1}::text is null or m.channel = $${n + 1})
        and ($${n + 2}::timestamptz is null or (m.sent_at, m.id) < ($${n + 2}::timestamptz, $${n + 3}::text))
      order by m.sent_at desc, m.id desc limit $${n + 4}`,
    all,
  );
  const more = rows.length > q.limit;
  const shown = rows.slice(0, q.limit);
  return {
    rows: shown.map((r) => ({
      ...r,
      status: messageStateLabel(r.channel, r.state),
      price_pence: Number(r.price_pence),
      sent_at: r.sent_at.toISOString(),
    })),
    next_cursor: more ? cursorOf(shown.at(-1)!) : null,
  };
}

export function registerMessageRoutes(app: App, deps: { pool: pg.Pool }) {
  const { pool } = deps;

  app.get(
    '/api/customers/:id/messages',
    {
      schema: {
        tags: ['customers'],
        summary:
          "What was sent to a customer, newest first: letters by post, emails, texts and parcels, with where each went and its status (the spec's comms retrieve)",
        params: idParams,
        querystring: querySchema,
        response: { 200: pageSchema, 404: errorSchema, 422: errorSchema },
      },
      config: { access: seeCustomers },
    },
    async (request) => {
      const { accountId } = request.auth!;
      const customer = await findCustomer<{ id: string }>(pool, accountId, request.params.id, 'c.id');
      if (!customer) throw new AppError('NOT_FOUND');
      // The customer's letters by letters_customer_idx, their deliveries by letter; parcels by parcels_customer_idx.
      const sources = `
        select ${DELIVERY_COLUMNS}
          from letters l join letter_deliveries d on d.letter_id = l.id
          join letter_delivery_channels ch on ch.delivery_id = d.id
         where l.customer_id = $1 and l.account_id = $2 and d.account_id = $2 and ch.channel in ('mail', 'email', 'sms')
        union all
        select 'parcel:' || p.id, 'Parcel', p.recipient_name || ', ' || p.recipient_postcode, p.status,
               p.tracking_status, p.failure_reason, p.cost_pence, p.created_at, null, null, p.id
          from parcels p where p.customer_id = $1 and p.account_id = $2`;
      return page(pool, sources, [customer.id, accountId], request.query);
    },
  );

  app.get(
    '/api/letters/:id/messages',
    {
      schema: {
        tags: ['delivery'],
        summary:
          'What was sent for a letter, newest first: by post, email and text, with where each went and its status',
        params: idParams,
        querystring: querySchema,
        response: { 200: pageSchema, 404: errorSchema, 422: errorSchema },
      },
      config: { access: seeLetters },
    },
    async (request) => {
      const auth = request.auth!;
      // The letter as its reader sees it (a supervisor outside its departments: 404).
      const letter = await findLetter<{ id: string }>(pool, auth, request.params.id, 'l.id');
      if (!letter) throw new AppError('NOT_FOUND');
      const sources = `
        select ${DELIVERY_COLUMNS}
          from letters l join letter_deliveries d on d.letter_id = l.id
          join letter_delivery_channels ch on ch.delivery_id = d.id
         where l.id = $1 and l.account_id = $2 and d.account_id = $2 and ch.channel in ('mail', 'email', 'sms')`;
      return page(pool, sources, [letter.id, auth.accountId], request.query);
    },
  );
}
