import { setTimeout as sleep } from 'node:timers/promises';
import { MONEY_MESSAGES, ukToday } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { type Agent, addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { credit, readBalance } from '../money/ledger.js';
import { reconcile } from '../money/reconcile.js';

let t: TestContext;
beforeAll(async () => {
  // The carriers answer at once; the label takes 400 ms to make and tracking steps 30 ms apart.
  t = await createTestContext({
    CARRIER_SANDBOX_LATENCY_MS: '0',
    CARRIER_SANDBOX_FAILURE_RATE: '0',
    CARRIER_SANDBOX_LABEL_DELAY_MS: '400',
    CARRIER_SANDBOX_TRACKING_STEP_MS: '30',
    CARRIER_LABEL_POLL_MS: '50',
  });
});
afterAll(() => t.close());

let keyN = 0;
async function company(balance = 10_000) {
  const c = await signUpCompany(t.app);
  if (balance)
    await inTransaction(t.services.pool, (q) =>
      credit(q, {
        accountId: c.me.account.id,
        actor: null,
        key: `parcel-seed-${++keyN}`,
        amount: balance,
        type: 'bank_transfer',
        description: 'seed',
      }),
    );
  return c;
}

/** A weekday at least two days ahead (no carrier collects on Sundays; DPD and Parcelforce not on Saturdays). */
function nextWorkingDay(): string {
  const d = new Date(`${ukToday()}T12:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6 || d.getTime() - Date.now() < 36 * 3600_000);
  // Skip the England and Wales Christmas and New Year bank holidays.
  const iso = d.toISOString().slice(0, 10);
  if (/-12-2[5-8]$|-01-0[1-2]$/.test(iso)) d.setUTCDate(d.getUTCDate() + 5);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function nextSunday(): string {
  const d = new Date(`${ukToday()}T12:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== 0);
  return d.toISOString().slice(0, 10);
}

const SENDER = {
  name: "O'Brien & Daughters Ltd",
  phoneNumber: '0117 496 0123',
  addressLine1: 'Unit 4, Temple Gate Trading Estate',
  addressLine2: '',
  town: 'Bristol',
  county: 'City of Bristol',
  postcode: 'bs1 6ap',
};
const RECIPIENT = {
  name: 'Siobhán Ó Briain',
  phoneNumber: '+44 7700 900456',
  addressLine1: 'Flat 2',
  addressLine2: '17 Rue-de-Croix Terrace',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS11 5PS',
};
const MEDIUM = { weight: 20, length: 61, width: 46, height: 46 };

const detailsOf = (size: typeof MEDIUM, extra: Record<string, unknown> = {}) => ({
  ...size,
  goods_value: '45.50',
  goods_description: 'Books',
  delivery_notes: 'Leave with neighbour',
  collection_date: nextWorkingDay(),
  ...extra,
});

async function quote(agent: Agent, details = detailsOf(MEDIUM)) {
  const res = await agent.post('/api/parcels/quotes', { sender: SENDER, recipient: RECIPIENT, details });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    quote_id: string;
    rows: Array<{ service: string; carrier: string; cost: number | null; available: boolean; reason: string | null }>;
  };
}

/** Runs the parcel jobs until the label job has nothing left (it re-queues itself while the label is made). */
async function settle(ms = 900) {
  const until = Date.now() + ms;
  do {
    await t.runJobs();
    await sleep(50);
  } while (Date.now() < until);
  await t.runJobs();
}

const balance = (accountId: string) => readBalance(t.services.pool, accountId);

describe('quotes', () => {
  it('asks every carrier: a Medium parcel is priced by Royal Mail, Parcelforce and DPD, and Evri says why not', async () => {
    const { agent } = await company();
    const q = await quote(agent);
    const carriers = new Set(q.rows.map((r) => r.carrier));
    expect(carriers).toEqual(new Set(['Royal Mail', 'Parcelforce', 'DPD', 'Evri']));
    const available = q.rows.filter((r) => r.available);
    expect(available.length).toBeGreaterThan(0);
    // Sorted by cost, the refused ones last.
    const costs = available.map((r) => r.cost!);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(q.rows.slice(available.length).every((r) => !r.available && r.reason)).toBe(true);
    const evri = q.rows.filter((r) => r.carrier === 'Evri');
    expect(evri.every((r) => !r.available && /15 ?kg/.test(r.reason!))).toBe(true);
  });

  it('says why every carrier refuses the Large preset, and checks the form with the spec’s messages', async () => {
    const { agent } = await company();
    const large = await quote(agent, detailsOf({ weight: 30, length: 150, width: 60, height: 200 }));
    expect(large.rows.every((r) => !r.available && r.reason)).toBe(true);

    const sunday = await quote(agent, detailsOf(MEDIUM, { collection_date: nextSunday() }));
    expect(sunday.rows.every((r) => !r.available && /Sunday/i.test(r.reason!))).toBe(true);

    const bad = await agent.post('/api/parcels/quotes', {
      sender: { ...SENDER, name: '', county: '' },
      recipient: { ...RECIPIENT, postcode: 'NOT A CODE', phoneNumber: '12345' },
      details: {
        ...detailsOf(MEDIUM),
        goods_value: '',
        weight: '',
        goods_description: 'x'.repeat(21),
        delivery_notes: 'y'.repeat(31),
        collection_date: '2020-01-01',
      },
    });
    expect(bad.statusCode).toBe(422);
    const fields = Object.fromEntries(
      (bad.json().fields as Array<{ path: string; message: string }>).map((f) => [f.path, f.message]),
    );
    expect(fields).toMatchObject({
      'sender.name': 'Please add a name',
      'sender.county': 'Please supply a county',
      'recipient.postcode': 'Invalid Postcode',
      'details.goods_value': 'Please enter the value of the goods in this parcel',
      'details.weight': "Please add the parcel's weight",
      'details.goods_description': 'Must have at most 20 characters',
      'details.delivery_notes': 'Must have at most 30 characters',
      'details.collection_date': 'The collection date cannot be in the past',
    });
    expect(fields['recipient.phoneNumber']).toBeTruthy();
    // Exactly at the limits is accepted.
    await quote(agent, detailsOf(MEDIUM, { goods_description: 'x'.repeat(20), delivery_notes: 'y'.repeat(30) }));
  });
});

describe('booking', () => {
  it('holds the quoted price, books, charges it once, makes the label (204 until then) and tracks the parcel to delivered', async () => {
    const { agent, me } = await company();
    const q = await quote(agent);
    const row = q.rows.find((r) => r.carrier === 'Royal Mail' && r.available)!;
    const res = await agent.post('/api/parcels', { quote_id: q.quote_id, service: row.service });
    expect(res.statusCode, res.body).toBe(201);
    const parcel = res.json();
    expect(parcel).toMatchObject({
      status: 'Pending',
      status_colour: 'blue',
      carrier_name: 'Royal Mail',
      cost: row.cost,
      recipient: { name: 'Siobhán Ó Briain', postcode: 'LS11 5PS', phoneNumber: '+447700900456' },
      sender: { postcode: 'BS1 6AP' },
    });
    expect(await balance(me.account.id)).toMatchObject({ balance: 10_000, held: row.cost });
    // Not booked yet: no label to ask for.
    expect((await agent.get(`/api/parcels/${parcel.parcel_uuid}/label`)).statusCode).toBe(409);

    await t.runJobs();
    const booked = (await agent.get(`/api/parcels/${parcel.parcel_uuid}`)).json();
    expect(booked).toMatchObject({ status: 'Awaiting Label', status_colour: 'orange', label_ready: false });
    expect(booked.shipment_id).toMatch(/^RM\d{9}GB$/);
    expect(await balance(me.account.id)).toEqual({
      balance: 10_000 - row.cost!,
      held: 0,
      available: 10_000 - row.cost!,
    });
    expect((await agent.get(`/api/parcels/${parcel.parcel_uuid}/label`)).statusCode).toBe(204);

    await settle();
    const confirmed = (await agent.get(`/api/parcels/${parcel.parcel_uuid}`)).json();
    expect(confirmed).toMatchObject({ status: 'Confirmed', status_colour: 'green', label_ready: true });
    const label = await agent.get(`/api/parcels/${parcel.parcel_uuid}/label?download=1`);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.headers['content-disposition']).toMatch(/^attachment; filename="label-royal-mail-RM\d{9}GB\.pdf"$/);
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The sandbox reports the parcel's progress through the signed webhook.
    await t.services.carriers.settled();
    const tracked = await agent.get(`/api/parcels/track/royal-mail/${confirmed.shipment_id}`);
    expect(tracked.statusCode, tracked.body).toBe(200);
    const track = tracked.json();
    expect(track.tracking_status).toBe('delivered');
    expect(track.points[0].status).toBe('Delivered');
    expect(track.points.length).toBeGreaterThanOrEqual(4);
    // Charged exactly once.
    expect(await balance(me.account.id)).toMatchObject({ balance: 10_000 - row.cost!, held: 0 });
    expect(await reconcile(t.services.pool)).toEqual([]);

    // Listed, searchable and filterable.
    const list = (await agent.get('/api/parcels?search=ls11&filter.status=Confirmed')).json();
    expect(list.count).toBe(1);
    expect(list.rows[0].parcel_uuid).toBe(parcel.parcel_uuid);
    expect((await agent.get('/api/parcels?filter.status=Shipped')).statusCode).toBe(422);
    expect((await agent.get('/api/parcels?filter.carrier_name=FedEx')).statusCode).toBe(422);
  });

  it('refuses what the balance cannot pay (402), an expired or foreign quote and an unavailable row, holding nothing', async () => {
    const { agent, me } = await company(100);
    const q = await quote(agent);
    const row = q.rows.find((r) => r.available)!;
    const poor = await agent.post('/api/parcels', { quote_id: q.quote_id, service: row.service });
    expect(poor.statusCode).toBe(402);
    expect(await balance(me.account.id)).toEqual({ balance: 100, held: 0, available: 100 });

    const refused = q.rows.find((r) => !r.available)!;
    expect((await agent.post('/api/parcels', { quote_id: q.quote_id, service: refused.service })).statusCode).toBe(409);
    expect((await agent.post('/api/parcels', { quote_id: q.quote_id, service: 'dpd:teleport' })).statusCode).toBe(404);

    const other = await company();
    expect((await other.agent.post('/api/parcels', { quote_id: q.quote_id, service: row.service })).statusCode).toBe(
      404,
    );
    await t.services.pool.query(`update parcel_quotes set expires_at = now() - interval '1 minute' where id = $1`, [
      q.quote_id,
    ]);
    await inTransaction(t.services.pool, (qq) =>
      credit(qq, {
        accountId: me.account.id,
        actor: null,
        key: 'top-more',
        amount: 10_000,
        type: 'bank_transfer',
        description: 'seed',
      }),
    );
    const expired = await agent.post('/api/parcels', { quote_id: q.quote_id, service: row.service });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);
    expect((await agent.get('/api/parcels')).json().count).toBe(0);
    // Another company's parcel, label and tracking are not found.
    expect((await other.agent.get('/api/parcels/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });

  it('with the balance restricted, a 402 names the available balance only to those who may see it (issue 24 item 7)', async () => {
    const { agent: owner, me } = await company(81);
    const restricted = await owner.request('PUT', '/api/accounts/settings/balance', {
      restrict_balance_to_finance_admins: true,
    });
    expect(restricted.statusCode).toBe(200);
    const maker = await addMember(t, me.account.id, { permissions: { operational: ['create_parcel'] } });
    const financeAdmin = await addMember(t, me.account.id, {
      permissions: { operational: ['create_parcel'], administrative: ['top_up'] },
    });
    const q = await quote(maker.agent);
    const row = q.rows.find((r) => r.available && r.cost !== null && r.cost > 81)!;
    const hidden = await maker.agent.post('/api/parcels', { quote_id: q.quote_id, service: row.service });
    expect(hidden.statusCode).toBe(402);
    expect(hidden.json().message).toBe(MONEY_MESSAGES.insufficientFunds(row.cost!, null));
    expect(hidden.json().message).not.toContain('£0.81');
    for (const agent of [owner, financeAdmin.agent]) {
      const shown = await agent.post('/api/parcels', { quote_id: q.quote_id, service: row.service });
      expect(shown.statusCode).toBe(402);
      expect(shown.json().message).toBe(MONEY_MESSAGES.insufficientFunds(row.cost!, 81));
    }
    expect(await balance(me.account.id)).toEqual({ balance: 81, held: 0, available: 81 });
  });

  it('a member flagged for approval waits In Review with the money held; approve books it, deny releases it', async () => {
    const { agent: owner, me } = await company();
    const member = await addMember(t, me.account.id, {
      permissions: { operational: ['create_parcel'], observable: ['see_parcels'] },
      approvals: { operational: ['create_parcel'] },
    });
    const q = await quote(member.agent);
    const row = q.rows.find((r) => r.available)!;
    const first = (await member.agent.post('/api/parcels', { quote_id: q.quote_id, service: row.service })).json();
    expect(first).toMatchObject({ status: 'In Review', status_colour: 'orange' });
    expect(await balance(me.account.id)).toMatchObject({ held: row.cost });
    await t.runJobs();
    expect((await member.agent.get(`/api/parcels/${first.parcel_uuid}`)).json().status).toBe('In Review');
    const approvalFor = async (parcelId: string) =>
      JSON.stringify((await owner.get('/api/notifications')).json()).match(
        new RegExp(`"approval_id":"([^"]+)","entity_type":"parcel","entity_id":"${parcelId}"`),
      )?.[1];
    const approved = await owner.post('/api/approvals/decide', {
      approval_id: await approvalFor(first.parcel_uuid),
      verdict: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.runJobs();
    expect((await member.agent.get(`/api/parcels/${first.parcel_uuid}`)).json().status).toBe('Awaiting Label');

    const second = (await member.agent.post('/api/parcels', { quote_id: q.quote_id, service: row.service })).json();
    const denied = await owner.post('/api/approvals/decide', {
      approval_id: await approvalFor(second.parcel_uuid),
      verdict: 'deny',
    });
    expect(denied.statusCode, denied.body).toBe(200);
    expect((await member.agent.get(`/api/parcels/${second.parcel_uuid}`)).json()).toMatchObject({
      status: 'Denied by Supervisor',
      status_colour: 'red',
    });
    expect(await balance(me.account.id)).toEqual({
      balance: 10_000 - row.cost!,
      held: 0,
      available: 10_000 - row.cost!,
    });
    expect((await member.agent.get(`/api/parcels/${second.parcel_uuid}/label`)).statusCode).toBe(409);
    await settle(600);
    expect(await reconcile(t.services.pool)).toEqual([]);
  });

  it('never books or charges one confirmation twice when the booking job runs again', async () => {
    const { agent, me } = await company();
    const q = await quote(agent);
    const row = q.rows.find((r) => r.available)!;
    const p = (await agent.post('/api/parcels', { quote_id: q.quote_id, service: row.service })).json();
    const { runBooking } = await import('./booking.js');
    await Promise.all([
      runBooking(t.services.parcels, p.parcel_uuid, false),
      runBooking(t.services.parcels, p.parcel_uuid, false),
    ]);
    await t.runJobs();
    expect(await balance(me.account.id)).toMatchObject({ balance: 10_000 - row.cost!, held: 0 });
    expect(await reconcile(t.services.pool)).toEqual([]);
  });
});

describe('who sees which parcels', () => {
  it('a member with create_parcel alone sees their own parcels; see_parcels sees the company’s', async () => {
    const { agent: owner, me } = await company();
    const make = async (agent: Agent) => {
      const q = await quote(agent);
      const row = q.rows.find((r) => r.available)!;
      const res = await agent.post('/api/parcels', { quote_id: q.quote_id, service: row.service });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().parcel_uuid as string;
    };
    const maker = await addMember(t, me.account.id, { permissions: { operational: ['create_parcel'] } });
    const reader = await addMember(t, me.account.id, { permissions: { observable: ['see_parcels'] } });
    const mine = await make(maker.agent);
    const owners = await make(owner);
    const list = (await maker.agent.get('/api/parcels')).json();
    expect(list.rows.map((r: { parcel_uuid: string }) => r.parcel_uuid)).toEqual([mine]);
    expect(list.count).toBe(1);
    expect((await maker.agent.get(`/api/parcels/${owners}`)).statusCode).toBe(404);
    expect((await maker.agent.get(`/api/parcels/${mine}`)).statusCode).toBe(200);
    // Labels and tracking need see_parcels.
    expect((await maker.agent.get(`/api/parcels/${mine}/label`)).statusCode).toBe(403);
    expect((await reader.agent.get('/api/parcels')).json().count).toBe(2);
    await settle(600);
  });
});

describe('presets', () => {
  it('keeps the company’s own presets beside Small, Medium and Large, with the spec’s messages', async () => {
    const { agent } = await company(0);
    const d = (await agent.get('/api/parcels/defaults')).json();
    expect(d.presets.slice(0, 3)).toEqual([
      { name: 'Small', weight: 2, length: 45, width: 35, height: 16, builtin: true },
      { name: 'Medium', weight: 20, length: 61, width: 46, height: 46, builtin: true },
      { name: 'Large', weight: 30, length: 150, width: 60, height: 200, builtin: true },
    ]);
    const unnamed = await agent.post('/api/parcels/presets', { name: ' ', weight: 1, length: 1, width: 1, height: 1 });
    expect(unnamed.statusCode).toBe(422);
    expect(JSON.stringify(unnamed.json())).toContain('Please name your preset');
    const negative = await agent.post('/api/parcels/presets', {
      name: 'Wine box',
      weight: 5,
      length: -1,
      width: 1,
      height: 1,
    });
    expect(JSON.stringify(negative.json())).toContain('The dimensions must be positive numbers');
    const made = await agent.post('/api/parcels/presets', {
      name: 'Wine box',
      weight: 9.5,
      length: 35,
      width: 26,
      height: 18,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(
      (await agent.post('/api/parcels/presets', { name: 'wine BOX', weight: 1, length: 1, width: 1, height: 1 }))
        .statusCode,
    ).toBe(409);
    expect(
      (await agent.post('/api/parcels/presets', { name: 'small', weight: 1, length: 1, width: 1, height: 1 }))
        .statusCode,
    ).toBe(409);
    const after = (await agent.get('/api/parcels/defaults')).json();
    expect(after.presets[3]).toMatchObject({ name: 'Wine box', weight: 9.5, builtin: false });
    const other = await company(0);
    expect((await other.agent.request('DELETE', `/api/parcels/presets/${made.json().id}`)).statusCode).toBe(404);
    expect((await agent.request('DELETE', `/api/parcels/presets/${made.json().id}`)).statusCode).toBe(200);
  });
});

describe('carrier webhooks', () => {
  it('refuses an unsigned or forged event and an unknown carrier, changing nothing', async () => {
    const body = JSON.stringify({ carrier: 'Royal Mail', events: [] });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/carriers/royal-mail/webhook',
      headers: { 'content-type': 'application/json', 'x-carrier-signature': 'deadbeef' },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/carriers/fedex/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
