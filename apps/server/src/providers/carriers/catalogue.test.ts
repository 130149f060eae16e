import { PARCEL_PRESETS, type ParcelParty } from '@lp/domain';
import { describe, expect, it } from 'vitest';
import {
  BANK_HOLIDAYS,
  CARRIERS,
  collectionRefusal,
  coverExtensionPence,
  findService,
  quoteCarrier,
  quoteService,
  royalMailFormat,
} from './catalogue.js';
import { CARRIER_NAMES, type CarrierName, type ParcelSpec, type QuoteRequest } from './types.js';

const NOW = new Date('2026-06-01T09:00:00Z'); // a Monday
const TUESDAY = '2026-06-02';

const party = (name: string): ParcelParty => ({
  name,
  phoneNumber: '+447700900123',
  email: '',
  addressLine1: '1 High Street',
  addressLine2: '',
  addressLine3: '',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS1 1AA',
});

function req(parcel: Partial<ParcelSpec>): QuoteRequest {
  return {
    sender: party('Sender Ltd'),
    recipient: party('Siobhán Ó Briain'),
    parcel: { weight: 1, length: 20, width: 15, height: 10, goodsValue: 10, collectionDate: TUESDAY, ...parcel },
  };
}

const service = (id: string) => {
  const s = findService(id);
  if (!s) throw new Error(`no service ${id}`);
  return s;
};
const quote = (id: string, parcel: Partial<ParcelSpec>) => quoteService(service(id), req(parcel), NOW);
const carrierAccepts = (carrier: CarrierName, parcel: Partial<ParcelSpec>) =>
  quoteCarrier(carrier, req(parcel), NOW).every((q) => q.available);

describe('carrier catalogue', () => {
  it('names services by stable ids and states the spec cover texts', () => {
    expect(CARRIERS['Royal Mail'].services.map((s) => s.name)).toEqual([
      'Tracked 48',
      'Tracked 24',
      'Special Delivery Guaranteed by 1pm',
    ]);
    expect(service('royal-mail:tracked-48').carrier).toBe('Royal Mail');
    expect(CARRIERS['Royal Mail'].coverText).toBe('£20 loss cover included, extendable to £1,000');
    expect(CARRIERS.Evri.coverText).toBe('£20 loss cover included, extendable to £1,000');
    expect(CARRIERS.DPD.coverText).toBe('£60 loss cover included, extendable to £1,000');
    expect(CARRIERS.Parcelforce.coverText).toBe('£60 loss cover included, extendable to £1,000');
    expect(service('royal-mail:special-delivery-1pm').coverText).toBe('£750 loss cover included, extendable to £1,000');
  });

  it('prices from the rate card, Royal Mail by format', () => {
    const small = quote('royal-mail:tracked-48', { weight: 2, length: 45, width: 35, height: 16 });
    expect(small).toMatchObject({ available: true, costPence: 335, reason: null });
    expect(royalMailFormat({ ...req({}).parcel, weight: 2.01 })).toBe('mediumParcel');
    expect(quote('royal-mail:tracked-48', { weight: 20, length: 61, width: 46, height: 46 }).costPence).toBe(799);
    expect(quote('evri:standard', { weight: 0.5 }).costPence).toBe(319);
    expect(quote('evri:standard', { weight: 1.01 }).costPence).toBe(409);
  });

  describe('Royal Mail: 20 kg, medium parcel 61 x 46 x 46', () => {
    it('takes exactly 20 kg and refuses 20.01 kg', () => {
      expect(carrierAccepts('Royal Mail', { weight: 20 })).toBe(true);
      const q = quote('royal-mail:tracked-48', { weight: 20.01 });
      expect(q).toMatchObject({ available: false, costPence: null, reason: "Over Royal Mail's 20 kg limit" });
    });
    it('fits the box in any orientation, and not a centimetre over', () => {
      expect(carrierAccepts('Royal Mail', { length: 46, width: 61, height: 46 })).toBe(true);
      const q = quote('royal-mail:tracked-24', { length: 62, width: 46, height: 46 });
      expect(q.reason).toBe("Larger than Royal Mail's medium parcel (61 x 46 x 46 cm)");
    });
  });

  describe('Parcelforce: 30 kg, 150 cm long, 300 cm length plus girth', () => {
    it('takes 30 kg and refuses 30.01', () => {
      expect(carrierAccepts('Parcelforce', { weight: 30 })).toBe(true);
      expect(quote('parcelforce:express48', { weight: 30.01 }).reason).toBe("Over Parcelforce's 30 kg limit");
    });
    it('takes 150 cm long and refuses 151', () => {
      expect(carrierAccepts('Parcelforce', { length: 150, width: 30, height: 30 })).toBe(true);
      expect(quote('parcelforce:express24', { length: 151, width: 30, height: 30 }).reason).toBe(
        "Longer than Parcelforce's 150 cm length limit",
      );
    });
    it('takes 300 cm length plus girth and refuses 301', () => {
      // 100 + 2 × (50 + 50) = 300
      expect(carrierAccepts('Parcelforce', { length: 100, width: 50, height: 50 })).toBe(true);
      expect(quote('parcelforce:express48', { length: 101, width: 50, height: 50 }).reason).toBe(
        "Length plus girth 301 cm is over Parcelforce's 300 cm limit",
      );
    });
  });

  describe('DPD: 30 kg within 100 x 70 x 60', () => {
    it('takes the box in any orientation and refuses a side over', () => {
      expect(carrierAccepts('DPD', { weight: 30, length: 60, width: 100, height: 70 })).toBe(true);
      expect(quote('dpd:next-day', { length: 101, width: 70, height: 60 }).reason).toBe(
        "Larger than DPD's size limit (100 x 70 x 60 cm)",
      );
      expect(quote('dpd:two-day', { length: 100, width: 71, height: 60 }).available).toBe(false);
      expect(quote('dpd:two-day', { length: 100, width: 70, height: 61 }).available).toBe(false);
      expect(quote('dpd:two-day', { weight: 30.01 }).reason).toBe("Over DPD's 30 kg limit");
    });
  });

  describe('Evri: 15 kg, 120 cm long, 245 cm length plus girth', () => {
    it('takes 15 kg and refuses 15.01', () => {
      expect(carrierAccepts('Evri', { weight: 15 })).toBe(true);
      expect(quote('evri:standard', { weight: 15.01 }).reason).toBe("Over Evri's 15 kg limit");
    });
    it('takes 120 cm long and refuses 121; 245 length plus girth and not 246', () => {
      expect(carrierAccepts('Evri', { length: 120, width: 20, height: 20 })).toBe(true);
      expect(quote('evri:next-day', { length: 121, width: 20, height: 20 }).reason).toBe(
        "Longer than Evri's 120 cm length limit",
      );
      // 61 + 2 × (46 + 46) = 245
      expect(carrierAccepts('Evri', { length: 61, width: 46, height: 46 })).toBe(true);
      expect(quote('evri:next-day', { length: 62, width: 46, height: 46 }).reason).toBe(
        "Length plus girth 246 cm is over Evri's 245 cm limit",
      );
    });
  });

  describe("the spec's presets", () => {
    const preset = (name: string) => {
      const p = PARCEL_PRESETS.find((x) => x.name === name)!;
      return { weight: p.weight, length: p.length, width: p.width, height: p.height };
    };
    it('Small: every carrier', () => {
      for (const c of CARRIER_NAMES) expect(carrierAccepts(c, preset('Small')), c).toBe(true);
    });
    it('Medium: Royal Mail, Parcelforce and DPD; Evri refuses the weight', () => {
      for (const c of ['Royal Mail', 'Parcelforce', 'DPD'] as const)
        expect(carrierAccepts(c, preset('Medium')), c).toBe(true);
      const evri = quoteCarrier('Evri', req(preset('Medium')), NOW);
      expect(evri.every((q) => !q.available && q.reason === "Over Evri's 15 kg limit")).toBe(true);
    });
    it('Large: refused by every carrier, each saying why', () => {
      const reasons = Object.fromEntries(
        CARRIER_NAMES.map((c) => [c, quoteCarrier(c, req(preset('Large')), NOW)[0]!.reason]),
      );
      expect(reasons).toEqual({
        'Royal Mail': "Over Royal Mail's 20 kg limit. Larger than Royal Mail's medium parcel (61 x 46 x 46 cm)",
        Parcelforce:
          "Longer than Parcelforce's 150 cm length limit. Length plus girth 620 cm is over Parcelforce's 300 cm limit",
        DPD: "Larger than DPD's size limit (100 x 70 x 60 cm)",
        Evri: "Over Evri's 15 kg limit. Longer than Evri's 120 cm length limit. Length plus girth 620 cm is over Evri's 245 cm limit",
      });
      for (const c of CARRIER_NAMES)
        for (const q of quoteCarrier(c, req(preset('Large')), NOW)) expect(q.available).toBe(false);
    });
  });

  describe('collection days', () => {
    it('nobody collects on Sunday; DPD and Parcelforce not on Saturday', () => {
      const sunday = '2026-06-07';
      const saturday = '2026-06-06';
      for (const c of CARRIER_NAMES)
        expect(quoteCarrier(c, req({ collectionDate: sunday }), NOW)[0]!.reason).toBe(
          `${c} does not collect on Sundays`,
        );
      expect(carrierAccepts('Royal Mail', { collectionDate: saturday })).toBe(true);
      expect(carrierAccepts('Evri', { collectionDate: saturday })).toBe(true);
      expect(quote('dpd:next-day', { collectionDate: saturday }).reason).toBe('DPD does not collect on Saturdays');
      expect(quote('parcelforce:express24', { collectionDate: saturday }).reason).toBe(
        'Parcelforce does not collect on Saturdays',
      );
    });
    it('nobody collects on a bank holiday, named', () => {
      expect(quote('evri:standard', { collectionDate: '2026-12-25' }).reason).toBe(
        'Evri does not collect on bank holidays (Christmas Day)',
      );
      expect(collectionRefusal('Royal Mail', '2027-03-29', NOW)).toBe(
        'Royal Mail does not collect on bank holidays (Easter Monday)',
      );
      expect(collectionRefusal('DPD', '2026-08-31', NOW)).toBe(
        'DPD does not collect on bank holidays (Summer bank holiday)',
      );
      expect(collectionRefusal('DPD', '2026-09-01', NOW)).toBeNull();
    });
    it('lists only weekdays as bank holidays (substitute days included)', () => {
      for (const d of Object.keys(BANK_HOLIDAYS)) {
        const day = new Date(`${d}T12:00:00Z`).getUTCDay();
        expect(day, d).toBeGreaterThan(0);
        expect(day, d).toBeLessThan(6);
      }
      expect(Object.keys(BANK_HOLIDAYS)).toHaveLength(16);
    });
    it('refuses a date in the past', () => {
      expect(collectionRefusal('Evri', '2026-05-29', NOW)).toBe('The collection date is in the past');
      expect(collectionRefusal('Evri', '2026-06-01', NOW)).toBeNull();
    });
  });

  describe('loss cover', () => {
    it('adds nothing up to the included cover', () => {
      expect(quote('royal-mail:tracked-48', { weight: 1, goodsValue: 20 }).costPence).toBe(335);
      expect(quote('dpd:two-day', { goodsValue: 60 }).costPence).toBe(749);
    });
    it('charges 1.5 % of the value above it, rounded up to the penny', () => {
      // £100 with £20 included: 1.5 % of £80 = £1.20
      expect(quote('royal-mail:tracked-48', { goodsValue: 100 }).costPence).toBe(335 + 120);
      // £20.01: 1.5 % of 1p = 0.015p, rounded up to 1p
      expect(coverExtensionPence(20.01, 20)).toBe(1);
      // £33.33 with £20 included: 1.5 % of £13.33 = 19.995p -> 20p
      expect(coverExtensionPence(33.33, 20)).toBe(20);
      // £1,000 with £60 included: 1.5 % of £940 = £14.10
      expect(quote('dpd:next-day', { goodsValue: 1000 }).costPence).toBe(899 + 1410);
      // Special Delivery includes £750
      expect(quote('royal-mail:special-delivery-1pm', { goodsValue: 750 }).costPence).toBe(1095);
      expect(quote('royal-mail:special-delivery-1pm', { goodsValue: 1000 }).costPence).toBe(1095 + 375);
    });
    it('refuses goods worth more than £1,000', () => {
      const q = quote('evri:standard', { goodsValue: 1000.01 });
      expect(q).toMatchObject({
        available: false,
        costPence: null,
        reason: 'Goods worth more than £1,000 cannot be covered by Evri',
      });
    });
  });
});
