import type { ParcelParty, TrackingStatus } from '@lp/domain';

/**
 * One interface for every carrier (Karrio's connector shape: rate, ship, label, track, cancel).
 * Amounts in pence, weights in kg, sizes in cm, dates yyyy-MM-dd (UK).
 */

export const CARRIER_NAMES = ['Royal Mail', 'Parcelforce', 'DPD', 'Evri'] as const;
export type CarrierName = (typeof CARRIER_NAMES)[number];

/** The URL-safe form of a carrier's name (routes, webhook paths, logos): royal-mail, parcelforce, dpd, evri. */
export function carrierSlug(name: CarrierName): string {
  return name.toLowerCase().replace(/\s+/g, '-');
}

export function carrierFromSlug(slug: string): CarrierName | null {
  return CARRIER_NAMES.find((n) => carrierSlug(n) === slug.toLowerCase()) ?? null;
}

/** The carrier's public tracking page of a shipment: what the recipient is sent (no sign-in needed). */
export function carrierTrackingUrl(carrier: CarrierName, shipmentId: string): string {
  const id = encodeURIComponent(shipmentId);
  switch (carrier) {
    case 'Royal Mail':
      return `https://www.royalmail.com/track-your-item#/tracking-results/${id}`;
    case 'Parcelforce':
      return `https://www.parcelforce.com/track-trace?trackNumber=${id}`;
    case 'DPD':
      return `https://track.dpd.co.uk/parcels/${id}`;
    case 'Evri':
      return `https://www.evri.com/track/parcel/${id}/details`;
  }
}

export interface ParcelSpec {
  weight: number;
  length: number;
  width: number;
  height: number;
  /** Pounds. */
  goodsValue: number;
  collectionDate: string;
}

export interface QuoteRequest {
  sender: ParcelParty;
  recipient: ParcelParty;
  parcel: ParcelSpec;
}

/** One service of a carrier, priced for this parcel, or refused with the reason. */
export interface ServiceQuote {
  carrier: CarrierName;
  /** Stable id of the service across quotes, e.g. "royal-mail:tracked-48". */
  serviceId: string;
  serviceName: string;
  serviceDescription: string;
  /** Rate plus any extended cover; null when not available. */
  costPence: number | null;
  coverText: string;
  available: boolean;
  /** Why it cannot take this parcel (null when available). Written for the user. */
  reason: string | null;
}

export interface BookRequest extends QuoteRequest {
  serviceId: string;
  /** Our parcel id: the carrier's idempotency reference (a repeat returns the same shipment). */
  reference: string;
  goodsDescription: string;
  deliveryNotes: string;
}

export interface Booking {
  /** The carrier's shipment id / tracking number: what /parcels/track/{carrier}/{id} shows. */
  shipmentId: string;
  /** The carrier's own order id where it differs (Click & Drop's orderIdentifier), else the shipment id. */
  carrierReference: string;
}

/** A carrier's answer to a void: done, or refused with its reason (written for the user). */
export type VoidAnswer = { voided: true } | { voided: false; reason: string };

export type LabelAnswer = { ready: true; pdf: Buffer } | { ready: false };

export interface TrackingEvent {
  /** Unique per carrier event (idempotency key). */
  eventId: string;
  shipmentId: string;
  at: Date;
  status: TrackingStatus;
  /** The carrier's own words, shown as the timeline's message. */
  message: string;
}

/** A booking the carrier refused; `permanent` says trying again will not help. */
export class CarrierError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

export class CarrierWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CarrierWebhookError';
  }
}

export interface CarrierAdapter {
  readonly carrier: CarrierName;
  readonly mode: 'sandbox' | 'live';
  /** Every service of this carrier for this parcel: priced, or refused with its reason. */
  quote(req: QuoteRequest, signal?: AbortSignal): Promise<ServiceQuote[]>;
  /** Books the service; throws CarrierError when refused. Repeating a reference answers the same booking. */
  book(req: BookRequest): Promise<Booking>;
  /** The label as a PDF once made; `{ ready: false }` while the carrier is still making it. */
  label(booking: Booking): Promise<LabelAnswer>;
  /** Every tracking event so far (for carriers without push, and to catch up). */
  track(booking: Booking): Promise<TrackingEvent[]>;
  /** True when cancelled; false once collected or unknown. */
  cancel(booking: Booking): Promise<boolean>;
  /**
   * Voids a booked label the member no longer needs, while the carrier allows it (until its first
   * scan): `{ voided: false, reason }` when it refuses; voiding a label already void answers voided.
   * Throws CarrierError when the carrier cannot answer now.
   */
  void(booking: Booking): Promise<VoidAnswer>;
  /** Checks a pushed event's signature on the raw body; throws CarrierWebhookError when not genuine. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): TrackingEvent[];
  close?(): void;
}
