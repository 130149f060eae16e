import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandboxSmsProvider,
  createTwilioSmsProvider,
  SmsCallbackError,
  SmsSendError,
  SmsSignatureError,
  type SmsStatus,
  twilioSignature,
} from './sms.js';

const ACCOUNT = `AC${'a'.repeat(32)}`;
const TOKEN = 'test-auth-token';
const SERVICE = `MG${'b'.repeat(32)}`;

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotency: string | undefined;
  form: URLSearchParams;
}

/** A stand-in for api.twilio.com answering in its documented shapes, chosen by the 'To' number. */
async function fakeTwilio(): Promise<{ server: Server; baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const form = new URLSearchParams(raw);
    seen.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      idempotency: req.headers['i-twilio-idempotency-token'] as string | undefined,
      form,
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const expectedAuth = `Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`;
    if (req.headers.authorization !== expectedAuth)
      return json(401, {
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      });
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`)
      return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    const to = form.get('To') ?? '';
    if (to === '+447700900500') return json(500, { code: 20500, message: 'Internal Server Error', status: 500 });
    if (to === '+447700900999') return; // never answers
    if (!/^\+[1-9]\d{6,14}$/.test(to))
      return json(400, {
        code: 21211,
        message: `Invalid 'To' Phone Number: ${to}`,
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      });
    json(201, {
      account_sid: ACCOUNT,
      api_version: '2010-04-01',
      body: form.get('Body'),
      date_created: new Date().toUTCString(),
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: form.get('From'),
      messaging_service_sid: form.get('MessagingServiceSid'),
      num_segments: '1',
      sid: `SM${'c'.repeat(32)}`,
      status: form.get('MessagingServiceSid') ? 'accepted' : 'queued',
      to,
      uri: `/2010-04-01/Accounts/${ACCOUNT}/Messages/SM${'c'.repeat(32)}.json`,
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { server, baseUrl: `http://127.0.0.1:${port}`, seen };
}

describe('Twilio client', () => {
  let fake: Awaited<ReturnType<typeof fakeTwilio>>;
  beforeAll(async () => {
    fake = await fakeTwilio();
  });
  afterAll(async () => {
    fake.server.closeAllConnections();
    await new Promise((r) => fake.server.close(r));
  });
  const input = {
    to: '+447700900123',
    body: 'Your letter is on its way.',
    statusCallbackUrl: 'https://app.example/api/sms/status?x=1',
    idempotencyKey: 'letter-42-sms',
  };

  it('posts the form with basic auth and reads the created message', async () => {
    const sms = createTwilioSmsProvider({
      accountSid: ACCOUNT,
      authToken: TOKEN,
      from: '+447700900001',
      baseUrl: fake.baseUrl,
    });
    expect(sms.name).toBe('twilio');
    const out = await sms.send(input);
    expect(out).toEqual({ id: `SM${'c'.repeat(32)}`, status: 'queued' });
    const req = fake.seen.at(-1)!;
    expect(req.path).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
    expect(req.idempotency).toBe('letter-42-sms');
    expect(Object.fromEntries(req.form)).toEqual({
      To: '+447700900123',
      Body: 'Your letter is on its way.',
      From: '+447700900001',
      StatusCallback: 'https://app.example/api/sms/status?x=1',
    });
  });

  it('sends through a Messaging Service, without a callback when none is given', async () => {
    const sms = createTwilioSmsProvider({
      accountSid: ACCOUNT,
      authToken: TOKEN,
      from: SERVICE,
      baseUrl: fake.baseUrl,
    });
    const out = await sms.send({ ...input, statusCallbackUrl: null });
    expect(out.status).toBe('queued'); // Twilio's 'accepted'
    const form = Object.fromEntries(fake.seen.at(-1)!.form);
    expect(form.MessagingServiceSid).toBe(SERVICE);
    expect(form.From).toBeUndefined();
    expect(form.StatusCallback).toBeUndefined();
  });

  it("turns 21211 (invalid 'To') into a permanent, readable error", async () => {
    const sms = createTwilioSmsProvider({
      accountSid: ACCOUNT,
      authToken: TOKEN,
      from: '+447700900001',
      baseUrl: fake.baseUrl,
    });
    const err = await sms.send({ ...input, to: '07700 900123' }).catch((e) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err).toMatchObject({ permanent: true, code: '21211', httpStatus: 400, maybeSent: false });
    expect(err.message).toBe('The phone number is not valid.');
  });

  it('treats bad credentials as permanent', async () => {
    const sms = createTwilioSmsProvider({
      accountSid: ACCOUNT,
      authToken: 'wrong',
      from: '+447700900001',
      baseUrl: fake.baseUrl,
    });
    const err = await sms.send(input).catch((e) => e);
    expect(err).toMatchObject({ permanent: true, code: '20003', httpStatus: 401 });
  });

  it('treats a 500 as temporary', async () => {
    const sms = createTwilioSmsProvider({
      accountSid: ACCOUNT,
      authToken: TOKEN,
      from: '+447700900001',
      baseUrl: fake.baseUrl,
    });
    const err = await sms.send({ ...input, to: '+447700900500' }).catch((e) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err).toMatchObject({ permanent: false, httpStatus: 500 });
    expect(err.message).toMatch(/unavailable/);
  });

  it('gives up after its timeout, temporary and maybe sent', async () => {
    const sms = createTwilioSmsProvider({
      accountSid: ACCOUNT,
      authToken: TOKEN,
      from: '+447700900001',
      baseUrl: fake.baseUrl,
      timeoutMs: 150,
    });
    const started = Date.now();
    const err = await sms.send({ ...input, to: '+447700900999' }).catch((e) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err).toMatchObject({ permanent: false, httpStatus: null, maybeSent: true });
    expect(err.message).toMatch(/in time/);
  });

  it('reports an unreachable service as temporary', async () => {
    const sms = createTwilioSmsProvider({
      accountSid: ACCOUNT,
      authToken: TOKEN,
      from: '+447700900001',
      baseUrl: 'http://127.0.0.1:1',
    });
    const err = await sms.send(input).catch((e) => e);
    expect(err).toMatchObject({ permanent: false, httpStatus: null });
  });
});

describe('X-Twilio-Signature', () => {
  // The example in Twilio's security documentation.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = {
    To: '+18005551212',
    Digits: '1234',
    From: '+12349013030',
    Caller: '+12349013030',
    CallSid: 'CA1234567890ABCDE',
  };

  it('matches the documented algorithm and example', () => {
    const data = `${url}CallSidCA1234567890ABCDECaller+12349013030Digits1234From+12349013030To+18005551212`;
    const byHand = createHmac('sha1', '12345').update(data).digest('base64');
    expect(byHand).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(twilioSignature('12345', url, params)).toBe(byHand);
  });

  const cbUrl = 'https://app.example/api/sms/status?letter=42';
  const cb = {
    AccountSid: ACCOUNT,
    ApiVersion: '2010-04-01',
    MessageSid: `SM${'d'.repeat(32)}`,
    SmsSid: `SM${'d'.repeat(32)}`,
    MessageStatus: 'undelivered',
    SmsStatus: 'undelivered',
    ErrorCode: '30003',
    From: '+447700900001',
    To: '+447700900123',
  };
  const sms = createTwilioSmsProvider({ accountSid: ACCOUNT, authToken: TOKEN, from: '+447700900001' });
  const signature = twilioSignature(TOKEN, cbUrl, cb);

  it('reads a genuine callback', () => {
    expect(sms.verifyCallback({ url: cbUrl, params: cb, signature })).toEqual({
      id: `SM${'d'.repeat(32)}`,
      status: 'undelivered',
      errorCode: '30003',
    });
    const delivered = { ...cb, MessageStatus: 'delivered', SmsStatus: 'delivered' } as Record<string, string>;
    delete delivered.ErrorCode;
    expect(
      sms.verifyCallback({ url: cbUrl, params: delivered, signature: twilioSignature(TOKEN, cbUrl, delivered) }),
    ).toMatchObject({ status: 'delivered', errorCode: null });
  });

  it('refuses missing, malformed and forged signatures, tampered params and urls', () => {
    const bad = (input: Parameters<typeof sms.verifyCallback>[0]) =>
      expect(() => sms.verifyCallback(input)).toThrow(SmsSignatureError);
    bad({ url: cbUrl, params: cb, signature: undefined });
    bad({ url: cbUrl, params: cb, signature: '' });
    bad({ url: cbUrl, params: cb, signature: 'not base64 at all' });
    bad({ url: cbUrl, params: cb, signature: twilioSignature('another-token', cbUrl, cb) });
    bad({ url: cbUrl, params: { ...cb, MessageStatus: 'delivered' }, signature });
    bad({ url: cbUrl, params: { ...cb, Extra: '' }, signature });
    bad({ url: 'https://app.example/api/sms/status?letter=43', params: cb, signature });
    bad({ url: 'http://app.example/api/sms/status?letter=42', params: cb, signature });
  });

  it('refuses a genuine callback it cannot read', () => {
    const odd = { ...cb, MessageStatus: 'teleported' };
    expect(() =>
      sms.verifyCallback({ url: cbUrl, params: odd, signature: twilioSignature(TOKEN, cbUrl, odd) }),
    ).toThrow(SmsCallbackError);
  });
});

describe('sandbox', () => {
  type Posted = { url: string; params: Record<string, string>; signature: string };
  const make = (over: Partial<Parameters<typeof createSandboxSmsProvider>[0]> = {}) => {
    const posted: Posted[] = [];
    const sms = createSandboxSmsProvider({
      latencyMs: 5,
      failureRate: 0,
      authToken: TOKEN,
      callbackDelayMs: 5,
      duplicateRate: 0,
      deliver: async (url, params, signature) => {
        posted.push({ url, params, signature });
        return 200;
      },
      ...over,
    });
    return { sms, posted };
  };
  const cbUrl = 'http://127.0.0.1:3000/api/sms/status';
  const input = { to: '+447700900123', body: 'Hello', statusCallbackUrl: cbUrl, idempotencyKey: 'k1' };

  it('answers queued, then posts signed callbacks queued → sent → delivered', async () => {
    const { sms, posted } = make();
    expect(sms.name).toBe('sandbox');
    const out = await sms.send(input);
    expect(out.status).toBe('queued');
    expect(out.id).toMatch(/^SMsb[0-9a-f]{30}$/);
    await sms.settled();
    const events = posted.map((p) => sms.verifyCallback(p));
    expect(events.map((e) => e.status)).toEqual<SmsStatus[]>(['queued', 'sent', 'delivered']);
    expect(events.every((e) => e.id === out.id && e.errorCode === null)).toBe(true);
    expect(posted[0]!.params).toMatchObject({ To: '+447700900123', MessageSid: out.id, ApiVersion: '2010-04-01' });
    expect(sms.sent()).toEqual([{ id: out.id, to: '+447700900123', body: 'Hello', idempotencyKey: 'k1' }]);
  });

  it('fails the documented test number (…0000) every time', async () => {
    const { sms, posted } = make();
    await sms.send({ ...input, to: '+447700900000' });
    await sms.settled();
    const events = posted.map((p) => sms.verifyCallback(p));
    expect(events.map((e) => e.status)).toEqual(['queued', 'failed']);
    expect(events.at(-1)!.errorCode).toBe('30005');
  });

  it('ends undelivered with 30003 or 30005 at its failure rate', async () => {
    const { sms, posted } = make({ failureRate: 1 });
    await sms.send(input);
    await sms.settled();
    const events = posted.map((p) => sms.verifyCallback(p));
    expect(events.map((e) => e.status)).toEqual(['queued', 'sent', 'undelivered']);
    expect(['30003', '30005']).toContain(events.at(-1)!.errorCode);
  });

  it('sometimes posts one callback twice, the copy after the final status', async () => {
    const { sms, posted } = make({ duplicateRate: 1 });
    await sms.send(input);
    await sms.settled();
    const statuses = posted.map((p) => sms.verifyCallback(p).status);
    expect(statuses).toHaveLength(4);
    expect(statuses.slice(0, 3)).toEqual(['queued', 'sent', 'delivered']);
    expect(statuses.slice(0, 3)).toContain(statuses[3]);
  });

  it('settled() waits for every message in flight; close() stops callbacks', async () => {
    const { sms, posted } = make({ callbackDelayMs: 30 });
    await Promise.all([sms.send(input), sms.send({ ...input, idempotencyKey: 'k2' })]);
    expect(posted.length).toBeLessThan(6);
    await sms.settled();
    expect(posted).toHaveLength(6);
    expect(new Set(posted.map((p) => p.params.MessageSid)).size).toBe(2); // no idempotency, like Twilio
    await sms.settled(); // nothing in flight: resolves at once

    const closing = make({ callbackDelayMs: 30 });
    await closing.sms.send(input);
    closing.sms.close();
    await closing.sms.settled();
    expect(closing.posted).toHaveLength(0);
  });

  it('sends no callbacks without a callback url or a sink, and survives a failing sink', async () => {
    const { sms, posted } = make();
    await sms.send({ ...input, statusCallbackUrl: null });
    await sms.settled();
    expect(posted).toHaveLength(0);
    const lonely = createSandboxSmsProvider({ latencyMs: 0, failureRate: 0, authToken: TOKEN });
    await lonely.send(input);
    await lonely.settled();
    const broken = make({
      deliver: async () => {
        throw new Error('connection refused');
      },
    });
    await broken.sms.send(input);
    await expect(broken.sms.settled()).resolves.toBeUndefined();
  });

  it('refuses what Twilio refuses: a number that is not E.164, an empty or overlong body', async () => {
    const { sms } = make();
    await expect(sms.send({ ...input, to: '07700 900123' })).rejects.toMatchObject({ permanent: true, code: '21211' });
    await expect(sms.send({ ...input, body: '' })).rejects.toMatchObject({ permanent: true, code: '21602' });
    await expect(sms.send({ ...input, body: 'x'.repeat(1601) })).rejects.toMatchObject({ code: '21617' });
  });

  it('signs its callbacks with its own token only', async () => {
    const { sms, posted } = make();
    await sms.send(input);
    await sms.settled();
    const other = createSandboxSmsProvider({ latencyMs: 0, failureRate: 0, authToken: 'other' });
    expect(() => other.verifyCallback(posted[0]!)).toThrow(SmsSignatureError);
  });
});
