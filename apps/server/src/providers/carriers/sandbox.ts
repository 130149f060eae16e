import { createHmac, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { TRACKING_STATUSES, type TrackingStatus } from '@lp/domain';
import { SandboxWork } from '../sandbox-work.js';
import { findService, quoteCarrier, quoteService } from './catalogue.js';
import { type LabelSize, renderLabel } from './label.js';
import {
  type Booking,
  type BookRequest,
  type CarrierAdapter,
  CarrierError,
  type CarrierName,
  CarrierWebhookError,
  carrierSlug,
  type LabelAnswer,
  type QuoteRequest,
  type ServiceQuote,
  type TrackingEvent,
  type VoidAnswer,
} from './types.js';

/**
 * The built-in carrier (one instance per carrier): quotes from the carrier's rate card and limits
 * (catalogue.ts), answers after a jittered delay, now and then fails a booking as a busy carrier
 * API does (transient: the booking job retries), makes the label a few seconds after booking, and
 * moves each shipment along pending → picked_up → in_transit → out_for_delivery → delivered,
 * pushing each event to our webhook route as a carrier platform does: a JSON body signed with an
 * HMAC-SHA256 of the raw body (lowercase hex, header `x-carrier-signature`), retried until answered
 * 2xx. Its state lives in memory: after a restart it no longer knows earlier shipments (their
 * labels are stored by then; tracking of those stops).
 *
 * Webhook body: { carrier: "Royal Mail", events: [{ event_id, shipment_id, time (ISO 8601),
 * status (our tracking status), message }] }.
 */

/** Where our webhook route reads the signature. */
export const CARRIER_SIGNATURE_HEADER = 'x-carrier-signature';

/** Posts a signed event body to our webhook route for the carrier `slug`; answers the HTTP status. */
export type CarrierEventSink = (slug: string, rawBody: Buffer, signature: string) => Promise<number>;

export function signCarrierWebhook(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Throws CarrierWebhookError unless `signature` is the hex HMAC-SHA256 of the raw body (constant-time compare). */
export function verifyCarrierSignature(secret: string, rawBody: Buffer, signature: string | undefined): void {
  const given = signature?.trim().toLowerCase();
  if (!given) throw new CarrierWebhookError('No signature.');
  if (!/^[0-9a-f]{64}$/.test(given)) throw new CarrierWebhookError('Malformed signature.');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  if (!timingSafeEqual(Buffer.from(given, 'hex'), expected))
    throw new CarrierWebhookError('The signature does not match.');
}

function isTrackingStatus(s: unknown): s is TrackingStatus {
  return typeof s === 'string' && (TRACKING_STATUSES as readonly string[]).includes(s);
}

/** Reads a (verified) sandbox webhook body into events; throws CarrierWebhookError when malformed or for another carrier. */
export function parseCarrierWebhook(carrier: CarrierName, rawBody: Buffer): TrackingEvent[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new CarrierWebhookError('The event is not JSON.');
  }
  const b = body as { carrier?: unknown; events?: unknown } | null;
  if (b === null || typeof b !== 'object') throw new CarrierWebhookError('The event is not an object.');
  if (b.carrier !== carrier) throw new CarrierWebhookError(`The event is for ${String(b.carrier)}, not ${carrier}.`);
  if (!Array.isArray(b.events) || b.events.length === 0) throw new CarrierWebhookError('The event has no events.');
  const word = /^[\w.:-]{1,100}$/;
  return b.events.map((e: Record<string, unknown> | null) => {
    const eventId = typeof e?.event_id === 'string' ? e.event_id : '';
    const shipmentId = typeof e?.shipment_id === 'string' ? e.shipment_id : '';
    if (!word.test(eventId)) throw new CarrierWebhookError('An event has no id.');
    if (!word.test(shipmentId)) throw new CarrierWebhookError('An event has no shipment id.');
    if (!isTrackingStatus(e?.status)) throw new CarrierWebhookError(`Unknown tracking status: ${String(e?.status)}.`);
    const at = new Date(typeof e?.time === 'string' ? e.time : Number.NaN);
    if (Number.isNaN(at.getTime())) throw new CarrierWebhookError('An event has no time.');
    const message = typeof e?.message === 'string' ? e.message.slice(0, 300) : '';
    return { eventId, shipmentId, at, status: e.status, message };
  });
}

export interface SandboxCarrierOptions {
  carrier: CarrierName;
  /** The secret its webhooks are signed with (and verified against). */
  webhookSecret: string;
  /** Each call answers after up to this many ms (default 300). */
  latencyMs?: number;
  /** The share of bookings that fail once with a transient CarrierError (default 0.02). */
  failureRate?: number;
  /** How long after booking the label is ready (default 3000 ms). */
  labelDelayMs?: number;
  /** The pause before each tracking event (default 30000 ms). */
  trackingStepMs?: number;
  labelSize?: LabelSize;
  /** Random numbers in [0, 1) (tests make them predictable). */
  random?: () => number;
  now?: () => Date;
}

interface Shipment {
  booking: Booking;
  request: BookRequest;
  serviceName: string;
  bookedAt: number;
  events: TrackingEvent[];
  cancelled: boolean;
  pdf: Buffer | null;
}

const HUBS = ['Birmingham', 'Warrington', 'Daventry', 'Bristol', 'Leeds', 'Glasgow', 'Swindon', 'Northampton'];

const STEPS: ReadonlyArray<{ status: TrackingStatus; message: (carrier: CarrierName, hub: string) => string }> = [
  { status: 'pending', message: () => 'Shipment details received' },
  { status: 'picked_up', message: (c) => `Collected by ${c}` },
  { status: 'in_transit', message: (_, hub) => `Arrived at ${hub} hub` },
  { status: 'out_for_delivery', message: () => 'Out for delivery' },
  { status: 'delivered', message: () => 'Delivered to the recipient' },
];

/** Royal Mail's S10 check digit over 8 digits (weights 8 6 4 2 3 5 9 7; 10 becomes 0, 11 becomes 5). */
export function s10CheckDigit(digits: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  const c = 11 - (sum % 11);
  return c === 10 ? 0 : c === 11 ? 5 : c;
}

export class SandboxCarrier implements CarrierAdapter {
  readonly carrier: CarrierName;
  readonly mode = 'sandbox' as const;
  private readonly slug: string;
  private readonly random: () => number;
  private readonly now: () => Date;
  private readonly latencyMs: number;
  private readonly failureRate: number;
  private readonly labelDelayMs: number;
  private readonly trackingStepMs: number;
  private readonly work: SandboxWork;
  private readonly stop = new AbortController();
  private readonly shipments = new Map<string, Shipment>();
  private readonly byReference = new Map<string, string>();
  private sink: CarrierEventSink | null = null;

  constructor(private readonly options: SandboxCarrierOptions) {
    this.carrier = options.carrier;
    this.slug = carrierSlug(options.carrier);
    this.random = options.random ?? Math.random;
    this.now = options.now ?? (() => new Date());
    this.latencyMs = options.latencyMs ?? 300;
    this.failureRate = options.failureRate ?? 0.02;
    this.labelDelayMs = options.labelDelayMs ?? 3000;
    this.trackingStepMs = options.trackingStepMs ?? 30_000;
    this.work = new SandboxWork(this.random);
  }

  /** Where its tracking events go (our webhook route); without one they are only kept for track(). */
  setEventSink(sink: CarrierEventSink | null): void {
    this.sink = sink;
  }

  /** Waits between a third of the latency and all of it; rejects when the signal (or close) aborts. */
  private async latency(signal?: AbortSignal): Promise<void> {
    const max = this.latencyMs;
    const ms = max > 0 ? Math.round(max / 3 + this.random() * ((2 * max) / 3)) : 0;
    const signals = signal ? AbortSignal.any([signal, this.stop.signal]) : this.stop.signal;
    if (ms > 0) await sleep(ms, undefined, { signal: signals });
    signals.throwIfAborted();
  }

  async quote(req: QuoteRequest, signal?: AbortSignal): Promise<ServiceQuote[]> {
    await this.latency(signal);
    return quoteCarrier(this.carrier, req, this.now());
  }

  async book(req: BookRequest): Promise<Booking> {
    await this.latency();
    const known = this.byReference.get(req.reference);
    if (known) return this.shipments.get(known)!.booking;
    const service = findService(req.serviceId);
    if (!service || service.carrier !== this.carrier)
      throw new CarrierError(`${this.carrier} has no service ${req.serviceId}.`, true);
    const q = quoteService(service, req, this.now());
    if (!q.available) throw new CarrierError(q.reason ?? `${this.carrier} cannot take this parcel.`, true);
    if (this.random() < this.failureRate)
      throw new CarrierError(`${this.carrier} is not answering at the moment. We will try again.`, false);
    let shipmentId = this.newShipmentId();
    while (this.shipments.has(shipmentId)) shipmentId = this.newShipmentId();
    const shipment: Shipment = {
      booking: { shipmentId, carrierReference: shipmentId },
      request: req,
      serviceName: service.name,
      bookedAt: this.now().getTime(),
      events: [],
      cancelled: false,
      pdf: null,
    };
    this.shipments.set(shipmentId, shipment);
    this.byReference.set(req.reference, shipmentId);
    if (!this.work.closed) this.work.track(this.progress(shipment));
    return shipment.booking;
  }

  async label(booking: Booking): Promise<LabelAnswer> {
    await this.latency();
    const s = this.shipments.get(booking.shipmentId);
    if (!s) throw new CarrierError(`${this.carrier} has no shipment ${booking.shipmentId}.`, true);
    if (s.cancelled) throw new CarrierError(`${this.carrier} shipment ${booking.shipmentId} was cancelled.`, true);
    if (this.now().getTime() - s.bookedAt < this.labelDelayMs) return { ready: false };
    s.pdf ??= await renderLabel({
      carrier: this.carrier,
      serviceName: s.serviceName,
      trackingNumber: s.booking.shipmentId,
      sender: s.request.sender,
      recipient: s.request.recipient,
      weight: s.request.parcel.weight,
      length: s.request.parcel.length,
      width: s.request.parcel.width,
      height: s.request.parcel.height,
      collectionDate: s.request.parcel.collectionDate,
      deliveryNotes: s.request.deliveryNotes,
      reference: s.request.reference,
      size: this.options.labelSize,
    });
    return { ready: true, pdf: s.pdf };
  }

  async track(booking: Booking): Promise<TrackingEvent[]> {
    await this.latency();
    return [...(this.shipments.get(booking.shipmentId)?.events ?? [])];
  }

  async cancel(booking: Booking): Promise<boolean> {
    const s = this.shipments.get(booking.shipmentId);
    if (s?.cancelled) {
      await this.latency();
      return false;
    }
    return (await this.void(booking)).voided;
  }

  /**
   * Like the carriers: a label can be voided until the parcel's first scan (collection); "Shipment
   * details received" is not a scan. Voiding again answers voided; no more events follow a void.
   */
  async void(booking: Booking): Promise<VoidAnswer> {
    await this.latency();
    const s = this.shipments.get(booking.shipmentId);
    if (!s) return { voided: false, reason: `${this.carrier} has no shipment ${booking.shipmentId}.` };
    if (s.cancelled) return { voided: true };
    const scan = s.events.find((e) => e.status !== 'pending');
    if (scan)
      return {
        voided: false,
        reason: `${this.carrier} scanned this parcel on ${scan.at.toISOString().slice(0, 10)} (${scan.message}): its label can no longer be cancelled.`,
      };
    s.cancelled = true;
    return { voided: true };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): TrackingEvent[] {
    verifyCarrierSignature(this.options.webhookSecret, rawBody, signature);
    return parseCarrierWebhook(this.carrier, rawBody);
  }

  /** Resolves when every shipment in flight has finished (or been stopped) and its events are delivered. */
  settled(): Promise<void> {
    return this.work.settled();
  }

  close(): void {
    this.work.close();
    this.stop.abort();
  }

  private digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += Math.floor(this.random() * 10);
    return s;
  }

  /** Ids shaped like the carrier's: RM123456785GB (S10), PB12345678, 14 DPD digits, Evri's H + 15. */
  private newShipmentId(): string {
    switch (this.carrier) {
      case 'Royal Mail': {
        const d = this.digits(8);
        return `RM${d}${s10CheckDigit(d)}GB`;
      }
      case 'Parcelforce':
        return `PB${this.digits(8)}`;
      case 'DPD':
        return `1${this.digits(13)}`;
      case 'Evri': {
        const chars = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
        let s = 'H';
        for (let i = 0; i < 15; i++) s += chars[Math.floor(this.random() * chars.length)];
        return s;
      }
    }
  }

  /** Moves the shipment along its steps, one each `trackingStepMs`, pushing each event in order. */
  private async progress(s: Shipment): Promise<void> {
    const hub = HUBS[Math.floor(this.random() * HUBS.length)]!;
    for (let i = 0; i < STEPS.length; i++) {
      await sleep(this.trackingStepMs, undefined, { signal: this.stop.signal });
      if (this.work.closed || s.cancelled) return;
      const step = STEPS[i]!;
      const event: TrackingEvent = {
        eventId: `${s.booking.shipmentId}-${i + 1}`,
        shipmentId: s.booking.shipmentId,
        at: this.now(),
        status: step.status,
        message: step.message(this.carrier, hub),
      };
      s.events.push(event);
      await this.push(event);
    }
  }

  private async push(event: TrackingEvent): Promise<void> {
    const sink = this.sink;
    if (!sink) return;
    const raw = Buffer.from(
      JSON.stringify({
        carrier: this.carrier,
        events: [
          {
            event_id: event.eventId,
            shipment_id: event.shipmentId,
            time: event.at.toISOString(),
            status: event.status,
            message: event.message,
          },
        ],
      }),
    );
    const signature = signCarrierWebhook(this.options.webhookSecret, raw);
    // A shipment our route does not know yet (its booking not yet committed) is answered non-2xx
    // and retried, as a carrier platform retries.
    const baseMs = Math.max(50, Math.min(this.trackingStepMs, 5000));
    await this.work.post(() => sink(this.slug, raw, signature), 5, baseMs);
  }
}
