import { DELIVERY_MESSAGES, MONEY_MESSAGES, PRICE_LIST, priceLetterPost } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { JOB_ABANDONED_SECONDS, releaseAbandonedJobs } from '../../platform/jobs.js';
import { signPrintWebhook } from '../../providers/print.js';
import { simpleLetterPdf } from '../../test/fixtures/letters.js';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import { type Agent, addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { ANALYSE_TASK } from '../letters/analyse.js';
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
async function newLetter(agent: Agent, pdf?: Buffer, name = 'solicitors-46mm.pdf'): Promise<string> {
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
      expect.objectContaining({ filename: 'solicitors-46mm.pdf', contentType: 'application/pdf' }),
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
    await settle();
    const posted = await letter(agent, id);
    expect(posted).toMatchObject({ status: 'Posted', display_status: 'Sent', has_been_posted: true });
    const d = await details(agent, id);
    expect(d.delivery.channels[0]).toMatchObject({ channel: 'mail', state: 'succeeded', provider_status: 'delivered' });
    expect(d.delivery.channels[0].recipient).toContain('BS8 2QT');
    expect((await balance(me.account.id)).balance).toBe(10_000 - price);
    const history = (await agent.get(`/api/letters/${id}/history`))
      .json()
      .rows.map((r: { status: string }) => r.status);
    expect(history.slice(2, 4)).toEqual(['Delivering', 'Posting']);
    expect(history.at(-1)).toBe('Posted');
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
    expect(opened.json()).toMatchObject({ name: 'solicitors-46mm.pdf', num_pages: 1 });
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

describe('approval', () => {
  it('puts a flagged member’s delivery In Review with the money held; approve sends it, deny releases it', async () => {
    const { agent: owner, me } = await company();
    const member = await addMember(t, me.account.id, {
      permissions: { operational: ['create_letter', 'send_letter'], observable: ['see_letters'] },
      approvals: { operational: ['send_letter'] },
    });
    const first = await newLetter(member.agent);
    const res = await member.agent.post('/api/letters/deliver', { uuid: first, preference_overrides: ['cloud_link'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ state: 'in_review', status: 'In Review' });
    expect(await balance(me.account.id)).toMatchObject({ held: PRICE_LIST.cloudLink });
    // The owner (no supervisor in a department) is told live, with the request to decide.
    const notes = (await owner.get('/api/notifications')).json();
    const approvalId = JSON.stringify(notes).match(/"approval_id":"([^"]+)"/)?.[1];
    expect(approvalId).toBeTruthy();
    await t.runJobs();
    expect((await letter(member.agent, first)).display_status).toBe('In Review');
    const approved = await owner.post('/api/approvals/decide', { approval_id: approvalId, verdict: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    await settle();
    expect((await letter(member.agent, first)).status).toBe('Delivered');

    const second = await newLetter(member.agent);
    await member.agent.post('/api/letters/deliver', { uuid: second, preference_overrides: ['cloud_link'] });
    const id2 = JSON.stringify((await owner.get('/api/notifications')).json()).match(
      new RegExp(
        `"approval_id":"([^"]+)","entity_type":"letter_delivery","entity_id":"${(await details(owner, second)).delivery.id}"`,
      ),
    )?.[1];
    const denied = await owner.post('/api/approvals/decide', { approval_id: id2, verdict: 'deny' });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(await letter(member.agent, second)).toMatchObject({
      status: 'Denied by Supervisor',
      display_status: 'Denied by Supervisor',
    });
    expect(await balance(me.account.id)).toEqual({
      balance: 10_000 - PRICE_LIST.cloudLink,
      held: 0,
      available: 10_000 - PRICE_LIST.cloudLink,
    });
    await expectBooksBalance();
  });
});

describe('money refusals', () => {
  it('refuses a delivery the balance cannot pay (402) or the member’s cap would pass (403), holding and sending nothing', async () => {
    const { agent, me } = await company(50);
    const id = await newLetter(agent);
    const poor = await agent.post('/api/letters/deliver', { uuid: id, preference_overrides: ['mail', 'cloud_link'] });
    expect(poor.statusCode).toBe(402);
    const total = priceLetterPost({ pages: 1, service: 'premium', color: true }).total + PRICE_LIST.cloudLink;
    expect(poor.json().message).toBe(MONEY_MESSAGES.insufficientFunds(total, 50));
    expect((await letter(agent, id)).status).toBe('Analysis Complete');
    expect(await balance(me.account.id)).toEqual({ balance: 50, held: 0, available: 50 });

    await fund(me.account.id, 10_000);
    const member = await addMember(t, me.account.id, {
      permissions: { operational: ['create_letter', 'send_letter'], observable: ['see_letters'] },
    });
    await agent.request('PUT', `/api/users/${member.userId}/spending-cap`, { cap: 100, override_cap: 0 });
    const capped = await member.agent.post('/api/letters/deliver', { uuid: id });
    expect(capped.statusCode).toBe(403);
    expect(capped.json().code).toBe('SPENDING_CAP_EXCEEDED');
    expect(await balance(me.account.id)).toMatchObject({ held: 0 });
    expect((await agent.get(`/api/letters/${id}/delivery`)).json().delivery).toBeNull();
  });
});

describe('providers', () => {
  it('retries a hand-over the print partner did not answer, and posts the letter once', async () => {
    const { agent } = await company();
    const id = await newLetter(agent);
    const print = t.services.delivery.providers.print;
    const submit = print.submit.bind(print);
    let calls = 0;
    print.submit = async (input) => {
      calls++;
      if (calls === 1) throw new Error('connect ETIMEDOUT');
      return submit(input);
    };
    try {
      const delivered = await agent.post('/api/letters/deliver', { uuid: id });
      const key = `deliver:${delivered.json().delivery_id}`;
      await t.runJobs();
      expect((await letter(agent, id)).status).toBe('Delivering');
      // The retry is due at once instead of after its backoff. The queue records the failed
      // attempt (and its backoff) as it finishes, which on a loaded machine may land after this
      // update: made due again until the retry has run.
      await expect
        .poll(
          async () => {
            await t.services.pool.query('update graphile_worker._private_jobs set run_at = now() where key = $1', [
              key,
            ]);
            await settle();
            return (await letter(agent, id)).status;
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBe('Posted');
      expect(calls).toBe(2);
    } finally {
      print.submit = submit;
    }
  });

  it('fails a channel the partner refuses for good and releases its hold at once', async () => {
    const { agent, me } = await company();
    const id = await newLetter(agent);
    const print = t.services.delivery.providers.print;
    const submit = print.submit.bind(print);
    const { PrintSubmitError } = await import('../../providers/print.js');
    print.submit = async () => {
      throw new PrintSubmitError('The printing service refused the letter: the file is damaged.', true);
    };
    try {
      await agent.post('/api/letters/deliver', { uuid: id });
      await t.runJobs();
    } finally {
      print.submit = submit;
    }
    expect(await letter(agent, id)).toMatchObject({
      status: 'Failed to Deliver',
      unsuccessful_delivery_channels: ['mail'],
    });
    const d = await details(agent, id);
    expect(d.delivery.channels[0]).toMatchObject({
      state: 'failed',
      reason: 'The printing service refused the letter: the file is damaged.',
    });
    expect(await balance(me.account.id)).toEqual({ balance: 10_000, held: 0, available: 10_000 });
    // A failed letter can be delivered again.
    expect(
      (await agent.post('/api/letters/deliver', { uuid: id, preference_overrides: ['cloud_link'] })).statusCode,
    ).toBe(201);
  });

  it('applies each print event once, never backwards, and refuses a bad signature', async () => {
    const { agent } = await company();
    const id = await newLetter(agent);
    const print = t.services.delivery.providers.print;
    const submit = print.submit.bind(print);
    // This letter's id at the partner is known, and the sandbox sends no events of its own for it.
    print.submit = async () => ({
      id: `sb_fixed${Date.now()}`,
      status: 'received',
      costPence: 100,
      trackingNumber: null,
    });
    try {
      await agent.post('/api/letters/deliver', { uuid: id });
      await t.runJobs();
    } finally {
      print.submit = submit;
    }
    const partnerId = (
      await t.services.pool.query(
        `select provider_id from letter_delivery_channels where provider = 'sandbox' order by updated_at desc limit 1`,
      )
    ).rows[0].provider_id;
    const secret = (await import('node:crypto'))
      .createHmac('sha256', t.config.authSecret)
      .update('print-sandbox-webhook')
      .digest('base64url');
    let hook = 1000;
    const event = (status: string) =>
      Buffer.from(
        JSON.stringify({
          webhook_id: ++hook,
          event: 'mailpiece_status',
          created: '2026-11-23 10:00:00',
          retries: 0,
          mailpieces: [{ id: partnerId, type: 'letter', status, timestamp: '2026-11-23 10:00:00', country: 'GB' }],
        }),
      );
    const post = (raw: Buffer, signature = signPrintWebhook(secret, raw)) =>
      t.app.inject({
        method: 'POST',
        url: '/api/letters/callbacks/print',
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-stannp-signature': signature },
      });
    const delivered = event('delivered');
    expect((await post(delivered, 'f'.repeat(64))).statusCode).toBe(400);
    expect((await post(delivered, '')).statusCode).toBe(400);
    expect((await letter(agent, id)).status).toBe('Posting');
    expect((await post(delivered)).json()).toEqual({ applied: 1 });
    expect((await post(delivered)).json()).toEqual({ applied: 0 });
    // A late "producing" after "delivered" changes nothing.
    expect((await post(event('producing'))).json()).toEqual({ applied: 0 });
    const l = await letter(agent, id);
    expect(l).toMatchObject({ status: 'Posted', has_been_posted: true });
    expect((await details(agent, id)).delivery.channels[0].provider_status).toBe('delivered');
  });

  it('refuses a text message callback with a bad signature', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/letters/callbacks/sms',
      payload: 'MessageSid=SMxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx&MessageStatus=delivered',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJlIGF0IGFsbA==',
      },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('a worker that died mid-delivery', () => {
  it('frees its job after the heartbeat stops, and the delivery is sent and charged once', async () => {
    const { agent, me } = await company();
    const id = await newLetter(agent);
    const res = await agent.post('/api/letters/deliver', { uuid: id, is_premium: false, is_colour: false });
    expect(res.statusCode, res.body).toBe(201);
    const price = res.json().total_pence as number;
    const key = `deliver:${res.json().delivery_id}`;
    // What a worker killed during the hand-over leaves: the delivery taken (sending), its job locked
    // by a worker that no longer renews the lock, on its last attempt.
    await t.services.pool.query(`update letter_deliveries set state = 'sending' where letter_id = $1`, [id]);
    const lock = (seconds: number) =>
      t.services.pool.query(
        `update graphile_worker._private_jobs
            set locked_at = now() - make_interval(secs => $1), locked_by = 'worker-killed', attempts = max_attempts
          where key = $2`,
        [seconds, key],
      );
    await lock(5);
    // A lock renewed 5 s ago belongs to a live worker: left alone.
    expect(await releaseAbandonedJobs(t.services.pool)).toEqual({ released: 0 });
    await t.runJobs();
    expect((await letter(agent, id)).status).toBe('Delivering');
    await lock(JOB_ABANDONED_SECONDS + 5);
    expect(await releaseAbandonedJobs(t.services.pool, ['analyse_letter_other'])).toEqual({ released: 1 });
    await settle();
    expect((await letter(agent, id)).status).toBe('Posted');
    expect((await balance(me.account.id)).balance).toBe(10_000 - price);
    const { rows } = await t.services.pool.query(
      `select count(*)::int as n from ledger_entries where account_id = $1 and type = 'capture'`,
      [me.account.id],
    );
    expect(rows[0].n).toBe(1);
    expect(await releaseAbandonedJobs(t.services.pool)).toEqual({ released: 0 });
    await expectBooksBalance();
  });

  it('leaves the tasks that have a sweep of their own', async () => {
    const { agent } = await company();
    const res = await agent.upload(
      '/api/letters/files?type=regular',
      'letter.pdf',
      await ordinaryLetters()[0]!.bytes(),
    );
    expect(res.statusCode).toBe(201);
    await t.services.pool.query(
      `update graphile_worker._private_jobs set locked_at = now() - interval '5 minutes', locked_by = 'worker-killed'
        where key = $1`,
      [`analyse:${res.json().uuid}`],
    );
    expect(await releaseAbandonedJobs(t.services.pool, [ANALYSE_TASK])).toEqual({ released: 0 });
    expect(await releaseAbandonedJobs(t.services.pool)).toEqual({ released: 1 });
    await t.runJobs();
    expect((await letter(agent, res.json().uuid)).status).toBe('Analysis Complete');
  });
});

describe('cancel versus send', () => {
  it('200 races of Cancel Delivery against the delivery job: each ends cancelled or sent, never both', {
    timeout: 120_000,
  }, async () => {
    const { agent, me } = await company(100_000);
    const template = await newLetter(agent);
    const { pool } = t.services;
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      const id = `race-${i}-${template}`;
      await pool.query(
        `insert into letters (id, account_id, creator_id, name, status, num_pages, recipient_name_snapshot, recipient_address_snapshot,
           postcode, blob_key, size_bytes, layout)
         select $1, account_id, creator_id, name, status, num_pages, recipient_name_snapshot, recipient_address_snapshot, postcode,
                blob_key, size_bytes, layout from letters where id = $2`,
        [id, template],
      );
      const res = await agent.post('/api/letters/deliver', {
        uuid: id,
        preference_overrides: ['cloud_link'],
        schedule_time_delay: 3600,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().delivery_id);
    }
    await pool.query(`update letter_deliveries set scheduled_for = now() where id = any($1)`, [ids]);
    const outcomes = await Promise.all(
      ids.map(async (deliveryId, i) => {
        const letterId = `race-${i}-${template}`;
        const [cancel] = await Promise.all([
          agent.post('/api/letters/cancel', { document_uuid: letterId }),
          runDelivery(t.services.delivery, deliveryId, false),
        ]);
        return { letterId, deliveryId, cancelled: cancel.statusCode === 200, code: cancel.statusCode };
      }),
    );
    let cancelled = 0;
    for (const o of outcomes) {
      expect([200, 409]).toContain(o.code);
      const { rows } = await pool.query(
        `select d.state, c.state as channel_state, h.status as hold_status, l.status as letter_status
           from letter_deliveries d join letter_delivery_channels c on c.delivery_id = d.id
           join holds h on h.id = c.hold_id join letters l on l.id = d.letter_id where d.id = $1`,
        [o.deliveryId],
      );
      const r = rows[0];
      if (o.cancelled) {
        cancelled++;
        expect(r).toEqual({
          state: 'cancelled',
          channel_state: 'cancelled',
          hold_status: 'released',
          letter_status: 'Analysis Complete',
        });
      } else {
        expect(r).toEqual({
          state: 'done',
          channel_state: 'succeeded',
          hold_status: 'captured',
          letter_status: 'Delivered',
        });
      }
    }
    const sent = outcomes.length - cancelled;
    expect(await balance(me.account.id)).toEqual({
      balance: 100_000 - sent * PRICE_LIST.cloudLink,
      held: 0,
      available: 100_000 - sent * PRICE_LIST.cloudLink,
    });
    await expectBooksBalance();
  });
});

describe('bad input', () => {
  it('answers every bad request with a 4xx and changes nothing', async () => {
    const { agent, me } = await company();
    const other = await company();
    const id = await newLetter(agent);
    const theirs = await newLetter(other.agent);
    const before = await balance(me.account.id);
    const bad: Array<[object, number]> = [
      [{ uuid: theirs }, 404],
      [{ uuid: 'nope' }, 404],
      [{ uuid: id, preference_overrides: [] }, 422],
      [{ uuid: id, preference_overrides: ['fax'] }, 422],
      [{ uuid: id, preference_overrides: 'mail' }, 422],
      [{ uuid: id, preference_overrides: ['email'] }, 422],
      [{ uuid: id, preference_overrides: ['email'], recipient_email: 'not an email' }, 422],
      [{ uuid: id, preference_overrides: ['sms'], recipient_phone_number: '020 7946 0958', sms_text: 'Hi' }, 422],
      [{ uuid: id, preference_overrides: ['sms'], recipient_phone_number: '07700 900123' }, 422],
      [{ uuid: id, is_premium: 'yes' }, 422],
      [{ uuid: id, scheduled_delivery_date_time: 'tomorrow' }, 422],
      [{ uuid: id, scheduled_delivery_date_time: 1e20 }, 422],
      [{ uuid: id, schedule_time_delay: -5 }, 422],
      [{ uuid: id, cloud_link_expiry_days: 365 }, 422],
      [{ uuid: `${id}\u0000` }, 422],
      [{ uuid: id, subject: 'x'.repeat(10_000), preference_overrides: ['email'], recipient_email: 'a@b.co' }, 422],
      [{ uuid: id, extra: true }, 422],
    ];
    for (const [body, status] of bad) {
      const res = await agent.post('/api/letters/deliver', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
    }
    expect((await agent.post('/api/letters/cancel', { document_uuid: theirs })).statusCode).toBe(404);
    expect((await agent.get(`/api/letters/${theirs}/delivery`)).statusCode).toBe(404);
    expect((await agent.get(`/api/letters/${theirs}/proof`)).statusCode).toBe(404);
    expect((await agent.get(`/api/letters/${encodeURIComponent('../x')}/delivery`)).statusCode).toBe(404);
    expect(await balance(me.account.id)).toEqual(before);
    expect((await letter(agent, id)).status).toBe('Analysis Complete');
  });

  it('refuses mail for a letter above 50 pages but lets it go by email', async () => {
    const { agent } = await company();
    const id = await newLetter(
      agent,
      await simpleLetterPdf(['Mr Seán Ó Briain', '4 Church Road', 'Cardiff', 'CF10 1AA'], { pages: 51 }),
      'long.pdf',
    );
    const res = await agent.post('/api/letters/deliver', { uuid: id });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Letters of more than 50 pages cannot be posted.');
    const quote = (await agent.post('/api/letters/deliver/quote', { uuid: id })).json();
    expect(quote.mail).toMatchObject({ disabled: true, reason: 'Letters of more than 50 pages cannot be posted.' });
    expect(
      (
        await agent.post('/api/letters/deliver', {
          uuid: id,
          preference_overrides: ['email'],
          recipient_email: 'sean@example.ie',
        })
      ).statusCode,
    ).toBe(201);
    // A letter on its way cannot be delivered twice.
    expect(
      (await agent.post('/api/letters/deliver', { uuid: id, preference_overrides: ['cloud_link'] })).statusCode,
    ).toBe(409);
  });

  it('needs send_letter to deliver or cancel', async () => {
    const { agent, me } = await company();
    const id = await newLetter(agent);
    const reader = await addMember(t, me.account.id, { permissions: { observable: ['see_letters'] } });
    expect((await reader.agent.post('/api/letters/deliver', { uuid: id })).statusCode).toBe(403);
    expect((await reader.agent.post('/api/letters/cancel', { document_uuid: id })).statusCode).toBe(403);
    expect((await reader.agent.get(`/api/letters/${id}/delivery`)).statusCode).toBe(200);
  });
});

describe('more than one letter, proofs and test comms', () => {
  it('delivers several letters at once, each on its own', async () => {
    const { agent } = await company();
    const a = await newLetter(agent);
    const b = await newLetter(agent);
    const other = await company();
    const theirs = await newLetter(other.agent);
    const res = await agent.post('/api/letters/deliver/bulk', { uuids: [a, b, theirs], is_premium: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { uuid: a, ok: true, status: 'Delivering', message: 'OK' },
      { uuid: b, ok: true, status: 'Delivering', message: 'OK' },
      { uuid: theirs, ok: false, status: null, message: 'Not found.' },
    ]);
    await settle();
    expect((await letter(other.agent, theirs)).status).toBe('Analysis Complete');
  });

  it('prices several letters before the confirmation: the sum of their quotes, the balance after, the refused ones, nothing reserved', async () => {
    const { agent, me } = await company();
    const a = await newLetter(agent);
    const b = await newLetter(agent);
    const other = await company();
    const theirs = await newLetter(other.agent);
    const body = { uuids: [a, b, theirs], preference_overrides: ['mail', 'cloud_link'], is_premium: false };
    const res = await agent.post('/api/letters/deliver/bulk/quote', body);
    expect(res.statusCode, res.body).toBe(200);
    const one = (
      await agent.post('/api/letters/deliver/quote', {
        uuid: a,
        preference_overrides: ['mail', 'cloud_link'],
        is_premium: false,
      })
    ).json();
    const quote = res.json();
    expect(quote).toEqual({
      letters: 2,
      total_pence: 2 * one.total_pence,
      available_pence: 10_000,
      available_after_pence: 10_000 - 2 * one.total_pence,
      refused: [{ uuid: theirs, message: 'There is no such letter.' }],
    });
    expect(one.total_pence).toBeGreaterThan(0);
    // Asking the price reserves nothing.
    expect((await agent.get('/api/finances/balance')).json()).toMatchObject({ balance: 10_000, held: 0 });
    // A member who may not see the balance gets the total without it.
    await agent.request('PUT', '/api/accounts/settings/balance', { restrict_balance_to_finance_admins: true });
    const sender = await addMember(t, me.account.id, {
      permissions: { operational: ['send_letter'], observable: ['see_letters'] },
    });
    const hidden = (await sender.agent.post('/api/letters/deliver/bulk/quote', body)).json();
    expect(hidden).toMatchObject({
      total_pence: 2 * one.total_pence,
      available_pence: null,
      available_after_pence: null,
    });
    const reader = await addMember(t, me.account.id, { permissions: { observable: ['see_letters'] } });
    expect((await reader.agent.post('/api/letters/deliver/bulk/quote', body)).statusCode).toBe(403);
    expect((await agent.post('/api/letters/deliver/bulk/quote', { ...body, uuids: [] })).statusCode).toBe(422);
  });

  it('makes a print proof of page 1 with the barcode placed', async () => {
    const { agent } = await company();
    const id = await newLetter(agent);
    const res = await agent.get(`/api/letters/${id}/proof`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { PDFDocument } = await import('pdf-lib');
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1);
  });

  it('sends yourself an email and posts a test letter through the same providers', async () => {
    const { agent, body, me } = await company();
    const sent = await agent.post('/api/comms/digitalchannels', {
      subject: 'Testing',
      message_to_recipient: 'Hello me',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: 'OK', email: true, sms: false, charged_pence: PRICE_LIST.email });
    expect((await t.outbox()).some((m) => m.to === body.email && m.subject === 'Testing')).toBe(true);
    expect((await agent.post('/api/comms/digitalchannels', {})).statusCode).toBe(422);
    expect(
      (await agent.post('/api/comms/digitalchannels', { recipient_phone_number: '0161 496 0000', sms_text: 'x' }))
        .statusCode,
    ).toBe(422);

    const posted = await agent.post('/api/comms/letterpostage', {
      is_premium: true,
      is_colour: false,
      recipient: { name: 'Ms Zoë Brontë-Smith', address_lines: ['Flat 3', "St Mary's Court"], postcode: 'yo1 7hh' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await settle();
    expect(await letter(agent, posted.json().uuid)).toMatchObject({
      status: 'Posted',
      recipient_name_snapshot: 'Ms Zoë Brontë-Smith',
      postcode: 'YO1 7HH',
    });
    expect(
      (
        await agent.post('/api/comms/letterpostage', {
          is_premium: true,
          is_colour: true,
          recipient: { name: 'X', address_lines: ['1 Road'], postcode: 'NOPE' },
        })
      ).statusCode,
    ).toBe(422);
    expect((await balance(me.account.id)).held).toBe(0);
  });
});

describe('the trash', () => {
  it('keeps a letter whose delivery is in review or scheduled out of the trash until it is cancelled', async () => {
    const { agent } = await company();
    const id = await newLetter(agent);
    await agent.post('/api/letters/deliver', { uuid: id, schedule_time_delay: 600 });
    expect((await agent.post('/api/letters/trash', { uuids: [id] })).statusCode).toBe(409);
    await agent.post('/api/letters/cancel', { document_uuid: id });
    expect((await agent.post('/api/letters/trash', { uuids: [id] })).statusCode).toBe(200);
  });
});

describe('auto-deliver', () => {
  it('posts a letter that analyses clean when the company turned Auto-deliver on, and says why when it cannot', async () => {
    const { agent, me } = await company();
    const prefs = await agent.request('PUT', '/api/accounts/settings/letters', {
      delivery_preferences: {
        autoSend: true,
        mail: { print: 'black_and_white', service: 'standard', omit: false },
        email: { kind: 'attachment', omit: false },
      },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const res = await agent.upload('/api/letters/files?type=regular', 'auto.pdf', await ordinaryLetters()[1]!.bytes());
    const id = res.json().uuid;
    await settle();
    await settle();
    const l = await letter(agent, id);
    expect(l.status).toBe('Posted');
    const price = priceLetterPost({ pages: 1, service: 'standard', color: false }).total;
    expect((await balance(me.account.id)).balance).toBe(10_000 - price);

    const poor = await company(0);
    await poor.agent.request('PUT', '/api/accounts/settings/letters', { delivery_preferences: { autoSend: true } });
    const up = await poor.agent.upload(
      '/api/letters/files?type=regular',
      'auto.pdf',
      await ordinaryLetters()[1]!.bytes(),
    );
    await settle();
    expect((await letter(poor.agent, up.json().uuid)).status).toBe('Analysis Complete');
    const history = (await poor.agent.get(`/api/letters/${up.json().uuid}/history`)).json().rows;
    expect(history.at(-1).reason).toMatch(/^Not delivered automatically: /);
  });

  it('queues no auto-deliver job for a clean letter where Auto-deliver is off, or mail is left out', async () => {
    // Every job queued from here on is noted (graphile-worker deletes a job once it has run).
    await t.services.pool.query(`
      create table if not exists test_queued_jobs (key text);
      create or replace function test_note_job() returns trigger language plpgsql as
        $$ begin insert into test_queued_jobs values (new.key); return new; end $$;
      create or replace trigger test_note_job after insert on graphile_worker._private_jobs
        for each row execute function test_note_job();`);
    const queued = async (id: string) =>
      (await t.services.pool.query('select 1 from test_queued_jobs where key = $1', [`auto-deliver:${id}`])).rowCount;
    const upload = async (agent: Agent) => {
      const res = await agent.upload('/api/letters/files?type=regular', 'a.pdf', await ordinaryLetters()[1]!.bytes());
      await settle();
      const id = res.json().uuid as string;
      expect((await letter(agent, id)).status).toBe('Analysis Complete');
      return id;
    };
    const off = await company();
    expect(await queued(await upload(off.agent))).toBe(0);
    const omitted = await company();
    await omitted.agent.request('PUT', '/api/accounts/settings/letters', {
      delivery_preferences: { autoSend: true, mail: { omit: true }, email: { kind: 'attachment', omit: false } },
    });
    expect(await queued(await upload(omitted.agent))).toBe(0);
    const on = await company();
    await on.agent.request('PUT', '/api/accounts/settings/letters', { delivery_preferences: { autoSend: true } });
    const sent = await on.agent.upload('/api/letters/files?type=regular', 'a.pdf', await ordinaryLetters()[1]!.bytes());
    await settle();
    // With Auto-deliver on the job is queued (and posts the letter, as the test above shows).
    expect(await queued(sent.json().uuid)).toBe(1);
  });
});
