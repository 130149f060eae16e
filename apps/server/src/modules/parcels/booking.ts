import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  canMoveParcel,
  canSeeBalance,
  formatPounds,
  MONEY_MESSAGES,
  PARCEL_MESSAGES,
  PARCEL_STATUS,
  type ParcelParty,
  type ParcelStatus,
  type TrackingStatus,
  trackingAdvances,
} from '@lp/domain';
import type pg from 'pg';
import { type AuthContext, actorName } from '../../platform/access.js';
import type { BlobStore } from '../../platform/blobs.js';
import type { Narrow } from '../../platform/db/row.js';
import type {
  CustomerRow,
  ParcelQuoteRow,
  ParcelRow as ParcelTableRow,
  ParcelTrackingRow,
} from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { addJob } from '../../platform/jobs.js';
import { TASKS } from '../../platform/tasks.js';
import type { AddressLookup } from '../../providers/addresses.js';
import {
  type Booking,
  type CarrierAdapter,
  CarrierError,
  type CarrierName,
  carrierTrackingUrl,
  type ServiceQuote,
  type TrackingEvent,
} from '../../providers/carriers/types.js';
import type { PostcodeService } from '../../providers/postcodes.js';
import { needsApproval, registerApprovalHandler, registerDenyHandler, requestApproval } from '../approvals/index.js';
import { findCustomer } from '../customers/index.js';
import { actorOf, capture, hold, readBalance, refund, release } from '../money/index.js';
import { emitParcelStatusChanged } from './parcel-event.js';

/** Books a confirmed parcel with its carrier (keyed per parcel, retried with backoff). */
export const BOOK_PARCEL_TASK = 'book_parcel';
/** Asks the carrier for the label until it is made. */
export const FETCH_LABEL_TASK = 'fetch_parcel_label';
/** How long a label may take before the booking is given up, cancelled and refunded. */
export const LABEL_WAIT_MS = 10 * 60_000;

export interface ParcelDeps {
  pool: pg.Pool;
  blobs: BlobStore;
  carriers: ReadonlyMap<CarrierName, CarrierAdapter>;
  quoteTimeoutMs: number;
  /** How often the label job asks the carrier again while the label is being made. */
  labelPollMs: number;
  /** The postcode service the parties' postcodes are checked with (null: their shape only). */
  postcodes: PostcodeService | null;
  /** What "Find address" asks (decision 0034). */
  addresses: AddressLookup;
}

/** The request a quote was made for, as kept with it. */
export interface QuotedRequest {
  sender: ParcelParty;
  recipient: ParcelParty;
  details: {
    goods_value: number;
    goods_description: string;
    delivery_notes: string;
    length: number;
    width: number;
    height: number;
    weight: number;
    collection_date: string;
  };
  customer_uuid: string | null;
}

/** What the product writes to parcels' text columns (no check constraint says it). */
export interface ParcelValues {
  status: ParcelStatus;
  carrier_name: CarrierName;
  tracking_status: TrackingStatus | null;
}

export type ParcelRow = Narrow<
  Pick<
    ParcelTableRow,
    | 'id'
    | 'account_id'
    | 'creator_id'
    | 'creator_name'
    | 'status'
    | 'carrier_name'
    | 'service_id'
    | 'shipment_id'
    | 'carrier_reference'
    | 'hold_id'
    | 'charge_entry_id'
    | 'cost_pence'
    | 'sender'
    | 'recipient'
    | 'goods_value_pence'
    | 'goods_description'
    | 'delivery_notes'
    | 'length_cm'
    | 'width_cm'
    | 'height_cm'
    | 'weight_kg'
    | 'label_key'
    | 'tracking_status'
  >,
  ParcelValues
> & { collection_date: string }; // to_char(collection_date, 'YYYY-MM-DD')

const PARCEL_COLUMNS = `id, account_id, creator_id, creator_name, status, carrier_name, service_id, shipment_id, carrier_reference, hold_id,
  charge_entry_id, cost_pence, sender, recipient, goods_value_pence::int8 as goods_value_pence, goods_description,
  delivery_notes, length_cm, width_cm, height_cm, weight_kg, to_char(collection_date, 'YYYY-MM-DD') as collection_date,
  label_key, tracking_status`;

async function lockParcel(q: pg.ClientBase, id: string): Promise<ParcelRow | null> {
  const { rows } = await q.query<ParcelRow>(`select ${PARCEL_COLUMNS} from parcels where id = $1 for update`, [id]);
  return rows[0] ?? null;
}

/** Moves a parcel through the transition table (and nowhere else), with its history row and a live refresh. */
export async function moveParcel(
  q: pg.ClientBase,
  p: Pick<ParcelRow, 'id' | 'account_id' | 'status'>,
  to: ParcelStatus,
  reason: string | null,
  set: Record<string, unknown> = {},
): Promise<void> {
  if (p.status !== to && !canMoveParcel(p.status, to))
    throw new AppError('CONFLICT', `A parcel cannot go from ${p.status} to ${to}.`);
  const cols = Object.keys(set);
  await q.query(
    `update parcels set status = $2, updated_at = now()${cols.map((c, i) => `, ${c} = $${i + 3}`).join('')} where id = $1`,
    [p.id, to, ...cols.map((c) => set[c])],
  );
  await q.query('insert into parcel_history (parcel_id, status, reason) values ($1, $2, $3)', [p.id, to, reason]);
  await publish(q, { accountId: p.account_id, message: { type: 'refresh', entities: ['parcels', 'finances'] } });
  if (p.status !== to) await emitParcelStatusChanged(q, p.account_id, p.id, p.status);
}

export async function queueBooking(q: pg.ClientBase, parcelId: string): Promise<void> {
  await q.query('select graphile_worker.add_job($1, $2::json, max_attempts => $3, job_key => $4)', [
    BOOK_PARCEL_TASK,
    JSON.stringify({ parcelId }),
    6,
    `book_parcel:${parcelId}`,
  ]);
}

async function queueLabelFetch(
  q: pg.ClientBase | pg.Pool,
  parcelId: string,
  since: number,
  delayMs: number,
): Promise<void> {
  await q.query(
    'select graphile_worker.add_job($1, $2::json, run_at => $3, max_attempts => $4, job_key => $5, job_key_mode => $6)',
    [
      FETCH_LABEL_TASK,
      JSON.stringify({ parcelId, since }),
      new Date(Date.now() + delayMs),
      10,
      `fetch_label:${parcelId}`,
      'replace',
    ],
  );
}

/** A party's address on one line (lines, town, county, postcode). */
export const partyLine = (p: ParcelParty) =>
  [p.addressLine1, p.addressLine2, p.addressLine3, p.town, p.county, p.postcode].filter(Boolean).join(', ');

/**
 * Confirms a quote row (decision 0019), in the caller's transaction: the parcel is recorded at the
 * quoted price, the price is held (the member's cap counts it now), and the booking is queued, or a
 * supervisor is asked first when create_parcel needs approval. Nothing is held when a check fails.
 */
export async function confirmParcel(
  q: pg.ClientBase,
  auth: AuthContext,
  quoteId: string,
  serviceId: string,
): Promise<{ id: string; status: ParcelStatus }> {
  const { rows: quotes } = await q.query<
    Narrow<Pick<ParcelQuoteRow, 'request' | 'rows'>, { request: QuotedRequest; rows: ServiceQuote[] }> & {
      expired: boolean;
    }
  >(`select request, rows, expires_at < now() as expired from parcel_quotes where id = $1 and account_id = $2`, [
    quoteId,
    auth.accountId,
  ]);
  const quote = quotes[0];
  if (!quote) throw new AppError('NOT_FOUND', 'This quote does not exist.');
  if (quote.expired) throw new AppError('CONFLICT', 'This quote has expired. Please get new quotes.');
  const row = quote.rows.find((r) => r.serviceId === serviceId);
  if (!row) throw new AppError('NOT_FOUND', 'This service is not part of the quote.');
  if (!row.available || row.costPence === null)
    throw new AppError('CONFLICT', row.reason ?? `${row.carrier} cannot take this parcel.`);
  const { request: r } = quote;
  let customerId: string | null = null;
  if (r.customer_uuid) {
    const c = await findCustomer<Pick<CustomerRow, 'id'>>(q, auth.accountId, r.customer_uuid, 'id');
    customerId = c?.id ?? null;
  }
  const { available } = await readBalance(q, auth.accountId);
  const mayShowBalance = canSeeBalance(auth.row.restrict_balance, auth.abilities);
  if (available < row.costPence)
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      MONEY_MESSAGES.insufficientFunds(row.costPence, mayShowBalance ? Math.max(0, available) : null),
    );
  const id = randomUUID();
  const review = needsApproval(auth.row, 'create_parcel');
  const status: ParcelStatus = review ? PARCEL_STATUS.inReview : PARCEL_STATUS.pending;
  await q.query(
    `insert into parcels (id, account_id, creator_id, creator_name, sender_email, status, sender, recipient, recipient_name,
       recipient_postcode, customer_id, carrier_name, service_id, service_name, goods_value_pence, goods_description,
       delivery_notes, length_cm, width_cm, height_cm, weight_kg, collection_date, cost_pence)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)`,
    [
      id,
      auth.accountId,
      auth.userId,
      actorName(auth),
      r.sender.email || auth.row.email,
      status,
      JSON.stringify(r.sender),
      JSON.stringify(r.recipient),
      r.recipient.name,
      r.recipient.postcode,
      customerId,
      row.carrier,
      row.serviceId,
      row.serviceName,
      Math.round(r.details.goods_value * 100),
      r.details.goods_description,
      r.details.delivery_notes,
      r.details.length,
      r.details.width,
      r.details.height,
      r.details.weight,
      r.details.collection_date,
      row.costPence,
    ],
  );
  const what = `${row.carrier} ${row.serviceName} to ${r.recipient.name}, ${r.recipient.postcode}`;
  if (review) {
    const approvalId = await requestApproval(q, auth, {
      task: 'create_parcel',
      entityType: 'parcel',
      entityId: id,
      payload: { parcel_id: id, carrier: row.carrier, total_pence: row.costPence },
      description: `${actorName(auth)} asks to book a parcel: ${what} (${formatPounds(row.costPence)}).`,
    });
    await q.query('update parcels set approval_id = $2 where id = $1', [id, approvalId]);
    await q.query('insert into parcel_history (parcel_id, status, reason) values ($1, $2, $3)', [
      id,
      status,
      'Waiting for a supervisor',
    ]);
  } else {
    await q.query('insert into parcel_history (parcel_id, status, reason) values ($1, $2, $3)', [
      id,
      status,
      `Booking with ${row.carrier}`,
    ]);
    await queueBooking(q, id);
  }
  // The member's booking form is done with (decision 0034); a program's booking leaves it alone.
  if (!auth.apiKey) await q.query('delete from parcel_drafts where user_id = $1', [auth.userId]);
  // The hold comes last: the company's balance row stays locked from here to the commit.
  const h = await hold(q, {
    accountId: auth.accountId,
    key: `parcel:${id}`,
    amount: row.costPence,
    description: `Parcel: ${what}`,
    actor: actorOf(auth),
    serviceId: id,
    reference: id,
    canSeeBalance: mayShowBalance,
  });
  await q.query('update parcels set hold_id = $2 where id = $1', [id, h.id]);
  await publish(q, { accountId: auth.accountId, message: { type: 'refresh', entities: ['parcels', 'finances'] } });
  return { id, status };
}

function bookingOf(p: ParcelRow): Booking {
  return { shipmentId: p.shipment_id!, carrierReference: p.carrier_reference ?? p.shipment_id! };
}

function requestOf(p: ParcelRow) {
  return {
    sender: p.sender,
    recipient: p.recipient,
    parcel: {
      weight: Number(p.weight_kg),
      length: Number(p.length_cm),
      width: Number(p.width_cm),
      height: Number(p.height_cm),
      goodsValue: Number(p.goods_value_pence) / 100,
      collectionDate: p.collection_date,
    },
  };
}

/** Gives up on a booking: Failed to Create Shipment, the hold released (or the charge refunded). */
async function failParcel(q: pg.ClientBase, p: ParcelRow, reason: string): Promise<void> {
  if (p.hold_id && !p.charge_entry_id) {
    await release(q, { accountId: p.account_id, holdId: p.hold_id, description: `Parcel not booked: ${reason}` });
  } else if (p.charge_entry_id) {
    await refund(q, {
      accountId: p.account_id,
      key: `parcel-refund:${p.id}`,
      entryId: p.charge_entry_id,
      description: `Parcel refunded: ${reason}`,
    });
  }
  await moveParcel(q, p, PARCEL_STATUS.failed, reason, { failure_reason: reason });
}

/**
 * The booking job: asks the carrier for the shipment (our parcel id is its reference, so a retry
 * after a lost answer gets the same shipment), then, in one transaction, records it, charges the
 * hold and queues the label. A refusal, or the last failed attempt, fails the parcel and releases
 * its money.
 */
export async function runBooking(deps: ParcelDeps, parcelId: string, isLastAttempt: boolean): Promise<void> {
  const { rows } = await deps.pool.query<ParcelRow>(`select ${PARCEL_COLUMNS} from parcels where id = $1`, [parcelId]);
  const p = rows[0];
  if (!p || p.status !== PARCEL_STATUS.pending) return;
  const adapter = deps.carriers.get(p.carrier_name);
  let booking: Booking;
  try {
    if (!adapter) throw new CarrierError(`${p.carrier_name} is not available.`, true);
    booking = await adapter.book({
      ...requestOf(p),
      serviceId: p.service_id,
      reference: p.id,
      goodsDescription: p.goods_description,
      deliveryNotes: p.delivery_notes,
    });
  } catch (error) {
    const permanent = error instanceof CarrierError && error.permanent;
    if (!permanent && !isLastAttempt) throw error;
    const reason =
      error instanceof CarrierError ? error.message : `${p.carrier_name} did not answer. Nothing was charged.`;
    await inTransaction(deps.pool, async (q) => {
      const locked = await lockParcel(q, parcelId);
      if (locked?.status === PARCEL_STATUS.pending) await failParcel(q, locked, reason);
    });
    return;
  }
  await inTransaction(deps.pool, async (q) => {
    const locked = await lockParcel(q, parcelId);
    if (locked?.status !== PARCEL_STATUS.pending) return;
    const charged = await capture(q, {
      accountId: locked.account_id,
      holdId: locked.hold_id!,
      description: `Parcel booked: ${locked.carrier_name} ${booking.shipmentId}`,
    });
    await moveParcel(
      q,
      locked,
      PARCEL_STATUS.awaitingLabel,
      `Booked with ${locked.carrier_name}: ${booking.shipmentId}`,
      {
        shipment_id: booking.shipmentId,
        carrier_reference: booking.carrierReference,
        charge_entry_id: charged.id,
      },
    );
    await queueLabelFetch(q, locked.id, Date.now(), 0);
    if (locked.recipient.email) await queueTrackingEmail(q, locked, booking.shipmentId);
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The recipient's email: who sent the parcel, with which carrier, and the carrier's tracking link. */
export function trackingEmail(
  p: Pick<ParcelRow, 'recipient' | 'carrier_name' | 'collection_date'> & { service_name: string },
  company: string,
  shipmentId: string,
) {
  const url = carrierTrackingUrl(p.carrier_name, shipmentId);
  const first = p.recipient.name.trim().split(/\s+/)[0] || 'there';
  const collected = new Date(`${p.collection_date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'Europe/London',
  });
  const what = `${company} has sent you a parcel with ${p.carrier_name} (${p.service_name}). ${p.carrier_name} collects it on ${collected}; its tracking number is ${shipmentId}.`;
  const text = `Hello ${first},\n\n${what}\n\nFollow it on ${p.carrier_name}'s website:\n\n${url}\n\nSent by ${company} through Letterpost. Questions about the parcel? Please contact ${company}.\n`;
  const html = `<p>Hello ${escapeHtml(first)},</p><p>${escapeHtml(what)}</p><p><a href="${escapeHtml(url)}">Track your parcel with ${escapeHtml(p.carrier_name)}</a></p><p>Sent by ${escapeHtml(company)} through Letterpost. Questions about the parcel? Please contact ${escapeHtml(company)}.</p>`;
  return {
    to: p.recipient.email!,
    subject: `Your parcel from ${company} is booked with ${p.carrier_name}`,
    text,
    html,
  };
}

/** Queues the tracking email (the send_email job) in the booking's transaction: sent once, when booked. */
async function queueTrackingEmail(q: pg.ClientBase, p: ParcelRow, shipmentId: string): Promise<void> {
  const { rows } = await q.query<{ name: string; service_name: string }>(
    'select a.name, p.service_name from parcels p join accounts a on a.id = p.account_id where p.id = $1',
    [p.id],
  );
  const r = rows[0];
  if (!r) return;
  await addJob(q, TASKS.sendEmail, trackingEmail({ ...p, service_name: r.service_name }, r.name, shipmentId), {
    jobKey: `parcel-tracking-email:${p.id}`,
  });
}

/** How long a void's claim holds before another void may take it (the process died mid-call). */
const VOID_CLAIM = "interval '2 minutes'";

/**
 * Voids a booked label (decision 0034): the parcel is claimed (`voiding_since`) so a second void at
 * the same time is refused, the carrier asked outside any transaction, and when it voids, the
 * charge is refunded (keyed per parcel: once) and the parcel Cancelled in one transaction. A refusal
 * (scanned already) or a carrier that cannot answer lets the claim go and says why.
 */
export async function voidParcel(deps: ParcelDeps, auth: AuthContext, parcelId: string): Promise<void> {
  const { rows: claimed } = await deps.pool.query<ParcelRow>(
    `update parcels set voiding_since = now()
      where id = $1 and account_id = $2 and status = any($3::text[])
        and (tracking_status is null or tracking_status = 'pending')
        and (voiding_since is null or voiding_since < now() - ${VOID_CLAIM})
      returning ${PARCEL_COLUMNS}`,
    [parcelId, auth.accountId, [PARCEL_STATUS.awaitingLabel, PARCEL_STATUS.confirmed]],
  );
  const p = claimed[0];
  if (!p) {
    const { rows } = await deps.pool.query<
      Narrow<Pick<ParcelTableRow, 'status' | 'tracking_status' | 'voiding_since'>, Omit<ParcelValues, 'carrier_name'>>
    >('select status, tracking_status, voiding_since from parcels where id = $1 and account_id = $2', [
      parcelId,
      auth.accountId,
    ]);
    const now = rows[0];
    if (!now) throw new AppError('NOT_FOUND');
    if (now.status === PARCEL_STATUS.cancelled) throw new AppError('CONFLICT', PARCEL_MESSAGES.voidAlready);
    if (now.status !== PARCEL_STATUS.awaitingLabel && now.status !== PARCEL_STATUS.confirmed)
      throw new AppError('CONFLICT', PARCEL_MESSAGES.voidNotBooked);
    if (now.tracking_status !== null && now.tracking_status !== 'pending')
      throw new AppError('CONFLICT', PARCEL_MESSAGES.voidScanned);
    throw new AppError('CONFLICT', PARCEL_MESSAGES.voidInProgress);
  }
  const letGo = () => deps.pool.query('update parcels set voiding_since = null where id = $1', [p.id]);
  const adapter = deps.carriers.get(p.carrier_name);
  let answer: Awaited<ReturnType<CarrierAdapter['void']>>;
  try {
    if (!adapter) throw new CarrierError(`${p.carrier_name} is not available.`, false);
    answer = await adapter.void(bookingOf(p));
  } catch (error) {
    await letGo();
    throw new AppError(
      'UNAVAILABLE',
      error instanceof CarrierError ? error.message : `${p.carrier_name} did not answer. Try again in a moment.`,
    );
  }
  if (!answer.voided) {
    await letGo();
    throw new AppError('CONFLICT', answer.reason);
  }
  await inTransaction(deps.pool, async (q) => {
    const locked = await lockParcel(q, p.id);
    if (!locked || (locked.status !== PARCEL_STATUS.awaitingLabel && locked.status !== PARCEL_STATUS.confirmed)) return;
    let refunded = '';
    if (locked.charge_entry_id) {
      await refund(q, {
        accountId: locked.account_id,
        key: `parcel-refund:${locked.id}`,
        entryId: locked.charge_entry_id,
        description: `Parcel label cancelled: ${locked.carrier_name} ${locked.shipment_id}`,
        actor: actorOf(auth),
      });
      refunded = ` ${formatPounds(locked.cost_pence)} refunded.`;
    }
    await moveParcel(
      q,
      locked,
      PARCEL_STATUS.cancelled,
      `Label cancelled by ${actorName(auth)} with ${locked.carrier_name}.${refunded}`,
      { voiding_since: null },
    );
  });
}

/**
 * The label job: asks the carrier for the label; once made it is kept in the blob store and the
 * parcel is Confirmed. Until then it asks again every `labelPollMs` (2 s by default); after LABEL_WAIT_MS the booking is
 * cancelled with the carrier and refunded.
 */
export async function runLabelFetch(
  deps: ParcelDeps,
  parcelId: string,
  since: number,
  isLastAttempt: boolean,
): Promise<void> {
  const { rows } = await deps.pool.query<ParcelRow>(`select ${PARCEL_COLUMNS} from parcels where id = $1`, [parcelId]);
  const p = rows[0];
  if (!p || p.status !== PARCEL_STATUS.awaitingLabel) return;
  const adapter = deps.carriers.get(p.carrier_name)!;
  let answer: Awaited<ReturnType<CarrierAdapter['label']>>;
  try {
    answer = await adapter.label(bookingOf(p));
  } catch (error) {
    if (!isLastAttempt && Date.now() - since < LABEL_WAIT_MS) throw error;
    answer = { ready: false };
  }
  if (!answer.ready) {
    if (Date.now() - since < LABEL_WAIT_MS) {
      await queueLabelFetch(deps.pool, p.id, since, deps.labelPollMs);
      return;
    }
    await adapter.cancel(bookingOf(p)).catch(() => false);
    await inTransaction(deps.pool, async (q) => {
      const locked = await lockParcel(q, parcelId);
      if (locked?.status === PARCEL_STATUS.awaitingLabel)
        await failParcel(
          q,
          locked,
          `${p.carrier_name} did not make the label. The booking was cancelled and refunded.`,
        );
    });
    return;
  }
  const key = `parcels/${p.account_id}/${p.id}.pdf`;
  await deps.blobs.put(key, Readable.from(answer.pdf));
  await inTransaction(deps.pool, async (q) => {
    const locked = await lockParcel(q, parcelId);
    if (locked?.status !== PARCEL_STATUS.awaitingLabel) return;
    await moveParcel(q, locked, PARCEL_STATUS.confirmed, 'Label ready', { label_key: key });
  });
}

/**
 * Records tracking events once each (the carrier's event id) and moves the parcel's tracking status
 * only forward: an event arriving late never moves a delivered parcel back. Answers how many events
 * were for shipments we do not know (the carrier may have overtaken our commit: it sends again).
 */
export async function applyTrackingEvents(
  pool: pg.Pool,
  carrier: CarrierName,
  events: TrackingEvent[],
): Promise<{ applied: number; unknown: number }> {
  let applied = 0;
  let unknown = 0;
  for (const e of events) {
    await inTransaction(pool, async (q) => {
      const { rows } = await q.query<
        Narrow<Pick<ParcelTableRow, 'id' | 'account_id' | 'tracking_status'>, Pick<ParcelValues, 'tracking_status'>>
      >('select id, account_id, tracking_status from parcels where carrier_name = $1 and shipment_id = $2 for update', [
        carrier,
        e.shipmentId,
      ]);
      const p = rows[0];
      if (!p) {
        unknown += 1;
        return;
      }
      const inserted = await q.query(
        `insert into parcel_tracking (parcel_id, event_id, at, status, message) values ($1, $2, $3, $4, $5)
         on conflict do nothing`,
        [p.id, e.eventId, e.at, e.status, e.message.slice(0, 500)],
      );
      if (!inserted.rowCount) return;
      applied += 1;
      // The latest event by the carrier's time decides, and only forward.
      const { rows: latest } = await q.query<Narrow<Pick<ParcelTrackingRow, 'status'>, { status: TrackingStatus }>>(
        'select status from parcel_tracking where parcel_id = $1 order by at desc, received_at desc limit 1',
        [p.id],
      );
      const next = latest[0]!.status;
      if (next !== p.tracking_status && trackingAdvances(p.tracking_status, next)) {
        const { rows: moved } = await q.query<Pick<ParcelTableRow, 'status'>>(
          'update parcels set tracking_status = $2, updated_at = now() where id = $1 returning status',
          [p.id, next],
        );
        await emitParcelStatusChanged(q, p.account_id, p.id, moved[0]!.status);
      }
      await publish(q, { accountId: p.account_id, message: { type: 'refresh', entities: ['parcels'] } });
    });
  }
  return { applied, unknown };
}

async function lockInReview(q: pg.ClientBase, entityId: string, accountId: string): Promise<ParcelRow> {
  const { rows } = await q.query<ParcelRow>(
    `select ${PARCEL_COLUMNS} from parcels where id = $1 and account_id = $2 for update`,
    [entityId, accountId],
  );
  const p = rows[0];
  if (p?.status !== PARCEL_STATUS.inReview) throw new AppError('CONFLICT', 'This parcel has already been decided.');
  return p;
}

/** A supervisor's verdict on a parcel (create_parcel flagged for approval), in the deciding transaction. */
export function registerParcelApprovals(): void {
  registerApprovalHandler('parcel', async (q, approval, decider) => {
    const p = await lockInReview(q, approval.entity_id, approval.account_id);
    await moveParcel(q, p, PARCEL_STATUS.pending, `Approved by ${actorName(decider)}`);
    await queueBooking(q, p.id);
  });
  registerDenyHandler('parcel', async (q, approval, decider) => {
    const p = await lockInReview(q, approval.entity_id, approval.account_id);
    if (p.hold_id)
      await release(q, {
        accountId: p.account_id,
        holdId: p.hold_id,
        actor: actorOf(decider),
        description: 'Parcel denied by supervisor',
      });
    await moveParcel(q, p, PARCEL_STATUS.denied, `Denied by ${actorName(decider)}`);
  });
}

/** Drops quotes expired for a day (run by the periodic sweep, off the confirmation's path). */
export async function deleteExpiredQuotes(pool: pg.Pool): Promise<number> {
  const r = await pool.query("delete from parcel_quotes where expires_at < now() - interval '1 day'");
  return r.rowCount ?? 0;
}
