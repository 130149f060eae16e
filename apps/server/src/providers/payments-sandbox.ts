import { randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { Narrow } from '../platform/db/row.js';
import type { SandboxPaymentIntentRow, SandboxPaymentMethodRow } from '../platform/db/rows.js';
import {
  type CreatedIntent,
  type IntentStatus,
  type PaymentProvider,
  type ProviderIntent,
  parseEvent,
  signPayload,
  verifySignature,
} from './payments.js';
import { SandboxWork } from './sandbox-work.js';

/**
 * The built-in card provider: it follows Stripe's flow and test cards, keeps its records in its
 * own tables (so it survives a restart and serves every instance), answers after a realistic
 * latency, and sends signed events to our own webhook route, sometimes twice and after a delay,
 * as Stripe does. The browser reaches it through /api/payments/sandbox/* (the part Stripe.js plays).
 */

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export class CardError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly param: string | null,
    readonly declineCode: string | null = null,
  ) {
    super(message);
  }
}

/** Stripe's test cards and what each does. Any other valid number succeeds. */
const TEST_CARDS: Record<string, { outcome: string; message: string } | undefined> = {
  '4000000000009995': { outcome: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000002': { outcome: 'generic_decline', message: 'Your card was declined.' },
  '4000000000000069': { outcome: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { outcome: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    outcome: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};
const DECLINES: Record<string, string> = Object.fromEntries(
  Object.values(TEST_CARDS).map((c) => [c!.outcome, c!.message]),
);

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/** Checks a card the way Stripe.js does before it leaves the browser; throws CardError. */
export function checkCard(card: CardInput, now = new Date()): { digits: string; brand: string } {
  const digits = String(card.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits))
    throw new CardError('incomplete_number', 'Your card number is incomplete.', 'number');
  if (!luhnValid(digits)) throw new CardError('incorrect_number', 'Your card number is invalid.', 'number');
  const month = Number(card.exp_month);
  let year = Number(card.exp_year);
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw new CardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  if (!Number.isInteger(year))
    throw new CardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  if (year < 100) year += 2000;
  const expired = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (expired || year > now.getUTCFullYear() + 50)
    throw new CardError('invalid_expiry_year', "Your card's expiration year is in the past.", 'exp_year');
  if (!/^\d{3,4}$/.test(String(card.cvc ?? '')))
    throw new CardError('incomplete_cvc', "Your card's security code is incomplete.", 'cvc');
  return { digits, brand: brandOf(digits) };
}

export interface SandboxOptions {
  /** The secret its events are signed with (our webhook checks it). */
  webhookSecret: string;
  /** Each call answers after up to this many ms (0: at once). */
  latencyMs: number;
  /** Events reach the webhook after up to this many ms. */
  eventDelayMs: number;
  /** The share of events delivered twice (Stripe delivers at least once). */
  duplicateRate: number;
}

export type EventSink = (rawBody: string, signature: string) => Promise<number>;

export interface SandboxPaymentProvider extends PaymentProvider {
  createPaymentMethod(card: CardInput): Promise<{ id: string; card: { brand: string; last4: string } }>;
  confirm(intentId: string, clientSecret: string, paymentMethod: string): Promise<ProviderIntent | null>;
  /** Where its events go: our webhook route, through the full HTTP pipeline. */
  setEventSink(sink: EventSink): void;
  /** Resolves when every event in flight has been delivered (tests). */
  settled(): Promise<void>;
  close(): void;
}

const id = (prefix: string) => `${prefix}_sb${randomBytes(12).toString('hex')}`;

/** A sandbox intent as `select *` reads it; the JSON columns hold what this sandbox writes. */
type IntentRow = Narrow<
  SandboxPaymentIntentRow,
  {
    status: IntentStatus;
    last_error: { code: string; decline_code: string | null; message: string } | null;
    metadata: Record<string, string>;
  }
>;

function toIntent(r: IntentRow): ProviderIntent {
  return {
    id: r.id,
    amount: Number(r.amount_pence),
    currency: r.currency,
    status: r.status,
    metadata: r.metadata,
    lastError: r.last_error
      ? { code: r.last_error.decline_code ?? r.last_error.code, message: r.last_error.message }
      : null,
  };
}

/** The intent as Stripe's API object (what events carry). */
function apiObject(r: IntentRow) {
  return {
    id: r.id,
    object: 'payment_intent',
    amount: Number(r.amount_pence),
    currency: r.currency,
    status: r.status,
    payment_method: r.payment_method,
    metadata: r.metadata,
    last_payment_error: r.last_error,
  };
}

export function createSandboxPaymentProvider(pool: pg.Pool, options: SandboxOptions): SandboxPaymentProvider {
  let sink: EventSink | null = null;
  const work = new SandboxWork();

  function emit(type: string, row: IntentRow) {
    if (!sink) return;
    const raw = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: apiObject(row) },
    });
    const times = Math.random() < options.duplicateRate ? 2 : 1;
    for (let i = 0; i < times; i++) {
      work.track(
        (async () => {
          await work.jitter(options.eventDelayMs * (i + 1));
          // Retried with backoff like Stripe (compressed: seconds, not days) until our route answers 2xx.
          await work.post(
            () => sink!(raw, signPayload(options.webhookSecret, raw, Math.floor(Date.now() / 1000))),
            6,
            250,
          );
        })(),
      );
    }
  }

  async function readIntent(intentId: string): Promise<IntentRow | null> {
    const { rows } = await pool.query<IntentRow>('select * from sandbox_payment_intents where id = $1', [intentId]);
    return rows[0] ?? null;
  }

  return {
    name: 'sandbox',
    publishableKey: null,
    async createPaymentMethod(card) {
      await work.jitter(options.latencyMs);
      const { digits, brand } = checkCard(card);
      const outcome = TEST_CARDS[digits]?.outcome ?? 'succeeds';
      const pm = id('pm');
      await pool.query('insert into sandbox_payment_methods (id, brand, last4, outcome) values ($1, $2, $3, $4)', [
        pm,
        brand,
        digits.slice(-4),
        outcome,
      ]);
      return { id: pm, card: { brand, last4: digits.slice(-4) } };
    },
    async createIntent({ amount, paymentMethodId, metadata }): Promise<CreatedIntent> {
      await work.jitter(options.latencyMs);
      const { rows: pm } = await pool.query('select 1 from sandbox_payment_methods where id = $1', [paymentMethodId]);
      if (!pm[0]) throw new CardError('resource_missing', 'No such payment method.', 'payment_method');
      const intentId = id('pi');
      const clientSecret = `${intentId}_secret_${randomBytes(12).toString('hex')}`;
      const { rows } = await pool.query<IntentRow>(
        `insert into sandbox_payment_intents (id, client_secret, amount_pence, currency, status, payment_method, metadata)
         values ($1, $2, $3, 'gbp', 'requires_confirmation', $4, $5) returning *`,
        [intentId, clientSecret, amount, paymentMethodId, JSON.stringify(metadata)],
      );
      emit('payment_intent.created', rows[0]!);
      return { ...toIntent(rows[0]!), clientSecret };
    },
    async retrieveIntent(intentId) {
      const row = await readIntent(intentId);
      return row ? toIntent(row) : null;
    },
    async confirm(intentId, clientSecret, paymentMethod) {
      await work.jitter(options.latencyMs);
      const row = await readIntent(intentId);
      const a = Buffer.from(row?.client_secret ?? '');
      const b = Buffer.from(String(clientSecret));
      if (!row || a.length !== b.length || !timingSafeEqual(a, b)) return null;
      if (row.status === 'succeeded' || row.status === 'processing') return toIntent(row);
      const { rows: pms } = await pool.query<Pick<SandboxPaymentMethodRow, 'outcome'>>(
        'select outcome from sandbox_payment_methods where id = $1',
        [paymentMethod || row.payment_method],
      );
      const outcome = pms[0]?.outcome;
      if (!outcome) throw new CardError('resource_missing', 'No such payment method.', 'payment_method');
      const succeeded = outcome === 'succeeds';
      const lastError = succeeded
        ? null
        : { code: 'card_declined', decline_code: outcome, message: DECLINES[outcome] ?? 'Your card was declined.' };
      const { rows } = await pool.query<IntentRow>(
        `update sandbox_payment_intents set status = $2, payment_method = $3, last_error = $4
          where id = $1 and status not in ('succeeded', 'processing') returning *`,
        [intentId, succeeded ? 'succeeded' : 'requires_payment_method', paymentMethod || row.payment_method, lastError],
      );
      const updated = rows[0] ?? (await readIntent(intentId))!;
      if (rows[0]) emit(succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', updated);
      return toIntent(updated);
    },
    verifyEvent(rawBody, signature, nowSeconds) {
      verifySignature(options.webhookSecret, rawBody, signature, nowSeconds);
      return parseEvent(rawBody);
    },
    setEventSink(s) {
      sink = s;
    },
    settled: () => work.settled(),
    close: () => work.close(),
  };
}
