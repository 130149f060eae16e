import { PRICE_LIST, smsBody, smsParts } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import { type Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { credit, readBalance } from '../money/ledger.js';

/**
 * What recipients receive (issue 27 items 4, 5, 6 and 21): the email's sender, reply-to and body;
 * a text message's parts as sent and charged; the send options' variables and reply number; and
 * the delivery's options read back.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let keyN = 0;
async function company(companyName: string, fullName = 'Máire Ní Bhriain') {
  const c = await signUpCompany(t.app, { companyName, fullName });
  await inTransaction(t.services.pool, (q) =>
    credit(q, {
      accountId: c.me.account.id,
      actor: null,
      key: `messages-seed-${++keyN}`,
      amount: 10_000,
      type: 'bank_transfer',
      description: 'seed',
    }),
  );
  return c;
}

async function newLetter(agent: Agent, name = 'Invoice 4471 (Nov).pdf'): Promise<string> {
  const res = await agent.upload('/api/letters/files?type=regular', name, await ordinaryLetters()[0]!.bytes());
  expect(res.statusCode, res.body).toBe(201);
  await t.runJobs();
  return res.json().uuid;
}

async function settle() {
  await t.runJobs();
  await t.services.delivery.providers.settled();
  await t.runJobs();
}

const sentTexts = () => t.services.delivery.providers.smsSandbox!.sent();

describe('emails to recipients', () => {
  it('come from "{company} via LetterPost" at our address, reply to the member, and name the company', async () => {
    const { agent, body: owner } = await company('Ó Briain, "Daughters" & Co Ltd');
    const id = await newLetter(agent);
    const res = await agent.post('/api/letters/deliver', {
      uuid: id,
      preference_overrides: ['email'],
      recipient_email: 'aine.oconnor@example.ie',
      subject: 'Your invoice',
      message_to_recipient: 'Dear Áine,\nYour invoice is attached.',
    });
    expect(res.statusCode, res.body).toBe(201);
    await settle();
    const mail = (await t.outbox()).find((m) => m.to === 'aine.oconnor@example.ie')!;
    expect(mail.from).toEqual({
      name: 'Ó Briain, "Daughters" & Co Ltd via LetterPost',
      address: 'no-reply@letterpost.local',
    });
    expect(mail.replyTo).toEqual({ name: owner.fullName, address: owner.email });
    expect(mail.text).toContain('The letter from Ó Briain, "Daughters" & Co Ltd is attached');
    expect(mail.text).toContain('Reply to this email to reach Ó Briain, "Daughters" & Co Ltd.');
    // The headers as sent: the name is encoded (RFC 2047: it has an accent), the address is ours.
    const headers = mail.eml.split('\n\n')[0]!.replace(/\n\s+/g, ' ');
    const from = /^From: (.*)$/m.exec(headers)![1]!;
    expect(from).toMatch(/^=\?UTF-8\?[QB]\?.+\?= <no-reply@letterpost\.local>$/);
    expect(decodeWords(from)).toBe('Ó Briain, "Daughters" & Co Ltd via LetterPost <no-reply@letterpost.local>');
    expect(decodeWords(/^Reply-To: (.*)$/m.exec(headers)![1]!)).toBe(`Máire Ní Bhriain <${owner.email}>`);
  });

  it('reply to the company’s own address once the owner sets one in /company', async () => {
    const { agent } = await company('Acme Lettings Ltd');
    const details = {
      postal_address: { addressLine1: '1 High Street', town: 'Bristol', postcode: 'BS1 4DJ' },
      vat_number: null,
    };
    const bad = await agent.request('PUT', '/api/company/details', { ...details, reply_to_email: 'accounts at acme' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields[0]).toMatchObject({ path: 'reply_to_email' });
    expect((await agent.get('/api/company')).json().reply_to_email).toBeNull();
    const saved = await agent.request('PUT', '/api/company/details', {
      ...details,
      reply_to_email: ' Accounts@Acme.co.uk ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await agent.get('/api/company')).json().reply_to_email).toBe('accounts@acme.co.uk');
    // Saving the address without the field keeps it.
    await agent.request('PUT', '/api/company/details', details);
    expect((await agent.get('/api/company')).json().reply_to_email).toBe('accounts@acme.co.uk');

    const id = await newLetter(agent);
    await agent.post('/api/letters/deliver', {
      uuid: id,
      preference_overrides: ['email'],
      recipient_email: 'tenant@example.co.uk',
      is_cloud_link: true,
    });
    await settle();
    const mail = (await t.outbox()).find((m) => m.to === 'tenant@example.co.uk')!;
    expect(mail.from).toEqual({ name: 'Acme Lettings Ltd via LetterPost', address: 'no-reply@letterpost.local' });
    expect(mail.replyTo).toEqual({ name: 'Acme Lettings Ltd', address: 'accounts@acme.co.uk' });
    expect(mail.subject).toBe('A letter from Acme Lettings Ltd');
    expect(mail.text).toContain('Read the letter from Acme Lettings Ltd: http');
    expect(mail.eml).toMatch(/^From: Acme Lettings Ltd via LetterPost <no-reply@letterpost\.local>$/m);

    // Null clears it: replies go to the member again.
    await agent.request('PUT', '/api/company/details', { ...details, reply_to_email: null });
    expect((await agent.get('/api/company')).json().reply_to_email).toBeNull();
  });

  it('invitations name who invited, and a reply goes to them', async () => {
    const { agent, body: owner } = await company('Kelly & Søn Ltd', 'Jane Smith');
    const res = await agent.post('/api/users', {
      user_name: 'Pádraig Ó Sé',
      email_address: 'padraig@example.ie',
      roles: ['Contributor'],
      permissions: { operational: ['create_letter'], observable: ['see_letters'], administrative: [] },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.runJobs();
    const mail = (await t.outbox()).find((m) => m.to === 'padraig@example.ie')!;
    expect(mail.subject).toBe('Jane Smith invited you to join Kelly & Søn Ltd on LetterPost');
    expect(mail.text).toContain('Jane Smith invited you to join Kelly & Søn Ltd on LetterPost.');
    expect(mail.replyTo).toEqual({ name: 'Jane Smith', address: owner.email });
  });
});

describe('text messages', () => {
  it('charges exactly the parts the quote shows for a UCS-2 text with its link', async () => {
    const { agent, me } = await company('Ó Dálaigh Solicitors');
    const id = await newLetter(agent);
    // A curly apostrophe from Word: UCS-2. 60 characters typed look like one part; with the link, three.
    const text = 'Dia duit, your solicitor’s letter is ready to read online:';
    const body = {
      uuid: id,
      preference_overrides: ['sms'],
      recipient_phone_number: '07700 900123',
      sms_text: text,
    };
    const quote = (await agent.post('/api/letters/deliver/quote', body)).json();
    const link = `${quote.sms_link_prefix}${'x'.repeat(43)}`;
    expect(quote.sms_link_prefix).toBe('http://localhost:3000/cloud#');
    const expected = smsParts(smsBody(text, link));
    expect(expected).toMatchObject({ encoding: 'UCS-2', parts: 2, perPart: 67 });
    expect(quote.sms_parts).toEqual({
      encoding: 'UCS-2',
      characters: expected.characters,
      parts: 2,
      per_part: 67,
    });
    expect(quote.total_pence).toBe(2 * PRICE_LIST.smsPart);

    const res = await agent.post('/api/letters/deliver', body);
    expect(res.statusCode, res.body).toBe(201);
    await settle();
    const sent = sentTexts().find((m) => m.idempotencyKey === `delivery:${res.json().delivery_id}:sms`)!;
    expect(sent.body).toMatch(new RegExp(`^${text}\\nhttp://localhost:3000/cloud#[A-Za-z0-9_-]{43}$`));
    // What was sent has the parts shown, and the company paid for those parts.
    expect(smsParts(sent.body)).toEqual(expected);
    const charged = 10_000 - (await readBalance(t.services.pool, me.account.id)).balance;
    expect(charged).toBe(2 * PRICE_LIST.smsPart);
  });

  it('adds "Reply to {number}" for the sender’s number, counts it, and refuses a number that is not one', async () => {
    const { agent } = await company('Bright Dental Ltd');
    const id = await newLetter(agent);
    const body = {
      uuid: id,
      preference_overrides: ['sms'],
      recipient_phone_number: '07700 900124',
      sms_text: 'Your appointment letter is ready',
      sender_phone_number: '0161 496 0000',
    };
    const bad = await agent.post('/api/letters/deliver/quote', { ...body, sender_phone_number: 'ring reception' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual([{ path: 'sender_phone_number', message: expect.stringContaining('reply to') }]);

    const quote = (await agent.post('/api/letters/deliver/quote', body)).json();
    const res = await agent.post('/api/letters/deliver', body);
    expect(res.statusCode, res.body).toBe(201);
    await settle();
    const sent = sentTexts().find((m) => m.idempotencyKey === `delivery:${res.json().delivery_id}:sms`)!;
    expect(sent.body.split('\n').slice(0, 2)).toEqual(['Your appointment letter is ready', 'Reply to +441614960000']);
    expect(smsParts(sent.body).characters).toBe(quote.sms_parts.characters);
    const d = (await agent.get(`/api/letters/${id}/delivery`)).json();
    expect(d.delivery.options.sms).toEqual({
      text: 'Your appointment letter is ready',
      sender_phone_number: '+441614960000',
    });
  });
});

describe('template variables', () => {
  it('fills {recipient}, {company} and {letter} in the subject, the message and the text', async () => {
    const { agent } = await company('Ní Mhaoláin & Partners');
    const id = await newLetter(agent, 'Tenancy renewal.pdf');
    const body = {
      uuid: id,
      preference_overrides: ['email', 'sms'],
      recipient_email: 'dara@example.ie',
      subject: '{letter} from {company}',
      message_to_recipient: 'Dear {recipient},\n{company} has sent you {letter}.',
      email_template_vars: { recipient: 'Dr Dara Ó Faoláin' },
      recipient_phone_number: '07700 900125',
      sms_text: 'Hi {recipient}, {letter} is ready:',
      sms_template_vars: { recipient: 'Dara' },
    };
    const quote = await agent.post('/api/letters/deliver/quote', body);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().template_values).toMatchObject({
      company: 'Ní Mhaoláin & Partners',
      letter: 'Tenancy renewal',
    });
    const res = await agent.post('/api/letters/deliver', body);
    expect(res.statusCode, res.body).toBe(201);
    await settle();
    const mail = (await t.outbox()).find((m) => m.to === 'dara@example.ie')!;
    expect(mail.subject).toBe('Tenancy renewal from Ní Mhaoláin & Partners');
    expect(mail.text).toContain('Dear Dr Dara Ó Faoláin,\nNí Mhaoláin & Partners has sent you Tenancy renewal.');
    const sent = sentTexts().find((m) => m.idempotencyKey === `delivery:${res.json().delivery_id}:sms`)!;
    expect(sent.body.split('\n')[0]).toBe('Hi Dara, Tenancy renewal is ready:');
    const d = (await agent.get(`/api/letters/${id}/delivery`)).json();
    expect(d.delivery.options.email).toMatchObject({ subject: 'Tenancy renewal from Ní Mhaoláin & Partners' });
  });

  it('refuses unknown variables with a 422 naming them, and changes nothing', async () => {
    const { agent, me } = await company('Quinn Accountants');
    const id = await newLetter(agent);
    const base = {
      uuid: id,
      preference_overrides: ['email'],
      recipient_email: 'client@example.co.uk',
    };
    const placeholder = await agent.post('/api/letters/deliver', { ...base, subject: 'Due {due_date}' });
    expect(placeholder.statusCode).toBe(422);
    expect(placeholder.json().fields).toEqual([
      { path: 'subject', message: 'Unknown variable {due_date}: use {recipient}, {company} or {letter}.' },
    ]);
    const value = await agent.post('/api/letters/deliver', {
      ...base,
      subject: 'Hello {recipient}',
      email_template_vars: { recipient: 'Ann', first_name: 'Ann' },
    });
    expect(value.statusCode).toBe(422);
    expect(value.body).toContain('first_name');
    // The letter names no customer and was given no recipient value? It was read from the letter:
    // a text with {recipient} and no value anywhere is refused with what to do.
    await t.services.pool.query('update letters set recipient_name_snapshot = null where id = $1', [id]);
    const missing = await agent.post('/api/letters/deliver', { ...base, subject: 'Dear {recipient}' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fields[0]).toMatchObject({
      path: 'subject',
      message: expect.stringContaining('{recipient}'),
    });
    expect((await readBalance(t.services.pool, me.account.id)).held).toBe(0);
    const n = await t.services.pool.query('select count(*)::int as n from letter_deliveries where letter_id = $1', [
      id,
    ]);
    expect(n.rows[0].n).toBe(0);
  });
});

describe('what was sent, read back', () => {
  it('answers the mail options sent, when it was posted and the day it is expected', async () => {
    const { agent } = await company('Second Class Ltd');
    const id = await newLetter(agent);
    const res = await agent.post('/api/letters/deliver', { uuid: id, is_premium: false, is_colour: false });
    expect(res.statusCode, res.body).toBe(201);
    await settle();
    const d = (await agent.get(`/api/letters/${id}/delivery`)).json();
    expect(d.delivery.options.mail).toMatchObject({ is_premium: false, is_colour: false });
    const posted = new Date(d.delivery.options.mail.posted_at);
    expect(Date.now() - posted.getTime()).toBeLessThan(60_000);
    const { expectedDelivery } = await import('@lp/domain');
    expect(d.delivery.options.mail.expected_delivery).toBe(expectedDelivery(posted, 'standard'));
    expect(d.delivery.options.email).toBeNull();
  });
});

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= or B) in a header value; adjacent words join. */
function decodeWords(value: string): string {
  const word = /=\?UTF-8\?([QB])\?([^?]*)\?=/gi;
  return value.replace(/=\?UTF-8\?[QB]\?[^?]*\?=(?:\s+=\?UTF-8\?[QB]\?[^?]*\?=)*/gi, (run) => {
    const bytes = [...run.matchAll(word)].map(([, enc, data]) =>
      enc!.toUpperCase() === 'B'
        ? Buffer.from(data!, 'base64')
        : Buffer.from(
            data!
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}
