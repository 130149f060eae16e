import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_RETRY_FOR_MS } from '@lp/domain';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { emitEvent } from '../../platform/webhook-outbox.js';
import { simpleLetterPdf } from '../../test/fixtures/letters.js';
import {
  addMember,
  count,
  createTestContext,
  makeApiKey,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';
import { charge, credit } from '../money/ledger.js';
import { checkEndpointUrl, guardedLookup, isBlockedAddress } from './endpoint-url.js';
import { runWebhookDelivery, type WebhookSenderDeps } from './send-webhook.js';

let t: TestContext;
let owner: Awaited<ReturnType<typeof signUpCompany>>;
let other: Awaited<ReturnType<typeof signUpCompany>>;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local endpoint: answers each POST with the next status of `answers` (the last one repeats). */
async function receiver(answers: number[] = [200]) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = answers[Math.min(received.length - 1, answers.length - 1)] ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks/letterpost`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function register(agent = owner.agent, url: string, events: string[] = [...WEBHOOK_EVENT_TYPES]) {
  const res = await agent.post('/api/webhooks', { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: string; url: string; events: string[] }; secret: string };
}

async function deliveriesOf(endpointId: string) {
  const { rows } = await t.services.pool.query<{ id: string; event_id: string; status: string; attempts: number }>(
    'select id, event_id, status, attempts from webhook_deliveries where endpoint_id = $1 order by created_at, id',
    [endpointId],
  );
  return rows;
}

/** The sending job's dependencies with a clock the test moves. */
function sender(clock: { now: Date }, overrides: Partial<WebhookSenderDeps> = {}): WebhookSenderDeps {
  return { ...t.services.webhooks, now: () => clock.now, ...overrides };
}

const emitLow = (accountId: string, available = 500) =>
  inTransaction(t.services.pool, (q) =>
    emitEvent(q, accountId, 'balance.low', {
      available_pence: available,
      balance_pence: available,
      held_pence: 0,
      threshold_pence: 1000,
    }),
  );

beforeAll(async () => {
  t = await createTestContext();
  owner = await signUpCompany(t.app, { fullName: 'Jane Smith' });
  other = await signUpCompany(t.app);
});
afterAll(() => t.close());

describe('webhook endpoints', () => {
  it('are registered with a secret shown once, listed without it, deleted, with audit entries', async () => {
    const made = await register(owner.agent, 'http://127.0.0.1:9/hook', ['letter.analysed', 'letter.analysed']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(made.endpoint).toMatchObject({ url: 'http://127.0.0.1:9/hook', events: ['letter.analysed'], enabled: true });
    const list = await owner.agent.get('/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json().endpoints.map((e: { id: string }) => e.id)).toContain(made.endpoint.id);
    expect(list.body).not.toContain(made.secret.slice(6));
    expect(list.body).not.toContain('secret');
    // Sealed at rest: the secret is nowhere in the table in clear.
    const { rows } = await t.services.pool.query<{ t: string }>(
      'select webhook_endpoints::text as t from webhook_endpoints',
    );
    expect(rows.map((r) => r.t).join('\n')).not.toContain(made.secret.slice(6));

    expect((await other.agent.get('/api/webhooks')).json().endpoints).toEqual([]);
    expect((await other.agent.delete(`/api/webhooks/${made.endpoint.id}`)).statusCode).toBe(404);
    expect((await owner.agent.delete(`/api/webhooks/${made.endpoint.id}`)).statusCode).toBe(204);
    expect((await owner.agent.delete(`/api/webhooks/${made.endpoint.id}`)).statusCode).toBe(404);
    const audit = await t.services.pool.query(
      `select action, actor_email from audit_log where entity_type = 'webhook_endpoint' and entity_id = $1 order by id`,
      [made.endpoint.id],
    );
    expect(audit.rows).toEqual([
      { action: 'webhook_endpoint.create', actor_email: owner.body.email },
      { action: 'webhook_endpoint.delete', actor_email: owner.body.email },
    ]);
  });

  it('are refused to a member without manage_company (403) and to an API key (403)', async () => {
    const plain = await addMember(t, owner.me.account.id, { permissions: { observable: ['see_letters'] } });
    expect((await plain.agent.get('/api/webhooks')).statusCode).toBe(403);
    expect(
      (await plain.agent.post('/api/webhooks', { url: 'http://127.0.0.1:9/', events: ['balance.low'] })).statusCode,
    ).toBe(403);
    const { program } = await makeApiKey(t.app, owner.agent, { permissions: ['manage_company'] });
    expect((await program.get('/api/webhooks')).statusCode).toBe(403);
    expect(
      (await program.post('/api/webhooks', { url: 'http://127.0.0.1:9/', events: ['balance.low'] })).statusCode,
    ).toBe(403);
  });

  it('refuse events outside the catalogue and hostile URLs with a readable 4xx, storing nothing', async () => {
    const before = await count(t.services.pool, 'webhook_endpoints');
    const unknown = await owner.agent.post('/api/webhooks', {
      url: 'http://127.0.0.1:9/',
      events: ['letter.analysed', 'letter.deleted'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields).toEqual([{ path: 'events.1', message: 'letter.deleted is not a webhook event.' }]);
    const scheme = await owner.agent.post('/api/webhooks', { url: 'ftp://example.com/x', events: ['balance.low'] });
    expect(scheme.statusCode).toBe(422);
    expect(scheme.json().message).toBe('The URL must start with https:// or http://.');
    const creds = await owner.agent.post('/api/webhooks', { url: 'https://u:p@example.com/', events: ['balance.low'] });
    expect(creds.json().message).toContain('must not contain a user name or password');
    const long = await owner.agent.post('/api/webhooks', {
      url: `https://example.com/${'a'.repeat(2000)}`,
      events: ['balance.low'],
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe('A URL is at most 2000 characters.');
    const bodies: unknown[] = [
      { url: 'https://exa\u0000mple.com/', events: ['balance.low'] },
      { url: 'https://example.com/\u0000', events: ['balance.low'] },
      { url: `https://example.com/${'x'.repeat(100_000)}`, events: ['balance.low'] },
      { url: 'javascript:alert(1)', events: ['balance.low'] },
      { url: 'file:///etc/passwd', events: ['balance.low'] },
      { url: 'not a url', events: ['balance.low'] },
      { url: '', events: ['balance.low'] },
      { url: 'https://example.com/', events: [] },
      { url: 'https://example.com/', events: 'balance.low' },
      { url: 'https://example.com/', events: ['__proto__'] },
      { url: 'https://example.com/', events: [1] },
      { url: 'https://example.com/', events: ['balance.low'], extra: true },
      { url: 42, events: ['balance.low'] },
      [],
      'text',
    ];
    for (const body of bodies) {
      const res = await owner.agent.post('/api/webhooks', body);
      const label = JSON.stringify(body).slice(0, 80);
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
    }
    for (const id of ['%00', 'x'.repeat(101), "' or 1=1 --"]) {
      const res = await owner.agent.delete(`/api/webhooks/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    expect(await count(t.services.pool, 'webhook_endpoints')).toBe(before);
  });
});

describe('webhook deliveries', () => {
  it('POST a letter.analysed event the standardwebhooks library verifies', async () => {
    const r = await receiver();
    try {
      const company = await signUpCompany(t.app);
      const made = await register(company.agent, r.url, ['letter.analysed']);
      const upload = await company.agent.upload(
        '/api/letters/files',
        'invoice.pdf',
        await simpleLetterPdf(['Ms Ann Post', '1 Park Row', 'Leeds', 'LS1 5HD']),
      );
      expect(upload.statusCode, upload.body).toBe(201);
      const letterId = upload.json().uuid as string;
      await t.runJobs();
      expect(r.received).toHaveLength(1);
      const [got] = r.received;
      const verified = new Webhook(made.secret).verify(got!.body, {
        'webhook-id': String(got!.headers['webhook-id']),
        'webhook-timestamp': String(got!.headers['webhook-timestamp']),
        'webhook-signature': String(got!.headers['webhook-signature']),
      }) as { id: string; type: string; timestamp: string; data: { id: string; status: string; name: string } };
      expect(verified.type).toBe('letter.analysed');
      expect(verified.id).toBe(got!.headers['webhook-id']);
      expect(verified.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(verified.data).toMatchObject({ id: letterId, name: 'invoice.pdf', status: 'Analysis Complete' });
      expect(got!.headers['content-type']).toBe('application/json');
      expect(got!.headers['user-agent']).toMatch(/^Letterpost-Webhooks\//);
      // A signature made with another secret does not verify.
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(got!.body, {
          'webhook-id': String(got!.headers['webhook-id']),
          'webhook-timestamp': String(got!.headers['webhook-timestamp']),
          'webhook-signature': String(got!.headers['webhook-signature']),
        }),
      ).toThrow();
      const [delivery] = await deliveriesOf(made.endpoint.id);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
      // The letter's status changes were not subscribed to: nothing else was written.
      const events = await t.services.pool.query('select type from webhook_events where account_id = $1', [
        company.me.account.id,
      ]);
      expect(events.rows).toEqual([{ type: 'letter.analysed' }]);
    } finally {
      await r.close();
    }
  });

  it('retry a failing endpoint on the schedule: delivered on the 3rd attempt, each attempt logged', async () => {
    const r = await receiver([500, 503, 200]);
    try {
      const company = await signUpCompany(t.app);
      const made = await register(company.agent, r.url, ['balance.low']);
      const eventId = await emitLow(company.me.account.id);
      expect(eventId).toMatch(/^evt_/);
      const [d] = await deliveriesOf(made.endpoint.id);
      const clock = { now: new Date() };
      const deps = sender(clock);
      expect(await runWebhookDelivery(deps, { deliveryId: d!.id })).toBe('retrying');
      // Not due yet (5 s later): a stray run does nothing.
      clock.now = new Date(clock.now.getTime() + 1_000);
      expect(await runWebhookDelivery(deps, { deliveryId: d!.id })).toBe('skipped');
      clock.now = new Date(clock.now.getTime() + 5_000);
      expect(await runWebhookDelivery(deps, { deliveryId: d!.id })).toBe('retrying');
      clock.now = new Date(clock.now.getTime() + 5 * 60_000);
      expect(await runWebhookDelivery(deps, { deliveryId: d!.id })).toBe('delivered');
      expect(await runWebhookDelivery(deps, { deliveryId: d!.id })).toBe('skipped');
      expect(r.received).toHaveLength(3);
      expect(new Set(r.received.map((x) => x.headers['webhook-id']))).toEqual(new Set([eventId]));
      expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
      const log = await company.agent.get(`/api/webhooks/${made.endpoint.id}/attempts`);
      expect(log.statusCode, log.body).toBe(200);
      expect(
        log
          .json()
          .attempts.map((a: { attempt: number; status_code: number; event_type: string }) => [
            a.attempt,
            a.status_code,
            a.event_type,
          ]),
      ).toEqual([
        [3, 200, 'balance.low'],
        [2, 503, 'balance.low'],
        [1, 500, 'balance.low'],
      ]);
      expect(log.json().attempts[0]).toMatchObject({ delivery_status: 'delivered', event_id: eventId, error: null });
      // Keyset pages.
      const first = (await company.agent.get(`/api/webhooks/${made.endpoint.id}/attempts?limit=2`)).json();
      expect(first.attempts).toHaveLength(2);
      const second = (
        await company.agent.get(`/api/webhooks/${made.endpoint.id}/attempts?limit=2&before=${first.next_before}`)
      ).json();
      expect(second.attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1]);
      expect(second.next_before).toBeNull();
      expect((await other.agent.get(`/api/webhooks/${made.endpoint.id}/attempts`)).statusCode).toBe(404);
      const endpoint = (await company.agent.get('/api/webhooks')).json().endpoints[0];
      expect(endpoint.failing_since).toBeNull();
    } finally {
      await r.close();
    }
  });

  it('log a refused connection as an error, and give up after 3 days of retries', async () => {
    const r = await receiver();
    await r.close(); // nothing listens there now
    const company = await signUpCompany(t.app);
    const made = await register(company.agent, r.url, ['balance.low']);
    await emitLow(company.me.account.id);
    const [d] = await deliveriesOf(made.endpoint.id);
    const clock = { now: new Date() };
    expect(await runWebhookDelivery(sender(clock), { deliveryId: d!.id })).toBe('retrying');
    const log = (await company.agent.get(`/api/webhooks/${made.endpoint.id}/attempts`)).json();
    expect(log.attempts[0]).toMatchObject({ status_code: null, error: 'The connection was refused.' });
  });

  it('switch off an endpoint failing for 3 days and email the owner', async () => {
    const r = await receiver([500]);
    try {
      const company = await signUpCompany(t.app, { fullName: 'Olive Owner' });
      const made = await register(company.agent, r.url, ['balance.low']);
      await emitLow(company.me.account.id);
      const [d] = await deliveriesOf(made.endpoint.id);
      const clock = { now: new Date() };
      expect(await runWebhookDelivery(sender(clock), { deliveryId: d!.id })).toBe('retrying');
      expect((await company.agent.get('/api/webhooks')).json().endpoints[0].failing_since).toBe(
        clock.now.toISOString(),
      );
      clock.now = new Date(clock.now.getTime() + WEBHOOK_RETRY_FOR_MS);
      expect(await runWebhookDelivery(sender(clock), { deliveryId: d!.id })).toBe('failed');
      const endpoint = (await company.agent.get('/api/webhooks')).json().endpoints[0];
      expect(endpoint).toMatchObject({
        enabled: false,
        disabled_reason: 'Every delivery failed for 3 days; switched off.',
      });
      await t.runJobs();
      const mail = (await t.outbox()).filter((m) => m.to === company.body.email);
      expect(mail.map((m) => m.subject)).toEqual(['Your webhook endpoint was switched off']);
      expect(mail[0]!.text).toContain(r.url);
      // Switched off: new events are not written for it.
      expect(await emitLow(company.me.account.id)).toBeNull();
      const on = await company.agent.post(`/api/webhooks/${made.endpoint.id}/enable`);
      expect(on.statusCode, on.body).toBe(200);
      expect((await company.agent.get('/api/webhooks')).json().endpoints[0].enabled).toBe(true);
      expect(await emitLow(company.me.account.id)).toMatch(/^evt_/);
    } finally {
      await r.close();
    }
  });

  it('resend an event with the same id, and refuse another company (404)', async () => {
    const r = await receiver();
    try {
      const company = await signUpCompany(t.app);
      const made = await register(company.agent, r.url, ['balance.low']);
      const eventId = await emitLow(company.me.account.id);
      await t.runJobs();
      expect(r.received).toHaveLength(1);
      const [d] = await deliveriesOf(made.endpoint.id);
      const url = `/api/webhooks/${made.endpoint.id}/deliveries/${d!.id}/resend`;
      expect((await other.agent.post(url)).statusCode).toBe(404);
      const mine = await register(other.agent, 'http://127.0.0.1:9/x', ['balance.low']);
      expect((await other.agent.post(`/api/webhooks/${mine.endpoint.id}/deliveries/${d!.id}/resend`)).statusCode).toBe(
        404,
      );
      const res = await company.agent.post(url);
      expect(res.statusCode, res.body).toBe(202);
      await t.runJobs();
      expect(r.received.map((x) => x.headers['webhook-id'])).toEqual([eventId, eventId]);
      const log = (await company.agent.get(`/api/webhooks/${made.endpoint.id}/attempts`)).json();
      expect(log.attempts.map((a: { attempt: number; manual: boolean }) => [a.attempt, a.manual])).toEqual([
        [2, true],
        [1, false],
      ]);
    } finally {
      await r.close();
    }
  });
});

describe('the outbox', () => {
  it('writes nothing for a rolled-back change, and nothing for a company with no endpoint', async () => {
    const company = await signUpCompany(t.app);
    await register(company.agent, 'http://127.0.0.1:9/x', ['balance.low']);
    const events = await count(t.services.pool, 'webhook_events');
    const jobs = async () =>
      (
        await t.services.pool.query<{ n: number }>(
          `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'send_webhook'`,
        )
      ).rows[0]!.n;
    const queued = await jobs();
    await expect(
      inTransaction(t.services.pool, async (q) => {
        const id = await emitEvent(q, company.me.account.id, 'balance.low', {
          available_pence: 1,
          balance_pence: 1,
          held_pence: 0,
          threshold_pence: 1000,
        });
        expect(id).toMatch(/^evt_/);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count(t.services.pool, 'webhook_events')).toBe(events);
    expect(await jobs()).toBe(queued);
    // No endpoint listening: nothing written, the data not even built.
    const quiet = await signUpCompany(t.app);
    let built = false;
    const id = await inTransaction(t.services.pool, (q) =>
      emitEvent(q, quiet.me.account.id, 'balance.low', async () => {
        built = true;
        return null;
      }),
    );
    expect(id).toBeNull();
    expect(built).toBe(false);
    expect(await count(t.services.pool, 'webhook_events')).toBe(events);
  });

  it('sends balance.low once when the available balance falls under £10, and approval events', async () => {
    const company = await signUpCompany(t.app);
    const made = await register(company.agent, 'http://127.0.0.1:9/x', [
      'balance.low',
      'approval.requested',
      'approval.decided',
    ]);
    const accountId = company.me.account.id;
    const move = (key: string, amount: number, kind: 'credit' | 'charge') =>
      inTransaction(t.services.pool, (q) =>
        kind === 'credit'
          ? credit(q, { accountId, actor: null, key, amount, type: 'bank_transfer', description: key })
          : charge(q, { accountId, actor: null, key, amount, description: key }),
      );
    await move('in', 1500, 'credit');
    await move('out-1', 400, 'charge'); // 1100 left: not yet low
    await move('out-2', 400, 'charge'); // 700: low
    await move('out-3', 100, 'charge'); // 600: still low, not told again
    const payloads = async (type: string) =>
      (
        await t.services.pool.query(
          'select payload from webhook_events where account_id = $1 and type = $2 order by created_at',
          [accountId, type],
        )
      ).rows.map((r) => r.payload);
    expect(await payloads('balance.low')).toEqual([
      { available_pence: 700, balance_pence: 700, held_pence: 0, threshold_pence: 1000 },
    ]);

    const member = await addMember(t, accountId, {
      permissions: { administrative: ['manage_users'] },
      approvals: { administrative: ['manage_users'] },
    });
    const requested = await member.agent.post('/api/users', {
      user_name: 'Pending Person',
      email_address: `pending-${accountId.slice(0, 6)}@example.com`,
      permissions: {},
    });
    expect(requested.statusCode, requested.body).toBe(202);
    const approvalId = requested.json().approval_id;
    expect(await payloads('approval.requested')).toEqual([
      expect.objectContaining({ id: approvalId, task: 'manage_users', entity_type: 'user_invite' }),
    ]);
    const decided = await company.agent.post('/api/approvals/decide', { approval_id: approvalId, verdict: 'deny' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await payloads('approval.decided')).toEqual([
      expect.objectContaining({ id: approvalId, verdict: 'deny', decided_by: company.body.fullName }),
    ]);
    expect((await deliveriesOf(made.endpoint.id)).length).toBe(3);
  });
});

describe('events from the product', () => {
  const eventsOf = async (accountId: string, type: string) =>
    (
      await t.services.pool.query(
        'select payload from webhook_events where account_id = $1 and type = $2 order by created_at',
        [accountId, type],
      )
    ).rows.map((r) => r.payload);

  it('letter.status_changed carries the letter and the status it left', async () => {
    const company = await signUpCompany(t.app);
    await register(company.agent, 'http://127.0.0.1:9/x', ['letter.status_changed']);
    const upload = await company.agent.upload(
      '/api/letters/files',
      'status.pdf',
      await simpleLetterPdf(['Mr Bo Field', '2 Park Row', 'Leeds', 'LS1 5HD']),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    await t.runJobs();
    expect(await eventsOf(company.me.account.id, 'letter.status_changed')).toEqual([
      expect.objectContaining({
        id: upload.json().uuid,
        status: 'Analysis Complete',
        previous_status: 'Analysing',
        recipient: expect.objectContaining({ name: 'Mr Bo Field', postcode: 'LS1 5HD' }),
      }),
    ]);
  });

  it('payment.succeeded follows a card top-up, once', async () => {
    const company = await signUpCompany(t.app);
    await register(company.agent, 'http://127.0.0.1:9/x', ['payment.succeeded']);
    const pm = await company.agent.post('/api/payments/sandbox/payment_methods', {
      card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    const intent = await company.agent.post('/api/finances/intent', { amount: 2500, payment_method_id: pm.json().id });
    expect(intent.statusCode, intent.body).toBe(201);
    const { payment_intent_id: id, client_secret: secret } = intent.json();
    const confirmed = await company.agent.post(`/api/payments/sandbox/payment_intents/${id}/confirm`, {
      client_secret: secret,
      payment_method: pm.json().id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await company.agent.post('/api/finances/topup', { payment_intent_id: id })).statusCode).toBeLessThan(300);
    await t.app.payments.sandbox?.settled();
    await company.agent.post('/api/finances/topup', { payment_intent_id: id });
    expect(await eventsOf(company.me.account.id, 'payment.succeeded')).toEqual([
      expect.objectContaining({ payment_intent_id: id, amount_pence: 2500, currency: 'gbp', balance_pence: 2500 }),
    ]);
  });
});

describe('SSRF', () => {
  it('accepts only https to public addresses at registration in production', () => {
    const production = { production: true };
    expect(checkEndpointUrl('https://hooks.example.com/letterpost', production)).toEqual({
      url: 'https://hooks.example.com/letterpost',
    });
    expect(checkEndpointUrl('http://hooks.example.com/', production)).toEqual({
      error: 'The URL must start with https://.',
    });
    const refused = 'The URL must point to a public internet address, not a private, loopback or link-local one.';
    for (const url of [
      'https://10.0.0.1/',
      'https://127.0.0.1/',
      'https://127.1.2.3:8443/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://[fd12:3456::1]/',
      'https://[fe80::1]/',
      'https://100.64.0.1/',
      'https://192.168.1.1/',
      'https://172.16.0.1/',
      'https://0.0.0.0/',
      'https://224.0.0.1/',
      'https://2130706433/', // 127.0.0.1 written as a number
      'https://0x7f.1/',
      'https://localhost/',
      'https://api.localhost/',
      'https://metadata.google.internal/',
    ])
      expect(checkEndpointUrl(url, production), url).toEqual({ error: refused });
    // Outside production a local receiver is allowed.
    expect(checkEndpointUrl('http://127.0.0.1:3000/hook', { production: false })).toEqual({
      url: 'http://127.0.0.1:3000/hook',
    });
    expect(isBlockedAddress('8.8.8.8')).toBe(false);
    expect(isBlockedAddress('2606:4700:4700::1111')).toBe(false);
  });

  it('refuses at send time, by what the host resolves to, in production', async () => {
    const r = await receiver();
    try {
      const company = await signUpCompany(t.app);
      const made = await register(company.agent, r.url, ['balance.low']);
      const production = { ...t.services.webhooks, policy: { production: true } };
      for (const url of [
        `https://localhost:${r.port}/hook`,
        `https://127.0.0.1:${r.port}/hook`,
        `https://[::1]:${r.port}/hook`,
        `https://10.1.2.3:${r.port}/hook`,
        `https://169.254.169.254/latest`,
        `http://127.0.0.1:${r.port}/hook`,
      ]) {
        // As if it had been registered when it resolved elsewhere (or the policy was laxer).
        await t.services.pool.query('update webhook_endpoints set url = $2 where id = $1', [made.endpoint.id, url]);
        await emitLow(company.me.account.id);
        const ds = await deliveriesOf(made.endpoint.id);
        expect(await runWebhookDelivery(production, { deliveryId: ds[ds.length - 1]!.id }), url).toBe('retrying');
        const last = (await company.agent.get(`/api/webhooks/${made.endpoint.id}/attempts?limit=1`)).json().attempts[0];
        expect(last.status_code, url).toBeNull();
        expect(last.error, url).toMatch(/private, loopback|Only https/);
      }
      expect(r.received).toHaveLength(0);
      const looked = await new Promise<unknown>((resolve) =>
        guardedLookup('localhost', { all: true }, (error) => resolve(error)),
      );
      expect(String(looked)).toContain('localhost resolves to a private, loopback or otherwise internal address');
    } finally {
      await r.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it("describes the 8 events under webhooks, and the routes as a person's (no bearer key)", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const analysed = doc.webhooks['letter.analysed'].post;
    const body = analysed.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['id', 'type', 'timestamp', 'data']);
    expect(Object.keys(body.properties.data.properties)).toEqual(expect.arrayContaining(['id', 'status', 'recipient']));
    expect(analysed.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(doc.paths['/api/webhooks'].post.security).toEqual([{ session: [] }]);
  });
});
