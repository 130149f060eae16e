import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DELIVERY_MESSAGES, PRICE_LIST, priceLetterPost } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { signPrintWebhook } from '../../providers/print.js';
import { simpleLetterPdf } from '../../test/fixtures/letters.js';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import { type Agent, addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { credit, readBalance } from '../money/ledger.js';
import { reconcile } from '../money/reconcile.js';
import { runDelivery } from './run-delivery.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let keyN = 0;
async function fund(accountId: string, pence: number) {
  await inTransaction(t.services.pool, (q) =>
    credit(q, {
      accountId,
      actor: null,
      key: `seed-${++keyN}`,
      amount: pence,
      type: 'bank_transfer',
      description: 'seed',
    }),
  );
}

async function company(balance = 10_000) {
  const c = await signUpCompany(t.app);
  if (balance) await fund(c.me.account.id, balance);
  return c;
}

/** Uploads a letter laid out like a solicitor's Word template and waits for its analysis. */
async function newLetter(agent: Agent, pdf?: Buffer, name = 'solicitors-40mm.pdf'): Promise<string> {
  const bytes = pdf ?? (await ordinaryLetters()[0]!.bytes());
  const res = await agent.upload('/api/letters/files?type=regular', name, bytes);
  expect(res.statusCode, res.body).toBe(201);
  await t.runJobs();
  const letter = (await agent.get(`/api/letters/${res.json().uuid}`)).json();
  expect(letter.status).toBe('Analysis Complete');
  return letter.uuid;
}

/** Runs the delivery jobs, waits for the sandboxes' callbacks, and runs whatever they queued. */
async function settle() {
  await t.runJobs();
  await t.services.delivery.providers.settled();
  await t.runJobs();
}

const letter = async (agent: Agent, id: string) => (await agent.get(`/api/letters/${id}`)).json();
const details = async (agent: Agent, id: string) => (await agent.get(`/api/letters/${id}/delivery`)).json();
const balance = (accountId: string) => readBalance(t.services.pool, accountId);

async function expectBooksBalance() {
  expect(await reconcile(t.services.pool)).toEqual([]);
}

describe('delivering a letter', () => {
  it('emails the letter as an attachment, charges the price shown, and records each step', async () => {
    const { agent, me } = await company();
    const id = await newLetter(agent);
    const body = {
      uuid: id,
      preference_overrides: ['email'],
      recipient_email: "siobhan.o'neill@example.co.uk",
      subject: 'Your tenancy agreement',
      message_to_recipient: 'Dear Dr O’Neill,\nPlease find your agreement attached.',
    };
    const quote = await agent.post('/api/letters/deliver/quote', body);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      total_pence: PRICE_LIST.email,
      available_after_pence: 10_000 - PRICE_LIST.email,
    });

    const res = await agent.post('/api/letters/deliver', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ state: 'sending', status: 'Sending as Email Attachment', message: 'OK' });
    expect(await balance(me.account.id)).toEqual({
      balance: 10_000,
      held: PRICE_LIST.email,
      available: 10_000 - PRICE_LIST.email,
    });

    await settle();
    const done = await letter(agent, id);
    expect(done).toMatchObject({
      status: 'Sent as Email Attachment',
      display_status: 'Sent',
      delivery_channels: ['email'],
      successful_delivery_channels: ['email'],
      unsuccessful_delivery_channels: [],
    });
    expect(done.delivered_on).not.toBeNull();
    const mail = (await t.outbox()).find((m) => m.to === "siobhan.o'neill@example.co.uk");
    expect(mail).toMatchObject({ subject: 'Your tenancy agreement' });
    expect((mail as unknown as { attachments: { filename: string }[] }).attachments).toEqual([
      expect.objectContaining({ filename: 'solicitors-40mm.pdf', contentType: 'application/pdf' }),
    ]);
    expect(await balance(me.account.id)).toEqual({
      balance: 10_000 - PRICE_LIST.email,
      held: 0,
      available: 10_000 - PRICE_LIST.email,
    });
    const history = (await agent.get(`/api/letters/${id}/history`))
      .json()
      .rows.map((r: { status: string }) => r.status);
    expect(history).toEqual([
      'Analysing',
      'Analysis Complete',
      'Sending as Email Attachment',
      'Sent as Email Attachment',
    ]);
    await expectBooksBalance();
  });

  it('posts a letter through the print partner: Posting, then Posted when Royal Mail has it', async () => {
    const { agent, me } = await company();
    const id = await newLetter(agent);
    const res = await agent.post('/api/letters/deliver', { uuid: id, is_premium: false, is_colour: false });
    expect(res.statusCode, res.body).toBe(201);
    const price = priceLetterPost({ pages: 1, service: 'standard', color: false }).total;
    expect(res.json().total_pence).toBe(price);
    await t.runJobs();
    expect((await letter(agent, id)).status).toBe('Posting');
    await t.services.delivery.providers.settled();
    const posted = await letter(agent, id);
    expect(posted).toMatchObject({ status: 'Posted', display_status: 'Sent', has_been_posted: true });
    const d = await details(agent, id);
    expect(d.delivery.channels[0]).toMatchObject({ channel: 'mail', state: 'succeeded', provider_status: 'delivered' });
    expect(d.delivery.channels[0].recipient).toContain('BS8 2QT');
    expect((await balance(me.account.id)).balance).toBe(10_000 - price);
  });

  it('fails only the channel that failed and refunds it; the letter is Failed only when every channel failed', async () => {
    const { agent, me } = await company();
    const both = await newLetter(agent);
    const res = await agent.post('/api/letters/deliver', {
      uuid: both,
      preference_overrides: ['mail', 'sms'],
      recipient_phone_number: '07700 900000',
      sms_text: 'Your letter from Company Ltd',
    });
    expect(res.statusCode, res.body).toBe(201);
    await settle();
    const l = await letter(agent, both);
    expect(l).toMatchObject({
      status: 'Posted',
      successful_delivery_channels: ['mail'],
      unsuccessful_delivery_channels: ['sms'],
    });
    const sms = (await details(agent, both)).delivery.channels.find((c: { channel: string }) => c.channel === 'sms');
    expect(sms).toMatchObject({ state: 'failed', reason: 'The phone number does not exist.' });

    const only = await newLetter(agent);
    await agent.post('/api/letters/deliver', {
      uuid: only,
      preference_overrides: ['sms'],
      recipient_phone_number: '+44 7700 900000',
      sms_text: 'Hello',
    });
    await settle();
    expect(await letter(agent, only)).toMatchObject({ status: 'Failed to Deliver', display_status: 'Failed' });
    // Both text messages were refunded: only the post was paid for.
    const post = priceLetterPost({ pages: 1, service: 'premium', color: true }).total;
    expect(await balance(me.account.id)).toEqual({ balance: 10_000 - post, held: 0, available: 10_000 - post });
    await expectBooksBalance();
  });

  it('makes a cloud link the recipient opens without an account, and tells the sender when it was first opened', async () => {
    const { agent } = await company();
    const id = await newLetter(agent);
    expect(
      (
        await agent.post('/api/letters/deliver', {
          uuid: id,
          preference_overrides: ['cloud_link'],
          cloud_link_expiry_days: 7,
        })
      ).statusCode,
    ).toBe(201);
    await settle();
    expect((await letter(agent, id)).status).toBe('Delivered');
    const link = (await details(agent, id)).delivery.channels[0].cloud_link;
    expect(link).toMatchObject({ first_opened_at: null, open_count: 0 });
    const token = link.url.split('#')[1];
    expect(link.url).toBe(`http://localhost:3000/cloud#${token}`);

    const visitor = new (agent.constructor as new (app: unknown) => Agent)(t.app);
    const opened = await visitor.post('/api/cloud/open', { token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ name: 'solicitors-40mm.pdf', num_pages: 1 });
    const file = await visitor.post('/api/cloud/file', { token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const after = (await details(agent, id)).delivery.channels[0].cloud_link;
    expect(after.first_opened_at).not.toBeNull();
    expect(after.open_count).toBe(1);

    for (const bad of [token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), 'short', '../../etc', '%2e%2e'])
      expect((await visitor.post('/api/cloud/open', { token: bad })).statusCode).toBe(404);
    // A NUL byte is refused by the input guard before anything is looked up.
    expect((await visitor.post('/api/cloud/open', { token: `${token}\u0000` })).statusCode).toBe(422);
    await t.services.pool.query(`update cloud_links set expires_at = now() - interval '1 second'`);
    const expired = await visitor.post('/api/cloud/open', { token });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(DELIVERY_MESSAGES.cloudLinkGone);
  });
});

describe('scheduling and cancelling', () => {
  it('holds the money for a scheduled delivery; Cancel Delivery releases it and the letter is New again', async () => {
    const { agent, me } = await company();
    const id = await newLetter(agent);
    const at = Math.floor(Date.now() / 1000) + 3600;
    const res = await agent.post('/api/letters/deliver', { uuid: id, scheduled_delivery_date_time: at });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().state).toBe('scheduled');
    const scheduled = await letter(agent, id);
    expect(scheduled.status).toMatch(/^Delivery scheduled for: \d\d\.\d\d\.\d\d \| \d\d:\d\d (AM|PM)$/);
    expect(scheduled.display_status).toBe('Scheduled');
    const price = res.json().total_pence;
    expect(await balance(me.account.id)).toMatchObject({ held: price });
    // Not yet due: the job does nothing.
    await t.runJobs();
    expect((await letter(agent, id)).display_status).toBe('Scheduled');

    const cancel = await agent.post('/api/letters/cancel', { document_uuid: id });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ uuid: id, status: 'Analysis Complete' });
    expect(await letter(agent, id)).toMatchObject({ status: 'Analysis Complete', display_status: 'New' });
    expect(await balance(me.account.id)).toEqual({ balance: 10_000, held: 0, available: 10_000 });
    const again = await agent.post('/api/letters/cancel', { document_uuid: id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DELIVERY_MESSAGES.nothingToCancel);
    // The job is gone with the delivery: nothing is ever sent.
    const { rows } = await t.services.pool.query(`select 1 from graphile_worker.jobs where key = $1`, [
      `deliver:${(await details(agent, id)).delivery.id}`,
    ]);
    expect(rows).toHaveLength(0);
    await expectBooksBalance();
  });

  it('runs a scheduled delivery once when it is due', async () => {
    const { agent } = await company();
    const id = await newLetter(agent);
    const res = await agent.post('/api/letters/deliver', {
      uuid: id,
      preference_overrides: ['cloud_link'],
      schedule_time_delay: 120,
    });
    expect(res.statusCode, res.body).toBe(201);
    const deliveryId = res.json().delivery_id;
    await t.services.pool.query(`update letter_deliveries set scheduled_for = now() where id = $1`, [deliveryId]);
    await t.services.pool.query(`update graphile_worker._private_jobs set run_at = now() where key = $1`, [
      `deliver:${deliveryId}`,
    ]);
    await settle();
    await settle();
    expect((await letter(agent, id)).status).toBe('Delivered');
    const { rows } = await t.services.pool.query(
      `select count(*)::int as n from ledger_entries where reference like 'hold_%' and type = 'capture' and service_id = $1`,
      [id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses a time in the past, under 1 minute or past the window, and changes nothing', async () => {
    const { agent, me } = await company();
    const id = await newLetter(agent);
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[number, string]> = [
      [now - 120, DELIVERY_MESSAGES.scheduleInPast],
      [now + 30, DELIVERY_MESSAGES.scheduleTooSoon],
      [now + 2_580_000 + 60, DELIVERY_MESSAGES.scheduleTooLate],
    ];
    for (const [at, message] of cases) {
      const res = await agent.post('/api/letters/deliver', { uuid: id, scheduled_delivery_date_time: at });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(message);
    }
    expect((await letter(agent, id)).status).toBe('Analysis Complete');
    expect(await balance(me.account.id)).toEqual({ balance: 10_000, held: 0, available: 10_000 });
  });
});
