import { API_KEY_MESSAGES, POST_SERVICE_MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import {
  createTestContext,
  databaseFingerprint,
  makeApiKey,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';
import { readBalance } from '../money/ledger.js';

/**
 * A test key (`lp_test_…`) sends to the sandboxes only, even where real providers are configured:
 * here Stannp, Twilio and an SMTP server are all set to addresses where nothing answers, so a
 * hand-over to any of them could not succeed.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({
    STANNP_API_KEY: 'live-stannp-key',
    STANNP_WEBHOOK_SECRET: 'live-stannp-secret',
    STANNP_BASE_URL: 'http://127.0.0.1:9/api/v1',
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: 'live-twilio-token',
    TWILIO_FROM: '+447700900000',
    TWILIO_BASE_URL: 'http://127.0.0.1:9',
    SMTP_URL: 'smtp://127.0.0.1:9',
  });
});
afterAll(() => t.close());

async function settle() {
  await t.runJobs();
  await t.services.delivery.providers.settled();
  await t.runJobs();
}

describe('a test API key', () => {
  it('posts and emails through the sandboxes, never the real providers, and charges nothing', async () => {
    const company = await signUpCompany(t.app, { fullName: 'Jane Smith' });
    const permissions = ['create_letter', 'see_letters', 'send_letter'];
    const { program, secret } = await makeApiKey(t.app, company.agent, { name: 'ERP test', permissions, mode: 'test' });
    expect(secret).toMatch(/^lp_test_/);
    const upload = await program.upload(
      '/api/letters/files?type=regular',
      'a.pdf',
      await ordinaryLetters()[0]!.bytes(),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const id = upload.json().uuid as string;
    await t.runJobs();
    expect((await program.get(`/api/letters/${id}`)).json().status).toBe('Analysis Complete');
    expect((await program.get(`/api/letters/${id}`)).json().test_mode).toBe(true);

    // The company has no money at all: a test delivery is not charged, so it goes ahead.
    const sent = await program.post('/api/letters/deliver', {
      uuid: id,
      preference_overrides: ['mail', 'email'],
      is_premium: false,
      is_colour: false,
      recipient_email: 'niamh.o.riordan@example.ie',
      subject: 'Your statement',
      message_to_recipient: 'Please find your statement attached.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().total_pence).toBeGreaterThan(0);
    await settle();
    const details = (await program.get(`/api/letters/${id}/delivery`)).json();
    expect(details.delivery.channels.map((c: { state: string }) => c.state)).toEqual(['succeeded', 'succeeded']);
    const providers = await t.services.pool.query(
      `select c.channel, c.provider from letter_delivery_channels c join letter_deliveries d on d.id = c.delivery_id
        where d.letter_id = $1 order by c.channel`,
      [id],
    );
    expect(providers.rows).toEqual([
      { channel: 'email', provider: 'outbox' },
      { channel: 'mail', provider: 'sandbox' },
    ]);
    expect((await t.outbox()).map((m) => m.to)).toContain('niamh.o.riordan@example.ie');
    expect(await readBalance(t.services.pool, company.me.account.id)).toEqual({ balance: 0, held: 0, available: 0 });
    const ledger = await t.services.pool.query('select count(*)::int as n from ledger_entries where account_id = $1', [
      company.me.account.id,
    ]);
    expect(ledger.rows[0].n).toBe(0);
    const history = (await program.get(`/api/letters/${id}/history`)).json().rows;
    expect(history[0].reason).toContain("API key 'ERP test' of Jane Smith (a test key");

    // Couriers are real: a test key quotes but does not book.
    const parcels = await makeApiKey(t.app, company.agent, { permissions: ['create_parcel'], mode: 'test' });
    const booking = await parcels.program.post('/api/parcels', { quote_id: 'q', service: 'Royal Mail Tracked 48' });
    expect(booking.statusCode).toBe(403);
    expect(booking.json().message).toBe(API_KEY_MESSAGES.testKeyParcels);

    // A live key of the same company is charged as ever: with no money, it is refused.
    const live = await makeApiKey(t.app, company.agent, { permissions, mode: 'live' });
    const liveUpload = await live.program.upload(
      '/api/letters/files?type=regular',
      'b.pdf',
      await ordinaryLetters()[0]!.bytes(),
    );
    await t.runJobs();
    const refused = await live.program.post('/api/letters/deliver', {
      uuid: liveUpload.json().uuid,
      is_premium: false,
      is_colour: false,
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('INSUFFICIENT_FUNDS');
  });
});

describe('the services of the print partner', () => {
  it('offers and accepts only what Stannp carries, refusing the rest before anything is held; a test key keeps the sandbox’s', async () => {
    const company = await signUpCompany(t.app, { fullName: "Siobhán O'Brien" });
    const upload = await company.agent.upload(
      '/api/letters/files?type=regular',
      'a.pdf',
      await ordinaryLetters()[0]!.bytes(),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const uuid = upload.json().uuid as string;
    await t.runJobs();

    const quote = await company.agent.post('/api/letters/deliver/quote', { uuid, preference_overrides: ['mail'] });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().mail.services).toEqual(['first_class', 'second_class']);

    const signed = { uuid, preference_overrides: ['mail'], mail_service: 'signed_for_first', is_colour: false };
    const asked = await company.agent.post('/api/letters/deliver/quote', signed);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().message).toContain(POST_SERVICE_MESSAGES.notOffered('signed_for_first', 'Stannp'));
    const before = await databaseFingerprint(t.services.pool);
    const sent = await company.agent.post('/api/letters/deliver', signed);
    expect(sent.statusCode).toBe(422);
    expect(sent.json().message).toContain(POST_SERVICE_MESSAGES.notOffered('signed_for_first', 'Stannp'));
    expect(await databaseFingerprint(t.services.pool)).toBe(before);

    // A test key's letters go to the print sandbox, which carries every service.
    const { program } = await makeApiKey(t.app, company.agent, {
      permissions: ['create_letter', 'see_letters', 'send_letter'],
      mode: 'test',
    });
    const testQuote = await program.post('/api/letters/deliver/quote', signed);
    expect(testQuote.statusCode, testQuote.body).toBe(200);
    expect(testQuote.json().mail.services).toContain('signed_for_first');
  });
});
