import { randomUUID } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  formatPounds,
  isParcelStatus,
  isUkPostcodeFormat,
  normalisePostcode,
  PARCEL_MESSAGES,
  PARCEL_PRESETS,
  PARCEL_STATUSES,
  type ParcelParty,
  type ParcelStatus,
  parcelBadgeColour,
  parcelDetailsSchema,
  parcelHasShipment,
  parcelMayVoid,
  parcelPartySchema,
  parcelPresetSchema,
  TRACKING_LABELS,
  type TrackingStatus,
} from '@lp/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import type { AuthContext } from '../../platform/access.js';
import type { Narrow } from '../../platform/db/row.js';
import type {
  AccountRow,
  ParcelDraftRow,
  ParcelHistoryRow,
  ParcelPresetRow,
  ParcelRow as ParcelTableRow,
  ParcelTrackingRow,
} from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { errorSchema, fileResponse, listSchema } from '../../platform/http.js';
import { filterValues, likePattern, listQuerySchema, rowLimit, Where } from '../../platform/list.js';
import { ADDRESSES_MAX, AddressLookupUnavailableError } from '../../providers/addresses.js';
import { quoteAll } from '../../providers/carriers/index.js';
import {
  CARRIER_NAMES,
  type CarrierName,
  carrierFromSlug,
  carrierSlug,
  type ServiceQuote,
} from '../../providers/carriers/types.js';
import { getPostalAddress } from '../company/index.js';
import { supervisedDepartmentIds } from '../letters/index.js';
import {
  confirmParcel,
  type ParcelDeps,
  type ParcelValues,
  partyLine,
  type QuotedRequest,
  voidParcel,
} from './booking.js';
import { handleCarrierWebhook } from './carrier-webhook.js';

/** Parcels (issue 13, decision 0019): quotes, confirmation, the list, labels, tracking and presets. */

const create = { kind: 'member', anyOf: ['create_parcel'] } as const;
const see = { kind: 'member', anyOf: ['see_parcels'] } as const;
const list = { kind: 'member', anyOf: ['see_parcels', 'create_parcel', 'approve'] } as const;
const QUOTE_TTL_MS = 30 * 60_000;
const PRESETS_MAX = 50;

const idParams = z.object({ id: z.string().min(1).max(100) });

const partyOut = z.object({
  name: z.string(),
  phoneNumber: z.string(),
  email: z.string().optional(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  addressLine3: z.string(),
  town: z.string(),
  county: z.string(),
  postcode: z.string(),
});

const parcelSchema = z.object({
  parcel_uuid: z.string(),
  shipment_id: z.string().nullable(),
  status: z.enum(PARCEL_STATUSES),
  status_colour: z.string(),
  sender_email: z.string(),
  sender: partyOut,
  recipient: partyOut,
  pickup_address: z.string(),
  destination_address: z.string(),
  collection_date: z.string(),
  goods_value: z.number(),
  goods_description: z.string(),
  delivery_notes: z.string(),
  carrier_name: z.string(),
  carrier_slug: z.string(),
  service_name: z.string(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  weight: z.number(),
  cost: z.number().int(),
  cost_text: z.string(),
  tracking_status: z.string().nullable(),
  tracking_label: z.string().nullable(),
  label_ready: z.boolean(),
  /** Booked and not yet scanned: the label may be cancelled (the carrier has the last word). */
  may_void: z.boolean(),
  failure_reason: z.string().nullable(),
  customer_uuid: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

const pointSchema = z.object({ time: z.string(), carrier_message: z.string(), status: z.string() });

const detailSchema = parcelSchema.extend({
  history: z.array(z.object({ status: z.enum(PARCEL_STATUSES), reason: z.string().nullable(), at: z.string() })),
  tracking: z.array(pointSchema),
});

type Row = Narrow<
  Pick<
    ParcelTableRow,
    | 'id'
    | 'shipment_id'
    | 'status'
    | 'sender_email'
    | 'sender'
    | 'recipient'
    | 'goods_value_pence'
    | 'goods_description'
    | 'delivery_notes'
    | 'carrier_name'
    | 'service_name'
    | 'length_cm'
    | 'width_cm'
    | 'height_cm'
    | 'weight_kg'
    | 'cost_pence'
    | 'tracking_status'
    | 'label_key'
    | 'failure_reason'
    | 'customer_id'
    | 'creator_name'
    | 'created_at'
    | 'updated_at'
  >,
  ParcelValues
> & { collection_date: string }; // to_char(collection_date, 'YYYY-MM-DD')

const COLUMNS = `p.id, p.shipment_id, p.status, p.sender_email, p.sender, p.recipient,
  to_char(p.collection_date, 'YYYY-MM-DD') as collection_date, p.goods_value_pence::int8 as goods_value_pence,
  p.goods_description, p.delivery_notes, p.carrier_name, p.service_name, p.length_cm, p.width_cm, p.height_cm,
  p.weight_kg, p.cost_pence, p.tracking_status, p.label_key, p.failure_reason, p.customer_id, p.creator_name,
  p.created_at, p.updated_at`;

const withLines = (p: ParcelParty) => ({
  ...p,
  addressLine2: p.addressLine2 ?? '',
  addressLine3: p.addressLine3 ?? '',
});

function toParcel(r: Row) {
  return {
    parcel_uuid: r.id,
    shipment_id: r.shipment_id,
    status: r.status,
    status_colour: isParcelStatus(r.status) ? parcelBadgeColour(r.status) : 'red',
    sender_email: r.sender_email,
    sender: withLines(r.sender),
    recipient: withLines(r.recipient),
    pickup_address: partyLine(r.sender),
    destination_address: partyLine(r.recipient),
    collection_date: r.collection_date,
    goods_value: Number(r.goods_value_pence) / 100,
    goods_description: r.goods_description,
    delivery_notes: r.delivery_notes,
    carrier_name: r.carrier_name,
    carrier_slug: carrierSlug(r.carrier_name),
    service_name: r.service_name,
    length: Number(r.length_cm),
    width: Number(r.width_cm),
    height: Number(r.height_cm),
    weight: Number(r.weight_kg),
    cost: r.cost_pence,
    cost_text: formatPounds(r.cost_pence),
    tracking_status: r.tracking_status,
    tracking_label: r.tracking_status ? TRACKING_LABELS[r.tracking_status] : null,
    label_ready: r.label_key !== null,
    may_void: isParcelStatus(r.status) && parcelMayVoid(r.status, r.tracking_status),
    failure_reason: r.failure_reason,
    customer_uuid: r.customer_id,
    created_by: r.creator_name,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

const logoOf = (carrier: CarrierName) => `/carriers/${carrierSlug(carrier)}.svg`;

/**
 * The quote's request: the sender, the recipient and the parcel, each checked with the form's rules
 * (the domain's schemas), so every problem is a field error under its part's name
 * (`sender.postcode`, `details.weight`) with the form's message.
 */
const quoteBody = z.strictObject({
  sender: parcelPartySchema,
  recipient: parcelPartySchema,
  details: parcelDetailsSchema(),
  customer_uuid: z.string().max(100).nullable().optional(),
});

function parseQuoteRequest(body: z.output<typeof quoteBody>): QuotedRequest {
  const { sender, recipient, details } = body;
  return {
    sender: { ...sender, email: sender.email || undefined },
    recipient: { ...recipient, email: recipient.email || undefined },
    details,
    customer_uuid: body.customer_uuid ?? null,
  };
}

function quoteRowOut(q: ServiceQuote) {
  return {
    service: q.serviceId,
    carrier: q.carrier,
    service_name: q.serviceName,
    service_description: q.serviceDescription,
    cost: q.costPence,
    cost_text: q.costPence === null ? null : formatPounds(q.costPence),
    logo: logoOf(q.carrier),
    cover_text: q.coverText,
    available: q.available,
    reason: q.reason,
  };
}

const quoteRowSchema = z.object({
  service: z.string(),
  carrier: z.string(),
  service_name: z.string(),
  service_description: z.string(),
  cost: z.number().int().nullable(),
  cost_text: z.string().nullable(),
  logo: z.string(),
  cover_text: z.string(),
  available: z.boolean(),
  reason: z.string().nullable(),
});

const presetOut = z.object({
  id: z.string().optional(),
  name: z.string(),
  weight: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  builtin: z.boolean(),
});

/**
 * Which of the company's parcels a member sees (as letters, decision 0012): all of them with
 * see_parcels; with `approve`, those created in the departments they supervise (all when they
 * supervise none in particular); with create_parcel alone, their own. `null`: the whole company.
 */
type ParcelScope = null | { userId: string; departmentIds: string[] };

async function parcelScope(pool: pg.Pool, auth: AuthContext): Promise<ParcelScope> {
  if (auth.abilities.has('see_parcels')) return null;
  let departmentIds: string[] = [];
  if (auth.abilities.has('approve')) {
    departmentIds = await supervisedDepartmentIds(pool, auth);
    if (departmentIds.length === 0) return null;
  }
  return { userId: auth.userId, departmentIds };
}

function addParcelScope(where: Where, scope: ParcelScope, accountId: string): Where {
  if (!scope) return where;
  return where.add(
    '(p.creator_id = ? or p.creator_id in (select u.id from users u where u.account_id = ? and u.department_id = any(?::text[])))',
    scope.userId,
    accountId,
    scope.departmentIds,
  );
}

/** A draft's text field: what a person may have typed, bounded. */
const draftText = z.string().max(300).optional();
const draftParty = z.strictObject({
  name: draftText,
  phoneNumber: draftText,
  email: draftText,
  addressLine1: draftText,
  addressLine2: draftText,
  addressLine3: draftText,
  town: draftText,
  county: draftText,
  postcode: draftText,
});
const draftNumber = z.union([z.string().max(40), z.number()]).optional();
/** The booking form as the member left it (decision 0034): text as typed, nothing checked yet. */
const draftSchema = z.strictObject({
  step: z.number().int().min(0).max(3),
  recipient: draftParty,
  sender: draftParty,
  details: z.strictObject({
    goods_value: draftNumber,
    goods_description: draftText,
    delivery_notes: draftText,
    length: draftNumber,
    width: draftNumber,
    height: draftNumber,
    weight: draftNumber,
    collection_date: z.string().max(40).optional(),
  }),
  customer_uuid: z.string().max(100).nullable(),
});

/**
 * The sender from the company's registered office (Companies House's lines: street, line 2,
 * locality, region, postcode, country) when no postal address is saved: the lines before the
 * postcode are the street lines, then the town, then (with three or more) the county.
 */
export function partyFromRegisteredOffice(lines: readonly string[]) {
  const at = lines.findIndex((l) => isUkPostcodeFormat(l));
  if (at < 1) return null;
  const before = lines.slice(0, at).map((l) => l.trim());
  const county = before.length >= 3 ? before.at(-1)! : '';
  const rest = before.length >= 3 ? before.slice(0, -1) : before;
  const town = rest.length >= 2 ? rest.at(-1)! : '';
  const street = rest.length >= 2 ? rest.slice(0, -1) : rest;
  return {
    addressLine1: street[0] ?? '',
    addressLine2: street[1] ?? '',
    addressLine3: street.slice(2).join(', '),
    town,
    county,
    postcode: normalisePostcode(lines[at]!),
  };
}

export function registerParcelRoutes(app: App, deps: ParcelDeps) {
  const { pool } = deps;

  /**
   * The parties' postcodes asked of the postcode service, as customers' are (decision 0018): one it
   * says does not exist is refused with the form's "Invalid Postcode" under its field. A service
   * that cannot answer does not stop a booking (decision 0034): the carrier checks the address too.
   */
  async function checkPartyPostcodes(r: QuotedRequest, onOutage: (error: unknown) => void): Promise<void> {
    const service = deps.postcodes;
    if (!service) return;
    const parts = [
      ['sender', r.sender.postcode],
      ['recipient', r.recipient.postcode],
    ] as const;
    let answers: boolean[];
    try {
      answers = await Promise.all(parts.map(([, postcode]) => service.validate(postcode)));
    } catch (error) {
      onOutage(error);
      return;
    }
    const fields = parts
      .filter((_, i) => !answers[i])
      .map(([part]) => ({ path: `${part}.postcode`, message: PARCEL_MESSAGES.postcodeInvalid }));
    if (fields.length) throw new AppError('VALIDATION_FAILED', PARCEL_MESSAGES.postcodeInvalid, fields);
  }
  const listQuery = listQuerySchema(['status', 'carrier_name'], ['all']);

  async function loadParcel(id: string, accountId: string, scope: ParcelScope = null): Promise<Row> {
    const where = addParcelScope(new Where().add('p.id = ?', id).add('p.account_id = ?', accountId), scope, accountId);
    const { rows } = await pool.query<Row>(`select ${COLUMNS} from parcels p ${where}`, where.params);
    if (!rows[0]) throw new AppError('NOT_FOUND');
    return rows[0];
  }

  app.get(
    '/api/parcels/defaults',
    {
      schema: {
        tags: ['parcels'],
        summary: 'What the booking form starts from: the sender, the presets and the carriers',
        response: {
          200: z.object({
            sender: partyOut.nullable(),
            presets: z.array(presetOut),
            carriers: z.array(z.object({ name: z.string(), slug: z.string(), logo: z.string() })),
          }),
        },
      },
      config: { access: create },
    },
    async (request) => {
      const auth = request.auth!;
      // The sender is the company's postal address (decision 0022) with the company's name and the
      // member's phone and email; without one, the sender this company used last, else the
      // member's name, phone and email with the address to fill in.
      // Without a postal address, the sender this company used last; without one either (a new
      // company), its registered office as the register gave it (decision 0034).
      const postal = await getPostalAddress(pool, auth.accountId);
      const { rows: last } = postal
        ? { rows: [] }
        : await pool.query<Pick<ParcelTableRow, 'sender'>>(
            'select sender from parcels where account_id = $1 order by created_at desc limit 1',
            [auth.accountId],
          );
      const { rows: registered } =
        postal || last[0]
          ? { rows: [] }
          : await pool.query<Pick<AccountRow, 'registration'>>('select registration from accounts where id = $1', [
              auth.accountId,
            ]);
      const office = registered[0]?.registration
        ? partyFromRegisteredOffice(registered[0].registration.registered_address)
        : null;
      const phone = auth.row.phone_number;
      const company = {
        name: auth.row.account_name ?? auth.row.name,
        phoneNumber: phone,
        email: auth.row.email,
      };
      const sender = postal
        ? { ...company, ...postal }
        : last[0]
          ? withLines(last[0].sender)
          : office
            ? { ...company, ...office }
            : {
                name: auth.row.name,
                phoneNumber: phone,
                email: auth.row.email,
                addressLine1: '',
                addressLine2: '',
                addressLine3: '',
                town: '',
                county: '',
                postcode: '',
              };
      const { rows: own } = await pool.query<
        Pick<ParcelPresetRow, 'id' | 'name' | 'weight_kg' | 'length_cm' | 'width_cm' | 'height_cm'>
      >(
        'select id, name, weight_kg, length_cm, width_cm, height_cm from parcel_presets where account_id = $1 order by lower(name)',
        [auth.accountId],
      );
      return {
        sender,
        presets: [
          ...PARCEL_PRESETS.map((p) => ({ ...p, builtin: true })),
          ...own.map((p) => ({
            id: p.id,
            name: p.name,
            weight: Number(p.weight_kg),
            length: Number(p.length_cm),
            width: Number(p.width_cm),
            height: Number(p.height_cm),
            builtin: false,
          })),
        ],
        carriers: CARRIER_NAMES.map((name) => ({ name, slug: carrierSlug(name), logo: logoOf(name) })),
      };
    },
  );

  const draftAnswer = z.object({ draft: draftSchema.nullable(), updated_at: z.string().nullable() });
  const draftAccess = { access: create, webOnly: true } as const;
  app.get(
    '/api/parcels/draft',
    {
      schema: {
        tags: ['parcels'],
        summary: "The member's booking form as they left it (null when none): it survives a reload and follows them",
        response: { 200: draftAnswer },
      },
      config: draftAccess,
    },
    async (request) => {
      const auth = request.auth!;
      const { rows } = await pool.query<Pick<ParcelDraftRow, 'draft' | 'updated_at'>>(
        'select draft, updated_at from parcel_drafts where user_id = $1 and account_id = $2',
        [auth.userId, auth.accountId],
      );
      const row = rows[0];
      // A draft written by an earlier release that no longer reads is dropped, not a 500.
      const parsed = row ? draftSchema.safeParse(row.draft) : null;
      return parsed?.success
        ? { draft: parsed.data, updated_at: row!.updated_at.toISOString() }
        : { draft: null, updated_at: null };
    },
  );

  app.put(
    '/api/parcels/draft',
    {
      schema: {
        tags: ['parcels'],
        summary: "Keeps the member's booking form as typed until they book or discard it",
        body: draftSchema,
        response: { 200: z.object({ updated_at: z.string() }), 422: errorSchema },
      },
      config: draftAccess,
    },
    async (request) => {
      const auth = request.auth!;
      const { rows } = await pool.query<Pick<ParcelDraftRow, 'updated_at'>>(
        `insert into parcel_drafts (user_id, account_id, draft) values ($1, $2, $3)
         on conflict (user_id) do update set draft = excluded.draft, account_id = excluded.account_id, updated_at = now()
         returning updated_at`,
        // The body's lone surrogates are U+FFFD already (input-guard.ts): jsonb would refuse them.
        [auth.userId, auth.accountId, JSON.stringify(request.body)],
      );
      return { updated_at: rows[0]!.updated_at.toISOString() };
    },
  );

  app.delete(
    '/api/parcels/draft',
    {
      schema: {
        tags: ['parcels'],
        summary: "Discards the member's booking form",
        response: { 200: z.object({ message: z.string() }) },
      },
      config: draftAccess,
    },
    async (request) => {
      const auth = request.auth!;
      await pool.query('delete from parcel_drafts where user_id = $1 and account_id = $2', [
        auth.userId,
        auth.accountId,
      ]);
      return { message: 'Draft discarded' };
    },
  );

  const addressQuery = z.object({ postcode: z.string().max(16) });
  const addressSchema = z.object({
    id: z.string(),
    line1: z.string(),
    line2: z.string(),
    line3: z.string(),
    town: z.string(),
    county: z.string(),
    postcode: z.string(),
  });
  app.get(
    '/api/addresses',
    {
      schema: {
        tags: ['parcels'],
        summary: 'The addresses at a UK postcode, to pick from in an address form ("Find address")',
        querystring: addressQuery,
        response: {
          200: z.object({ postcode: z.string(), addresses: z.array(addressSchema).max(ADDRESSES_MAX) }),
          422: errorSchema,
          503: errorSchema,
        },
      },
      config: {
        // Those who fill in addresses: parcels' parties, customers, the company's own.
        access: { kind: 'member', anyOf: ['create_parcel', 'manage_recipients', 'edit_company_address'] },
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
    },
    async (request) => {
      const typed = request.query.postcode.trim();
      if (!isUkPostcodeFormat(typed))
        throw new AppError('VALIDATION_FAILED', PARCEL_MESSAGES.postcodeInvalid, [
          { path: 'postcode', message: PARCEL_MESSAGES.postcodeInvalid },
        ]);
      const postcode = normalisePostcode(typed);
      try {
        return { postcode, addresses: await deps.addresses.find(postcode) };
      } catch (error) {
        if (!(error instanceof AddressLookupUnavailableError)) throw error;
        request.log.warn({ err: error }, 'address lookup failed');
        throw new AppError('UNAVAILABLE', 'Addresses cannot be looked up just now. Please type the address.');
      }
    },
  );

  app.post(
    '/api/parcels/presets',
    {
      schema: {
        tags: ['parcels'],
        summary: "Saves one of the company's own parcel presets",
        body: parcelPresetSchema,
        response: { 201: presetOut, 409: errorSchema, 422: errorSchema },
      },
      config: { access: create },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const b = request.body;
      if (PARCEL_PRESETS.some((p) => p.name.toLowerCase() === b.name.toLowerCase()))
        throw new AppError('CONFLICT', `${b.name} is a built-in preset. Please choose another name.`);
      const id = randomUUID();
      await inTransaction(pool, async (q) => {
        await q.query('select id from accounts where id = $1 for update', [auth.accountId]);
        const { rows } = await q.query<{ n: number }>(
          'select count(*)::int as n from parcel_presets where account_id = $1',
          [auth.accountId],
        );
        if (rows[0]!.n >= PRESETS_MAX)
          throw new AppError('CONFLICT', `A company can keep at most ${PRESETS_MAX} presets.`);
        const r = await q.query(
          `insert into parcel_presets (id, account_id, name, weight_kg, length_cm, width_cm, height_cm)
           values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
          [id, auth.accountId, b.name, b.weight, b.length, b.width, b.height],
        );
        if (!r.rowCount) throw new AppError('CONFLICT', `A preset named ${b.name} already exists.`);
      });
      return reply.status(201).send({ id, ...b, builtin: false });
    },
  );

  app.delete(
    '/api/parcels/presets/:id',
    {
      schema: {
        tags: ['parcels'],
        summary: "Deletes one of the company's own presets",
        params: idParams,
        response: { 200: z.object({ message: z.string() }), 404: errorSchema },
      },
      config: { access: create },
    },
    async (request) => {
      const { id } = request.params;
      const r = await pool.query('delete from parcel_presets where id = $1 and account_id = $2', [
        id,
        request.auth!.accountId,
      ]);
      if (!r.rowCount) throw new AppError('NOT_FOUND');
      return { message: 'Preset deleted' };
    },
  );

  app.post(
    '/api/parcels/quotes',
    {
      schema: {
        tags: ['parcels'],
        summary: 'Asks every carrier at once for this parcel: priced rows, and the refused ones with the reason',
        body: quoteBody,
        response: {
          200: z.object({ quote_id: z.string(), expires_at: z.string(), rows: z.array(quoteRowSchema) }),
          422: errorSchema,
        },
      },
      config: { access: create },
    },
    async (request) => {
      const auth = request.auth!;
      const r = parseQuoteRequest(request.body);
      await checkPartyPostcodes(r, (error) =>
        request.log.warn({ err: error }, 'postcode service failed: the parcel is quoted on the postcode shape'),
      );
      const rows = await quoteAll(
        deps.carriers,
        {
          sender: r.sender,
          recipient: r.recipient,
          parcel: {
            weight: r.details.weight,
            length: r.details.length,
            width: r.details.width,
            height: r.details.height,
            goodsValue: r.details.goods_value,
            collectionDate: r.details.collection_date,
          },
        },
        deps.quoteTimeoutMs,
      );
      const id = randomUUID();
      const expires = new Date(Date.now() + QUOTE_TTL_MS);
      await pool.query(
        `insert into parcel_quotes (id, account_id, user_id, request, rows, expires_at) values ($1, $2, $3, $4, $5, $6)`,
        [id, auth.accountId, auth.userId, JSON.stringify(r), JSON.stringify(rows), expires],
      );
      return { quote_id: id, expires_at: expires.toISOString(), rows: rows.map(quoteRowOut) };
    },
  );

  const confirmBody = z.strictObject({ quote_id: z.string().min(1).max(100), service: z.string().min(1).max(200) });
  app.post(
    '/api/parcels',
    {
      schema: {
        tags: ['parcels'],
        summary: 'Confirms a quote row: the price is held and the booking made (or a supervisor asked)',
        body: confirmBody,
        response: { 201: parcelSchema, 402: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
      config: { access: create },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const b = request.body;
      // Couriers have no sandbox a test key's booking could be kept apart in (decision 0030).
      if (auth.apiKey?.mode === 'test') throw new AppError('PERMISSION_DENIED', API_KEY_MESSAGES.testKeyParcels);
      const { id } = await inTransaction(pool, (q) => confirmParcel(q, auth, b.quote_id, b.service));
      return reply.status(201).send(toParcel(await loadParcel(id, auth.accountId)));
    },
  );

  app.get(
    '/api/parcels',
    {
      schema: {
        tags: ['parcels'],
        summary:
          "The company's parcels, newest first, with search (recipient, postcode, carrier, tracking number) and filters",
        querystring: listQuery,
        response: { 200: listSchema(parcelSchema), 422: errorSchema },
      },
      config: { access: list },
    },
    async (request) => {
      const q = request.query;
      const auth = request.auth!;
      const where = addParcelScope(
        new Where().add('p.account_id = ?', auth.accountId),
        await parcelScope(pool, auth),
        auth.accountId,
      );
      if (q.search)
        where.add(
          `lower(p.recipient_name || ' ' || p.recipient_postcode || ' ' || p.carrier_name || ' ' || coalesce(p.shipment_id, '')) like ? escape '\\'`,
          likePattern(q.search),
        );
      const statuses = filterValues(q, 'status');
      if (statuses.some((s) => !isParcelStatus(s)))
        throw new AppError(
          'VALIDATION_FAILED',
          `Unknown status: ${statuses.filter((s) => !isParcelStatus(s)).join(', ')}`,
        );
      if (statuses.length) where.add('p.status = any(?::text[])', statuses);
      const carriers = filterValues(q, 'carrier_name');
      if (carriers.some((c) => !(CARRIER_NAMES as readonly string[]).includes(c)))
        throw new AppError('VALIDATION_FAILED', 'Unknown carrier.');
      if (carriers.length) where.add('p.carrier_name = any(?::text[])', carriers);
      const limit = rowLimit(q.limit);
      const page = new Where();
      page.params.push(...where.params);
      const [rows, count] = await Promise.all([
        pool.query<Row>(
          `select ${COLUMNS} from parcels p ${where} order by p.created_at desc, p.id desc
            limit ${page.param(limit)} offset ${page.param(q.page * limit)}`,
          page.params,
        ),
        pool.query<{ n: number }>(`select count(*)::int as n from parcels p ${where}`, where.params),
      ]);
      return {
        rows: rows.rows.map(toParcel),
        count: count.rows[0]!.n,
        filter_options: { status: [...PARCEL_STATUSES], carrier_name: [...CARRIER_NAMES] },
      };
    },
  );

  app.get(
    '/api/parcels/:id',
    {
      schema: {
        tags: ['parcels'],
        summary: 'One parcel with its history and tracking points',
        params: idParams,
        response: { 200: detailSchema, 404: errorSchema },
      },
      config: { access: list },
    },
    async (request) => {
      const { id } = request.params;
      const p = await loadParcel(id, request.auth!.accountId, await parcelScope(pool, request.auth!));
      const [history, tracking] = await Promise.all([
        pool.query<Narrow<Pick<ParcelHistoryRow, 'status' | 'reason' | 'created_at'>, { status: ParcelStatus }>>(
          'select status, reason, created_at from parcel_history where parcel_id = $1 order by id desc limit 100',
          [id],
        ),
        trackingPoints(id),
      ]);
      return {
        ...toParcel(p),
        history: history.rows.map((h) => ({ status: h.status, reason: h.reason, at: h.created_at.toISOString() })),
        tracking,
      };
    },
  );

  async function trackingPoints(parcelId: string) {
    const { rows } = await pool.query<
      Narrow<Pick<ParcelTrackingRow, 'at' | 'status' | 'message'>, { status: TrackingStatus }>
    >(
      'select at, status, message from parcel_tracking where parcel_id = $1 order by at desc, received_at desc limit 200',
      [parcelId],
    );
    return rows.map((t) => ({
      time: t.at.toISOString(),
      carrier_message: t.message,
      status: TRACKING_LABELS[t.status] ?? t.status,
    }));
  }

  app.post(
    '/api/parcels/:id/void',
    {
      schema: {
        tags: ['parcels'],
        summary:
          'Cancels (voids) a booked label the carrier has not scanned yet, refunding its price once: status Cancelled',
        params: idParams,
        response: { 200: parcelSchema, 404: errorSchema, 409: errorSchema, 503: errorSchema },
      },
      config: { access: create },
    },
    async (request) => {
      const auth = request.auth!;
      const { id } = request.params;
      // Only a parcel the member sees (decision 0012's scope) may be cancelled by them.
      await loadParcel(id, auth.accountId, await parcelScope(pool, auth));
      await voidParcel(deps, auth, id);
      return toParcel(await loadParcel(id, auth.accountId));
    },
  );

  const labelQuery = z.object({ download: z.enum(['0', '1']).optional() });
  app.get(
    '/api/parcels/:id/label',
    {
      schema: {
        tags: ['parcels'],
        summary: 'The printable label (PDF); 204 while the carrier is still making it',
        params: idParams,
        querystring: labelQuery,
        response: {
          200: fileResponse('The label', 'application/pdf'),
          204: z.null().describe('The label is not ready yet'),
          404: errorSchema,
          409: errorSchema,
        },
      },
      config: { access: see },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { download } = request.query;
      const p = await loadParcel(id, request.auth!.accountId);
      if (!parcelHasShipment(p.status)) throw new AppError('CONFLICT', `This parcel has no label: it is ${p.status}.`);
      if (!p.label_key) return reply.status(204).send(null);
      const name = `label-${carrierSlug(p.carrier_name)}-${p.shipment_id}.pdf`.replace(/[^A-Za-z0-9._-]/g, '');
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${download === '1' ? 'attachment' : 'inline'}; filename="${name}"`)
        .send(deps.blobs.read(p.label_key));
    },
  );

  const trackParams = z.object({ carrier: z.string().min(1).max(40), shipmentId: z.string().min(1).max(60) });
  app.get(
    '/api/parcels/track/:carrier/:shipmentId',
    {
      schema: {
        tags: ['parcels'],
        summary: "A shipment's tracking points, newest first",
        params: trackParams,
        response: {
          200: z.object({
            parcel_uuid: z.string(),
            carrier_name: z.string(),
            carrier_slug: z.string(),
            shipment_id: z.string(),
            status: z.enum(PARCEL_STATUSES),
            tracking_status: z.string().nullable(),
            tracking_label: z.string().nullable(),
            recipient: z.string(),
            destination_address: z.string(),
            points: z.array(pointSchema),
          }),
          404: errorSchema,
        },
      },
      config: { access: see },
    },
    async (request) => {
      const { carrier: slug, shipmentId } = request.params;
      const carrier = carrierFromSlug(slug) ?? CARRIER_NAMES.find((n) => n.toLowerCase() === slug.toLowerCase());
      if (!carrier) throw new AppError('NOT_FOUND');
      const { rows } = await pool.query<Row>(
        `select ${COLUMNS} from parcels p where p.account_id = $1 and p.carrier_name = $2 and p.shipment_id = $3`,
        [request.auth!.accountId, carrier, shipmentId],
      );
      const p = rows[0];
      if (!p) throw new AppError('NOT_FOUND');
      return {
        parcel_uuid: p.id,
        carrier_name: p.carrier_name,
        carrier_slug: carrierSlug(p.carrier_name),
        shipment_id: shipmentId,
        status: p.status,
        tracking_status: p.tracking_status,
        tracking_label: p.tracking_status ? TRACKING_LABELS[p.tracking_status] : null,
        recipient: p.recipient.name,
        destination_address: partyLine(p.recipient),
        points: await trackingPoints(p.id),
      };
    },
  );

  // Carriers' tracking pushes: authenticated by their signature, not a session.
  app.register(async (plugin) => {
    // The plugin's own instance: typed by the routes' Zod schemas like the app.
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const webhookParams = z.object({ carrier: z.string().min(1).max(40) });
    scope.post(
      '/api/carriers/:carrier/webhook',
      {
        schema: {
          tags: ['parcels'],
          summary: "A carrier's signed tracking events",
          params: webhookParams,
          response: {
            200: z.object({ applied: z.number().int() }),
            400: errorSchema,
            404: z.object({ applied: z.number().int() }),
          },
        },
        config: { access: { kind: 'public' }, csrfExempt: true },
      },
      async (request, reply) => {
        const { carrier: slug } = request.params;
        const carrier = carrierFromSlug(slug);
        if (!carrier) return reply.status(404).send({ applied: 0 });
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw new AppError('WEBHOOK_INVALID');
        const signature = request.headers['x-carrier-signature'];
        const r = await handleCarrierWebhook(deps, carrier, raw, typeof signature === 'string' ? signature : undefined);
        if (r.unknown && !r.applied) return reply.status(404).send({ applied: 0 });
        return { applied: r.applied };
      },
    );
  });
}
