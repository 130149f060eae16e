import { z } from 'zod';
import type { BadgeColour } from './letters.js';
import { MESSAGES } from './messages.js';
import { isUkPostcodeFormat, normalisePostcode } from './postcode.js';
import { isUkPhone } from './validation.js';

/**
 * Parcels (part 1 sections 3, 4, 5 and 9; issue 13): the booking form's rules, the presets, the
 * statuses with their colours and the one transition table every status change goes through, and
 * the tracking progression that never moves a delivered parcel back.
 */

export const PARCEL_STATUS = {
  pending: 'Pending',
  inReview: 'In Review',
  awaitingLabel: 'Awaiting Label',
  confirmed: 'Confirmed',
  denied: 'Denied by Supervisor',
  failed: 'Failed to Create Shipment',
  /** A booked label voided with the carrier before its first scan, its price refunded (issue 27 item 16). */
  cancelled: 'Cancelled',
} as const;
export type ParcelStatus = (typeof PARCEL_STATUS)[keyof typeof PARCEL_STATUS];
export const PARCEL_STATUSES: readonly ParcelStatus[] = Object.values(PARCEL_STATUS);

export function isParcelStatus(s: string): s is ParcelStatus {
  return (PARCEL_STATUSES as readonly string[]).includes(s);
}

/** Pending blue, In Review and Awaiting Label orange, Confirmed green, Denied and Failed red (the spec); Cancelled red, an end like them. */
export function parcelBadgeColour(status: ParcelStatus): BadgeColour {
  switch (status) {
    case 'Pending':
      return 'blue';
    case 'In Review':
    case 'Awaiting Label':
      return 'orange';
    case 'Confirmed':
      return 'green';
    default:
      return 'red';
  }
}

/**
 * Every parcel status change: Pending (the booking is with the carrier) or In Review (a supervisor
 * must approve first); approved goes Pending, denied Denied by Supervisor; a booking the carrier
 * takes goes Awaiting Label, then Confirmed once its label is made; a booking refused, or a label
 * that never comes, Failed to Create Shipment. A booked label (Awaiting Label or Confirmed) may be
 * voided while the carrier allows it (until its first scan): Cancelled, refunded. Denied, Failed and
 * Cancelled are final.
 */
export const PARCEL_TRANSITIONS: Readonly<Record<ParcelStatus, readonly ParcelStatus[]>> = {
  Pending: ['Awaiting Label', 'Confirmed', 'Failed to Create Shipment'],
  'In Review': ['Pending', 'Denied by Supervisor'],
  'Awaiting Label': ['Confirmed', 'Failed to Create Shipment', 'Cancelled'],
  Confirmed: ['Cancelled'],
  'Denied by Supervisor': [],
  'Failed to Create Shipment': [],
  Cancelled: [],
};

export function canMoveParcel(from: ParcelStatus, to: ParcelStatus): boolean {
  return PARCEL_TRANSITIONS[from].includes(to);
}

/** The label can be asked for (a 204 while the carrier makes it) once the carrier has the booking. */
export function parcelHasShipment(status: ParcelStatus): boolean {
  return status === 'Awaiting Label' || status === 'Confirmed';
}

/**
 * Whether a member may ask the carrier to void the label: booked (Awaiting Label or Confirmed) and not
 * yet scanned by the carrier (no tracking, or only "pending": details received, awaiting collection).
 * The carrier has the last word (it may refuse with its reason).
 */
export function parcelMayVoid(status: ParcelStatus, tracking: TrackingStatus | null): boolean {
  return parcelHasShipment(status) && (tracking === null || tracking === 'pending');
}

/** Tracking statuses (Karrio's unified set, the ones UK carriers report). */
export const TRACKING_STATUSES = [
  'pending',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivery_failed',
  'on_hold',
  'ready_for_pickup',
  'delivered',
  'return_to_sender',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const TRACKING_LABELS: Readonly<Record<TrackingStatus, string>> = {
  pending: 'Awaiting collection',
  picked_up: 'Collected',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivery_failed: 'Delivery attempted',
  on_hold: 'On hold',
  ready_for_pickup: 'Ready for pickup',
  delivered: 'Delivered',
  return_to_sender: 'Returned to sender',
};

const TRACKING_RANK: Readonly<Record<TrackingStatus, number>> = {
  pending: 0,
  picked_up: 1,
  in_transit: 2,
  on_hold: 2,
  out_for_delivery: 3,
  delivery_failed: 3,
  ready_for_pickup: 3,
  return_to_sender: 4,
  delivered: 5,
};

/**
 * Whether an event moves the parcel's current tracking status: never back from delivered or
 * returned, never to an earlier stage (events arrive out of order), but sideways between
 * out for delivery, a failed attempt and a pickup point (a second attempt follows a first).
 */
export function trackingAdvances(current: TrackingStatus | null, next: TrackingStatus): boolean {
  if (current === null) return true;
  if (current === 'delivered' || current === 'return_to_sender') return false;
  return TRACKING_RANK[next] >= TRACKING_RANK[current];
}

/** Preset parcels (kg and cm), the spec's constants. */
export const PARCEL_PRESETS = [
  { name: 'Small', weight: 2, length: 45, width: 35, height: 16 },
  { name: 'Medium', weight: 20, length: 61, width: 46, height: 46 },
  { name: 'Large', weight: 30, length: 150, width: 60, height: 200 },
] as const;

export const GOODS_DESCRIPTION_MAX = 20;
export const DELIVERY_NOTES_MAX = 30;
/** What one booking can declare (pounds): the largest cover any carrier sells. */
export const GOODS_VALUE_MAX = 1_000_000;
/** Bounds that keep a number a parcel (kg, cm): far above any carrier, below nonsense. */
export const PARCEL_WEIGHT_MAX = 1_000;
export const PARCEL_DIMENSION_MAX = 1_000;

export const PARCEL_MESSAGES = {
  name: 'Please add a name',
  phone: 'Please supply a UK phone number',
  addressLine1: 'Please supply the first line of the address',
  town: 'Please supply a town or city',
  county: 'Please supply a county',
  postcode: 'Please supply a postcode',
  postcodeInvalid: 'Invalid Postcode',
  goodsValue: 'Please enter the value of the goods in this parcel',
  weight: "Please add the parcel's weight",
  presetName: 'Please name your preset',
  presetDimensions: 'The dimensions must be positive numbers',
  collectionDate: 'Please choose a collection date',
  collectionDatePast: 'The collection date cannot be in the past',
  confirmError: 'An error occured. Please check the fields and make sure all the entered details are correct',
  genericError: 'An error occurred.',
  confirming: 'Confirming shipment...',
  noCarriers:
    'No carriers available for this parcel. Try entering other details (e.g. modifying the dimensions, collection date, the goods value, etc...)',
  labelNotReady: 'This label is not available yet. Please try again later.',
  labelFailed: "Couldn't retrieve label.",
  trackingFailed: "Couldn't retrieve tracking info.",
  voidScanned: 'The carrier has already scanned this parcel, so its label can no longer be cancelled.',
  voidNotBooked: 'Only a booked label can be cancelled.',
  voidInProgress: 'This label is already being cancelled.',
  voidAlready: 'This label has already been cancelled.',
} as const;

const requiredWith = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: MESSAGES.maxLength(max) });

const optionalLine = z
  .string()
  .trim()
  .max(100, { error: MESSAGES.maxLength(100) })
  .optional()
  .transform((v) => v ?? '');

/** A UK phone as +44 (the spec's parcel parties carry +44 numbers): 07700 900123 becomes +447700900123. */
export function toPlus44(phone: string): string {
  const p = phone.replace(/\s+/g, '');
  return p.startsWith('0') ? `+44${p.slice(1)}` : p;
}

/** Sender or recipient of a parcel: name, phone, address line 1, town, county, postcode required. */
/** A UK postcode of an address form (parcel parties, the company's postal address), normalised. */
export const addressPostcodeSchema = z
  .string({ error: PARCEL_MESSAGES.postcode })
  .trim()
  .min(1, { error: PARCEL_MESSAGES.postcode })
  .max(10, { error: PARCEL_MESSAGES.postcodeInvalid })
  .transform((v) => normalisePostcode(v))
  .refine((v) => isUkPostcodeFormat(v), { error: PARCEL_MESSAGES.postcodeInvalid });

export const parcelPartySchema = z.strictObject({
  name: requiredWith(PARCEL_MESSAGES.name, 100),
  phoneNumber: z
    .string({ error: PARCEL_MESSAGES.phone })
    .trim()
    .max(40, { error: MESSAGES.maxLength(40) })
    .refine((v) => isUkPhone(v), { error: PARCEL_MESSAGES.phone })
    .transform(toPlus44),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: MESSAGES.email }))
    .optional()
    .or(z.literal('')),
  addressLine1: requiredWith(PARCEL_MESSAGES.addressLine1, 100),
  addressLine2: optionalLine,
  addressLine3: optionalLine,
  town: requiredWith(PARCEL_MESSAGES.town, 60),
  county: requiredWith(PARCEL_MESSAGES.county, 60),
  postcode: addressPostcodeSchema,
});
export type ParcelParty = z.output<typeof parcelPartySchema>;
export type ParcelPartyInput = z.input<typeof parcelPartySchema>;

/** A required number (a form sends text) of at least 0.01, with the spec's messages. */
function measure(requiredMessage: string, max: number) {
  return z.union([z.number(), z.string().trim()], { error: requiredMessage }).transform((v, ctx) => {
    if (v === '') {
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return z.NEVER;
    }
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.number });
      return z.NEVER;
    }
    if (n < 0.01) {
      ctx.addIssue({ code: 'custom', message: 'Must be at least 0.01' });
      return z.NEVER;
    }
    if (n > max) {
      ctx.addIssue({ code: 'custom', message: `Must be at most ${max.toLocaleString('en-GB')}` });
      return z.NEVER;
    }
    return n;
  });
}

/** Today's date in the UK as yyyy-MM-dd. */
export function ukToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written yyyy-MM-dd (slashes, as the spec's form sends them, become hyphens). */
export function parseCollectionDate(text: string): string | null {
  const d = text.trim().replaceAll('/', '-');
  if (!ISO_DATE.test(d)) return null;
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, day));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== day) return null;
  return d;
}

/** The parcel's contents and size: goods value (pounds), dimensions (cm), weight (kg), texts and the collection date. */
export function parcelDetailsSchema(now: () => Date = () => new Date()) {
  return z.strictObject({
    goods_value: measure(PARCEL_MESSAGES.goodsValue, GOODS_VALUE_MAX),
    goods_description: z
      .string()
      .trim()
      .max(GOODS_DESCRIPTION_MAX, { error: MESSAGES.maxLength(GOODS_DESCRIPTION_MAX) })
      .optional()
      .transform((v) => v ?? ''),
    delivery_notes: z
      .string()
      .trim()
      .max(DELIVERY_NOTES_MAX, { error: MESSAGES.maxLength(DELIVERY_NOTES_MAX) })
      .optional()
      .transform((v) => v ?? ''),
    length: measure(MESSAGES.required, PARCEL_DIMENSION_MAX),
    width: measure(MESSAGES.required, PARCEL_DIMENSION_MAX),
    height: measure(MESSAGES.required, PARCEL_DIMENSION_MAX),
    weight: measure(PARCEL_MESSAGES.weight, PARCEL_WEIGHT_MAX),
    collection_date: z
      .string({ error: PARCEL_MESSAGES.collectionDate })
      .max(20, { error: PARCEL_MESSAGES.collectionDate })
      .transform((v, ctx) => {
        const d = parseCollectionDate(v);
        if (!d) {
          ctx.addIssue({ code: 'custom', message: PARCEL_MESSAGES.collectionDate });
          return z.NEVER;
        }
        if (d < ukToday(now())) {
          ctx.addIssue({ code: 'custom', message: PARCEL_MESSAGES.collectionDatePast });
          return z.NEVER;
        }
        return d;
      }),
  });
}
export type ParcelDetails = z.output<ReturnType<typeof parcelDetailsSchema>>;

/** A company's own preset: a name and positive dimensions. */
export const parcelPresetSchema = z.strictObject({
  name: z
    .string({ error: PARCEL_MESSAGES.presetName })
    .trim()
    .min(1, { error: PARCEL_MESSAGES.presetName })
    .max(40, { error: MESSAGES.maxLength(40) }),
  weight: z.coerce
    .number({ error: PARCEL_MESSAGES.presetDimensions })
    .positive({ error: PARCEL_MESSAGES.presetDimensions })
    .max(PARCEL_WEIGHT_MAX),
  length: z.coerce
    .number({ error: PARCEL_MESSAGES.presetDimensions })
    .positive({ error: PARCEL_MESSAGES.presetDimensions })
    .max(PARCEL_DIMENSION_MAX),
  width: z.coerce
    .number({ error: PARCEL_MESSAGES.presetDimensions })
    .positive({ error: PARCEL_MESSAGES.presetDimensions })
    .max(PARCEL_DIMENSION_MAX),
  height: z.coerce
    .number({ error: PARCEL_MESSAGES.presetDimensions })
    .positive({ error: PARCEL_MESSAGES.presetDimensions })
    .max(PARCEL_DIMENSION_MAX),
});
export type ParcelPreset = z.output<typeof parcelPresetSchema>;

/** Length plus girth (cm): the longest side plus twice the other two, as Parcelforce and Evri measure it. */
export function lengthPlusGirth(d: { length: number; width: number; height: number }): number {
  const [a, b, c] = [d.length, d.width, d.height].sort((x, y) => y - x) as [number, number, number];
  return a + 2 * (b + c);
}

/** The three sides sorted longest first, to compare with a carrier's box regardless of orientation. */
export function sortedSides(d: { length: number; width: number; height: number }): [number, number, number] {
  return [d.length, d.width, d.height].sort((x, y) => y - x) as [number, number, number];
}
