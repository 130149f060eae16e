import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadOnce } from '../platform/load-once.js';

/**
 * The card payment provider (decision 0015): Stripe's API when keys are configured, the built-in
 * sandbox (modules/money/sandbox.ts) otherwise. Both speak Stripe's shapes: PaymentIntents in
 * pence, events signed with Stripe's scheme, so one webhook route serves both.
 */

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface ProviderIntent {
  id: string;
  amount: number;
  currency: string;
  status: IntentStatus;
  metadata: Record<string, string>;
  lastError: { code: string | null; message: string } | null;
}

export interface CreatedIntent extends ProviderIntent {
  clientSecret: string;
}

export interface ProviderEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, the provider's time of the event. */
  created: number;
  intent: ProviderIntent | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** The key the browser's card library uses (null for the sandbox). */
  readonly publishableKey: string | null;
  createIntent(input: {
    amount: number;
    paymentMethodId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<CreatedIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Checks the signature on the raw body (with a timestamp tolerance) and reads the event; throws when it is not genuine. */
  verifyEvent(rawBody: Buffer, signature: string | undefined, nowSeconds?: number): ProviderEvent;
}

/** Stripe's tolerance for a webhook's timestamp. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class SignatureError extends Error {}

/** Stripe's webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signPayload(secret: string, payload: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Verifies a Stripe-scheme signature on the raw bytes; throws SignatureError when forged or stale. */
export function verifySignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
  tolerance = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (!header || header.length > 2000) throw new SignatureError('No signature.');
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isSafeInteger(t) || signatures.length === 0) throw new SignatureError('Malformed signature.');
  if (Math.abs(nowSeconds - t) > tolerance) throw new SignatureError('The signature is too old.');
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  const ok = signatures.some((s) => {
    if (!/^[0-9a-f]{64}$/.test(s)) return false;
    return timingSafeEqual(Buffer.from(s, 'hex'), expected);
  });
  if (!ok) throw new SignatureError('The signature does not match.');
}

/** Reads an event's JSON (Stripe's shape) once its signature has been verified. */
export function parseEvent(rawBody: Buffer): ProviderEvent {
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new SignatureError('The event is not JSON.');
  }
  const e = event as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: Record<string, unknown> } };
  const word = /^[\w.-]{1,255}$/;
  if (typeof e.id !== 'string' || !word.test(e.id) || typeof e.type !== 'string' || !word.test(e.type))
    throw new SignatureError('The event has no id or type.');
  if (typeof e.created !== 'number' || !Number.isSafeInteger(e.created) || e.created < 0)
    throw new SignatureError('The event has no time.');
  const object = e.data?.object;
  const intent =
    object && object.object === 'payment_intent' && typeof object.id === 'string' && word.test(object.id)
      ? toIntent(object)
      : null;
  return { id: e.id, type: e.type, created: e.created, intent };
}

function toIntent(o: Record<string, unknown>): ProviderIntent {
  const err = o.last_payment_error as { code?: string; decline_code?: string; message?: string } | null | undefined;
  return {
    id: String(o.id),
    amount: Number(o.amount),
    currency: String(o.currency ?? 'gbp'),
    status: String(o.status) as IntentStatus,
    metadata: (o.metadata as Record<string, string> | undefined) ?? {},
    lastError: err
      ? { code: err.decline_code ?? err.code ?? null, message: err.message ?? 'The card was declined.' }
      : null,
  };
}

/** Stripe's API through its server SDK. */
export function createStripeProvider(opts: {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}): PaymentProvider {
  // Stripe's SDK (a third of a second to load) is loaded on the first call, not at start-up.
  const api = loadOnce(() =>
    import('stripe').then(
      ({ default: StripeSdk }) => new StripeSdk(opts.secretKey, { maxNetworkRetries: 2, timeout: 20_000 }),
    ),
  );
  return {
    name: 'stripe',
    publishableKey: opts.publishableKey,
    async createIntent({ amount, paymentMethodId, metadata, idempotencyKey }) {
      const pi = await (await api()).paymentIntents.create(
        {
          amount,
          currency: 'gbp',
          payment_method: paymentMethodId,
          allowed_payment_method_types: ['card'],
          metadata,
          description: 'LetterPost balance top-up',
        },
        { idempotencyKey },
      );
      return { ...toIntent(pi as unknown as Record<string, unknown>), clientSecret: pi.client_secret ?? '' };
    },
    async retrieveIntent(id) {
      try {
        const pi = await (await api()).paymentIntents.retrieve(id);
        return toIntent(pi as unknown as Record<string, unknown>);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
    verifyEvent(rawBody, signature, nowSeconds) {
      verifySignature(opts.webhookSecret, rawBody, signature, nowSeconds);
      return parseEvent(rawBody);
    },
  };
}
