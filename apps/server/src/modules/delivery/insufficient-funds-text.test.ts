import { MONEY_MESSAGES, priceEmail, priceLetterPost } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import { type Agent, addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { credit, readBalance } from '../money/ledger.js';

/**
 * Issue 24 item 7: with the owner's "restrict balance" on, a 402 names the available balance only
 * to those who may see it (the owner, members with top_up); others learn it is too low, not how low.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const AVAILABLE = 81;
const SENDER = { operational: ['create_letter', 'send_letter'], observable: ['see_letters'] };

/** A company with £0.81, the balance restricted to finance admins, and a letter ready to send. */
async function restrictedCompany(seed = AVAILABLE) {
  const { agent, me } = await signUpCompany(t.app);
  await inTransaction(t.services.pool, (q) =>
    credit(q, {
      accountId: me.account.id,
      actor: null,
      key: `privacy-seed-${me.account.id}`,
      amount: seed,
      type: 'bank_transfer',
      description: 'seed',
    }),
  );
  const restricted = await agent.request('PUT', '/api/accounts/settings/balance', {
    restrict_balance_to_finance_admins: true,
  });
  expect(restricted.statusCode).toBe(200);
  const member = await addMember(t, me.account.id, { permissions: SENDER });
  const financeAdmin = await addMember(t, me.account.id, {
    permissions: { ...SENDER, administrative: ['top_up'] },
  });
  expect((await member.agent.get('/api/finances/balance')).statusCode).toBe(403);
  expect((await financeAdmin.agent.get('/api/finances/balance')).statusCode).toBe(200);
  return { owner: agent, member: member.agent, financeAdmin: financeAdmin.agent, accountId: me.account.id };
}

async function newLetter(agent: Agent): Promise<string> {
  const res = await agent.upload('/api/letters/files?type=regular', 'letter.pdf', await ordinaryLetters()[0]!.bytes());
  expect(res.statusCode, res.body).toBe(201);
  await t.runJobs();
  return res.json().uuid;
}

function expectNoFigure(res: { statusCode: number; json(): { message: string } }, cost: number, available = AVAILABLE) {
  expect(res.statusCode).toBe(402);
  expect(res.json().message).toBe(MONEY_MESSAGES.insufficientFunds(cost, null));
  expect(res.json().message).not.toContain(`£${(available / 100).toFixed(2)}`);
  // The cost is named; no other pound figure is.
  expect(res.json().message.match(/£[\d.]+/g)).toEqual([`£${(cost / 100).toFixed(2)}`]);
}

describe('402 texts with the balance restricted', () => {
  it('deliver: a member without top_up is told the balance is too low, without the figure; the owner and a finance admin see it', async () => {
    const { owner, member, financeAdmin, accountId } = await restrictedCompany();
    const id = await newLetter(owner);
    const body = { uuid: id, preference_overrides: ['mail'], is_premium: true, is_colour: true };
    const cost = priceLetterPost({ pages: 1, service: 'premium', color: true }).total;
    expectNoFigure(await member.post('/api/letters/deliver', body), cost);
    for (const agent of [owner, financeAdmin]) {
      const res = await agent.post('/api/letters/deliver', body);
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe(MONEY_MESSAGES.insufficientFunds(cost, AVAILABLE));
    }
    expect(await readBalance(t.services.pool, accountId)).toEqual({
      balance: AVAILABLE,
      held: 0,
      available: AVAILABLE,
    });
  });

  it('letter postage: the same, for the one-page test letter', async () => {
    const { owner, member, financeAdmin } = await restrictedCompany();
    const body = {
      is_premium: true,
      is_colour: true,
      recipient: { name: 'Ms Zoë Brontë-Smith', address_lines: ['Flat 3', "St Mary's Court"], postcode: 'YO1 7HH' },
    };
    const cost = priceLetterPost({ pages: 1, service: 'premium', color: true }).total;
    expectNoFigure(await member.post('/api/comms/letterpostage', body), cost);
    for (const agent of [owner, financeAdmin]) {
      const res = await agent.post('/api/comms/letterpostage', body);
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe(MONEY_MESSAGES.insufficientFunds(cost, AVAILABLE));
    }
  });

  it('the ledger’s own refusal (send yourself an email) hides the figure too', async () => {
    // An email costs 5p; 4p left, so the hold itself refuses (no early check on this path).
    const left = priceEmail() - 1;
    const { owner, member, financeAdmin } = await restrictedCompany(left);
    const body = { subject: 'Test', message_to_recipient: 'Hello' };
    expectNoFigure(await member.post('/api/comms/digitalchannels', body), priceEmail(), left);
    for (const agent of [owner, financeAdmin]) {
      const res = await agent.post('/api/comms/digitalchannels', body);
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe(MONEY_MESSAGES.insufficientFunds(priceEmail(), left));
    }
  });
});
