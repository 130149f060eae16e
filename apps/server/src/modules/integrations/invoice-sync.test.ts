import { INTEGRATION_MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { connect } from '../../test/integrations.js';
import { INVOICE_SYNC_TASK, invoiceSyncJobKey, runInvoiceSync } from './invoice-sync.js';

// Accounting auto-sync (issue 27 item 20; decision 0033).

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const deps = () => ({
  pool: t.services.pool,
  blobs: t.services.blobs,
  postcodes: t.services.postcodes ?? null,
  integrations: t.services.integrations,
});

const queued = async (accountId: string) =>
  (
    await t.services.pool.query<{ run_at: Date }>(
      `select run_at from graphile_worker.jobs where task_identifier = $1 and key = $2`,
      [INVOICE_SYNC_TASK, invoiceSyncJobKey(accountId, 'xero')],
    )
  ).rows;

const invoiceLetters = async (accountId: string) =>
  (
    await t.services.pool.query<{ n: number }>(
      `select count(*)::int as n from integration_imports where account_id = $1 and entity_type = 'invoices'`,
      [accountId],
    )
  ).rows[0]!.n;

describe('accounting auto-sync', () => {
  it('imports the invoices issued since it was turned on every hour, once each, and stops when turned off', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const accountId = me.account.id;
    await t.services.pool.query(`update accounts set current_plan = 'Pro' where id = $1`, [accountId]);
    await connect(t, agent, 'xero');
    const on = await agent.request('PUT', '/api/integrations/xero/auto-sync', { sync: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ auto_sync: true, message: INTEGRATION_MESSAGES.invoiceSyncOn('Xero') });
    expect(await queued(accountId)).toHaveLength(1);
    const listed = await agent.get('/api/integrations');
    expect(listed.json().integrations.find((i: { provider: string }) => i.provider === 'xero').auto_sync).toBe(true);

    // Turned on today: the demo organisation's invoices were all issued before, none is imported.
    expect(await runInvoiceSync(deps(), { accountId, provider: 'xero' })).toEqual({ imported: 0 });
    expect(await invoiceLetters(accountId)).toBe(0);
    // The next run is an hour on.
    const [next] = await queued(accountId);
    expect(next!.run_at.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);

    // Turned on long ago: every invoice is new, imported once; a second run finds nothing more.
    await t.services.pool.query(
      `update integrations set invoice_sync_since = '2000-01-01' where account_id = $1 and provider = 'xero'`,
      [accountId],
    );
    const { invoices } = (await agent.get('/api/integrations/xero/invoices')).json() as { invoices: unknown[] };
    const first = await runInvoiceSync(deps(), { accountId, provider: 'xero' });
    expect(first.imported).toBe(invoices.length);
    expect(await invoiceLetters(accountId)).toBe(invoices.length);
    expect(await runInvoiceSync(deps(), { accountId, provider: 'xero' })).toEqual({ imported: 0 });
    expect(await invoiceLetters(accountId)).toBe(invoices.length);
    const letters = await t.services.pool.query<{ n: number }>(
      'select count(*)::int as n from letters where account_id = $1',
      [accountId],
    );
    expect(letters.rows[0]!.n).toBe(invoices.length);

    const off = await agent.request('PUT', '/api/integrations/xero/auto-sync', { sync: false });
    expect(off.json()).toMatchObject({ auto_sync: false, message: INTEGRATION_MESSAGES.invoiceSyncOff('Xero') });
    await t.services.pool.query('select graphile_worker.remove_job($1)', [invoiceSyncJobKey(accountId, 'xero')]);
    expect(await runInvoiceSync(deps(), { accountId, provider: 'xero' })).toMatchObject({
      imported: 0,
      skipped: 'auto-sync is off',
    });
    // Off: no next run queued.
    expect(await queued(accountId)).toHaveLength(0);
  });

  it('lets only a member who manages integrations switch it, and not for another company', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await t.services.pool.query(`update accounts set current_plan = 'Pro' where id = $1`, [me.account.id]);
    const reader = await addMember(t, me.account.id, { permissions: { observable: ['see_letters'] } });
    expect((await reader.agent.request('PUT', '/api/integrations/xero/auto-sync', { sync: true })).statusCode).toBe(
      403,
    );
    // Not connected: 404, nothing queued.
    expect((await agent.request('PUT', '/api/integrations/xero/auto-sync', { sync: true })).statusCode).toBe(404);
    expect(await queued(me.account.id)).toHaveLength(0);
  });
});
