import { DELIVERY_MESSAGES, PRICE_LIST } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import { type Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { credit, readBalance } from '../money/ledger.js';
import { reconcile } from '../money/reconcile.js';

let t: TestContext;
let agent: Agent;
let accountId: string;

beforeAll(async () => {
  t = await createTestContext();
  const c = await signUpCompany(t.app);
  agent = c.agent;
  accountId = c.me.account.id;
  await inTransaction(t.services.pool, (q) =>
    credit(q, { accountId, actor: null, key: 'seed', amount: 10_000, type: 'bank_transfer', description: 'seed' }),
  );
});
afterAll(() => t.close());

async function analysedLetter(): Promise<string> {
  const res = await agent.upload(
    '/api/letters/files?type=regular',
    'tenancy renewal.pdf',
    await ordinaryLetters()[0]!.bytes(),
  );
  expect(res.statusCode, res.body).toBe(201);
  await t.runJobs();
  return res.json().uuid;
}

async function settle() {
  await t.runJobs();
  await t.services.delivery.providers.settled();
  await t.runJobs();
}

const customerFolder = async (name: string) => {
  const root = (await agent.get('/api/storage/folders/root')).json();
  return root.items.find((i: { name: string; kind: string }) => i.kind === 'customer_folder' && i.name === name);
};

describe("letters in their customer's folder", () => {
  it('files a letter delivered to a customer by email as a letter-linked item that opens the letter', async () => {
    const customer = (
      await agent.post('/api/customers', { name: "Dr Siobhán O'Neill", email: 'siobhan@example.ie' })
    ).json();
    const id = await analysedLetter();
    expect(
      (await agent.request('PUT', `/api/letters/${id}/customer`, { customer_uuid: customer.customer_uuid })).statusCode,
    ).toBe(200);
    const sent = await agent.post('/api/letters/deliver', {
      uuid: id,
      preference_overrides: ['email'],
      recipient_email: 'siobhan@example.ie',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await settle();
    const folder = await customerFolder("Dr Siobhán O'Neill");
    expect(folder.numFiles).toBe(1);
    const inside = (await agent.get(`/api/storage/folders/${folder.id}`)).json();
    expect(inside.items).toHaveLength(1);
    expect(inside.items[0]).toMatchObject({
      type: 'letter_link',
      letterUUID: id,
      editable: false,
      name: 'tenancy renewal.pdf',
    });
    const file = await agent.get(`/api/storage/items/${inside.items[0].id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Letter links cost no storage.
    expect(inside.disk_usage.used_bytes).toBe(0);
    // Not renamed or deleted from storage.
    expect(
      (await agent.request('DELETE', `/api/storage/items/${inside.items[0].id}`, { name: 'tenancy renewal.pdf' }))
        .statusCode,
    ).toBe(403);
  });

  it('delivers by the cloud storage channel for free, and refuses it for a letter without a customer', async () => {
    const before = await readBalance(t.services.pool, accountId);
    const lone = await analysedLetter();
    const refused = await agent.post('/api/letters/deliver', { uuid: lone, preference_overrides: ['cloud_storage'] });
    expect([refused.statusCode, refused.json().message]).toEqual([422, DELIVERY_MESSAGES.cloudStorageNeedsCustomer]);

    const customer = (await agent.post('/api/customers', { name: 'Kestrel & Finch LLP' })).json();
    const id = await analysedLetter();
    await agent.request('PUT', `/api/letters/${id}/customer`, { customer_uuid: customer.customer_uuid });
    const quote = await agent.post('/api/letters/deliver/quote', { uuid: id, preference_overrides: ['cloud_storage'] });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().total_pence).toBe(0);
    const sent = await agent.post('/api/letters/deliver', {
      uuid: id,
      preference_overrides: ['cloud_storage', 'cloud_link'],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await settle();
    const letter = (await agent.get(`/api/letters/${id}`)).json();
    expect(letter.status).toBe('Delivered');
    const folder = await customerFolder('Kestrel & Finch LLP');
    const inside = (await agent.get(`/api/storage/folders/${folder.id}`)).json();
    expect(inside.items.map((i: { letterUUID: string }) => i.letterUUID)).toEqual([id]);
    const after = await readBalance(t.services.pool, accountId);
    expect(before.available - after.available).toBe(PRICE_LIST.cloudLink);
    expect(await reconcile(t.services.pool)).toEqual([]);
  });
});
