import { setTimeout as sleep } from 'node:timers/promises';
import type { ParcelParty } from '@lp/domain';
import { describe, expect, it } from 'vitest';
import { BANK_HOLIDAYS } from './catalogue.js';
import { createCarriers, quoteAll, sortQuotes } from './index.js';
import type { CarrierAdapter, CarrierName, QuoteRequest, ServiceQuote } from './types.js';

function collectionDate(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7);
  while (d.getUTCDay() !== 2 || BANK_HOLIDAYS[d.toISOString().slice(0, 10)]) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const party: ParcelParty = {
  name: 'Łukasz Nowak',
  phoneNumber: '+447700900123',
  email: '',
  addressLine1: '1 High Street',
  addressLine2: '',
  addressLine3: '',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS1 1AA',
};

const req = (parcel: Partial<QuoteRequest['parcel']> = {}): QuoteRequest => ({
  sender: party,
  recipient: party,
  parcel: { weight: 2, length: 45, width: 35, height: 16, goodsValue: 10, collectionDate: collectionDate(), ...parcel },
});

function row(carrier: CarrierName, name: string, costPence: number | null): ServiceQuote {
  return {
    carrier,
    serviceId: `${carrier}:${name}`,
    serviceName: name,
    serviceDescription: '',
    costPence,
    coverText: '',
    available: costPence !== null,
    reason: costPence === null ? 'No' : null,
  };
}

/** An adapter that answers its rows after `ms` (or throws, or never answers). */
function fake(carrier: CarrierName, ms: number, answer: ServiceQuote[] | 'throw' | 'hang'): CarrierAdapter {
  const never = () => Promise.reject(new Error('not used'));
  return {
    carrier,
    mode: 'sandbox',
    async quote() {
      if (answer === 'hang') return new Promise<ServiceQuote[]>(() => {});
      await sleep(ms);
      if (answer === 'throw') throw new Error('boom');
      return answer;
    },
    book: never,
    label: never,
    track: never,
    void: never,
    cancel: never,
    verifyWebhook: () => [],
  };
}

const adapters = (...list: CarrierAdapter[]) => new Map(list.map((a) => [a.carrier, a] as const));

describe('quoteAll', () => {
  it('asks every carrier at once: it takes as long as the slowest, not the sum', async () => {
    const started = Date.now();
    const rows = await quoteAll(
      adapters(
        fake('Royal Mail', 200, [row('Royal Mail', 'a', 500)]),
        fake('Parcelforce', 200, [row('Parcelforce', 'b', 900)]),
        fake('DPD', 200, [row('DPD', 'c', 700)]),
        fake('Evri', 250, [row('Evri', 'd', 300)]),
      ),
      req(),
      2000,
    );
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(245);
    expect(took).toBeLessThan(600); // the sum would be 850
    expect(rows.map((r) => r.costPence)).toEqual([300, 500, 700, 900]);
  });

  it('gives a hanging carrier its own "did not answer in time" row, and a failing one its own', async () => {
    const started = Date.now();
    const rows = await quoteAll(
      adapters(
        fake('Royal Mail', 10, [row('Royal Mail', 'a', 500)]),
        fake('Parcelforce', 0, 'hang'),
        fake('DPD', 10, 'throw'),
        fake('Evri', 10, [row('Evri', 'd', 300), row('Evri', 'e', null)]),
      ),
      req(),
      150,
    );
    expect(Date.now() - started).toBeLessThan(400);
    expect(rows.map((r) => [r.carrier, r.serviceId, r.available, r.reason])).toEqual([
      ['Evri', 'Evri:d', true, null],
      ['Royal Mail', 'Royal Mail:a', true, null],
      ['Parcelforce', 'parcelforce:unavailable', false, 'Parcelforce did not answer in time'],
      ['DPD', 'dpd:unavailable', false, 'DPD is not available at the moment'],
      ['Evri', 'Evri:e', false, 'No'],
    ]);
    const late = rows.find((r) => r.carrier === 'Parcelforce')!;
    expect(late).toMatchObject({
      serviceName: 'Parcelforce',
      costPence: null,
      coverText: '£60 loss cover included, extendable to £1,000',
    });
  });

  it('sorts available rows by cost, then the refused ones as they came', () => {
    const sorted = sortQuotes([
      row('DPD', 'x', null),
      row('Evri', 'y', 900),
      row('Royal Mail', 'z', null),
      row('Parcelforce', 'w', 100),
    ]);
    expect(sorted.map((r) => r.serviceName)).toEqual(['w', 'y', 'x', 'z']);
  });

  it('quotes the four sandboxes: Medium is refused by Evri only, Large by all with reasons', async () => {
    const carriers = createCarriers({
      sandbox: { latencyMs: 20, failureRate: 0, labelDelayMs: 0, trackingStepMs: 60_000, webhookSecret: 's' },
    });
    try {
      expect([...carriers.adapters.keys()]).toEqual(['Royal Mail', 'Parcelforce', 'DPD', 'Evri']);
      expect([...carriers.adapters.values()].every((a) => a.mode === 'sandbox')).toBe(true);
      const medium = await quoteAll(carriers.adapters, req({ weight: 20, length: 61, width: 46, height: 46 }), 1000);
      const refused = medium.filter((r) => !r.available);
      expect(new Set(refused.map((r) => r.carrier))).toEqual(new Set(['Evri']));
      const costs = medium.filter((r) => r.available).map((r) => r.costPence!);
      expect(costs).toEqual([...costs].sort((a, b) => a - b));
      const large = await quoteAll(carriers.adapters, req({ weight: 30, length: 150, width: 60, height: 200 }), 1000);
      expect(large.every((r) => !r.available && r.reason)).toBe(true);
      expect(large).toHaveLength(9);
    } finally {
      carriers.close();
      await carriers.settled();
    }
  });

  it('uses Click & Drop for Royal Mail when a key is configured', () => {
    const carriers = createCarriers({
      clickAndDropApiKey: 'key',
      clickAndDropBaseUrl: 'http://127.0.0.1:9/api/v1',
      sandbox: { latencyMs: 0, failureRate: 0, labelDelayMs: 0, trackingStepMs: 60_000, webhookSecret: 's' },
    });
    expect(carriers.adapters.get('Royal Mail')!.mode).toBe('live');
    expect(carriers.adapters.get('Evri')!.mode).toBe('sandbox');
    carriers.close();
  });
});
