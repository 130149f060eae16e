import { INTEGRATION_MESSAGES, type IntegrationProviderId } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import { type Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { connect } from '../../test/integrations.js';
import { credit } from '../money/ledger.js';
import { DRIVE_SYNC_TASK, queueDriveSyncs } from './queue-drive-sync.js';
import { runDriveSync } from './run-drive-sync.js';

/**
 * Auto-sync (issue 15 item 5): a letter delivered while a drive's auto-sync is on is copied to the
 * company's drive folder by a durable job; the letter shows where its copies stand. A drive that
 * answers 503 is tried again by the queue; a revoked connection is marked and not tried again.
 */

let t: TestContext;
let owner: Agent;
let accountId: string;

beforeAll(async () => {
  t = await createTestContext();
  const a = await signUpCompany(t.app, { companyName: 'Drive Sync Ltd' });
  owner = a.agent;
  accountId = a.me.account.id;
  await t.services.pool.query(`update accounts set current_plan = 'Pro' where id = $1`, [accountId]);
  await inTransaction(t.services.pool, (q) =>
    credit(q, {
      accountId,
      actor: null,
      key: 'drive-sync-seed',
      amount: 50_000,
      type: 'bank_transfer',
      description: 'seed',
    }),
  );
  for (const provider of ['google_drive', 'dropbox', 'onedrive'] as const) await connect(t, owner, provider);
});
afterAll(() => t.close());

const autoSync = async (provider: IntegrationProviderId, sync: boolean) => {
  const res = await owner.request('PUT', `/api/integrations/${provider}/auto-sync`, { sync });
  expect(res.statusCode, res.body).toBe(200);
};

const tenantOf = async (provider: IntegrationProviderId) =>
  (
    await t.services.pool.query<{ tenant_id: string }>(
      'select tenant_id from integrations where account_id = $1 and provider = $2',
      [accountId, provider],
    )
  ).rows[0]!.tenant_id;

const driveFiles = async (provider: IntegrationProviderId) =>
  t.app.integrations.sandbox.drive.list(provider, await tenantOf(provider)).filter((f) => f.kind === 'file');

let n = 0;
/** Uploads a letter, waits for its analysis, delivers it by email and runs what that queued. */
async function deliveredLetter(): Promise<string> {
  const bytes = await ordinaryLetters()[0]!.bytes();
  const up = await owner.upload('/api/letters/files?type=regular', `Tenancy notice ${++n}.pdf`, bytes);
  expect(up.statusCode, up.body).toBe(201);
  const id = up.json().uuid as string;
  await t.runJobs();
  const res = await owner.post('/api/letters/deliver', {
    uuid: id,
    preference_overrides: ['email'],
    recipient_email: 'tenant@example.co.uk',
    subject: 'Your notice',
    message_to_recipient: 'Please find your notice attached.',
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.runJobs();
  await t.services.delivery.providers.settled();
  await t.runJobs();
  return id;
}

const letter = async (id: string) => (await owner.get(`/api/letters/${id}`)).json();

const syncJobs = async () =>
  (
    await t.services.pool.query<{ key: string | null; attempts: number; last_error: string | null }>(
      `select j.key, j.attempts, j.last_error from graphile_worker._private_jobs j
         join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = $1`,
      [DRIVE_SYNC_TASK],
    )
  ).rows;

/** Makes the queue's waiting retries due now (its backoff is seconds). */
const retryNow = () =>
  t.services.pool.query(
    `update graphile_worker._private_jobs set run_at = now()
      where task_id = (select id from graphile_worker._private_tasks where identifier = $1)`,
    [DRIVE_SYNC_TASK],
  );

describe('auto-sync to a cloud drive', () => {
  it('copies nothing while auto-sync is off', async () => {
    const id = await deliveredLetter();
    const l = await letter(id);
    expect(l.status).toBe('Sent as Email Attachment');
    expect(l).toMatchObject({ cloud_synced: false, cloud_syncs: [] });
    expect(await syncJobs()).toEqual([]);
    for (const p of ['google_drive', 'dropbox', 'onedrive'] as const) expect(await driveFiles(p)).toEqual([]);
  });

  it('copies a delivered letter to the drive within the job run, and shows it on the letter', async () => {
    await autoSync('google_drive', true);
    const id = await deliveredLetter();
    const l = await letter(id);
    expect(l.cloud_synced).toBe(true);
    expect(l.cloud_syncs).toEqual([
      {
        provider: 'google_drive',
        status: 'synced',
        synced_at: expect.any(String),
        reason: null,
        remote_path: expect.stringMatching(/^LetterPost letters\/Tenancy notice \d+ \([0-9a-f]{8}\)\.pdf$/),
      },
    ]);
    const files = await driveFiles('google_drive');
    expect(files).toHaveLength(1);
    expect(files[0]!.path).toBe(l.cloud_syncs[0].remote_path);
    const { rows } = await t.services.pool.query<{ blob_key: string }>('select blob_key from letters where id = $1', [
      id,
    ]);
    const chunks: Buffer[] = [];
    for await (const c of t.services.blobs.read(rows[0]!.blob_key)) chunks.push(c as Buffer);
    const stored = t.app.integrations.sandbox.drive.read('google_drive', await tenantOf('google_drive'), files[0]!.id)!;
    expect(stored.equals(Buffer.concat(chunks))).toBe(true);
    // The list shows cloud_synced too.
    const list = (await owner.get('/api/letters')).json();
    expect(list.rows.find((r: { uuid: string }) => r.uuid === id)?.cloud_synced).toBe(true);

    // Queued again (another channel settling), a synced letter is recognised: no job, no second file.
    expect(await inTransaction(t.services.pool, (q) => queueDriveSyncs(q, id, accountId))).toEqual([]);
    expect(
      await runDriveSync(
        { pool: t.services.pool, blobs: t.services.blobs, integrations: t.app.integrations },
        { letterId: id, provider: 'google_drive' },
        false,
      ),
    ).toBe('skipped');
    expect(await driveFiles('google_drive')).toHaveLength(1);
  });

  it('a replay of the job replaces the file by its remote id', async () => {
    const [synced] = (
      await t.services.pool.query<{ letter_id: string; remote_id: string }>(
        `select letter_id, remote_id from letter_cloud_syncs where account_id = $1 and provider = 'google_drive'`,
        [accountId],
      )
    ).rows;
    await t.services.pool.query(
      `update letter_cloud_syncs set status = 'pending' where letter_id = $1 and provider = 'google_drive'`,
      [synced!.letter_id],
    );
    const deps = { pool: t.services.pool, blobs: t.services.blobs, integrations: t.app.integrations };
    expect(await runDriveSync(deps, { letterId: synced!.letter_id, provider: 'google_drive' }, false)).toBe('synced');
    const files = await driveFiles('google_drive');
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ id: synced!.remote_id, versions: 2 });
  });

  it('tries a drive answering 503 again through the queue, then copies the letter', async () => {
    await autoSync('google_drive', false);
    await autoSync('dropbox', true);
    // More failures than the call layer's own tries: the job fails once and the queue retries it.
    t.app.integrations.sandbox.failNext('dropbox', 4);
    const id = await deliveredLetter();
    const waiting = await letter(id);
    expect(waiting.cloud_synced).toBe(false);
    expect(waiting.cloud_syncs).toEqual([
      expect.objectContaining({
        provider: 'dropbox',
        status: 'pending',
        reason: INTEGRATION_MESSAGES.providerDown('Dropbox'),
      }),
    ]);
    const jobs = await syncJobs();
    expect(jobs).toEqual([
      expect.objectContaining({
        key: `drive-sync:${id}:dropbox`,
        attempts: 1,
        last_error: INTEGRATION_MESSAGES.providerDown('Dropbox'),
      }),
    ]);
    expect(await driveFiles('dropbox')).toEqual([]);

    await retryNow();
    await t.runJobs();
    const done = await letter(id);
    expect(done.cloud_synced).toBe(true);
    expect(done.cloud_syncs).toEqual([
      expect.objectContaining({ provider: 'dropbox', status: 'synced', reason: null }),
    ]);
    expect((await driveFiles('dropbox')).map((f) => f.path)).toEqual([done.cloud_syncs[0].remote_path]);
    expect(await syncJobs()).toEqual([]);
  });

  it('marks a revoked connection and does not try again', async () => {
    await autoSync('dropbox', false);
    await autoSync('onedrive', true);
    // The user removed the app's access in Microsoft's account page: the grant is gone.
    const { rows } = await t.services.pool.query<{ tokens_sealed: string }>(
      `select tokens_sealed from integrations where account_id = $1 and provider = 'onedrive'`,
      [accountId],
    );
    const tokens = t.app.integrations.openTokens(accountId, 'onedrive', rows[0]!.tokens_sealed);
    t.app.integrations.sandbox.revoke(t.app.integrations.providers.onedrive, tokens.refreshToken);

    const id = await deliveredLetter();
    const l = await letter(id);
    expect(l.cloud_synced).toBe(false);
    expect(l.cloud_syncs).toEqual([
      expect.objectContaining({
        provider: 'onedrive',
        status: 'failed',
        reason: INTEGRATION_MESSAGES.revoked('OneDrive'),
      }),
    ]);
    const list = (await owner.get('/api/integrations')).json().integrations;
    expect(list.find((i: { provider: string }) => i.provider === 'onedrive')).toMatchObject({ status: 'revoked' });
    // Nothing left in the queue to try again, and nothing in the drive.
    expect(await syncJobs()).toEqual([]);
    expect(await driveFiles('onedrive')).toEqual([]);
    // A later delivery queues nothing for a revoked drive.
    const next = await deliveredLetter();
    expect((await letter(next)).cloud_syncs).toEqual([]);

    // Reconnected (auto-sync kept), the letter whose copy failed is copied now.
    await connect(t, owner, 'onedrive');
    await t.runJobs();
    const after = await letter(id);
    expect(after.cloud_synced).toBe(true);
    expect(after.cloud_syncs).toEqual([
      expect.objectContaining({ provider: 'onedrive', status: 'synced', reason: null }),
    ]);
    expect(await driveFiles('onedrive')).toHaveLength(1);
    await autoSync('onedrive', false);
  });

  it('the cloud storage channel also copies the letter to the customer’s own drive, in their folder', async () => {
    // Auto-sync is off for Google Drive now: this copy is the channel's, not auto-sync's.
    const customer = (await owner.post('/api/customers', { name: 'Kestrel & Finch: LLP' })).json();
    await t.services.pool.query(`update customers set cloud_storage_provider = 'Google Drive' where id = $1`, [
      customer.customer_uuid,
    ]);
    const bytes = await ordinaryLetters()[0]!.bytes();
    const up = await owner.upload('/api/letters/files?type=regular', 'Engagement letter.pdf', bytes);
    const id = up.json().uuid as string;
    await t.runJobs();
    const linked = await owner.request('PUT', `/api/letters/${id}/customer`, { customer_uuid: customer.customer_uuid });
    expect(linked.statusCode, linked.body).toBe(200);
    const sent = await owner.post('/api/letters/deliver', { uuid: id, preference_overrides: ['cloud_storage'] });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.runJobs();
    await t.services.delivery.providers.settled();
    await t.runJobs();
    const l = await letter(id);
    expect(l.status).toBe('Delivered');
    expect(l.cloud_synced).toBe(true);
    expect(l.cloud_syncs).toEqual([
      expect.objectContaining({
        provider: 'google_drive',
        status: 'synced',
        remote_path: expect.stringMatching(
          /^LetterPost letters\/Kestrel & Finch- LLP\/Engagement letter \([0-9a-f]{8}\)\.pdf$/,
        ),
      }),
    ]);
    const files = await driveFiles('google_drive');
    expect(files.map((f) => f.path)).toContain(l.cloud_syncs[0].remote_path);
    // A letter to a customer without a drive, by the same channel, copies nothing (auto-sync is off).
    const other = (await owner.post('/api/customers', { name: 'No Drive Ltd' })).json();
    const up2 = await owner.upload('/api/letters/files?type=regular', 'Plain.pdf', bytes);
    await t.runJobs();
    await owner.request('PUT', `/api/letters/${up2.json().uuid}/customer`, { customer_uuid: other.customer_uuid });
    expect(
      (await owner.post('/api/letters/deliver', { uuid: up2.json().uuid, preference_overrides: ['cloud_storage'] }))
        .statusCode,
    ).toBe(201);
    await t.runJobs();
    expect((await letter(up2.json().uuid)).cloud_syncs).toEqual([]);
  });

  it('copies uploaded letters too when the company chooses (off by default)', async () => {
    await autoSync('dropbox', true);
    const list = (await owner.get('/api/integrations')).json().integrations;
    expect(list.find((i: { provider: string }) => i.provider === 'dropbox')).toMatchObject({
      auto_sync: true,
      sync_uploads: false,
    });
    const bytes = await ordinaryLetters()[0]!.bytes();
    const quiet = await owner.upload('/api/letters/files?type=regular', 'Not copied.pdf', bytes);
    await t.runJobs();
    await t.runJobs();
    expect((await letter(quiet.json().uuid)).cloud_syncs).toEqual([]);

    const on = await owner.request('PUT', '/api/integrations/dropbox/auto-sync', { sync: true, sync_uploads: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ auto_sync: true, sync_uploads: true });
    const up = await owner.upload('/api/letters/files?type=regular', 'Copied on upload.pdf', bytes);
    await t.runJobs();
    await t.runJobs();
    const l = await letter(up.json().uuid);
    expect(l.status).toBe('Analysis Complete');
    expect(l.cloud_synced).toBe(true);
    expect(l.cloud_syncs).toEqual([
      expect.objectContaining({
        provider: 'dropbox',
        status: 'synced',
        remote_path: expect.stringMatching(/^LetterPost letters\/Copied on upload \([0-9a-f]{8}\)\.pdf$/),
      }),
    ]);
    // Sending only auto_sync leaves the choice as it is.
    const again = await owner.request('PUT', '/api/integrations/dropbox/auto-sync', { sync: false });
    expect(again.json()).toMatchObject({ auto_sync: false, sync_uploads: true });
    expect(
      (await owner.request('PUT', '/api/integrations/dropbox/auto-sync', { sync: true, sync_uploads: 'yes' }))
        .statusCode,
    ).toBe(422);
    await owner.request('PUT', '/api/integrations/dropbox/auto-sync', { sync: false, sync_uploads: false });
  });

  it('needs the letter to be the caller’s: another company sees no letter', async () => {
    const b = await signUpCompany(t.app);
    const [row] = (
      await t.services.pool.query<{ letter_id: string }>(
        'select letter_id from letter_cloud_syncs where account_id = $1 limit 1',
        [accountId],
      )
    ).rows;
    expect((await b.agent.get(`/api/letters/${row!.letter_id}`)).statusCode).toBe(404);
  });
});
