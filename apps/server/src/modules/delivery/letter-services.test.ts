import {
  INSERT_MESSAGES,
  isRoyalMailTrackingNumber,
  POST_SERVICE_MESSAGES,
  PRICE_LIST,
  RETURN_REASONS,
} from '@lp/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { simpleLetterPdf } from '../../test/fixtures/letters.js';
import { type Agent, addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { credit, readBalance } from '../money/ledger.js';

/**
 * Issue 28 items 2, 3 and 4 through the print sandbox (decision 0037): Signed For with its
 * tracking and proof of delivery, returned mail flagging the customer, international post priced
 * by zone, and inserts.
 */

let t: TestContext;
/** A sandbox that returns every letter (PRINT_SANDBOX_FAILURE_RATE 1). */
let back: TestContext;
beforeAll(async () => {
  [t, back] = await Promise.all([
    createTestContext({ PRINT_SANDBOX_FAILURE_RATE: '0' }),
    createTestContext({ PRINT_SANDBOX_FAILURE_RATE: '1' }),
  ]);
});
afterAll(() => Promise.all([t.close(), back.close()]));

let keyN = 0;
async function company(ctx = t, pence = 10_000) {
  const c = await signUpCompany(ctx.app);
  await inTransaction(ctx.services.pool, (q) =>
    credit(q, {
      accountId: c.me.account.id,
      actor: null,
      key: `seed-services-${++keyN}`,
      amount: pence,
      type: 'bank_transfer',
      description: 'seed',
    }),
  );
  return c;
}

async function newLetter(ctx: TestContext, agent: Agent, address: string[], status = 'Analysis Complete') {
  const res = await agent.upload('/api/letters/files?type=regular', 'notice.pdf', await simpleLetterPdf(address));
  expect(res.statusCode, res.body).toBe(201);
  await ctx.runJobs();
  const letter = (await agent.get(`/api/letters/${res.json().uuid}`)).json();
  expect(letter.status, letter.status_reason).toBe(status);
  return letter as { uuid: string; status_reason: string | null; postcode: string | null };
}

async function settle(ctx: TestContext) {
  await ctx.runJobs();
  await ctx.services.delivery.providers.settled();
  await ctx.runJobs();
}

/** A real PDF of `pages` A4 pages (an insert: terms and conditions). */
async function termsPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage([595.28, 841.89]).drawText(`Terms and conditions, page ${i + 1}`, { x: 60, y: 780, size: 12, font });
  return Buffer.from(await doc.save());
}

const O_BRIEN = ["Ms Siobhán O'Brien", '14 Harbour View', 'Penarth', 'CF64 1TN'];

describe('Signed For and Special Delivery', () => {
  it('posts Signed For 1st class at its price, with a Royal Mail tracking number, its events, the signature and a proof of delivery PDF', async () => {
    const { agent, me } = await company();
    const letter = await newLetter(t, agent, O_BRIEN);
    const body = {
      uuid: letter.uuid,
      preference_overrides: ['mail'],
      mail_service: 'signed_for_first',
      is_colour: false,
    };
    const quote = await agent.post('/api/letters/deliver/quote', body);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().total_pence).toBe(PRICE_LIST.uk.signed_for_first.letter);
    expect(quote.json().channels[0].lines[0]).toEqual({
      label: 'Signed For 1st class letter',
      pence: PRICE_LIST.uk.signed_for_first.letter,
    });
    expect(quote.json().mail).toMatchObject({ mail_service: 'signed_for_first', country: null, is_premium: true });

    const res = await agent.post('/api/letters/deliver', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().total_pence).toBe(PRICE_LIST.uk.signed_for_first.letter);
    await settle(t);

    const d = (await agent.get(`/api/letters/${letter.uuid}/delivery`)).json();
    expect(d.delivery.options.mail).toMatchObject({ mail_service: 'signed_for_first', is_double_sided: true });
    const mail = d.delivery.channels.find((c: { channel: string }) => c.channel === 'mail');
    expect(mail.provider_status).toBe('delivered');
    expect(mail.tracking.number).toMatch(/^KF[0-9]{9}GB$/);
    expect(isRoyalMailTrackingNumber(mail.tracking.number)).toBe(true);
    // Every event, in time order, whatever order the sandbox sent them in.
    expect(mail.tracking.events.map((e: { status: string }) => e.status)).toEqual([
      'handed_over',
      'local_delivery',
      'delivered',
    ]);
    const times = mail.tracking.events.map((e: { at: string }) => e.at);
    expect([...times].sort()).toEqual(times);
    expect(mail.tracking.signed_by).toBe("S. O'Brien");
    expect(mail.tracking.signed_at).not.toBeNull();

    const signature = await agent.get(mail.tracking.signature_path);
    expect(signature.statusCode).toBe(200);
    expect(signature.headers['content-type']).toBe('image/png');
    expect(signature.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');

    const proof = await agent.get(mail.tracking.proof_of_delivery_path);
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(proof.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Proof of delivery ${mail.tracking.number}`);

    // The letter's history says who signed.
    const history = (await agent.get(`/api/letters/${letter.uuid}/history`)).json().rows;
    expect(history.some((r: { reason: string | null }) => r.reason?.includes("signed for by S. O'Brien"))).toBe(true);
    expect((await readBalance(t.services.pool, me.account.id)).balance).toBe(
      10_000 - PRICE_LIST.uk.signed_for_first.letter,
    );

    // The proof and the signature are the company's: another company and a member who may not
    // read letters get nothing.
    const other = await company();
    expect((await other.agent.get(mail.tracking.proof_of_delivery_path)).statusCode).toBe(404);
    expect((await other.agent.get(mail.tracking.signature_path)).statusCode).toBe(404);
    const writer = await addMember(t, me.account.id, { permissions: { operational: ['create_letter'] } });
    expect((await writer.agent.get(mail.tracking.proof_of_delivery_path)).statusCode).toBe(403);
  });

  it('prices Special Delivery Guaranteed by 1pm, and 2nd class Signed For, from the price list', async () => {
    const { agent } = await company();
    const letter = await newLetter(t, agent, O_BRIEN);
    for (const [service, pence] of [
      ['special_delivery', PRICE_LIST.uk.special_delivery.letter],
      ['signed_for_second', PRICE_LIST.uk.signed_for_second.letter],
      ['second_class', PRICE_LIST.letter.standard],
    ] as const) {
      const q = await agent.post('/api/letters/deliver/quote', {
        uuid: letter.uuid,
        mail_service: service,
        is_colour: false,
      });
      expect(q.statusCode, q.body).toBe(200);
      expect(q.json().total_pence, service).toBe(pence);
    }
    // A service outside the catalogue is refused by the schema.
    const bad = await agent.post('/api/letters/deliver/quote', { uuid: letter.uuid, mail_service: 'pigeon' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('returned mail', () => {
  it('comes back as Returned to Sender with its reason, flags the customer’s address and tells the webhook', async () => {
    const { agent, me } = await company(back);
    const customer = await agent.post('/api/customers', {
      name: "Ms Siobhán O'Brien",
      address_lines: ['14 Harbour View', 'Penarth'],
      postcode: 'CF64 1TN',
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const hook = await agent.post('/api/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['letter.status_changed'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const letter = await newLetter(back, agent, O_BRIEN);
    const linked = (await agent.get(`/api/letters/${letter.uuid}`)).json();
    expect(linked.customer_uuid).toBe(customer.json().customer_uuid);

    const res = await agent.post('/api/letters/deliver', {
      uuid: letter.uuid,
      mail_service: 'second_class',
      is_colour: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    await settle(back);

    const after = (await agent.get(`/api/letters/${letter.uuid}`)).json();
    expect(after.status).toBe('Returned to Sender');
    const reasons = Object.values(RETURN_REASONS) as string[];
    const reason = after.status_reason.replace(/^Returned to sender: /, '');
    expect(reasons).toContain(reason);
    // Posted and returned: not refunded.
    expect((await readBalance(back.services.pool, me.account.id)).balance).toBe(10_000 - PRICE_LIST.letter.standard);

    const flagged = (await agent.get(`/api/customers/${customer.json().customer_uuid}`)).json();
    expect(flagged.address_returned).toMatchObject({ reason });
    const { rows } = await back.services.pool.query<{ payload: { status: string; status_reason: string } }>(
      `select payload from webhook_events where account_id = $1 and type = 'letter.status_changed' order by created_at`,
      [me.account.id],
    );
    expect(rows.at(-1)!.payload).toMatchObject({ status: 'Returned to Sender', status_reason: after.status_reason });

    // A new address clears the flag.
    const moved = await agent.request('PUT', '/api/customers', {
      customer_uuid: customer.json().customer_uuid,
      new_customer_address: '2 Plymouth Road, Penarth, CF64 3DA',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().address_returned).toBeNull();
  });
});

describe('international post', () => {
  it('posts a letter to Paris by International Standard at the Europe price, and refuses 1st class with its reason', async () => {
    const { agent, me } = await company();
    const letter = await newLetter(t, agent, [
      'Mme Hélène Dupré',
      '8 Rue du Faubourg Saint-Honoré',
      '75008 Paris',
      'France',
    ]);
    expect(letter.postcode).toBe('75008');

    const first = await agent.post('/api/letters/deliver', {
      uuid: letter.uuid,
      mail_service: 'first_class',
      is_colour: false,
    });
    expect(first.statusCode).toBe(422);
    expect(first.json().message).toBe(POST_SERVICE_MESSAGES.ukOnly('first_class', 'FR'));
    const signed = await agent.post('/api/letters/deliver/quote', {
      uuid: letter.uuid,
      mail_service: 'signed_for_first',
    });
    expect(signed.statusCode).toBe(422);
    expect((await readBalance(t.services.pool, me.account.id)).held).toBe(0);

    const quote = await agent.post('/api/letters/deliver/quote', { uuid: letter.uuid, is_colour: false });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().mail).toMatchObject({
      country: 'FR',
      country_name: 'France',
      zone: 'europe',
      mail_service: 'international_standard',
      services: ['international_standard', 'international_tracked'],
    });
    expect(quote.json().total_pence).toBe(PRICE_LIST.international.international_standard.europe);

    const res = await agent.post('/api/letters/deliver', {
      uuid: letter.uuid,
      mail_service: 'international_standard',
      is_colour: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().total_pence).toBe(PRICE_LIST.international.international_standard.europe);
    await settle(t);
    const d = (await agent.get(`/api/letters/${letter.uuid}/delivery`)).json();
    expect(d.delivery.options.mail).toMatchObject({ country: 'FR', zone: 'europe' });
    const mail = d.delivery.channels[0];
    expect(mail.state).toBe('succeeded');
    expect(mail.recipient).toContain('France');
  });

  it('prices International Tracked to Toronto in World Zone 1 and checks a Berlin postcode’s shape', async () => {
    const { agent } = await company();
    const toronto = await newLetter(t, agent, ['Mr Liam Chen', '290 Bremner Blvd', 'Toronto ON M5V 3L9', 'Canada']);
    const q = await agent.post('/api/letters/deliver/quote', {
      uuid: toronto.uuid,
      mail_service: 'international_tracked',
      is_colour: false,
    });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().total_pence).toBe(PRICE_LIST.international.international_tracked.world_1);

    const berlin = await newLetter(
      t,
      agent,
      ['Herr Jürgen Weiß', 'Invalidenstraße 117', '1011 Berlin', 'Deutschland'],
      'Invalid Postcode',
    );
    expect(berlin.status_reason).toBe('The address has no valid postcode for Germany (5 digits, such as 10115).');
  });
});

describe('print options and inserts', () => {
  it('uploads an insert once, prices it and single-sided printing in the quote, and refuses a 3-sheet one', async () => {
    const { agent, me } = await company();
    // One file, uploaded twice (pdf-lib stamps each document it makes with the time).
    const terms = await termsPdf(2);
    const up = await agent.upload('/api/inserts?name=Terms%20and%20conditions', 'terms.pdf', terms);
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ name: 'Terms and conditions', pages: 2, sheets: 1 });
    // The same file again is the same insert, stored once.
    const again = await agent.upload('/api/inserts', 'terms-copy.pdf', terms);
    expect(again.json().id).toBe(up.json().id);
    expect((await agent.get('/api/inserts')).json().inserts).toHaveLength(1);

    const tooLong = await agent.upload('/api/inserts', 'brochure.pdf', await termsPdf(6));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe(INSERT_MESSAGES.tooManyPages(6));
    const notPdf = await agent.upload('/api/inserts', 'terms.pdf', Buffer.from('not a pdf at all'));
    expect(notPdf.statusCode).toBe(415);

    const letter = await newLetter(t, agent, O_BRIEN);
    const base = { uuid: letter.uuid, mail_service: 'second_class', is_colour: false };
    const withInsert = await agent.post('/api/letters/deliver/quote', { ...base, insert_id: up.json().id });
    expect(withInsert.statusCode, withInsert.body).toBe(200);
    expect(withInsert.json().total_pence).toBe(PRICE_LIST.letter.standard + PRICE_LIST.extraSheet.mono);
    expect(withInsert.json().channels[0].lines.at(-1)).toEqual({
      label: 'Insert: Terms and conditions (1 sheet)',
      pence: PRICE_LIST.extraSheet.mono,
    });
    // On one side, the 2-page insert takes 2 sheets.
    const oneSided = await agent.post('/api/letters/deliver/quote', {
      ...base,
      insert_id: up.json().id,
      is_double_sided: false,
    });
    expect(oneSided.json().total_pence).toBe(PRICE_LIST.letter.standard + 2 * PRICE_LIST.extraSheet.mono);

    // Another company's insert is no insert.
    const other = await company();
    expect((await other.agent.get(`/api/inserts/${up.json().id}/file`)).statusCode).toBe(404);
    expect((await other.agent.request('DELETE', `/api/inserts/${up.json().id}`)).statusCode).toBe(404);
    const foreign = await other.agent.upload('/api/inserts', 'their-terms.pdf', await termsPdf(1));
    const stolen = await agent.post('/api/letters/deliver/quote', { ...base, insert_id: foreign.json().id });
    expect(stolen.statusCode).toBe(422);

    // A member who sends letters may choose an insert but not upload one.
    const sender = await addMember(t, me.account.id, { permissions: { operational: ['send_letter'] } });
    expect((await sender.agent.get('/api/inserts')).json().inserts).toHaveLength(1);
    expect((await sender.agent.upload('/api/inserts', 'x.pdf', await termsPdf(1))).statusCode).toBe(403);

    // Delivered with the insert: the printer gets the letter and the insert behind it.
    const res = await agent.post('/api/letters/deliver', { ...base, insert_id: up.json().id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().total_pence).toBe(PRICE_LIST.letter.standard + PRICE_LIST.extraSheet.mono);
    await settle(t);
    const d = (await agent.get(`/api/letters/${letter.uuid}/delivery`)).json();
    expect(d.delivery.options.mail.insert).toEqual({ id: up.json().id, name: 'Terms and conditions', sheets: 1 });
    expect(d.delivery.channels[0].state).toBe('succeeded');

    // Deleting the insert leaves the delivery as it was sent.
    const del = await agent.request('DELETE', `/api/inserts/${up.json().id}`);
    expect(del.statusCode).toBe(200);
    expect((await agent.get('/api/inserts')).json().inserts).toHaveLength(0);
  });
});
