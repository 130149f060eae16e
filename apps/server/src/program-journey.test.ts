import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLetterpostClient, idempotencyKey, verifyWebhook } from '@lp/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from './modules/money/ledger.js';
import { inTransaction } from './platform/db/transaction.js';
import { ordinaryLetters } from './test/fixtures/uk-letters.js';
import { createTestContext, makeApiKey, signUpCompany, type TestContext } from './test/harness.js';

/**
 * What a program does with the generated client (@lp/client) and nothing else, against the
 * product listening on a real port: upload a letter, learn it was analysed from a signed webhook,
 * deliver it by post with an Idempotency-Key (retried once), and learn from the channel's webhook
 * that the print partner has it (issue 26).
 */
let t: TestContext;
let baseUrl: string;

interface Delivered {
  headers: IncomingHttpHeaders;
  raw: Buffer;
}
const received: Delivered[] = [];
const hooks = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
    res.writeHead(204).end();
  });
});

beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  hooks.close();
  await t.close();
});

/** Runs the jobs (analysis, hand-over, webhook sends) and the sandboxes' callbacks until quiet. */
async function settle() {
  for (let i = 0; i < 3; i++) {
    await t.runJobs();
    await t.services.delivery.providers.settled();
  }
  await t.runJobs();
}

describe('a program with the generated client', () => {
  it('uploads, hears letter.analysed, delivers by post once though it retries, hears the channel', async () => {
    const company = await signUpCompany(t.app, { fullName: 'Siân Evans' });
    await inTransaction(t.services.pool, (q) =>
      credit(q, {
        accountId: company.me.account.id,
        actor: null,
        key: 'journey-seed',
        amount: 5_000,
        type: 'bank_transfer',
        description: 'seed',
      }),
    );
    const hooksUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/letterpost`;
    const endpoint = await company.agent.post('/api/webhooks', {
      url: hooksUrl,
      events: ['letter.analysed', 'delivery.channel_updated'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const secret = endpoint.json().secret as string;
    const { secret: apiKey } = await makeApiKey(t.app, company.agent, {
      name: 'ERP',
      permissions: ['create_letter', 'see_letters', 'send_letter'],
    });

    const lp = createLetterpostClient({ baseUrl, apiKey });
    const pdf = await ordinaryLetters()[0]!.bytes();
    const { data: uploaded, error: uploadError } = await lp.POST('/api/letters/files', {
      params: { query: { type: 'regular' } },
      body: { file: new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }) },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', body.file, "O'Neill tenancy.pdf");
        return form;
      },
      headers: { 'Idempotency-Key': idempotencyKey() },
    });
    expect(uploadError).toBeUndefined();
    const letterId = uploaded!.uuid;

    await settle();
    const events = () =>
      received.map((r) => verifyWebhook(secret, r.headers, r.raw) as { type: string; data: Record<string, unknown> });
    const analysed = events().find((e) => e.type === 'letter.analysed' && e.data.id === letterId);
    expect(analysed?.data).toMatchObject({ id: letterId, status: 'Analysis Complete' });

    const key = idempotencyKey();
    const deliver = () =>
      lp.POST('/api/letters/deliver', {
        body: { uuid: letterId, preference_overrides: ['mail'], is_premium: false, is_colour: false },
        headers: { 'Idempotency-Key': key },
      });
    const first = await deliver();
    expect(first.error).toBeUndefined();
    expect(first.response.status).toBe(201);
    const retry = await deliver();
    expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.data).toEqual(first.data);
    const { rows } = await t.services.pool.query(
      'select count(*)::int as n from letter_deliveries where letter_id = $1',
      [letterId],
    );
    expect(rows[0].n).toBe(1);

    await settle();
    const channel = events().filter((e) => e.type === 'delivery.channel_updated' && e.data.letter_id === letterId);
    expect(channel.map((e) => e.data.channel)).toContain('mail');
    expect(channel.at(-1)?.data).toMatchObject({ channel: 'mail', state: 'succeeded' });

    const { data: letter } = await lp.GET('/api/letters/{id}', { params: { path: { id: letterId } } });
    expect(letter).toMatchObject({ uuid: letterId, status: 'Posted', test_mode: false });
    // Every delivery carried a signature the receiver's verification accepted, and a tampered one fails.
    const tampered = received[0]!;
    expect(() => verifyWebhook(secret, tampered.headers, Buffer.from(`${tampered.raw.toString()} `))).toThrow();
  });
});
