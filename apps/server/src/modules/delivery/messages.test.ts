import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

// Past messages by channel (issue 27 item 24; part 1 section 7, comms retrieve).

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const PARTY = {
  name: "Siobhán O'Neill",
  phoneNumber: '07700900123',
  email: '',
  addressLine1: '12 Acacia Avenue',
  addressLine2: '',
  addressLine3: '',
  town: 'Bristol',
  county: 'Bristol',
  postcode: 'BS8 2QT',
};

/** A letter of the customer's with one delivery at `at` over the channels given, as the delivery job leaves them. */
async function delivered(
  accountId: string,
  customerId: string | null,
  name: string,
  at: string,
  channels: [string, string, string | null][],
) {
  const { pool } = t.services;
  const letter = `l-${Math.random().toString(36).slice(2)}`;
  await pool.query(
    `insert into letters (id, account_id, name, status, blob_key, size_bytes, document_type, customer_id)
     values ($1, $2, $3, 'Delivered', 'letters/x.pdf', 10, 'single', $4)`,
    [letter, accountId, name, customerId],
  );
  const delivery = `d-${letter}`;
  await pool.query(
    `insert into letter_deliveries (id, account_id, letter_id, requester_name, requester_email, state, previous_status,
       total_pence, options, created_at)
     values ($1, $2, $3, 'Ada', 'ada@example.com', 'done', 'New', 100, '{}', $4)`,
    [delivery, accountId, letter, at],
  );
  for (const [channel, state, recipient] of channels)
    await pool.query(
      `insert into letter_delivery_channels (delivery_id, channel, state, price_pence, recipient, provider, provider_status)
       values ($1, $2, $3, 50, $4, 'sandbox', $5)`,
      [delivery, channel, state, recipient, state === 'failed' ? 'undelivered' : 'sent'],
    );
  return letter;
}

describe('messages by channel', () => {
  it('lists what was sent to a customer and for a letter, newest first, by channel, in keyset pages', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const accountId = me.account.id;
    const c = await agent.post('/api/customers', { name: "Siobhán O'Neill", email: 'siobhan@example.co.uk' });
    expect(c.statusCode, c.body).toBe(201);
    const customer = c.json().customer_uuid;
    const march = await delivered(accountId, customer, 'Invoice March', '2026-03-02T10:00:00Z', [
      ['mail', 'handed_over', "Siobhán O'Neill"],
      ['email', 'succeeded', 'siobhan@example.co.uk'],
      ['cloud_storage', 'succeeded', null],
    ]);
    await delivered(accountId, customer, 'Reminder April', '2026-04-02T10:00:00Z', [
      ['sms', 'failed', '+447700900123'],
    ]);
    // Another customer's letter: not hers.
    await delivered(accountId, null, 'Someone else', '2026-05-01T10:00:00Z', [['email', 'succeeded', 'x@example.com']]);
    await t.services.pool.query(
      `insert into parcels (id, account_id, creator_name, sender_email, status, sender, recipient, recipient_name,
         recipient_postcode, carrier_name, service_id, service_name, goods_value_pence, length_cm, width_cm, height_cm,
         weight_kg, collection_date, cost_pence, customer_id, created_at)
       values ('p-1', $1, 'Ada', 'ada@example.com', 'In transit', $2, $2, 'Siobhán O''Neill', 'BS8 2QT', 'Royal Mail',
         'royal-mail:tracked-48', 'Tracked 48', 1000, 10, 10, 10, 1, current_date, 500, $3, '2026-05-10T09:00:00Z')`,
      [accountId, PARTY, customer],
    );

    const all = await agent.get(`/api/customers/${customer}/messages`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().rows.map((r: { channel: string; status: string }) => [r.channel, r.status])).toEqual([
      ['Parcel', 'In transit'],
      ['SMS', 'Failed'],
      // Same delivery: by id, descending.
      ['Letter', 'Handed over'],
      ['Email', 'Delivered'],
    ]);
    expect(all.json().rows[2]).toMatchObject({ letter_uuid: march, letter_name: 'Invoice March', price_pence: 50 });
    expect(all.json().next_cursor).toBeNull();

    const emails = await agent.get(`/api/customers/${customer}/messages?channel=Email`);
    expect(emails.json().rows).toEqual([
      expect.objectContaining({
        channel: 'Email',
        recipient: 'siobhan@example.co.uk',
        sent_at: '2026-03-02T10:00:00.000Z',
      }),
    ]);

    // Pages of 2: the cursor continues where the page ended, no row twice or missed.
    const first = (await agent.get(`/api/customers/${customer}/messages?limit=2`)).json();
    expect(first.rows).toHaveLength(2);
    const second = (
      await agent.get(`/api/customers/${customer}/messages?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)
    ).json();
    expect([...first.rows, ...second.rows].map((r: { id: string }) => r.id)).toEqual(
      all.json().rows.map((r: { id: string }) => r.id),
    );
    expect(second.next_cursor).toBeNull();

    const letter = await agent.get(`/api/letters/${march}/messages`);
    expect(letter.statusCode, letter.body).toBe(200);
    expect(letter.json().rows.map((r: { channel: string }) => r.channel)).toEqual(['Letter', 'Email']);
    expect((await agent.get(`/api/letters/${march}/messages?channel=SMS`)).json().rows).toEqual([]);

    // Hostile input: 422, and another company's ids read as missing.
    expect((await agent.get(`/api/customers/${customer}/messages?channel=Fax`)).statusCode).toBe(422);
    expect((await agent.get(`/api/customers/${customer}/messages?cursor=bm9wZQ`)).statusCode).toBe(422);
    expect((await agent.get(`/api/customers/${customer}/messages?limit=500`)).statusCode).toBe(422);
    const other = await signUpCompany(t.app);
    expect((await other.agent.get(`/api/customers/${customer}/messages`)).statusCode).toBe(404);
    expect((await other.agent.get(`/api/letters/${march}/messages`)).statusCode).toBe(404);
    // A member without the customers' permission: 403.
    const viewer = await addMember(t, accountId, { permissions: { observable: ['see_letters'] } });
    expect((await viewer.agent.get(`/api/customers/${customer}/messages`)).statusCode).toBe(403);
    expect((await viewer.agent.get(`/api/letters/${march}/messages`)).statusCode).toBe(200);
  });
});
