import { setTimeout as sleep } from 'node:timers/promises';
import type { ParcelParty } from '@lp/domain';
import { findService, quoteCarrier, quoteService, royalMailFormat } from './catalogue.js';
import {
  type Booking,
  type BookRequest,
  type CarrierAdapter,
  CarrierError,
  CarrierWebhookError,
  type LabelAnswer,
  type QuoteRequest,
  type ServiceQuote,
  type TrackingEvent,
  type VoidAnswer,
} from './types.js';

/**
 * Royal Mail through Click & Drop's REST API (live mode, when CLICK_AND_DROP_API_KEY is set).
 *
 * What Royal Mail's API reference (api.parcel.royalmail.com, the OpenAPI document generated clients
 * are built from) confirms:
 * - base https://api.parcel.royalmail.com/api/v1, header `Authorization: Bearer <API key>`;
 * - POST /orders with { items: [CreateOrderRequest] }: orderReference, recipient { address {
 *   fullName, companyName, addressLine1-3, city, county, postcode, countryCode }, phoneNumber,
 *   emailAddress }, sender { tradingName, phoneNumber, emailAddress } (the sender's address is the
 *   account's), packages [{ weightInGrams, packageFormatIdentifier (smallParcel, mediumParcel, …),
 *   dimensions { heightInMms, widthInMms, depthInMms } }], orderDate, plannedDespatchDate,
 *   specialInstructions, subtotal, shippingCostCharged, total, currencyCode, postageDetails {
 *   serviceCode, consequentialLoss, receiveEmailNotification, … }, label { includeLabelInResponse,
 *   includeCN, includeReturnsLabel };
 * - it answers { successCount, errorsCount, createdOrders: [{ orderIdentifier (int),
 *   orderReference, createdOn, trackingNumber, label (base64 PDF) }], failedOrders: [{ order,
 *   errors: [{ errorCode, errorMessage, fields }] }] }; other errors are { code, message, details };
 * - GET /orders/{orderIdentifiers} answers [{ orderIdentifier, orderReference, createdOn,
 *   orderDate, printedOn, manifestedOn, shippedOn, trackingNumber }];
 * - GET /orders/{orderIdentifiers}/label?documentType=postageLabel&includeReturnsLabel=false
 *   answers the label as application/pdf;
 * - DELETE /orders/{orderIdentifiers} answers { deletedOrders: [{ orderIdentifier, orderReference,
 *   orderInfo }], errors: [{ orderIdentifier, orderReference, code, message }] };
 * - at most 5 requests a second; no live rates (prices come from the rate card); no webhooks.
 * - Royal Mail's own answer on its forum: the tracking number comes back in createdOrders only when
 *   the label is generated in the same call, one order a call. So we ask for the label in the
 *   response (one order a call, as we book) rather than includeLabelInResponse: false.
 *
 * Our assumptions where it is silent (check against a live account):
 * - service codes TPS48 (Tracked 48), TPN24 (Tracked 24), SD1 (Special Delivery by 1pm);
 * - an order reference can be looked up with GET /orders/{"reference"} (the reference in double
 *   quotes, percent-encoded); we do that before creating so a retried booking does not make a
 *   second order; a 404 means there is none;
 * - a failed order can come back with HTTP 200 or 400; either way its errorMessage is Royal Mail's
 *   refusal, shown to the user, and retrying will not help;
 * - the label endpoint answers 404 (or another 4xx) until the label exists: we answer "not ready"
 *   and the label job tries again until it gives up;
 * - consequentialLoss is the cover asked for in whole pounds; we ask for the goods value when it
 *   is above the included cover (the price we charged includes that extension);
 * - tracking: Click & Drop reports no events. track() maps the order's dates to at most one event
 *   (shippedOn: picked_up "Despatched"; manifestedOn or printedOn: pending; otherwise pending
 *   "Order received"), its id stable per status; Royal Mail's tracking API is a separate product.
 * - cancel and void: an order that is manifested or despatched is not deleted (its label may be in
 *   the network; Royal Mail charges for cancelled labels found there): void answers why not.
 *   Otherwise DELETE /orders/{orderIdentifier} deletes the order and with it its label; an order
 *   in `errors` is refused with Royal Mail's message. An order Royal Mail no longer has (404) was
 *   deleted already (a void retried after a lost answer): voided. Click & Drop has no separate
 *   "void label" call: deleting the order is how its labels are cancelled.
 */

export const CLICK_AND_DROP_BASE_URL = 'https://api.parcel.royalmail.com/api/v1';

export interface ClickAndDropOptions {
  apiKey: string;
  baseUrl?: string;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** Click & Drop allows 5. */
  requestsPerSecond?: number;
  now?: () => Date;
}

/** At most `perSecond` starts in any second, in call order. */
export class RateLimiter {
  private readonly starts: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly perSecond: number) {}

  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const now = Date.now();
        while (this.starts.length > 0 && now - this.starts[0]! >= 1000) this.starts.shift();
        if (this.starts.length < this.perSecond) break;
        await sleep(this.starts[0]! + 1000 - now + 1);
      }
      this.starts.push(Date.now());
    });
    this.queue = turn.catch(() => {});
    return turn;
  }
}

interface OrderInfo {
  orderIdentifier?: unknown;
  orderReference?: unknown;
  createdOn?: unknown;
  printedOn?: unknown;
  manifestedOn?: unknown;
  shippedOn?: unknown;
  trackingNumber?: unknown;
  label?: unknown;
}

interface CreateOrdersResponse {
  successCount?: number;
  errorsCount?: number;
  createdOrders?: OrderInfo[];
  failedOrders?: Array<{ order?: unknown; errors?: Array<{ errorCode?: unknown; errorMessage?: unknown }> }>;
  code?: unknown;
  message?: unknown;
}

const trim = (s: string | undefined, max: number) => (s ?? '').trim().slice(0, max);

function address(p: ParcelParty) {
  return {
    fullName: trim(p.name, 210),
    addressLine1: trim(p.addressLine1, 100),
    addressLine2: trim(p.addressLine2, 100) || undefined,
    addressLine3: trim(p.addressLine3, 100) || undefined,
    city: trim(p.town, 100),
    county: trim(p.county, 100) || undefined,
    postcode: trim(p.postcode, 20),
    countryCode: 'GB',
  };
}

/** The POST /orders body for one booking (pure: the request half of the mapper). */
export function clickAndDropOrder(req: BookRequest, costPence: number, now: Date) {
  const service = findService(req.serviceId);
  if (!service?.clickAndDropServiceCode || service.carrier !== 'Royal Mail')
    throw new CarrierError(`Royal Mail has no service ${req.serviceId}.`, true);
  const p = req.parcel;
  const mm = (cm: number) => Math.max(1, Math.round(cm * 10));
  const subtotal = Math.round(p.goodsValue * 100) / 100;
  const shipping = costPence / 100;
  const extended = p.goodsValue > service.includedCoverPounds;
  return {
    items: [
      {
        orderReference: trim(req.reference, 40),
        recipient: {
          address: address(req.recipient),
          phoneNumber: trim(req.recipient.phoneNumber, 25),
          emailAddress: trim(req.recipient.email, 254) || undefined,
        },
        sender: {
          tradingName: trim(req.sender.name, 250),
          phoneNumber: trim(req.sender.phoneNumber, 25),
          emailAddress: trim(req.sender.email, 254) || undefined,
        },
        packages: [
          {
            weightInGrams: Math.max(1, Math.ceil(p.weight * 1000)),
            packageFormatIdentifier: royalMailFormat(p),
            dimensions: { heightInMms: mm(p.height), widthInMms: mm(p.width), depthInMms: mm(p.length) },
          },
        ],
        orderDate: now.toISOString(),
        plannedDespatchDate: `${p.collectionDate}T00:00:00Z`,
        specialInstructions: trim(req.deliveryNotes, 500) || undefined,
        subtotal,
        shippingCostCharged: shipping,
        total: Math.round((subtotal + shipping) * 100) / 100,
        currencyCode: 'GBP',
        postageDetails: {
          serviceCode: service.clickAndDropServiceCode,
          sendNotificationsTo: 'recipient',
          receiveEmailNotification: Boolean(req.recipient.email),
          receiveSmsNotification: false,
          ...(extended ? { consequentialLoss: Math.ceil(p.goodsValue) } : {}),
        },
        label: { includeLabelInResponse: true, includeCN: false, includeReturnsLabel: false },
      },
    ],
  };
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const id = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? String(v) : null);

/** Click & Drop's order dates as one tracking event (it reports no events of its own). */
export function orderToEvent(order: OrderInfo, shipmentId: string): TrackingEvent | null {
  const identifier = id(order.orderIdentifier);
  if (!identifier) return null;
  const when = (v: unknown) => {
    const d = typeof v === 'string' ? new Date(v) : null;
    return d && !Number.isNaN(d.getTime()) ? d : null;
  };
  const shipped = when(order.shippedOn);
  const manifested = when(order.manifestedOn);
  const printed = when(order.printedOn);
  const created = when(order.createdOn);
  const [status, at, message] = shipped
    ? (['picked_up', shipped, 'Despatched with Royal Mail'] as const)
    : manifested
      ? (['pending', manifested, 'Ready for collection by Royal Mail'] as const)
      : printed
        ? (['pending', printed, 'Label printed'] as const)
        : created
          ? (['pending', created, 'Order received by Royal Mail Click & Drop'] as const)
          : [null, null, null];
  if (!status || !at) return null;
  return { eventId: `cnd-${identifier}-${status}`, shipmentId, at, status, message };
}

export class ClickAndDropCarrier implements CarrierAdapter {
  readonly carrier = 'Royal Mail' as const;
  readonly mode = 'live' as const;
  private readonly base: string;
  private readonly limiter: RateLimiter;
  private readonly timeoutMs: number;
  private readonly now: () => Date;
  /** Bookings and labels seen by this process (a retried booking answers without a call). */
  private readonly byReference = new Map<string, Booking>();
  private readonly labels = new Map<string, Buffer>();

  constructor(private readonly options: ClickAndDropOptions) {
    this.base = (options.baseUrl ?? CLICK_AND_DROP_BASE_URL).replace(/\/+$/, '');
    this.limiter = new RateLimiter(options.requestsPerSecond ?? 5);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.now = options.now ?? (() => new Date());
  }

  private async call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    accept = 'application/json',
  ): Promise<{ status: number; type: string; bytes: Buffer; json: unknown }> {
    for (let attempt = 0; ; attempt++) {
      await this.limiter.take();
      let res: Response;
      try {
        res = await fetch(`${this.base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${this.options.apiKey}`,
            accept,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        throw new CarrierError(
          timedOut
            ? 'Royal Mail did not answer in time. We will try again.'
            : 'Royal Mail could not be reached. We will try again.',
          false,
        );
      }
      const bytes = Buffer.from(await res.arrayBuffer().catch(() => new ArrayBuffer(0)));
      // Over the rate limit: wait as told (at most 5 s) and try again, twice.
      if (res.status === 429 && attempt < 2) {
        const after = Number(res.headers.get('retry-after'));
        await sleep(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 5000) : 1000);
        continue;
      }
      const type = res.headers.get('content-type') ?? '';
      let json: unknown = null;
      if (type.includes('json') && bytes.length > 0) {
        try {
          json = JSON.parse(bytes.toString('utf8'));
        } catch {
          json = null;
        }
      }
      return { status: res.status, type, bytes, json };
    }
  }

  /** Throws for the answers no operation can use: 5xx and 429 (transient), 401 and 403 (permanent). */
  private check(status: number): void {
    if (status >= 500 || status === 429)
      throw new CarrierError('Royal Mail is having trouble at the moment. We will try again.', false);
    if (status === 401 || status === 403)
      throw new CarrierError('Royal Mail Click & Drop did not accept our API key.', true);
  }

  async quote(req: QuoteRequest, signal?: AbortSignal): Promise<ServiceQuote[]> {
    signal?.throwIfAborted();
    return quoteCarrier('Royal Mail', req, this.now());
  }

  private async findByReference(reference: string): Promise<OrderInfo | null> {
    const { status, json } = await this.call('GET', `/orders/${encodeURIComponent(`"${reference}"`)}`);
    this.check(status);
    if (status >= 300 || !Array.isArray(json)) return null;
    return (json as OrderInfo[]).find((o) => id(o.orderIdentifier)) ?? null;
  }

  private remember(reference: string, order: OrderInfo): Booking {
    const identifier = id(order.orderIdentifier)!;
    const booking = { shipmentId: text(order.trackingNumber) ?? identifier, carrierReference: identifier };
    this.byReference.set(reference, booking);
    const label = text(order.label);
    if (label) this.labels.set(identifier, Buffer.from(label, 'base64'));
    return booking;
  }

  async book(req: BookRequest): Promise<Booking> {
    const known = this.byReference.get(req.reference);
    if (known) return known;
    const service = findService(req.serviceId);
    if (service?.carrier !== 'Royal Mail') throw new CarrierError(`Royal Mail has no service ${req.serviceId}.`, true);
    const q = quoteService(service, req, this.now());
    if (!q.available || q.costPence === null)
      throw new CarrierError(q.reason ?? 'Royal Mail cannot take this parcel.', true);

    const existing = await this.findByReference(req.reference);
    if (existing) return this.remember(req.reference, existing);

    const { status, json } = await this.call('POST', '/orders', clickAndDropOrder(req, q.costPence, this.now()));
    this.check(status);
    const body = (json ?? {}) as CreateOrdersResponse;
    const created = body.createdOrders?.find((o) => id(o.orderIdentifier));
    if (status < 300 && created) return this.remember(req.reference, created);
    const errors = (body.failedOrders ?? []).flatMap((f) => f.errors ?? []);
    const messages = errors.map((e) => text(e.errorMessage)).filter((m): m is string => m !== null);
    if (messages.length > 0)
      throw new CarrierError(`Royal Mail refused the parcel: ${messages.join('; ').slice(0, 300)}`, true);
    const message = text(body.message);
    if (status >= 400)
      throw new CarrierError(
        message ? `Royal Mail refused the parcel: ${message.slice(0, 300)}` : 'Royal Mail refused the parcel.',
        true,
      );
    throw new CarrierError('Royal Mail answered without an order. We will try again.', false);
  }

  async label(booking: Booking): Promise<LabelAnswer> {
    const cached = this.labels.get(booking.carrierReference);
    if (cached) return { ready: true, pdf: cached };
    const { status, bytes } = await this.call(
      'GET',
      `/orders/${encodeURIComponent(booking.carrierReference)}/label?documentType=postageLabel&includeReturnsLabel=false`,
      undefined,
      'application/pdf',
    );
    this.check(status);
    if (status === 200 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
      this.labels.set(booking.carrierReference, bytes);
      return { ready: true, pdf: bytes };
    }
    return { ready: false };
  }

  private async order(booking: Booking): Promise<OrderInfo | null> {
    const { status, json } = await this.call('GET', `/orders/${encodeURIComponent(booking.carrierReference)}`);
    this.check(status);
    if (status === 404) return null;
    if (status >= 300 || !Array.isArray(json))
      throw new CarrierError(`Royal Mail answered ${status} for order ${booking.carrierReference}.`, false);
    return (json as OrderInfo[])[0] ?? null;
  }

  async track(booking: Booking): Promise<TrackingEvent[]> {
    const order = await this.order(booking);
    const event = order ? orderToEvent(order, booking.shipmentId) : null;
    return event ? [event] : [];
  }

  async cancel(booking: Booking): Promise<boolean> {
    const order = await this.order(booking);
    if (!order) return false;
    return (await this.void(booking, order)).voided;
  }

  async void(booking: Booking, known?: OrderInfo): Promise<VoidAnswer> {
    const order = known ?? (await this.order(booking));
    if (!order) return { voided: true };
    if (order.shippedOn)
      return { voided: false, reason: 'Royal Mail has despatched this parcel: its label can no longer be cancelled.' };
    if (order.manifestedOn)
      return {
        voided: false,
        reason: 'Royal Mail has manifested this parcel for collection: its label can no longer be cancelled.',
      };
    const { status, json } = await this.call('DELETE', `/orders/${encodeURIComponent(booking.carrierReference)}`);
    this.check(status);
    if (status === 404) return { voided: true };
    const body = (json ?? {}) as {
      deletedOrders?: unknown[];
      errors?: Array<{ message?: unknown }>;
      message?: unknown;
    };
    if (status < 300 && Array.isArray(body.deletedOrders) && body.deletedOrders.length > 0) {
      this.labels.delete(booking.carrierReference);
      return { voided: true };
    }
    const why = (body.errors ?? []).map((e) => text(e?.message)).find((m) => m !== null) ?? text(body.message);
    if (status >= 400 || why)
      return {
        voided: false,
        reason: why
          ? `Royal Mail refused to cancel the label: ${why.slice(0, 300)}`
          : 'Royal Mail refused to cancel the label.',
      };
    throw new CarrierError('Royal Mail answered without deleting the order. Try again in a moment.', false);
  }

  verifyWebhook(): TrackingEvent[] {
    throw new CarrierWebhookError('Royal Mail Click & Drop sends no webhooks; its orders are read with track().');
  }
}
