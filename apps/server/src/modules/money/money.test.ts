import { MONEY_MESSAGES, PLAN_MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { signPayload } from '../../providers/payments.js';
import { type Agent, addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { capture, charge, credit, hold, readBalance, refund, release } from './ledger.js';
import { changePlan, renewDuePlans, renewPlan } from './plans.js';
import { reconcile } from './reconcile.js';
import { receiveFunds } from './top-up.js';
import { sandboxWebhookSecret } from './wiring.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    PAYMENTS_SANDBOX_LATENCY_MS: '0',
    PAYMENTS_SANDBOX_EVENT_DELAY_MS: '0',
    PAYMENTS_SANDBOX_DUPLICATE_RATE: '0',
  });
});
afterAll(() => t.close());

const VISA = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const INSUFFICIENT = { ...VISA, number: '4000 0000 0000 9995' };

async function expectBooksBalance() {
  expect(await reconcile(t.services.pool)).toEqual([]);
}

/** The browser's whole card top-up: payment method, intent, card confirmation, then the top-up call. */
async function topUp(agent: Agent, amount: number, card = VISA) {
  const pm = await agent.post('/api/payments/sandbox/payment_methods', { card });
  expect(pm.statusCode).toBe(200);
  const intent = await agent.post('/api/finances/intent', { amount, payment_method_id: pm.json().id });
  expect(intent.statusCode).toBe(201);
  const { payment_intent_id: id, client_secret: secret } = intent.json();
  const confirmed = await agent.post(`/api/payments/sandbox/payment_intents/${id}/confirm`, {
    client_secret: secret,
    payment_method: pm.json().id,
  });
  expect(confirmed.statusCode).toBe(200);
  const done = await agent.post('/api/finances/topup', { payment_intent_id: id });
  return { id, confirmed: confirmed.json(), done };
}

const owner = (accountId: string) => ({ accountId, actor: null });
let keyN = 0;
const key = () => `test-key-${++keyN}`;

async function seedBalance(accountId: string, pence: number) {
  await inTransaction(t.services.pool, (q) =>
    credit(q, { ...owner(accountId), key: key(), amount: pence, type: 'bank_transfer', description: 'seed' }),
  );
}

describe('card top-ups', () => {
  it('credits a £25 top-up once, though the browser and the provider event both report it', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const { id, confirmed, done } = await topUp(agent, 2500);
    expect(confirmed.status).toBe('succeeded');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'credited',
      balance: 2500,
      message: MONEY_MESSAGES.topUpCredited(2500),
    });
    // The provider's events (created, succeeded) arrive through the webhook route.
    await waitForEvents();
    expect((await agent.get('/api/finances/balance')).json()).toEqual({
      balance: 2500,
      held: 0,
      available: 2500,
      crediting: false,
    });
    const list = (await agent.get('/api/finances/transactions')).json();
    expect(list.count).toBe(1);
    expect(list.rows[0]).toMatchObject({ type: 'top_up', amount: 2500, reference: id, has_receipt: true });
    const receipt = await agent.get(`/api/finances/transactions/${list.rows[0].id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { rows } = await t.services.pool.query('select count(*)::int as n from payment_events');
    expect(rows[0].n).toBeGreaterThanOrEqual(2);
    expect(me.account.id).toBeTruthy();
    await expectBooksBalance();
  });

  it('refuses a declined card with "Payment failed" and credits nothing', async () => {
    const { agent } = await signUpCompany(t.app);
    const { confirmed, done } = await topUp(agent, 2500, INSUFFICIENT);
    expect(confirmed.status).toBe('requires_payment_method');
    expect(confirmed.last_payment_error.message).toBe('Your card has insufficient funds.');
    expect(done.statusCode).toBe(402);
    expect(done.json().message).toBe('Your card has insufficient funds.');
    await waitForEvents();
    expect((await agent.get('/api/finances/balance')).json().balance).toBe(0);
    expect((await agent.get('/api/finances/transactions')).json().count).toBe(0);
  });

  it('refuses amounts below 30p, negative, fractional, absurd or not numbers, and moves nothing', async () => {
    const { agent } = await signUpCompany(t.app);
    const pm = (await agent.post('/api/payments/sandbox/payment_methods', { card: VISA })).json().id;
    for (const amount of [29, 0, -500, 25.5, 1_000_001, 1e20, '2500', null]) {
      const res = await agent.post('/api/finances/intent', { amount, payment_method_id: pm });
      expect(res.statusCode, String(amount)).toBe(422);
    }
    expect((await agent.post('/api/finances/intent', { amount: 29, payment_method_id: pm })).json().message).toBe(
      'Minimum top up amount: 30p',
    );
    expect((await agent.post('/api/finances/intent', { amount: 30, payment_method_id: pm })).statusCode).toBe(201);
    const { rows } = await t.services.pool.query('select count(*)::int as n from ledger_entries');
    expect(rows[0].n).toBeGreaterThanOrEqual(0);
    expect((await agent.get('/api/finances/balance')).json().balance).toBe(0);
  });

  it('rejects incomplete cards as Stripe.js does, before any intent', async () => {
    const { agent } = await signUpCompany(t.app);
    const bad = [
      { ...VISA, number: '4242 4242 4242 4241' },
      { ...VISA, number: '4242' },
      { ...VISA, exp_year: 2001 },
      { ...VISA, exp_month: 13 },
      { ...VISA, cvc: '1' },
    ];
    for (const card of bad) {
      const res = await agent.post('/api/payments/sandbox/payment_methods', { card });
      expect(res.statusCode).toBe(402);
      expect(res.json().error.type).toBe('card_error');
    }
  });

  it('credits once when the succeeded event arrives three times while the browser also confirms', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const pm = (await agent.post('/api/payments/sandbox/payment_methods', { card: VISA })).json().id;
    const intent = (await agent.post('/api/finances/intent', { amount: 1234, payment_method_id: pm })).json();
    await agent.post(`/api/payments/sandbox/payment_intents/${intent.payment_intent_id}/confirm`, {
      client_secret: intent.client_secret,
      payment_method: pm,
    });
    const event = succeededEvent(intent.payment_intent_id, 1234, me.account.id);
    const results = await Promise.all([
      postEvent(event),
      postEvent(event),
      postEvent(event),
      agent.post('/api/finances/topup', { payment_intent_id: intent.payment_intent_id }),
      agent.post('/api/finances/topup', { payment_intent_id: intent.payment_intent_id }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await waitForEvents();
    expect((await agent.get('/api/finances/balance')).json().balance).toBe(1234);
    expect((await agent.get('/api/finances/transactions')).json().count).toBe(1);
    await expectBooksBalance();
  });

  it('ignores an older failure event arriving after the success', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const { id } = await topUp(agent, 500);
    const failed = {
      ...succeededEvent(id, 500, me.account.id),
      id: 'evt_late_failure_1',
      type: 'payment_intent.payment_failed',
      created: Math.floor(Date.now() / 1000) - 60,
    };
    failed.data.object.status = 'requires_payment_method';
    expect((await postEvent(failed)).statusCode).toBe(200);
    const { rows } = await t.services.pool.query('select status, credited_at from payment_intents where id = $1', [id]);
    expect(rows[0].status).toBe('succeeded');
    expect((await agent.get('/api/finances/balance')).json().balance).toBe(500);
  });

  it('refuses forged, stale and unsigned webhooks and moves nothing', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const pm = (await agent.post('/api/payments/sandbox/payment_methods', { card: VISA })).json().id;
    const intent = (await agent.post('/api/finances/intent', { amount: 5000, payment_method_id: pm })).json();
    const raw = JSON.stringify(succeededEvent(intent.payment_intent_id, 5000, me.account.id));
    const now = Math.floor(Date.now() / 1000);
    const cases = [
      signPayload('whsec_forged', raw, now),
      signPayload(sandboxWebhookSecret(t.config.authSecret), raw, now - 301),
      signPayload(sandboxWebhookSecret(t.config.authSecret), raw, now + 400),
      `t=${now},v1=${'0'.repeat(64)}`,
      'nonsense',
      '',
    ];
    for (const signature of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: raw,
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      });
      expect(res.statusCode, signature).toBe(400);
      expect(res.json().code).toBe('WEBHOOK_INVALID');
    }
    // A genuine signature over a changed body is refused too.
    const tampered = raw.replace('5000', '500000');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: tampered,
      headers: { 'stripe-signature': signPayload(sandboxWebhookSecret(t.config.authSecret), raw, now) },
    });
    expect(res.statusCode).toBe(400);
    expect((await agent.get('/api/finances/balance')).json().balance).toBe(0);
  });

  it("answers 404 for another company's payment and receipt", async () => {
    const a = await signUpCompany(t.app);
    const b = await signUpCompany(t.app);
    const { id } = await topUp(a.agent, 700);
    expect((await b.agent.post('/api/finances/topup', { payment_intent_id: id })).statusCode).toBe(404);
    const entry = (await a.agent.get('/api/finances/transactions')).json().rows[0].id;
    expect((await b.agent.get(`/api/finances/transactions/${entry}/receipt`)).statusCode).toBe(404);
    expect((await b.agent.get('/api/finances/balance')).json().balance).toBe(0);
  });
});

describe('the ledger', () => {
  it('lets 200 parallel charges spend a balance that covers 100 exactly 100 times', async () => {
    const { me } = await signUpCompany(t.app);
    const accountId = me.account.id;
    await seedBalance(accountId, 100 * 37);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        inTransaction(t.services.pool, (q) =>
          charge(q, { ...owner(accountId), key: `c-${accountId}-${i}`, amount: 37, description: 'parallel' }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(100);
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(refused.every((r) => (r.reason as { code: string }).code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await readBalance(t.services.pool, accountId)).toEqual({ balance: 0, held: 0, available: 0 });
    await expectBooksBalance();
  });

  it("lets 200 parallel charges by a member spend their monthly cap's worth exactly", async () => {
    const { agent, me } = await signUpCompany(t.app);
    const member = await addMember(t, me.account.id, { permissions: { operational: ['create_letter'] } });
    expect(
      (await agent.request('PUT', `/api/users/${member.userId}/spending-cap`, { cap: 5000, override_cap: 0 }))
        .statusCode,
    ).toBe(200);
    await seedBalance(me.account.id, 1_000_000);
    const actor = { userId: member.userId, name: 'Member', email: member.email };
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        inTransaction(t.services.pool, (q) =>
          charge(q, { accountId: me.account.id, actor, key: `m-${i}`, amount: 50, description: 'capped' }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(100);
    const reason = (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
    expect(reason.code).toBe('SPENDING_CAP_EXCEEDED');
    expect(reason.message).toBe(MONEY_MESSAGES.capExceeded(5000, 0));
    expect((await readBalance(t.services.pool, me.account.id)).balance).toBe(1_000_000 - 5000);
    const caps = (await agent.get('/api/finances/spending-caps')).json();
    expect(caps.rows.find((r: { user_id: string }) => r.user_id === member.userId)).toMatchObject({
      cap: 5000,
      amount_spent: 5000,
    });
    await expectBooksBalance();
  });

  it('answers a repeated call with its first result, and refuses the same key for another request', async () => {
    const { me } = await signUpCompany(t.app);
    await seedBalance(me.account.id, 1000);
    const call = { ...owner(me.account.id), key: 'once', amount: 300, description: 'idempotent' };
    const [a, b] = await Promise.all([
      inTransaction(t.services.pool, (q) => charge(q, call)),
      inTransaction(t.services.pool, (q) => charge(q, call)),
    ]);
    expect(a.id).toBe(b.id);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    await expect(inTransaction(t.services.pool, (q) => charge(q, { ...call, amount: 301 }))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect((await readBalance(t.services.pool, me.account.id)).balance).toBe(700);
  });

  it('holds, then captures or releases, never both; available = balance minus holds', async () => {
    const { me } = await signUpCompany(t.app);
    const accountId = me.account.id;
    const member = await addMember(t, accountId);
    const actor = { userId: member.userId, name: 'M', email: member.email };
    await seedBalance(accountId, 1000);
    const h1 = await inTransaction(t.services.pool, (q) =>
      hold(q, { accountId, actor, key: 'h1', amount: 400, description: 'scheduled letter', serviceId: 'letter-1' }),
    );
    const h2 = await inTransaction(t.services.pool, (q) =>
      hold(q, { accountId, actor, key: 'h2', amount: 500, description: 'in review' }),
    );
    expect(await readBalance(t.services.pool, accountId)).toEqual({ balance: 1000, held: 900, available: 100 });
    await expect(
      inTransaction(t.services.pool, (q) => hold(q, { accountId, actor, key: 'h3', amount: 101, description: 'x' })),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    // Capture 350 of 400: the other 50 comes back to the balance and to the member's month.
    const cap = await inTransaction(t.services.pool, (q) => capture(q, { accountId, holdId: h1.id, amount: 350 }));
    expect(cap.amount_pence).toBe(-350);
    const again = await inTransaction(t.services.pool, (q) => capture(q, { accountId, holdId: h1.id }));
    expect(again.id).toBe(cap.id);
    await expect(inTransaction(t.services.pool, (q) => release(q, { accountId, holdId: h1.id }))).rejects.toMatchObject(
      {
        code: 'CONFLICT',
      },
    );
    // Release and capture racing on one hold: exactly one wins.
    const race = await Promise.allSettled([
      inTransaction(t.services.pool, (q) => release(q, { accountId, holdId: h2.id })),
      inTransaction(t.services.pool, (q) => capture(q, { accountId, holdId: h2.id })),
    ]);
    expect(race.filter((r) => r.status === 'fulfilled').length).toBe(1);
    const { balance, held } = await readBalance(t.services.pool, accountId);
    expect(held).toBe(0);
    expect([650, 150]).toContain(balance);
    const spent = (
      await t.services.pool.query('select amount_pence from member_spend where user_id = $1', [member.userId])
    ).rows[0].amount_pence;
    expect(Number(spent)).toBe(balance === 650 ? 350 : 850);
    await expectBooksBalance();
  });

  it('refunds at most what was charged, and gives the member their spend back', async () => {
    const { me } = await signUpCompany(t.app);
    const member = await addMember(t, me.account.id);
    const actor = { userId: member.userId, name: 'M', email: member.email };
    await seedBalance(me.account.id, 1000);
    const c = await inTransaction(t.services.pool, (q) =>
      charge(q, { accountId: me.account.id, actor, key: 'r-c', amount: 600, description: 'parcel' }),
    );
    await inTransaction(t.services.pool, (q) =>
      refund(q, { accountId: me.account.id, key: 'r-1', entryId: c.id, amount: 400, description: 'part refund' }),
    );
    await expect(
      inTransaction(t.services.pool, (q) =>
        refund(q, { accountId: me.account.id, key: 'r-2', entryId: c.id, amount: 201, description: 'too much' }),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await readBalance(t.services.pool, me.account.id)).balance).toBe(800);
    const spent = (
      await t.services.pool.query('select amount_pence from member_spend where user_id = $1', [member.userId])
    ).rows[0].amount_pence;
    expect(Number(spent)).toBe(200);
    await expectBooksBalance();
  });

  it('keeps ledger entries immutable and reconcile finds a tampered balance', async () => {
    const { me } = await signUpCompany(t.app);
    await seedBalance(me.account.id, 100);
    await expect(
      t.services.pool.query('update ledger_entries set amount_pence = 1 where account_id = $1', [me.account.id]),
    ).rejects.toThrow(/immutable/);
    await expect(
      t.services.pool.query('delete from ledger_entries where account_id = $1', [me.account.id]),
    ).rejects.toThrow(/immutable/);
    await t.services.pool.query('update account_balances set balance_pence = balance_pence + 1 where account_id = $1', [
      me.account.id,
    ]);
    const breaches = await reconcile(t.services.pool, me.account.id);
    expect(breaches.map((b) => b.check)).toContain('balance equals its entries');
    await t.services.pool.query('update account_balances set balance_pence = balance_pence - 1 where account_id = $1', [
      me.account.id,
    ]);
    expect(await reconcile(t.services.pool, me.account.id)).toEqual([]);
  });
});

describe('finances screen data', () => {
  it('lists transactions newest first with date, type and search filters, paged', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await seedBalance(me.account.id, 10_000);
    for (let i = 0; i < 6; i++)
      await inTransaction(t.services.pool, (q) =>
        charge(q, {
          ...owner(me.account.id),
          key: `l-${i}`,
          amount: 100 + i,
          description: `Letter to Siân O'Brien ${i}`,
          serviceId: `letter-${i}`,
        }),
      );
    const page = (await agent.get('/api/finances/transactions?limit=5')).json();
    expect(page.count).toBe(7);
    expect(page.rows).toHaveLength(5);
    expect(page.rows[0].description).toBe("Letter to Siân O'Brien 5");
    expect((await agent.get('/api/finances/transactions?limit=5&page=1')).json().rows).toHaveLength(2);
    const foundRes = await agent.get(`/api/finances/transactions?search=${encodeURIComponent("o'brien 3")}`);
    expect(foundRes.statusCode, foundRes.body).toBe(200);
    const found = foundRes.json();
    expect(found.rows.map((r: { service_uuid: string }) => r.service_uuid)).toEqual(['letter-3']);
    const typed = (await agent.get('/api/finances/transactions?filter.type=bank_transfer')).json();
    expect(typed.count).toBe(1);
    const future = encodeURIComponent(`${new Date(Date.now() + 3_600_000).toISOString()}/..`);
    expect((await agent.get(`/api/finances/transactions?filter.date=${future}`)).json().count).toBe(0);
    expect((await agent.get('/api/finances/transactions?filter.date=yesterday/today')).statusCode).toBe(422);
    expect((await agent.get('/api/finances/transactions?filter.type=free_money')).statusCode).toBe(422);
  });

  it('hides the balance from members without top_up when the owner restricts it', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const member = await addMember(t, me.account.id, { permissions: { observable: ['see_letters'] } });
    expect((await member.agent.get('/api/finances/balance')).statusCode).toBe(200);
    const res = await agent.request('PUT', '/api/accounts/settings/balance', {
      restrict_balance_to_finance_admins: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MONEY_MESSAGES.restrictSaved(true));
    expect((await member.agent.get('/api/finances/balance')).statusCode).toBe(403);
    expect((await member.agent.get('/api/me')).json().account.restrictBalance).toBe(true);
    expect(
      (
        await member.agent.request('PUT', '/api/accounts/settings/balance', {
          restrict_balance_to_finance_admins: false,
        })
      ).statusCode,
    ).toBe(403);
    expect((await agent.get('/api/finances/balance')).statusCode).toBe(200);
  });
});

describe('plans', () => {
  it('lists the plans openly, with prices and perks', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { name: string; price: unknown }) => [p.name, p.price])).toEqual([
      ['Basic', 0],
      ['Business', 2900],
      ['Pro', 7900],
      ['Enterprise', 'Call'],
    ]);
    expect(res.json()[0].perks.length).toBeGreaterThan(3);
  });

  it('charges a paid plan when chosen, refuses without funds, unknown plans, the same plan and non-admins', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const poor = await agent.request('PUT', '/api/plans', { plan: 'Business' });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().message).toBe(PLAN_MESSAGES.insufficientFunds('Business', '£29.00', '£0.00'));
    expect((await agent.request('PUT', '/api/plans', { plan: 'Gold' })).statusCode).toBe(404);
    expect((await agent.request('PUT', '/api/plans', { plan: 'Basic' })).statusCode).toBe(400);
    const member = await addMember(t, me.account.id, { permissions: { operational: ['top_up'] } });
    expect((await member.agent.request('PUT', '/api/plans', { plan: 'Business' })).statusCode).toBe(403);
    await seedBalance(me.account.id, 3000);
    const ok = await agent.request('PUT', '/api/plans', { plan: 'Business' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      plan: 'Business',
      changed: true,
      message: PLAN_MESSAGES.changedAndCharged('Business', '£29.00'),
    });
    expect((await agent.get('/api/me')).json().account.currentPlan).toBe('Business');
    expect((await agent.get('/api/finances/balance')).json().balance).toBe(100);
    const current = (await agent.get('/api/plans/current')).json();
    expect(current.plan).toBe('Business');
    expect(new Date(current.renews_at).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const enterprise = await agent.request('PUT', '/api/plans', { plan: 'Enterprise' });
    expect(enterprise.json()).toEqual({ plan: 'Enterprise', changed: false, message: PLAN_MESSAGES.enterprise });
    expect((await agent.get('/api/me')).json().account.currentPlan).toBe('Business');
    await expectBooksBalance();
  });

  it('with the balance restricted, a plan refused for want of funds names the balance only to one who may see it (issue 24 item 7)', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await seedBalance(me.account.id, 81);
    await agent.request('PUT', '/api/accounts/settings/balance', { restrict_balance_to_finance_admins: true });
    const manager = await addMember(t, me.account.id, { permissions: { administrative: ['manage_account'] } });
    const hidden = await manager.agent.request('PUT', '/api/plans', { plan: 'Business' });
    expect(hidden.statusCode).toBe(402);
    expect(hidden.json().message).toBe(PLAN_MESSAGES.insufficientFunds('Business', '£29.00', null));
    expect(hidden.json().message).not.toContain('£0.81');
    const shown = await agent.request('PUT', '/api/plans', { plan: 'Business' });
    expect(shown.json().message).toBe(PLAN_MESSAGES.insufficientFunds('Business', '£29.00', '£0.81'));
  });

  it('the ledger names the available balance in a refusal only when told the caller may see it', async () => {
    const { me } = await signUpCompany(t.app);
    const accountId = me.account.id;
    await seedBalance(accountId, 81);
    const refusal = (canSeeBalance?: boolean) =>
      inTransaction(t.services.pool, (q) =>
        hold(q, { ...owner(accountId), key: key(), amount: 100, description: 'x', canSeeBalance }),
      ).catch((error: Error) => error.message);
    expect(await refusal()).toBe(MONEY_MESSAGES.insufficientFunds(100, null));
    expect(await refusal(false)).toBe(MONEY_MESSAGES.insufficientFunds(100, null));
    expect(await refusal(true)).toBe(MONEY_MESSAGES.insufficientFunds(100, 81));
  });

  it('suspends on a renewal without funds; a top-up pays the fee at once and lifts it', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const accountId = me.account.id;
    await seedBalance(accountId, 2900);
    expect((await agent.request('PUT', '/api/plans', { plan: 'Business' })).statusCode).toBe(200);
    await makeDue(accountId);
    expect(await renewPlan(t.services.pool, accountId)).toBe('suspended');
    const health = (await agent.get('/api/me')).json().account.health;
    expect(health).toEqual({ status: 'suspended', reason: 'plan_payment_insufficient_funds' });
    expect((await agent.get('/api/plans/current')).json().owed).toBe(2900);
    expect((await agent.request('PUT', '/api/plans', { plan: 'Pro' })).statusCode).toBe(400);
    // Renewing again while suspended charges nothing more.
    expect(await renewPlan(t.services.pool, accountId)).toBe('suspended');
    const { done } = await topUp(agent, 2000);
    expect(done.json().status).toBe('credited');
    expect((await agent.get('/api/me')).json().account.health.status).toBe('suspended');
    await topUp(agent, 1000);
    expect((await agent.get('/api/me')).json().account.health).toEqual({ status: 'active', reason: null });
    expect((await agent.get('/api/finances/balance')).json().balance).toBe(100);
    expect((await agent.get('/api/plans/current')).json().owed).toBe(0);
    await expectBooksBalance();
  });

  it('lifts a suspension when Basic is chosen, and the fee is no longer owed', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await seedBalance(me.account.id, 2900);
    await agent.request('PUT', '/api/plans', { plan: 'Business' });
    await makeDue(me.account.id);
    expect(await renewPlan(t.services.pool, me.account.id)).toBe('suspended');
    const basic = await agent.request('PUT', '/api/plans', { plan: 'Basic' });
    expect(basic.json()).toEqual({ plan: 'Basic', changed: true, message: PLAN_MESSAGES.downgraded });
    expect((await agent.get('/api/me')).json().account).toMatchObject({
      currentPlan: 'Basic',
      health: { status: 'active', reason: null },
    });
    expect((await agent.get('/api/plans/current')).json()).toMatchObject({ owed: 0, renews_at: null });
  });

  it('charges a renewal once when it races a top-up and the sweep (five rounds)', async () => {
    // Several rounds: the interleavings differ from one to the next (a lock-order fault deadlocked here).
    for (let round = 0; round < 5; round++) {
      const { me } = await signUpCompany(t.app);
      const accountId = me.account.id;
      await seedBalance(accountId, 2900);
      await inTransaction(t.services.pool, (q) =>
        changePlan(q, accountId, { userId: me.user.id, name: 'Owner', email: 'o@example.com' }, 'Business'),
      );
      await makeDue(accountId);
      const outcomes = await Promise.all([
        renewPlan(t.services.pool, accountId),
        renewPlan(t.services.pool, accountId),
        renewDuePlans(t.services.pool),
        inTransaction(t.services.pool, (q) =>
          receiveFunds(q, {
            accountId,
            actor: null,
            key: 'race-transfer',
            amount: 5000,
            type: 'bank_transfer',
            description: 'transfer',
          }),
        ),
      ]);
      const { rows } = await t.services.pool.query(
        `select count(*)::int as n from ledger_entries where account_id = $1 and type = 'plan_charge'`,
        [accountId],
      );
      // Once in a full run (stop 36) this found 1: the outcomes say which interleaving it was.
      const story = JSON.stringify({
        round,
        outcomes,
        periods: (
          await t.services.pool.query('select period_start, status from plan_periods where account_id = $1', [
            accountId,
          ])
        ).rows,
        entries: (
          await t.services.pool.query(
            'select type, amount_pence, description from ledger_entries where account_id = $1 order by seq',
            [accountId],
          )
        ).rows,
      });
      expect(rows[0].n, story).toBe(2);
      const health = await t.services.pool.query('select health_status from accounts where id = $1', [accountId]);
      expect(health.rows[0].health_status).toBe('active');
      expect((await readBalance(t.services.pool, accountId)).balance).toBe(5000 - 2900);
    }
    await expectBooksBalance();
  });
});

describe('plan changes in quick succession (issue 24 item 6)', () => {
  // The clock stands still (Date only: timers and the database run as usual), so every change
  // below happens in the same millisecond: the worst case for a charge keyed by the time.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  /** The plan charges and refunds the company's ledger holds, and what the plan periods record. */
  async function planBooks(accountId: string) {
    const { rows } = await t.services.pool.query<{ type: string; amount: string; n: number }>(
      `select type, coalesce(sum(amount_pence), 0)::int8 as amount, count(*)::int as n from ledger_entries
        where account_id = $1 and type in ('plan_charge', 'plan_refund') group by type`,
      [accountId],
    );
    const of = (type: string) => rows.find((r) => r.type === type);
    const periods = await t.services.pool.query<{ n: number; unlinked: number }>(
      `select count(*)::int as n,
              count(*) filter (where not exists (select 1 from ledger_entries e
                 where e.id = p.ledger_entry_id and e.type = 'plan_charge' and e.amount_pence = -p.amount_pence))::int
                as unlinked
         from plan_periods p where account_id = $1`,
      [accountId],
    );
    return {
      charged: -Number(of('plan_charge')?.amount ?? 0),
      charges: of('plan_charge')?.n ?? 0,
      refunded: Number(of('plan_refund')?.amount ?? 0),
      periods: periods.rows[0]!.n,
      unlinkedPeriods: periods.rows[0]!.unlinked,
    };
  }

  it('Pro, Basic, then Pro again at once: each change answers 200, and each Pro month is charged for its own period', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await seedBalance(me.account.id, 20_000);
    const pro = await agent.request('PUT', '/api/plans', { plan: 'Pro' });
    expect(pro.statusCode).toBe(200);
    const basic = await agent.request('PUT', '/api/plans', { plan: 'Basic' });
    expect(basic.statusCode).toBe(200);
    expect(basic.json().message).toBe(PLAN_MESSAGES.downgraded);
    const again = await agent.request('PUT', '/api/plans', { plan: 'Pro' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      plan: 'Pro',
      changed: true,
      message: PLAN_MESSAGES.changedAndCharged('Pro', '£79.00'),
    });
    const books = await planBooks(me.account.id);
    // Two Pro months charged (the first given back whole, as none of it was used), each its own period.
    expect(books).toEqual({ charged: 2 * 7900, charges: 2, refunded: 7900, periods: 2, unlinkedPeriods: 0 });
    expect((await agent.get('/api/finances/balance')).json().balance).toBe(20_000 - 7900);
    expect((await agent.get('/api/plans/current')).json().plan).toBe('Pro');
    // Once more down and up: the second Pro period's refund is its own too.
    expect((await agent.request('PUT', '/api/plans', { plan: 'Business' })).statusCode).toBe(200);
    expect((await agent.request('PUT', '/api/plans', { plan: 'Pro' })).statusCode).toBe(200);
    expect((await agent.get('/api/finances/balance')).json().balance).toBe(20_000 - 7900);
    expect(await reconcile(t.services.pool, me.account.id)).toEqual([]);
  });

  it('twelve concurrent plan changes: no 5xx, refusals carry the plan texts, the balance is what the ledger charged', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const seed = 30_000;
    await seedBalance(me.account.id, seed);
    const asked = [
      'Pro',
      'Basic',
      'Business',
      'Pro',
      'Basic',
      'Pro',
      'Business',
      'Basic',
      'Pro',
      'Pro',
      'Basic',
      'Business',
    ];
    const answers = await Promise.all(asked.map((plan) => agent.request('PUT', '/api/plans', { plan })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const allowed = new Set([
      ...['Basic', 'Business', 'Pro'].map((p) => PLAN_MESSAGES.alreadyOnPlan(p)),
      ...['Business', 'Pro'].map((p) => `The ${p} plan costs`),
    ]);
    for (const a of answers) {
      if (a.statusCode === 200) continue;
      expect([400, 402, 409]).toContain(a.statusCode);
      const message: string = a.json().message;
      expect(
        [...allowed].some((text) => message.startsWith(text)),
        message,
      ).toBe(true);
    }
    const books = await planBooks(me.account.id);
    const { balance } = (await agent.get('/api/finances/balance')).json();
    expect(balance).toBe(seed - books.charged + books.refunded);
    // Each change to a paid plan that answered 200 charged once, for a period of its own.
    const paidChanges = answers.filter((a) => a.statusCode === 200 && a.json().plan !== 'Basic').length;
    expect(books.charges).toBe(paidChanges);
    expect(books.periods).toBe(paidChanges);
    expect(books.unlinkedPeriods).toBe(0);
    expect(await reconcile(t.services.pool, me.account.id)).toEqual([]);
  });
});

/** Moves the company's renewal date into the past, as a month passing would. */
async function makeDue(accountId: string) {
  await t.services.pool.query(`update accounts set plan_renews_at = now() - interval '1 second' where id = $1`, [
    accountId,
  ]);
}

function succeededEvent(intentId: string, amount: number, accountId: string) {
  return {
    id: `evt_test_${intentId}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        amount,
        currency: 'gbp',
        status: 'succeeded',
        metadata: { account_id: accountId },
        last_payment_error: null,
      },
    },
  };
}

function postEvent(event: object) {
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signPayload(sandboxWebhookSecret(t.config.authSecret), raw, Math.floor(Date.now() / 1000)),
    },
  });
}

/** Lets the sandbox's events in flight reach the webhook. */
async function waitForEvents() {
  await t.app.payments.sandbox?.settled();
}
