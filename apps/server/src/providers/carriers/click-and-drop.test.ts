import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ParcelParty } from '@lp/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BANK_HOLIDAYS } from './catalogue.js';
import { ClickAndDropCarrier, clickAndDropOrder, orderToEvent, RateLimiter } from './click-and-drop.js';
import { type BookRequest, CarrierError, CarrierWebhookError } from './types.js';

const KEY = 'cnd_live_key';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

function collectionDate(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7);
  while (d.getUTCDay() !== 2 || BANK_HOLIDAYS[d.toISOString().slice(0, 10)]) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const party = (name: string, email = ''): ParcelParty => ({
  name,
  phoneNumber: '+447700900123',
  email,
  addressLine1: '12 Sample Street',
  addressLine2: 'Flat 2',
  addressLine3: '',
  town: 'Cardiff',
  county: 'South Glamorgan',
  postcode: 'CF10 1AA',
});

function booking(over: Partial<BookRequest> = {}, parcel: Partial<BookRequest['parcel']> = {}): BookRequest {
  return {
    sender: party('Acme Ltd', 'post@acme.example'),
    recipient: party('Siobhán Ó Briain', 'siobhan@example.com'),
    parcel: {
      weight: 1.5,
      length: 40,
      width: 30,
      height: 10,
      goodsValue: 120,
      collectionDate: collectionDate(),
      ...parcel,
    },
    serviceId: 'royal-mail:tracked-48',
    reference: 'parcel-1',
    goodsDescription: 'Books',
    deliveryNotes: 'Ring the bell',
    ...over,
  };
}

interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  accept: string | undefined;
  body: unknown;
  at: number;
}

type Mode = 'ok' | 'failed' | 'error500' | 'slow' | 'known' | 'noLabel' | 'shipped' | 'rateLimited';

/** A stand-in for Click & Drop on a local port, answering in its documented shapes. */
async function fakeClickAndDrop() {
  const seen: Seen[] = [];
  const state = { mode: 'ok' as Mode, limited: 0 };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const order = {
    orderIdentifier: 1001,
    orderReference: 'parcel-1',
    createdOn: '2026-06-01T10:00:00Z',
    orderDate: '2026-06-01T10:00:00Z',
    trackingNumber: 'TT123456785GB',
  };
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const s: Seen = {
      method: req.method ?? '',
      url: req.url ?? '',
      auth: req.headers.authorization,
      accept: req.headers.accept,
      body: raw ? JSON.parse(raw) : null,
      at: Date.now(),
    };
    seen.push(s);
    if (s.auth !== `Bearer ${KEY}`) return json(res, 401, { code: 'Unauthorized', message: 'Invalid API key' });
    if (state.mode === 'rateLimited' && state.limited++ < 1) {
      res.writeHead(429, { 'retry-after': '0.2' });
      return res.end();
    }
    if (state.mode === 'error500') return json(res, 500, { code: 'InternalServerError', message: 'Oops' });
    if (state.mode === 'slow') await new Promise((r) => setTimeout(r, 400));
    const path = decodeURIComponent(s.url.split('?')[0]!);
    if (s.method === 'GET' && path === '/api/v1/orders/"parcel-1"') {
      if (state.mode === 'known') return json(res, 200, [order]);
      return json(res, 404, { code: 'NotFound', message: 'Order not found' });
    }
    if (s.method === 'GET' && path.startsWith('/api/v1/orders/"'))
      return json(res, 404, { code: 'NotFound', message: 'Order not found' });
    if (s.method === 'POST' && path === '/api/v1/orders') {
      if (state.mode === 'failed') {
        const item = (s.body as { items: unknown[] }).items[0];
        return json(res, 200, {
          successCount: 0,
          errorsCount: 1,
          createdOrders: [],
          failedOrders: [
            {
              order: item,
              errors: [
                { errorCode: 36, errorMessage: 'The postcode is not valid for the service selected', fields: [] },
              ],
            },
          ],
        });
      }
      return json(res, 200, {
        successCount: 1,
        errorsCount: 0,
        createdOrders: [
          { ...order, label: state.mode === 'noLabel' ? undefined : PDF.toString('base64'), labelErrors: [] },
        ],
        failedOrders: [],
      });
    }
    if (s.method === 'GET' && path === '/api/v1/orders/1001/label') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(PDF);
    }
    if (s.method === 'GET' && path === '/api/v1/orders/1002/label')
      return json(res, 404, { code: 'NotFound', message: 'Label not generated' });
    if (s.method === 'GET' && path === '/api/v1/orders/1001')
      return json(res, 200, [
        state.mode === 'shipped'
          ? {
              ...order,
              printedOn: '2026-06-01T11:00:00Z',
              manifestedOn: '2026-06-01T16:00:00Z',
              shippedOn: '2026-06-02T09:30:00Z',
            }
          : order,
      ]);
    if (s.method === 'GET' && path === '/api/v1/orders/1004')
      return json(res, 200, [{ ...order, orderIdentifier: 1004 }]);
    if (s.method === 'DELETE' && path === '/api/v1/orders/1004')
      return json(res, 200, {
        deletedOrders: [],
        errors: [
          {
            orderIdentifier: 1004,
            orderReference: 'parcel-4',
            code: 'OrderNotDeletable',
            message: 'Order is locked for despatch',
          },
        ],
      });
    if (s.method === 'GET' && /^\/api\/v1\/orders\/\d+$/.test(path))
      return json(res, 404, { code: 'NotFound', message: 'Order not found' });
    if (s.method === 'DELETE' && path === '/api/v1/orders/1001')
      return json(res, 200, {
        deletedOrders: [{ orderIdentifier: 1001, orderReference: 'parcel-1', orderInfo: '' }],
        errors: [],
      });
    json(res, 404, { code: 'NotFound', message: 'No such endpoint' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    state,
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('Click & Drop client', () => {
  let api: Awaited<ReturnType<typeof fakeClickAndDrop>>;
  beforeAll(async () => {
    api = await fakeClickAndDrop();
  });
  afterAll(async () => api.close());
  beforeEach(() => {
    api.seen.length = 0;
    api.state.mode = 'ok';
    api.state.limited = 0;
  });
  const client = (over: { apiKey?: string; timeoutMs?: number } = {}) =>
    new ClickAndDropCarrier({ apiKey: KEY, baseUrl: api.baseUrl, ...over });

  it('creates the order in the documented shape and answers its tracking number', async () => {
    const c = client();
    expect(c.mode).toBe('live');
    const b = await c.book(booking());
    expect(b).toEqual({ shipmentId: 'TT123456785GB', carrierReference: '1001' });
    // first a look for an order with our reference (a retry must not make a second), then the order
    expect(api.seen.map((s) => `${s.method} ${decodeURIComponent(s.url)}`)).toEqual([
      'GET /api/v1/orders/"parcel-1"',
      'POST /api/v1/orders',
    ]);
    const post = api.seen[1]!;
    expect(post.auth).toBe(`Bearer ${KEY}`);
    const item = (post.body as { items: Array<Record<string, unknown>> }).items[0]!;
    expect(item).toMatchObject({
      orderReference: 'parcel-1',
      recipient: {
        address: {
          fullName: 'Siobhán Ó Briain',
          addressLine1: '12 Sample Street',
          addressLine2: 'Flat 2',
          city: 'Cardiff',
          county: 'South Glamorgan',
          postcode: 'CF10 1AA',
          countryCode: 'GB',
        },
        phoneNumber: '+447700900123',
        emailAddress: 'siobhan@example.com',
      },
      sender: { tradingName: 'Acme Ltd', emailAddress: 'post@acme.example' },
      packages: [
        {
          weightInGrams: 1500,
          packageFormatIdentifier: 'smallParcel',
          dimensions: { heightInMms: 100, widthInMms: 300, depthInMms: 400 },
        },
      ],
      subtotal: 120,
      // Tracked 48 small £3.35 + 1.5 % of (£120 - £20) = £1.50
      shippingCostCharged: 4.85,
      total: 124.85,
      currencyCode: 'GBP',
      specialInstructions: 'Ring the bell',
      postageDetails: { serviceCode: 'TPS48', consequentialLoss: 120 },
      label: { includeLabelInResponse: true },
    });
    // the label came with the order: no second call
    const label = await c.label(b);
    expect(label).toEqual({ ready: true, pdf: PDF });
    expect(api.seen).toHaveLength(2);
    // a retried booking in this process answers without a call
    expect(await c.book(booking())).toEqual(b);
    expect(api.seen).toHaveLength(2);
  });

  it('answers the existing order when Click & Drop already has our reference', async () => {
    api.state.mode = 'known';
    const b = await client().book(booking());
    expect(b).toEqual({ shipmentId: 'TT123456785GB', carrierReference: '1001' });
    expect(api.seen.map((s) => s.method)).toEqual(['GET']);
  });

  it("refuses with Royal Mail's own message when the order fails (permanent)", async () => {
    api.state.mode = 'failed';
    const error = await client()
      .book(booking())
      .catch((e) => e);
    expect(error).toBeInstanceOf(CarrierError);
    expect(error.permanent).toBe(true);
    expect(error.message).toBe('Royal Mail refused the parcel: The postcode is not valid for the service selected');
  });

  it('refuses a parcel over its limits before calling', async () => {
    const error = await client()
      .book(booking({}, { weight: 21 }))
      .catch((e) => e);
    expect(error).toMatchObject({ permanent: true, message: "Over Royal Mail's 20 kg limit" });
    expect(api.seen).toHaveLength(0);
  });

  it('treats 5xx and timeouts as transient, a bad key as permanent', async () => {
    api.state.mode = 'error500';
    const e500 = await client()
      .book(booking())
      .catch((e) => e);
    expect(e500).toMatchObject({ permanent: false });
    api.state.mode = 'slow';
    const slow = await client({ timeoutMs: 100 })
      .book(booking())
      .catch((e) => e);
    expect(slow).toMatchObject({ permanent: false, message: 'Royal Mail did not answer in time. We will try again.' });
    api.state.mode = 'ok';
    const key = await client({ apiKey: 'wrong' })
      .book(booking())
      .catch((e) => e);
    expect(key).toMatchObject({ permanent: true, message: 'Royal Mail Click & Drop did not accept our API key.' });
  });

  it('fetches the label PDF, or answers "not ready" until Click & Drop has it', async () => {
    const c = client();
    expect(await c.label({ shipmentId: 'TT123456785GB', carrierReference: '1001' })).toEqual({ ready: true, pdf: PDF });
    const get = api.seen[0]!;
    expect(get.url).toBe('/api/v1/orders/1001/label?documentType=postageLabel&includeReturnsLabel=false');
    expect(get.accept).toBe('application/pdf');
    expect(await c.label({ shipmentId: '1002', carrierReference: '1002' })).toEqual({ ready: false });
    api.state.mode = 'error500';
    await expect(c.label({ shipmentId: 'x', carrierReference: '1003' })).rejects.toMatchObject({ permanent: false });
  });

  it("maps the order's dates to one tracking event, and cancels only before despatch", async () => {
    const c = client();
    const b = { shipmentId: 'TT123456785GB', carrierReference: '1001' };
    expect(await c.track(b)).toEqual([
      {
        eventId: 'cnd-1001-pending',
        shipmentId: 'TT123456785GB',
        at: new Date('2026-06-01T10:00:00Z'),
        status: 'pending',
        message: 'Order received by Royal Mail Click & Drop',
      },
    ]);
    expect(await c.cancel(b)).toBe(true);
    expect(api.seen.at(-1)!.method).toBe('DELETE');
    api.state.mode = 'shipped';
    const [event] = await c.track(b);
    expect(event).toMatchObject({ status: 'picked_up', at: new Date('2026-06-02T09:30:00Z') });
    const calls = api.seen.length;
    expect(await c.cancel(b)).toBe(false);
    expect(api.seen.slice(calls).map((s) => s.method)).toEqual(['GET']);
    expect(await c.track({ shipmentId: '9', carrierReference: '9' })).toEqual([]);
    expect(orderToEvent({}, 'x')).toBeNull();
  });

  it('voids a label by deleting its order, says why not once despatched or refused, and a gone order is voided', async () => {
    const c = client();
    api.state.mode = 'ok';
    const b = { shipmentId: 'TT123456785GB', carrierReference: '1001' };
    const before = api.seen.length;
    expect(await c.void(b)).toEqual({ voided: true });
    expect(api.seen.slice(before).map((x) => `${x.method} ${x.url}`)).toEqual([
      'GET /api/v1/orders/1001',
      'DELETE /api/v1/orders/1001',
    ]);
    expect(api.seen.at(-1)!.auth).toBe(`Bearer ${KEY}`);
    api.state.mode = 'shipped';
    expect(await c.void(b)).toEqual({
      voided: false,
      reason: 'Royal Mail has despatched this parcel: its label can no longer be cancelled.',
    });
    expect(api.seen.at(-1)!.method).toBe('GET');
    expect(await c.void({ shipmentId: 'TT1', carrierReference: '1004' })).toEqual({
      voided: false,
      reason: 'Royal Mail refused to cancel the label: Order is locked for despatch',
    });
    // Deleted already (a void retried after a lost answer): voided, and nothing else is called.
    expect(await c.void({ shipmentId: '9', carrierReference: '9' })).toEqual({ voided: true });
    expect(api.seen.at(-1)!.method).toBe('GET');
    api.state.mode = 'error500';
    await expect(c.void({ shipmentId: 'x', carrierReference: '1005' })).rejects.toMatchObject({ permanent: false });
  });

  it('keeps to 5 requests a second, and waits when told it went over', async () => {
    const c = client();
    const b = { shipmentId: 'TT123456785GB', carrierReference: '1001' };
    const started = Date.now();
    await Promise.all(Array.from({ length: 12 }, () => c.track(b)));
    expect(api.seen).toHaveLength(12);
    // 12 requests at 5 a second: the 11th starts after 2 s. (The spacing itself is RateLimiter's,
    // proven below on its own clock: the times the server saw requests arrive carry the machine's
    // scheduling delays, which on a loaded machine bunched two arrivals a window apart.)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1990);

    api.seen.length = 0;
    api.state.mode = 'rateLimited';
    expect(await c.track(b)).toHaveLength(1);
    expect(api.seen).toHaveLength(2);
    expect(api.seen[1]!.at - api.seen[0]!.at).toBeGreaterThanOrEqual(190);
  });

  it('quotes from the rate card without calling, and has no webhooks', async () => {
    const c = client();
    const rows = await c.quote(booking());
    expect(rows.map((r) => [r.serviceName, r.costPence])).toEqual([
      ['Tracked 48', 485],
      ['Tracked 24', 429 + 150],
      ['Special Delivery Guaranteed by 1pm', 1095],
    ]);
    expect(api.seen).toHaveLength(0);
    expect(() => c.verifyWebhook()).toThrow(CarrierWebhookError);
  });

  it('builds a medium parcel order for a parcel over 2 kg', () => {
    const body = clickAndDropOrder(
      booking({ serviceId: 'royal-mail:tracked-24' }, { weight: 2.001, goodsValue: 10 }),
      649,
      new Date(),
    );
    const item = body.items[0]!;
    expect(item.packages[0]).toMatchObject({ weightInGrams: 2001, packageFormatIdentifier: 'mediumParcel' });
    expect(item.postageDetails.serviceCode).toBe('TPN24');
    expect('consequentialLoss' in item.postageDetails).toBe(false);
  });

  it('RateLimiter spaces bursts', async () => {
    const limiter = new RateLimiter(2);
    const started = Date.now();
    const at: number[] = [];
    await Promise.all(Array.from({ length: 5 }, () => limiter.take().then(() => at.push(Date.now() - started))));
    expect(at[1]!).toBeLessThan(100);
    expect(at[2]!).toBeGreaterThanOrEqual(990);
    expect(at[4]!).toBeGreaterThanOrEqual(1990);
  });
});
