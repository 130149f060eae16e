import { describe, expect, it } from 'vitest';
import {
  canMoveParcel,
  lengthPlusGirth,
  PARCEL_PRESETS,
  PARCEL_STATUSES,
  parcelBadgeColour,
  parcelDetailsSchema,
  parcelMayVoid,
  parcelPartySchema,
  parcelPresetSchema,
  parseCollectionDate,
  toPlus44,
  trackingAdvances,
  ukToday,
} from './parcels.js';

const NOW = new Date('2026-11-23T10:00:00Z');
const details = parcelDetailsSchema(() => NOW);
const party = {
  name: 'Siobhán Ó Briain',
  phoneNumber: '07700 900123',
  addressLine1: '12 Acacia Avenue',
  town: 'Bristol',
  county: 'City of Bristol',
  postcode: 'bs8 2qt',
};
const good = {
  goods_value: '45.50',
  goods_description: 'Books',
  delivery_notes: '',
  length: '61',
  width: 46,
  height: 46,
  weight: '20',
  collection_date: '2026-11-24',
};
const messages = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('parcel party', () => {
  it('upper-cases the postcode, keeps accents and apostrophes, and writes the phone as +44', () => {
    const p = parcelPartySchema.parse({ ...party, name: "Dr Siobhán O'Neill" });
    expect(p).toMatchObject({ name: "Dr Siobhán O'Neill", postcode: 'BS8 2QT', phoneNumber: '+447700900123' });
    expect(toPlus44('+44 117 496 0123')).toBe('+441174960123');
  });

  it('asks for each required field with the spec’s messages; lines 2 and 3 are optional', () => {
    const r = parcelPartySchema.safeParse({
      name: '',
      phoneNumber: '',
      addressLine1: ' ',
      town: '',
      county: '',
      postcode: '',
    });
    expect(messages(r)).toMatchObject({
      name: 'Please add a name',
      town: 'Please supply a town or city',
      county: 'Please supply a county',
      postcode: 'Please supply a postcode',
      addressLine1: 'Please supply the first line of the address',
    });
    expect(parcelPartySchema.safeParse({ ...party, postcode: 'ZZ1' }).success).toBe(false);
    expect(parcelPartySchema.safeParse({ ...party, phoneNumber: '0044 7700 900123' }).success).toBe(false);
    expect(parcelPartySchema.parse(party)).toMatchObject({ addressLine2: '', addressLine3: '' });
  });
});

describe('parcel details', () => {
  it('takes the description at 20 and the notes at 30 characters, not one more', () => {
    expect(
      details.safeParse({ ...good, goods_description: 'x'.repeat(20), delivery_notes: 'y'.repeat(30) }).success,
    ).toBe(true);
    expect(messages(details.safeParse({ ...good, goods_description: 'x'.repeat(21) }))).toEqual({
      goods_description: 'Must have at most 20 characters',
    });
    expect(messages(details.safeParse({ ...good, delivery_notes: 'y'.repeat(31) }))).toEqual({
      delivery_notes: 'Must have at most 30 characters',
    });
  });

  it('needs numbers of at least 0.01, with the goods value and weight messages', () => {
    expect(messages(details.safeParse({ ...good, goods_value: '', weight: '' }))).toEqual({
      goods_value: 'Please enter the value of the goods in this parcel',
      weight: "Please add the parcel's weight",
    });
    expect(messages(details.safeParse({ ...good, length: 'abc' }))).toEqual({ length: 'Must be a number' });
    expect(messages(details.safeParse({ ...good, width: 0.009 }))).toEqual({ width: 'Must be at least 0.01' });
    expect(details.safeParse({ ...good, width: 0.01 }).success).toBe(true);
  });

  it('takes a collection date from today (UK) on, yyyy-MM-dd or with slashes, and a real date only', () => {
    expect(ukToday(NOW)).toBe('2026-11-23');
    expect(details.parse({ ...good, collection_date: '2026-11-23' }).collection_date).toBe('2026-11-23');
    expect(details.parse({ ...good, collection_date: '2026/11/30' }).collection_date).toBe('2026-11-30');
    expect(messages(details.safeParse({ ...good, collection_date: '2026-11-22' }))).toEqual({
      collection_date: 'The collection date cannot be in the past',
    });
    expect(parseCollectionDate('2026-02-30')).toBeNull();
    expect(parseCollectionDate('23/11/2026')).toBeNull();
    // Late evening in London in summer is already the next day in UTC terms only after midnight BST.
    expect(ukToday(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
  });
});

describe('presets', () => {
  it('are the spec’s Small, Medium and Large; a company preset needs a name and positive dimensions', () => {
    expect(PARCEL_PRESETS.map((p) => [p.name, p.weight, p.length, p.width, p.height])).toEqual([
      ['Small', 2, 45, 35, 16],
      ['Medium', 20, 61, 46, 46],
      ['Large', 30, 150, 60, 200],
    ]);
    expect(messages(parcelPresetSchema.safeParse({ name: '', weight: 1, length: 1, width: 1, height: 1 }))).toEqual({
      name: 'Please name your preset',
    });
    expect(messages(parcelPresetSchema.safeParse({ name: 'Box', weight: 1, length: 0, width: 1, height: 1 }))).toEqual({
      length: 'The dimensions must be positive numbers',
    });
    expect(lengthPlusGirth({ length: 60, width: 150, height: 200 })).toBe(200 + 2 * (150 + 60));
  });
});

describe('statuses', () => {
  it('have the spec’s colours and move only through the transition table', () => {
    expect(Object.fromEntries(PARCEL_STATUSES.map((s) => [s, parcelBadgeColour(s)]))).toEqual({
      Pending: 'blue',
      'In Review': 'orange',
      'Awaiting Label': 'orange',
      Confirmed: 'green',
      'Denied by Supervisor': 'red',
      'Failed to Create Shipment': 'red',
      Cancelled: 'red',
    });
    expect(canMoveParcel('In Review', 'Pending')).toBe(true);
    expect(canMoveParcel('Confirmed', 'Cancelled')).toBe(true);
    expect(canMoveParcel('Awaiting Label', 'Cancelled')).toBe(true);
    expect(canMoveParcel('Pending', 'Cancelled')).toBe(false);
    expect(canMoveParcel('Cancelled', 'Confirmed')).toBe(false);
    expect(canMoveParcel('Pending', 'Awaiting Label')).toBe(true);
    expect(canMoveParcel('Awaiting Label', 'Confirmed')).toBe(true);
    expect(canMoveParcel('Confirmed', 'Pending')).toBe(false);
    expect(canMoveParcel('Denied by Supervisor', 'Pending')).toBe(false);
    expect(canMoveParcel('In Review', 'Confirmed')).toBe(false);
  });

  it('a label may be voided once booked and until the carrier scans it', () => {
    expect(parcelMayVoid('Confirmed', null)).toBe(true);
    expect(parcelMayVoid('Awaiting Label', 'pending')).toBe(true);
    expect(parcelMayVoid('Confirmed', 'picked_up')).toBe(false);
    expect(parcelMayVoid('Confirmed', 'delivered')).toBe(false);
    expect(parcelMayVoid('Pending', null)).toBe(false);
    expect(parcelMayVoid('Cancelled', null)).toBe(false);
  });

  it('tracking never moves a delivered parcel back, nor to an earlier stage', () => {
    expect(trackingAdvances(null, 'pending')).toBe(true);
    expect(trackingAdvances('in_transit', 'out_for_delivery')).toBe(true);
    expect(trackingAdvances('out_for_delivery', 'delivery_failed')).toBe(true);
    expect(trackingAdvances('delivery_failed', 'out_for_delivery')).toBe(true);
    expect(trackingAdvances('out_for_delivery', 'in_transit')).toBe(false);
    expect(trackingAdvances('delivered', 'in_transit')).toBe(false);
    expect(trackingAdvances('delivered', 'delivered')).toBe(false);
  });
});
