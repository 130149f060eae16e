import { setTimeout as sleep } from 'node:timers/promises';
import { PARCEL_MESSAGES, ukToday } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import type { SandboxCarrier, TrackingEvent } from '../../providers/carriers/index.js';
import { Agent, addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { credit, readBalance } from '../money/ledger.js';
import { reconcile } from '../money/reconcile.js';
import { applyTrackingEvents } from './booking.js';

/**
 * Issue 27 items 16 and 17 (decision 0034): the booking form's draft, the sender from the
 * registered office, voiding a label, the recipient's tracking email, "Find address" and the
 * parties' postcodes asked of the postcode service.
 */
let t: TestContext;
beforeAll(async () => {
  // The carriers answer at once and make labels in 100 ms; no tracking scan comes by itself.
  t = await createTestContext({
    CARRIER_SANDBOX_LATENCY_MS: '0',
    CARRIER_SANDBOX_FAILURE_RATE: '0',
    CARRIER_SANDBOX_LABEL_DELAY_MS: '100',
    CARRIER_SANDBOX_TRACKING_STEP_MS: '3600000',
    CARRIER_LABEL_POLL_MS: '50',
    POSTCODE_SERVICE_URL: 'sandbox',
    ADDRESS_SANDBOX_LATENCY_MS: '0',
  });
});
afterAll(() => t.close());

let keyN = 0;
async function company(balance = 10_000, name?: string) {
  const c = await signUpCompany(t.app, name ? { companyName: name } : {});
  if (balance)
    await inTransaction(t.services.pool, (q) =>
      credit(q, {
        accountId: c.me.account.id,
        actor: null,
        key: `first-week-seed-${++keyN}`,
        amount: balance,
        type: 'bank_transfer',
        description: 'seed',
      }),
    );
  return c;
}

function nextWorkingDay(): string {
  const d = new Date(`${ukToday()}T12:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6 || d.getTime() - Date.now() < 36 * 3600_000);
  const iso = d.toISOString().slice(0, 10);
  if (/-12-2[5-8]$|-01-0[1-2]$/.test(iso)) d.setUTCDate(d.getUTCDate() + 5);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const SENDER = {
  name: "O'Brien & Daughters Ltd",
  phoneNumber: '0117 496 0123',
  addressLine1: 'Unit 4, Temple Gate Trading Estate',
  town: 'Bristol',
  county: 'City of Bristol',
  postcode: 'BS1 6AP',
};
const RECIPIENT = {
  name: 'Siobhán Ó Briain',
  phoneNumber: '+44 7700 900456',
  email: 'siobhan.obriain@example.ie',
  addressLine1: 'Flat 2',
  addressLine2: '17 Rue-de-Croix Terrace',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS11 5PS',
};
const details = () => ({
  weight: 1.5,
  length: 30,
  width: 20,
  height: 10,
  goods_value: '45.50',
  goods_description: 'Books',
  delivery_notes: 'Leave with neighbour',
  collection_date: nextWorkingDay(),
});

/** Quotes and books the cheapest Royal Mail row; answers the parcel and its cost. */
async function book(agent: Agent, recipient: Record<string, string> = RECIPIENT) {
  const q = await agent.post('/api/parcels/quotes', { sender: SENDER, recipient, details: details() });
  expect(q.statusCode, q.body).toBe(200);
  const row = (q.json().rows as Array<{ service: string; carrier: string; available: boolean; cost: number }>).find(
    (r) => r.carrier === 'Royal Mail' && r.available,
  )!;
  const res = await agent.post('/api/parcels', { quote_id: q.json().quote_id, service: row.service });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().parcel_uuid as string, cost: row.cost };
}

/** Runs the booking and label jobs until the label is made. */
async function settle(ms = 600) {
  const until = Date.now() + ms;
  do {
    await t.runJobs();
    await sleep(40);
  } while (Date.now() < until);
  await t.runJobs();
}

const DRAFT = {
  step: 1,
  recipient: { ...RECIPIENT, phoneNumber: '07700 900456' },
  sender: { name: 'Zoë Ní Bhriain', postcode: 'bs1 6ap' },
  details: { weight: '2', length: '45', width: '35', height: '16', goods_value: '', collection_date: '2026-12-01' },
  customer_uuid: null,
};

describe('the booking form’s draft', () => {
  it('comes back after a reload, is the member’s own, refuses hostile input, and is cleared by booking', async () => {
    const { agent, me } = await company();
    expect((await agent.get('/api/parcels/draft')).json()).toEqual({ draft: null, updated_at: null });
    const saved = await agent.request('PUT', '/api/parcels/draft', DRAFT);
    expect(saved.statusCode, saved.body).toBe(200);
    const back = (await agent.get('/api/parcels/draft')).json();
    expect(back.draft).toEqual(DRAFT);
    expect(Date.parse(back.updated_at)).toBeGreaterThan(Date.now() - 60_000);

    // Another member of the company, and another company, have their own (none).
    const colleague = await addMember(t, me.account.id, { permissions: { operational: ['create_parcel'] } });
    expect((await colleague.agent.get('/api/parcels/draft')).json().draft).toBeNull();
    expect((await (await company(0)).agent.get('/api/parcels/draft')).json().draft).toBeNull();

    // A lone surrogate (a broken emoji pasted from elsewhere) is kept as U+FFFD, never a 500.
    const broken = await agent.request('PUT', '/api/parcels/draft', {
      ...DRAFT,
      recipient: { ...DRAFT.recipient, name: 'Siân \ud83d' },
    });
    expect(broken.statusCode, broken.body).toBe(200);
    expect((await agent.get('/api/parcels/draft')).json().draft.recipient.name).toBe('Siân \ufffd');
    expect((await agent.request('PUT', '/api/parcels/draft', DRAFT)).statusCode).toBe(200);

    // Hostile input changes nothing.
    for (const body of [
      { ...DRAFT, recipient: { ...DRAFT.recipient, name: 'Nul\u0000Byte' } },
      { ...DRAFT, recipient: { ...DRAFT.recipient, addressLine1: 'x'.repeat(5000) } },
      { ...DRAFT, step: 9 },
      { ...DRAFT, password: 'not a field' },
      { ...DRAFT, sender: { ...DRAFT.sender, evil: '<script>' } },
    ]) {
      const res = await agent.request('PUT', '/api/parcels/draft', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect((await agent.get('/api/parcels/draft')).json().draft).toEqual(DRAFT);

    // Discard, save again, then booking clears it.
    expect((await agent.request('DELETE', '/api/parcels/draft')).statusCode).toBe(200);
    expect((await agent.get('/api/parcels/draft')).json().draft).toBeNull();
    await agent.request('PUT', '/api/parcels/draft', DRAFT);
    await book(agent);
    expect((await agent.get('/api/parcels/draft')).json().draft).toBeNull();
    await settle(300);
  });
});

describe('the sender', () => {
  it('a new company without a postal address or earlier parcel starts from its registered office', async () => {
    const { agent, me, body } = await company(0, 'Café Névé (Edinburgh) Ltd');
    await t.services.pool.query('update accounts set registration = $2 where id = $1', [
      me.account.id,
      JSON.stringify({
        company_number: 'SC654321',
        company_name: 'CAFÉ NÉVÉ (EDINBURGH) LTD',
        company_status: 'active',
        registered_address: ['21 Rose Street', 'Edinburgh', 'Midlothian', 'EH2 2PR', 'Scotland'],
        date_of_creation: '2019-03-14',
        type: 'ltd',
      }),
    ]);
    const d = (await agent.get('/api/parcels/defaults')).json();
    expect(d.sender).toMatchObject({
      name: 'Café Névé (Edinburgh) Ltd',
      email: body.email,
      addressLine1: '21 Rose Street',
      addressLine2: '',
      town: 'Edinburgh',
      county: 'Midlothian',
      postcode: 'EH2 2PR',
    });
    // A saved postal address wins.
    const put = await agent.request('PUT', '/api/company/details', {
      postal_address: { addressLine1: '3 Leith Walk', town: 'Edinburgh', county: 'Midlothian', postcode: 'EH6 8NP' },
      vat_number: null,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await agent.get('/api/parcels/defaults')).json().sender).toMatchObject({
      addressLine1: '3 Leith Walk',
      postcode: 'EH6 8NP',
    });
  });
});

describe('voiding a label', () => {
  it('refunds its price exactly once even when two voids race, and the parcel is Cancelled', async () => {
    const { agent, me } = await company();
    const { id, cost } = await book(agent);
    await settle();
    const confirmed = (await agent.get(`/api/parcels/${id}`)).json();
    expect(confirmed).toMatchObject({ status: 'Confirmed', may_void: true });
    expect(await readBalance(t.services.pool, me.account.id)).toMatchObject({ balance: 10_000 - cost });

    const [a, b] = await Promise.all([
      agent.post(`/api/parcels/${id}/void`, {}),
      agent.post(`/api/parcels/${id}/void`, {}),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes, `${a.body} ${b.body}`).toEqual([200, 409]);
    const ok = a.statusCode === 200 ? a : b;
    const refused = a.statusCode === 200 ? b : a;
    expect(ok.json()).toMatchObject({ status: 'Cancelled', status_colour: 'red', may_void: false });
    expect([PARCEL_MESSAGES.voidInProgress, PARCEL_MESSAGES.voidAlready]).toContain(refused.json().message);
    expect(await readBalance(t.services.pool, me.account.id)).toEqual({ balance: 10_000, held: 0, available: 10_000 });

    // Again: refused, nothing more refunded; its label is gone.
    const again = await agent.post(`/api/parcels/${id}/void`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PARCEL_MESSAGES.voidAlready);
    expect(await readBalance(t.services.pool, me.account.id)).toMatchObject({ balance: 10_000 });
    const { rows } = await t.services.pool.query(
      `select type, amount_pence from ledger_entries where account_id = $1 and type = 'refund'`,
      [me.account.id],
    );
    expect(rows).toEqual([{ type: 'refund', amount_pence: String(cost) }]);
    expect((await agent.get(`/api/parcels/${id}/label`)).statusCode).toBe(409);
    const detail = (await agent.get(`/api/parcels/${id}`)).json();
    expect(detail.history[0]).toMatchObject({ status: 'Cancelled' });
    expect(detail.history[0].reason).toMatch(/^Label cancelled by .+ with Royal Mail\. £\d+\.\d\d refunded\.$/);
    expect(await reconcile(t.services.pool)).toEqual([]);
  });

  it('is refused after the first scan, whether we heard of it or only the carrier knows, refunding nothing', async () => {
    const { agent, me } = await company();
    const first = await book(agent);
    const second = await book(agent);
    await settle();
    const shipment = async (id: string) => (await agent.get(`/api/parcels/${id}`)).json().shipment_id as string;

    // The carrier's collection scan reached us: refused before asking the carrier.
    await applyTrackingEvents(t.services.pool, 'Royal Mail', [
      {
        eventId: `scan-${first.id}`,
        shipmentId: await shipment(first.id),
        at: new Date(),
        status: 'picked_up',
        message: 'Collected by Royal Mail',
      },
    ]);
    expect((await agent.get(`/api/parcels/${first.id}`)).json().may_void).toBe(false);
    const scanned = await agent.post(`/api/parcels/${first.id}/void`, {});
    expect(scanned.statusCode).toBe(409);
    expect(scanned.json().message).toBe(PARCEL_MESSAGES.voidScanned);

    // Scanned, but the event has not reached us yet: the carrier refuses with its reason.
    const id2 = await shipment(second.id);
    const sandbox = t.services.carriers.adapters.get('Royal Mail') as SandboxCarrier;
    const shipments = (sandbox as unknown as { shipments: Map<string, { events: TrackingEvent[] }> }).shipments;
    shipments.get(id2)!.events.push({
      eventId: 'x',
      shipmentId: id2,
      at: new Date(),
      status: 'picked_up',
      message: 'Collected by Royal Mail',
    });
    const late = await agent.post(`/api/parcels/${second.id}/void`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(
      /^Royal Mail scanned this parcel on .+: its label can no longer be cancelled\.$/,
    );
    // The claim is let go: the parcel stays Confirmed and nothing was refunded.
    const after = (await agent.get(`/api/parcels/${second.id}`)).json();
    expect(after.status).toBe('Confirmed');
    const { rows } = await t.services.pool.query('select voiding_since from parcels where id = $1', [second.id]);
    expect(rows[0].voiding_since).toBeNull();
    expect(await readBalance(t.services.pool, me.account.id)).toMatchObject({
      balance: 10_000 - first.cost - second.cost,
    });
  });

  it('refuses a parcel not booked, another company’s, and one the member does not see', async () => {
    const { agent, me } = await company();
    const { id } = await book(agent);
    // Pending (not booked with the carrier yet).
    const pending = await agent.post(`/api/parcels/${id}/void`, {});
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(PARCEL_MESSAGES.voidNotBooked);
    await settle();
    const other = await company();
    expect((await other.agent.post(`/api/parcels/${id}/void`, {})).statusCode).toBe(404);
    const maker = await addMember(t, me.account.id, { permissions: { operational: ['create_parcel'] } });
    expect((await maker.agent.post(`/api/parcels/${id}/void`, {})).statusCode).toBe(404);
    expect((await agent.get(`/api/parcels/${id}`)).json().status).toBe('Confirmed');
  });
});

describe('the recipient’s tracking email', () => {
  it('is sent once when booked, naming the company, with the carrier’s tracking link; none without an email', async () => {
    const { agent } = await company(10_000, "Ó Floinn's Bakery Ltd");
    const { id } = await book(agent);
    const { id: quiet } = await book(agent, { ...RECIPIENT, email: '', name: 'Áine Walsh' });
    await settle();
    const shipmentId = (await agent.get(`/api/parcels/${id}`)).json().shipment_id as string;
    const mail = (await t.outbox()).filter((m) => m.text.includes(shipmentId));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Your parcel from Ó Floinn's Bakery Ltd is booked with Royal Mail");
    expect(mail[0]!.text).toContain("Hello Siobhán,\n\nÓ Floinn's Bakery Ltd has sent you a parcel with Royal Mail");
    expect(mail[0]!.to).toBe(RECIPIENT.email);
    expect(mail[0]!.links).toEqual([`https://www.royalmail.com/track-your-item#/tracking-results/${shipmentId}`]);
    const quietShipment = (await agent.get(`/api/parcels/${quiet}`)).json().shipment_id as string;
    expect((await t.outbox()).some((m) => m.text.includes(quietShipment))).toBe(false);
  });
});

describe('Find address', () => {
  it('answers the addresses at a postcode, the same to every company, and refuses what is not a postcode', async () => {
    const { agent } = await company(0);
    const res = await agent.get('/api/addresses?postcode=ls11%205ps');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.postcode).toBe('LS11 5PS');
    expect(body.addresses).toContainEqual(
      expect.objectContaining({
        line1: 'Flat 2',
        line2: '17 Rue-de-Croix Terrace',
        town: 'Leeds',
        postcode: 'LS11 5PS',
      }),
    );
    // Nothing of a company is in it: another company gets the very same answer.
    const other = await company(0);
    expect((await other.agent.get('/api/addresses?postcode=LS11+5PS')).json()).toEqual(body);
    // A well-formed postcode that does not exist: none.
    expect((await agent.get('/api/addresses?postcode=SW1A%209ZZ')).json()).toEqual({
      postcode: 'SW1A 9ZZ',
      addresses: [],
    });

    for (const hostile of ['NOT A CODE', 'LS1', '%00LS11 5PS', 'x'.repeat(5000), "LS11' or 1=1--", '']) {
      const r = await agent.get(`/api/addresses?postcode=${encodeURIComponent(hostile)}`.replace('%2500', '%00'));
      expect(r.statusCode, hostile.slice(0, 20)).toBe(422);
    }
    expect((await agent.get('/api/addresses')).statusCode).toBe(422);
    expect((await new Agent(t.app).get('/api/addresses?postcode=LS11%205PS')).statusCode).toBe(401);
  });

  it('says so when the provider cannot answer, rather than failing', async () => {
    const { agent } = await company(0);
    const saved = t.services.parcels.addresses;
    const { AddressLookupUnavailableError } = await import('../../providers/addresses.js');
    t.services.parcels.addresses = {
      name: 'ideal-postcodes',
      find: () => Promise.reject(new AddressLookupUnavailableError('Ideal Postcodes answered 402 (code 4020).')),
    };
    try {
      const res = await agent.get('/api/addresses?postcode=LS11%205PS');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Addresses cannot be looked up just now. Please type the address.');
    } finally {
      t.services.parcels.addresses = saved;
    }
  });
});

describe('the parties’ postcodes', () => {
  it('a postcode the service does not know is refused under its field with the form’s message, quoting nothing', async () => {
    const { agent, me } = await company();
    const res = await agent.post('/api/parcels/quotes', {
      sender: SENDER,
      recipient: { ...RECIPIENT, postcode: 'ls11 9zz' },
      details: details(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual([{ path: 'recipient.postcode', message: 'Invalid Postcode' }]);
    const { rows } = await t.services.pool.query('select count(*)::int as n from parcel_quotes where account_id = $1', [
      me.account.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('a postcode service that cannot answer does not stop the booking', async () => {
    const { agent } = await company();
    const saved = t.services.parcels.postcodes;
    t.services.parcels.postcodes = {
      name: 'down',
      validate: () => Promise.reject(new Error('postcode service answered 503')),
      validateMany: () => Promise.reject(new Error('postcode service answered 503')),
    };
    try {
      const res = await agent.post('/api/parcels/quotes', { sender: SENDER, recipient: RECIPIENT, details: details() });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      t.services.parcels.postcodes = saved;
    }
  });
});
