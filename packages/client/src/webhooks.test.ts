import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from './webhooks.js';

// The Standard Webhooks specification's example (the svix and standardwebhooks libraries' tests).
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';
const SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

function headers(overrides: Record<string, string> = {}) {
  return {
    'webhook-id': ID,
    'webhook-timestamp': String(TIMESTAMP),
    'webhook-signature': SIGNATURE,
    ...overrides,
  };
}

function sign(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

describe('verifyWebhook (Standard Webhooks)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const at = (seconds: number) => {
    vi.useFakeTimers();
    vi.setSystemTime(seconds * 1000);
  };

  it("accepts the specification's example and answers the event", () => {
    at(TIMESTAMP);
    expect(verifyWebhook(SECRET, headers(), BODY)).toEqual({ test: 2432232314 });
    // Bytes as they arrived, fetch Headers, header names in any case.
    expect(verifyWebhook(SECRET, headers(), Buffer.from(BODY))).toEqual({ test: 2432232314 });
    expect(verifyWebhook(SECRET, new Headers(headers()), BODY)).toEqual({ test: 2432232314 });
    expect(
      verifyWebhook(
        SECRET,
        { 'Webhook-Id': ID, 'WEBHOOK-TIMESTAMP': String(TIMESTAMP), 'webhook-signature': [SIGNATURE] },
        BODY,
      ),
    ).toEqual({
      test: 2432232314,
    });
  });

  it('accepts one matching signature among several (a secret being rotated), and ignores other versions', () => {
    at(TIMESTAMP);
    const other = sign('whsec_dGhlIG90aGVyIHNlY3JldA==', ID, TIMESTAMP, BODY);
    const sigs = `v2,abc ${other} ${SIGNATURE}`;
    expect(verifyWebhook(SECRET, headers({ 'webhook-signature': sigs }), BODY)).toEqual({ test: 2432232314 });
    expect(() => verifyWebhook(SECRET, headers({ 'webhook-signature': `v2,${SIGNATURE.slice(3)}` }), BODY)).toThrow(
      WebhookVerificationError,
    );
  });

  it('refuses a changed body, id or timestamp, another secret, a malformed signature, missing headers', () => {
    at(TIMESTAMP);
    const refused = (h: Record<string, string>, body = BODY, secret = SECRET) =>
      expect(() => verifyWebhook(secret, h, body)).toThrow(WebhookVerificationError);
    refused(headers(), '{"test": 2432232315}');
    refused(headers(), `${BODY} `);
    refused(headers({ 'webhook-id': 'msg_other' }));
    refused(headers({ 'webhook-timestamp': String(TIMESTAMP + 1) }));
    refused(headers(), BODY, 'whsec_dGhlIG90aGVyIHNlY3JldA==');
    refused(headers({ 'webhook-signature': 'v1,' }));
    refused(headers({ 'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl' }));
    refused(headers({ 'webhook-signature': 'garbage' }));
    refused({ 'webhook-id': ID, 'webhook-timestamp': String(TIMESTAMP) });
    refused({ 'webhook-signature': SIGNATURE, 'webhook-timestamp': String(TIMESTAMP) });
    refused(headers({ 'webhook-timestamp': 'yesterday' }));
  });

  it('refuses a timestamp outside the tolerance, either way', () => {
    at(TIMESTAMP + 301);
    expect(() => verifyWebhook(SECRET, headers(), BODY)).toThrow(/too old or too new/);
    expect(verifyWebhook(SECRET, headers(), BODY, 600)).toEqual({ test: 2432232314 });
    at(TIMESTAMP - 301);
    expect(() => verifyWebhook(SECRET, headers(), BODY)).toThrow(/too old or too new/);
    at(TIMESTAMP + 300);
    expect(verifyWebhook(SECRET, headers(), BODY)).toEqual({ test: 2432232314 });
  });

  it('signs what a sender signs now: a fresh delivery verifies', () => {
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: 'letter.analysed', data: { id: 'a' } });
    const h = {
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(now),
      'webhook-signature': sign(SECRET, 'evt_1', now, body),
    };
    expect(verifyWebhook(SECRET, h, body)).toEqual({ type: 'letter.analysed', data: { id: 'a' } });
  });
});
