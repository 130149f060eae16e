import { setTimeout as sleep } from 'node:timers/promises';
import type { ParcelParty } from '@lp/domain';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { BANK_HOLIDAYS } from './catalogue.js';
import { SandboxCarrier, type SandboxCarrierOptions, s10CheckDigit, signCarrierWebhook } from './sandbox.js';
import { type BookRequest, CarrierError, type CarrierName, CarrierWebhookError } from './types.js';

const SECRET = 'whsec_test_carriers';

/** A predictable random (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Tuesday at least a week ahead that is not a bank holiday: every carrier collects. */
function collectionDate(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7);
  while (d.getUTCDay() !== 2 || BANK_HOLIDAYS[d.toISOString().slice(0, 10)]) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const party = (name: string): ParcelParty => ({
  name,
  phoneNumber: '+447700900123',
  email: 'someone@example.com',
  addressLine1: '1 High Street',
  addressLine2: '',
  addressLine3: '',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS1 1AA',
});

function booking(over: Partial<BookRequest> = {}, parcel: Partial<BookRequest['parcel']> = {}): BookRequest {
  return {
    sender: party('Acme Ltd'),
    recipient: party('Siobhán Ó Briain'),
    parcel: {
      weight: 2,
      length: 45,
      width: 35,
      height: 16,
      goodsValue: 50,
      collectionDate: collectionDate(),
      ...parcel,
    },
    serviceId: 'royal-mail:tracked-48',
    reference: 'parcel-1',
    goodsDescription: 'Books',
    deliveryNotes: 'Leave in the porch',
    ...over,
  };
}

const open: SandboxCarrier[] = [];
function sandbox(over: Partial<SandboxCarrierOptions> = {}): SandboxCarrier {
  const s = new SandboxCarrier({
    carrier: 'Royal Mail',
    webhookSecret: SECRET,
    latencyMs: 0,
    failureRate: 0,
    labelDelayMs: 0,
    trackingStepMs: 60_000,
    random: seeded(42),
    ...over,
  });
  open.push(s);
  return s;
}
afterEach(async () => {
  for (const s of open.splice(0)) {
    s.close();
    await s.settled();
  }
});

describe('SandboxCarrier', () => {
  it('books idempotently by reference, with ids shaped like the carrier', async () => {
    const rm = sandbox();
    const a = await rm.book(booking());
    const again = await rm.book(booking());
    expect(again).toEqual(a);
    const b = await rm.book(booking({ reference: 'parcel-2' }));
    expect(b.shipmentId).not.toBe(a.shipmentId);
    expect(a.shipmentId).toMatch(/^RM\d{9}GB$/);
    expect(Number(a.shipmentId[10])).toBe(s10CheckDigit(a.shipmentId.slice(2, 10)));
    expect(a.carrierReference).toBe(a.shipmentId);

    const ids: Record<CarrierName, RegExp> = {
      'Royal Mail': /^RM\d{9}GB$/,
      Parcelforce: /^PB\d{8}$/,
      DPD: /^\d{14}$/,
      Evri: /^H[0-9A-Z]{15}$/,
    };
    const services: Record<CarrierName, string> = {
      'Royal Mail': 'royal-mail:tracked-24',
      Parcelforce: 'parcelforce:express48',
      DPD: 'dpd:next-day',
      Evri: 'evri:standard',
    };
    for (const carrier of Object.keys(ids) as CarrierName[]) {
      const c = sandbox({ carrier });
      const { shipmentId } = await c.book(booking({ serviceId: services[carrier] }));
      expect(shipmentId, carrier).toMatch(ids[carrier]);
    }
  });

  it('computes the S10 check digit as Royal Mail does', () => {
    // 4 7 3 1 2 4 5 6 weighted 8 6 4 2 3 5 9 7: 32+42+12+2+6+20+45+42 = 201; 201 mod 11 = 3; 11 - 3 = 8
    expect(s10CheckDigit('47312456')).toBe(8);
  });

  it('refuses a parcel the carrier cannot take (permanent) and fails now and then (transient)', async () => {
    const rm = sandbox();
    const refused = await rm.book(booking({}, { weight: 30 })).catch((e) => e);
    expect(refused).toBeInstanceOf(CarrierError);
    expect(refused).toMatchObject({ permanent: true, message: "Over Royal Mail's 20 kg limit" });
    const other = await rm.book(booking({ serviceId: 'evri:standard' })).catch((e) => e);
    expect(other).toMatchObject({ permanent: true });

    const flaky = sandbox({ failureRate: 1 });
    const failed = await flaky.book(booking()).catch((e) => e);
    expect(failed).toBeInstanceOf(CarrierError);
    expect(failed.permanent).toBe(false);
  });

  it('answers "not ready" until the label is made, then a real PDF', async () => {
    const rm = sandbox({ labelDelayMs: 150 });
    const b = await rm.book(booking());
    expect(await rm.label(b)).toEqual({ ready: false });
    await sleep(200);
    const answer = await rm.label(b);
    if (!answer.ready) throw new Error('the label should be ready');
    expect(answer.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(answer.pdf);
    expect(doc.getPage(0).getSize()).toEqual({ width: 298, height: 420 });
    // the same file on a second ask
    expect(await rm.label(b)).toEqual(answer);
    await expect(rm.label({ shipmentId: 'RM000000000GB', carrierReference: 'x' })).rejects.toMatchObject({
      permanent: true,
    });
  });

  it('pushes tracking events in order, signed, retrying until accepted', async () => {
    const rm = sandbox({ trackingStepMs: 10 });
    const seen: Array<{ slug: string; raw: Buffer; signature: string }> = [];
    let calls = 0;
    rm.setEventSink(async (slug, raw, signature) => {
      calls++;
      if (calls === 2) return 503; // our route had a moment: the carrier sends it again
      seen.push({ slug, raw, signature });
      return 200;
    });
    const b = await rm.book(booking());
    await rm.settled();
    expect(calls).toBe(6);
    expect(seen.map((s) => s.slug)).toEqual(Array(5).fill('royal-mail'));
    const events = seen.flatMap((s) => rm.verifyWebhook(s.raw, s.signature));
    expect(events.map((e) => e.status)).toEqual([
      'pending',
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    expect(events[0]!.message).toBe('Shipment details received');
    expect(events[2]!.message).toMatch(/^Arrived at \w+ hub$/);
    expect(events[4]!.message).toBe('Delivered to the recipient');
    expect(new Set(events.map((e) => e.eventId)).size).toBe(5);
    expect(events.every((e) => e.shipmentId === b.shipmentId)).toBe(true);
    for (let i = 1; i < events.length; i++) expect(events[i]!.at >= events[i - 1]!.at).toBe(true);

    const body = JSON.parse(seen[0]!.raw.toString('utf8'));
    expect(body).toMatchObject({
      carrier: 'Royal Mail',
      events: [{ shipment_id: b.shipmentId, status: 'pending', message: 'Shipment details received' }],
    });
    expect(seen[0]!.signature).toBe(signCarrierWebhook(SECRET, seen[0]!.raw));
    expect((await rm.track(b)).map((e) => e.status)).toEqual(events.map((e) => e.status));
  });

  it('refuses a webhook that is not genuine', () => {
    const rm = sandbox();
    const raw = Buffer.from(
      JSON.stringify({
        carrier: 'Royal Mail',
        events: [
          { event_id: 'e1', shipment_id: 'RM1', time: new Date().toISOString(), status: 'delivered', message: 'x' },
        ],
      }),
    );
    const good = signCarrierWebhook(SECRET, raw);
    expect(rm.verifyWebhook(raw, good.toUpperCase())).toHaveLength(1);
    const tampered = Buffer.from(raw.toString().replace('delivered', 'in_transit'));
    expect(() => rm.verifyWebhook(tampered, good)).toThrow(CarrierWebhookError);
    expect(() => rm.verifyWebhook(raw, signCarrierWebhook('another secret', raw))).toThrow('does not match');
    expect(() => rm.verifyWebhook(raw, undefined)).toThrow('No signature');
    expect(() => rm.verifyWebhook(raw, 'zz')).toThrow('Malformed');
    // genuinely signed, but for another carrier's route
    const evri = sandbox({ carrier: 'Evri' });
    expect(() => evri.verifyWebhook(raw, good)).toThrow('not Evri');
    // genuinely signed nonsense
    const bad = Buffer.from(JSON.stringify({ carrier: 'Royal Mail', events: [{ event_id: 'e', status: 'lost' }] }));
    expect(() => rm.verifyWebhook(bad, signCarrierWebhook(SECRET, bad))).toThrow(CarrierWebhookError);
  });

  it('cancels before collection, not after', async () => {
    const slow = sandbox({ trackingStepMs: 60_000 });
    const b = await slow.book(booking());
    expect(await slow.cancel(b)).toBe(true);
    expect(await slow.cancel(b)).toBe(false);
    await expect(slow.label(b)).rejects.toBeInstanceOf(CarrierError);
    expect(await slow.cancel({ shipmentId: 'unknown', carrierReference: 'unknown' })).toBe(false);

    const fast = sandbox({ trackingStepMs: 5 });
    const c = await fast.book(booking({ reference: 'parcel-9' }));
    await fast.settled();
    expect(await fast.cancel(c)).toBe(false);
  });

  it('voids a label until the first scan, again answering voided, and refuses after it with the reason', async () => {
    const slow = sandbox({ trackingStepMs: 60_000 });
    const b = await slow.book(booking());
    expect(await slow.void(b)).toEqual({ voided: true });
    expect(await slow.void(b)).toEqual({ voided: true });
    await expect(slow.label(b)).rejects.toBeInstanceOf(CarrierError);
    expect(await slow.void({ shipmentId: 'RM000', carrierReference: 'RM000' })).toEqual({
      voided: false,
      reason: 'Royal Mail has no shipment RM000.',
    });

    // Steps 5 ms apart: the parcel is collected (scanned) and delivered before the void.
    const fast = sandbox({ trackingStepMs: 5 });
    const c = await fast.book(booking({ reference: 'parcel-9' }));
    await fast.settled();
    const refused = await fast.void(c);
    expect(refused.voided).toBe(false);
    expect(refused).toMatchObject({
      reason: expect.stringMatching(
        /^Royal Mail scanned this parcel on \d{4}-\d{2}-\d{2} \(Collected by Royal Mail\): its label can no longer be cancelled\.$/,
      ),
    });
  });

  it('quotes after its latency and gives up when the caller aborts', async () => {
    const rm = sandbox({ latencyMs: 300 });
    const rows = await rm.quote(booking());
    expect(rows.map((r) => r.serviceId)).toEqual([
      'royal-mail:tracked-48',
      'royal-mail:tracked-24',
      'royal-mail:special-delivery-1pm',
    ]);
    const started = Date.now();
    await expect(rm.quote(booking(), AbortSignal.timeout(20))).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(200);
  });
});
