import type { IntegrationProviderId } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import { type Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { connect } from '../../test/integrations.js';
import { credit } from '../money/ledger.js';

/**
 * A customer's cloud storage provider chosen the way a person chooses it (the customers API, which
 * stores the drive's id), then the cloud storage channel: the letter is copied to that drive, in the
 * customer's folder, and only to that one. Auto-sync stays off throughout.
 */

let t: TestContext;
let owner: Agent;
let accountId: string;

beforeAll(async () => {
  t = await createTestContext();
  const a = await signUpCompany(t.app, { companyName: 'Brontë & Ní Bhriain Ltd' });
  owner = a.agent;
  accountId = a.me.account.id;
  await t.services.pool.query(`update accounts set current_plan = 'Business' where id = $1`, [accountId]);
  await inTransaction(t.services.pool, (q) =>
    credit(q, {
      accountId,
      actor: null,
      key: 'customer-drive-seed',
      amount: 5_000,
      type: 'bank_transfer',
      description: 'seed',
    }),
  );
  for (const provider of ['google_drive', 'dropbox'] as const) await connect(t, owner, provider);
});
afterAll(() => t.close());

const driveFiles = async (provider: IntegrationProviderId) => {
  const { rows } = await t.services.pool.query<{ tenant_id: string }>(
    'select tenant_id from integrations where account_id = $1 and provider = $2',
    [accountId, provider],
  );
  return t.app.integrations.sandbox.drive.list(provider, rows[0]!.tenant_id).filter((f) => f.kind === 'file');
};

/** Uploads, links to the customer and delivers by the cloud storage channel; runs what that queued. */
async function deliverToCustomer(customerId: string, file: string) {
  const up = await owner.upload('/api/letters/files?type=regular', file, await ordinaryLetters()[0]!.bytes());
  expect(up.statusCode, up.body).toBe(201);
  const id = up.json().uuid as string;
  await t.runJobs();
  const linked = await owner.request('PUT', `/api/letters/${id}/customer`, { customer_uuid: customerId });
  expect(linked.statusCode, linked.body).toBe(200);
  const sent = await owner.post('/api/letters/deliver', { uuid: id, preference_overrides: ['cloud_storage'] });
  expect(sent.statusCode, sent.body).toBe(201);
  await t.runJobs();
  await t.services.delivery.providers.settled();
  await t.runJobs();
  return (await owner.get(`/api/letters/${id}`)).json();
}

describe('a customer’s drive set through the customers API', () => {
  it('receives the letters sent to them by cloud storage, in their folder; changed, the next goes to the new drive', async () => {
    const created = await owner.post('/api/customers', {
      name: "Aoife Ní Bhriain O'Connor",
      cloud_storage_provider: 'dropbox',
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json();

    const first = await deliverToCustomer(customer.customer_uuid, 'Engagement letter.pdf');
    expect(first.status).toBe('Delivered');
    expect(first.cloud_syncs).toEqual([
      expect.objectContaining({
        provider: 'dropbox',
        status: 'synced',
        remote_path: expect.stringMatching(
          /^LetterPost letters\/Aoife Ní Bhriain O'Connor\/Engagement letter \([0-9a-f]{8}\)\.pdf$/,
        ),
      }),
    ]);
    expect((await driveFiles('dropbox')).map((f) => f.path)).toContain(first.cloud_syncs[0].remote_path);
    expect(await driveFiles('google_drive')).toEqual([]);

    // Moved to Google Drive by an edit: the next letter goes there, the first stays where it was.
    const edited = await owner.request('PUT', '/api/customers', {
      customer_uuid: customer.customer_uuid,
      cloud_storage_provider: 'google_drive',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const second = await deliverToCustomer(customer.customer_uuid, 'Quarterly statement.pdf');
    expect(second.cloud_syncs).toEqual([expect.objectContaining({ provider: 'google_drive', status: 'synced' })]);
    expect(await driveFiles('dropbox')).toHaveLength(1);
    expect(await driveFiles('google_drive')).toHaveLength(1);

    // None: nothing is copied any more.
    await owner.request('PUT', '/api/customers', {
      customer_uuid: customer.customer_uuid,
      cloud_storage_provider: null,
    });
    const third = await deliverToCustomer(customer.customer_uuid, 'Reminder.pdf');
    expect(third.status).toBe('Delivered');
    expect(third.cloud_syncs).toEqual([]);
  });
});
