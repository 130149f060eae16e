import { lengthPlusGirth, sortedSides, ukToday } from '@lp/domain';
import { type CarrierName, carrierSlug, type QuoteRequest, type ServiceQuote } from './types.js';

/**
 * The four carriers' services, limits, rate cards and loss cover, and the one pure function that
 * prices a parcel for a service or refuses it with a reason a user can act on. The sandboxes quote
 * with it and so does the Click & Drop client (Click & Drop has no live rates).
 *
 * Limits from the carriers' published pages (see ../shared/reference/parcels-storage-integrations.md):
 * - Royal Mail: small parcel 2 kg within 45 x 35 x 16 cm, medium parcel 20 kg within 61 x 46 x 46 cm,
 *   in any orientation (sorted sides within the sorted box). 20 kg is the most Royal Mail takes:
 *   the spec's "one carrier has a 20 kg maximum".
 * - Parcelforce: 30 kg, at most 150 cm long, length plus girth at most 300 cm.
 * - DPD: 30 kg, within 100 x 60 x 70 cm (any orientation).
 * - Evri: 15 kg, at most 120 cm long, length plus girth at most 245 cm.
 *
 * Loss cover. The spec's carrier texts state £20 or £60 included, extendable to £1,000. Royal Mail
 * and Evri include £20 (as published). Parcelforce publishes £100 and DPD sells cover without a
 * headline figure; we state £60 for both (the spec's figure, a broker's default) and price the
 * extension from £60, so what the text promises is what the price covers: we never promise more
 * than the carrier gives. Special Delivery includes £750 (Royal Mail's published figure), so its
 * row says so. Above the included cover, cover is extended to the goods value at 1.5 % of the
 * value above it, rounded up to the penny, up to £1,000 (Evri publishes £999; we keep the spec's
 * £1,000 for every carrier). Above £1,000 the carrier refuses.
 *
 * Prices are our 2026 rate cards in pence, VAT included, by weight band (the price of the lightest
 * band the parcel's weight fits), close to the carriers' online prices for a business account.
 */

export interface RateBand {
  /** Up to and including this weight (kg). */
  maxKg: number;
  pence: number;
}

/** Royal Mail's parcel formats (Click & Drop's packageFormatIdentifier values). */
export type RoyalMailFormat = 'smallParcel' | 'mediumParcel';

interface Box {
  label: string;
  sides: [number, number, number];
}

export interface CarrierLimits {
  maxKg: number;
  /** The box the parcel's sorted sides must fit (any orientation). */
  box?: Box;
  maxLengthCm?: number;
  maxLengthPlusGirthCm?: number;
  /** Days of the week it does not collect (0 Sunday … 6 Saturday). */
  noCollectionDays: readonly number[];
}

export interface CarrierService {
  carrier: CarrierName;
  /** "royal-mail:tracked-48": stable across quotes. */
  id: string;
  name: string;
  description: string;
  includedCoverPounds: number;
  coverText: string;
  /** Royal Mail: a rate card per format; the others one card. */
  rates: RateBand[] | Record<RoyalMailFormat, RateBand[]>;
  /** Click & Drop's service code (Royal Mail and Parcelforce are booked through it). */
  clickAndDropServiceCode?: string;
}

export interface CarrierInfo {
  name: CarrierName;
  slug: string;
  /** The carrier's info text (the spec's "£20 loss cover included, extendable to £1,000"). */
  coverText: string;
  limits: CarrierLimits;
  services: CarrierService[];
}

/** The most cover any carrier extends to (pounds); a more valuable parcel is refused. */
export const MAX_COVER_POUNDS = 1_000;
/** The extension's price: this share of the value above the included cover. */
export const COVER_RATE = 0.015;

/** Whole pounds as the carriers write them: £20, £1,000. */
const pounds = (n: number) => `£${n.toLocaleString('en-GB')}`;

/** "£20 loss cover included, extendable to £1,000". */
export function coverText(includedPounds: number): string {
  return `${pounds(includedPounds)} loss cover included, extendable to ${pounds(MAX_COVER_POUNDS)}`;
}

const ROYAL_MAIL_SMALL: Box = { label: 'small parcel (45 x 35 x 16 cm)', sides: [45, 35, 16] };
const ROYAL_MAIL_MEDIUM: Box = { label: 'medium parcel (61 x 46 x 46 cm)', sides: [61, 46, 46] };
const ROYAL_MAIL_SMALL_MAX_KG = 2;

const bands = (...pairs: Array<[number, number]>): RateBand[] => pairs.map(([maxKg, pence]) => ({ maxKg, pence }));

function service(
  carrier: CarrierName,
  key: string,
  name: string,
  description: string,
  includedCoverPounds: number,
  rates: CarrierService['rates'],
  clickAndDropServiceCode?: string,
): CarrierService {
  return {
    carrier,
    id: `${carrierSlug(carrier)}:${key}`,
    name,
    description,
    includedCoverPounds,
    coverText: coverText(includedCoverPounds),
    rates,
    clickAndDropServiceCode,
  };
}

export const CARRIERS: Readonly<Record<CarrierName, CarrierInfo>> = {
  'Royal Mail': {
    name: 'Royal Mail',
    slug: 'royal-mail',
    coverText: coverText(20),
    limits: { maxKg: 20, box: ROYAL_MAIL_MEDIUM, noCollectionDays: [0] },
    services: [
      // Click & Drop service codes as Royal Mail lists them for OBA accounts (assumed: TPS48 Tracked 48,
      // TPN24 Tracked 24, SD1 Special Delivery Guaranteed by 1pm with £750 cover).
      service(
        'Royal Mail',
        'tracked-48',
        'Tracked 48',
        'Delivery in 2-3 working days, tracked',
        20,
        {
          smallParcel: bands([2, 335]),
          mediumParcel: bands([2, 549], [10, 699], [20, 799]),
        },
        'TPS48',
      ),
      service(
        'Royal Mail',
        'tracked-24',
        'Tracked 24',
        'Next working day delivery aim, tracked',
        20,
        {
          smallParcel: bands([2, 429]),
          mediumParcel: bands([2, 649], [10, 849], [20, 1299]),
        },
        'TPN24',
      ),
      service(
        'Royal Mail',
        'special-delivery-1pm',
        'Special Delivery Guaranteed by 1pm',
        'Guaranteed next working day by 1pm, signed for',
        750,
        {
          smallParcel: bands([2, 1095]),
          mediumParcel: bands([2, 1395], [10, 1795], [20, 2495]),
        },
        'SD1',
      ),
    ],
  },
  Parcelforce: {
    name: 'Parcelforce',
    slug: 'parcelforce',
    coverText: coverText(60),
    limits: { maxKg: 30, maxLengthCm: 150, maxLengthPlusGirthCm: 300, noCollectionDays: [0, 6] },
    services: [
      service(
        'Parcelforce',
        'express48',
        'express48',
        'Delivery in 2 working days, signed for',
        60,
        bands([2, 1049], [5, 1199], [10, 1399], [15, 1649], [20, 1899], [25, 2149], [30, 2399]),
        'PFE48',
      ),
      service(
        'Parcelforce',
        'express24',
        'express24',
        'Next working day delivery, signed for',
        60,
        bands([2, 1399], [5, 1549], [10, 1749], [15, 1999], [20, 2249], [25, 2549], [30, 2849]),
        'PFE24',
      ),
    ],
  },
  DPD: {
    name: 'DPD',
    slug: 'dpd',
    coverText: coverText(60),
    limits: {
      maxKg: 30,
      box: { label: 'size limit (100 x 70 x 60 cm)', sides: [100, 70, 60] },
      noCollectionDays: [0, 6],
    },
    services: [
      service(
        'DPD',
        'next-day',
        'Next Day',
        'Next working day delivery with a one-hour window',
        60,
        bands([2, 899], [5, 999], [10, 1149], [15, 1299], [20, 1449], [30, 1749]),
      ),
      service(
        'DPD',
        'two-day',
        'Two Day',
        'Delivery in 2 working days with a one-hour window',
        60,
        bands([2, 749], [5, 849], [10, 999], [15, 1149], [20, 1299], [30, 1599]),
      ),
    ],
  },
  Evri: {
    name: 'Evri',
    slug: 'evri',
    coverText: coverText(20),
    limits: { maxKg: 15, maxLengthCm: 120, maxLengthPlusGirthCm: 245, noCollectionDays: [0] },
    services: [
      service(
        'Evri',
        'standard',
        'Standard',
        'Delivery in 2-3 working days, tracked',
        20,
        bands([1, 319], [2, 409], [5, 599], [10, 849], [15, 1099]),
      ),
      service(
        'Evri',
        'next-day',
        'Next Day',
        'Next working day delivery, tracked',
        20,
        bands([1, 549], [2, 599], [5, 799], [10, 1049], [15, 1299]),
      ),
    ],
  },
};

export function carrierInfo(name: CarrierName): CarrierInfo {
  return CARRIERS[name];
}

/** Every service of every carrier. */
export function allServices(): CarrierService[] {
  return Object.values(CARRIERS).flatMap((c) => c.services);
}

export function findService(serviceId: string): CarrierService | null {
  return allServices().find((s) => s.id === serviceId) ?? null;
}

/** England and Wales bank holidays (gov.uk), when no carrier collects. Past 2027, add the next year's. */
export const BANK_HOLIDAYS: Readonly<Record<string, string>> = {
  '2026-01-01': "New Year's Day",
  '2026-04-03': 'Good Friday',
  '2026-04-06': 'Easter Monday',
  '2026-05-04': 'Early May bank holiday',
  '2026-05-25': 'Spring bank holiday',
  '2026-08-31': 'Summer bank holiday',
  '2026-12-25': 'Christmas Day',
  '2026-12-28': 'Boxing Day (substitute day)',
  '2027-01-01': "New Year's Day",
  '2027-03-26': 'Good Friday',
  '2027-03-29': 'Easter Monday',
  '2027-05-03': 'Early May bank holiday',
  '2027-05-31': 'Spring bank holiday',
  '2027-08-30': 'Summer bank holiday',
  '2027-12-27': 'Christmas Day (substitute day)',
  '2027-12-28': 'Boxing Day (substitute day)',
};

const DAY_NAMES = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

/** 0 Sunday … 6 Saturday for a yyyy-MM-dd date (a calendar date: no time zone involved). */
function dayOfWeek(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Why the carrier cannot collect on that date, or null. */
export function collectionRefusal(carrier: CarrierName, date: string, now = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'The collection date is not a date';
  if (date < ukToday(now)) return 'The collection date is in the past';
  const day = dayOfWeek(date);
  if (CARRIERS[carrier].limits.noCollectionDays.includes(day))
    return `${carrier} does not collect on ${DAY_NAMES[day]}`;
  const holiday = BANK_HOLIDAYS[date];
  if (holiday) return `${carrier} does not collect on bank holidays (${holiday})`;
  return null;
}

const cm = (n: number) => `${Number(n.toFixed(1))} cm`;
const kg = (n: number) => `${Number(n.toFixed(2))} kg`;

/** Every reason the carrier's network cannot take a parcel of this size and weight (empty when it can). */
export function parcelRefusals(carrier: CarrierName, p: QuoteRequest['parcel']): string[] {
  const { limits } = CARRIERS[carrier];
  const reasons: string[] = [];
  if (p.weight > limits.maxKg) reasons.push(`Over ${carrier}'s ${kg(limits.maxKg)} limit`);
  const sides = sortedSides(p);
  if (limits.box && !fitsBox(sides, limits.box.sides)) reasons.push(`Larger than ${carrier}'s ${limits.box.label}`);
  if (limits.maxLengthCm !== undefined && sides[0] > limits.maxLengthCm)
    reasons.push(`Longer than ${carrier}'s ${cm(limits.maxLengthCm)} length limit`);
  if (limits.maxLengthPlusGirthCm !== undefined && lengthPlusGirth(p) > limits.maxLengthPlusGirthCm)
    reasons.push(
      `Length plus girth ${cm(lengthPlusGirth(p))} is over ${carrier}'s ${cm(limits.maxLengthPlusGirthCm)} limit`,
    );
  return reasons;
}

function fitsBox(sides: [number, number, number], box: [number, number, number]): boolean {
  const b = [...box].sort((x, y) => y - x);
  return sides.every((s, i) => s <= b[i]!);
}

/** Royal Mail's format for the parcel: small when it fits the small box at 2 kg or less, else medium. */
export function royalMailFormat(p: QuoteRequest['parcel']): RoyalMailFormat {
  return p.weight <= ROYAL_MAIL_SMALL_MAX_KG && fitsBox(sortedSides(p), ROYAL_MAIL_SMALL.sides)
    ? 'smallParcel'
    : 'mediumParcel';
}

/** The rate card price for the weight, or null when the card stops below it. */
export function ratePence(s: CarrierService, p: QuoteRequest['parcel']): number | null {
  const card = Array.isArray(s.rates) ? s.rates : s.rates[royalMailFormat(p)];
  return card.find((b) => p.weight <= b.maxKg)?.pence ?? null;
}

/** The price of extending cover to the goods value: 1.5 % of the value above the included cover, rounded up. */
export function coverExtensionPence(goodsValuePounds: number, includedCoverPounds: number): number {
  const abovePence = Math.round(goodsValuePounds * 100) - includedCoverPounds * 100;
  if (abovePence <= 0) return 0;
  // in tenths of a penny (integers) so 1.5 % rounds up exactly
  return Math.ceil((abovePence * 15) / 1000);
}

/** Prices the parcel for one service (rate card plus any cover extension), or refuses it with the reason. */
export function quoteService(s: CarrierService, req: QuoteRequest, now = new Date()): ServiceQuote {
  const base = {
    carrier: s.carrier,
    serviceId: s.id,
    serviceName: s.name,
    serviceDescription: s.description,
    coverText: s.coverText,
  };
  const refuse = (reason: string): ServiceQuote => ({ ...base, costPence: null, available: false, reason });
  const p = req.parcel;
  if (![p.weight, p.length, p.width, p.height].every((n) => Number.isFinite(n) && n > 0))
    return refuse('The parcel needs a positive weight and dimensions');
  const reasons = parcelRefusals(s.carrier, p);
  if (p.goodsValue > MAX_COVER_POUNDS)
    reasons.push(`Goods worth more than ${pounds(MAX_COVER_POUNDS)} cannot be covered by ${s.carrier}`);
  const day = collectionRefusal(s.carrier, p.collectionDate, now);
  if (day) reasons.push(day);
  const rate = reasons.length === 0 ? ratePence(s, p) : null;
  if (reasons.length === 0 && rate === null) reasons.push(`Over ${s.name}'s weight limit`);
  if (reasons.length > 0 || rate === null) return refuse(reasons.join('. '));
  return {
    ...base,
    costPence: rate + coverExtensionPence(Math.max(0, p.goodsValue), s.includedCoverPounds),
    available: true,
    reason: null,
  };
}

/** Every service of the carrier for this parcel. */
export function quoteCarrier(carrier: CarrierName, req: QuoteRequest, now = new Date()): ServiceQuote[] {
  return CARRIERS[carrier].services.map((s) => quoteService(s, req, now));
}
