import { createHmac } from 'node:crypto';
import type pg from 'pg';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import { createStripeProvider, type PaymentProvider } from '../../providers/payments.js';
import {
  CardError,
  createSandboxPaymentProvider,
  type SandboxPaymentProvider,
} from '../../providers/payments-sandbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card payment provider in use (tests wait on the sandbox's events through it). */
    payments: Payments;
  }
}

export interface Payments {
  provider: PaymentProvider;
  /** Set when the built-in sandbox is the provider. */
  sandbox: SandboxPaymentProvider | null;
  /** A provider failure as the answer a user reads (a card error says what is wrong with the card). */
  toPaymentError(error: unknown): Error;
}

/** The sandbox signs its events with a secret derived from the product's own. */
export function sandboxWebhookSecret(authSecret: string): string {
  return `whsec_${createHmac('sha256', authSecret).update('payments-sandbox-webhook').digest('base64url')}`;
}

/** Stripe when its keys are configured, else the built-in sandbox. */
export function createPayments(config: Config, pool: pg.Pool): Payments {
  const toPaymentError = (error: unknown): Error => {
    if (error instanceof AppError) return error;
    if (error instanceof CardError) return new AppError('PAYMENT_FAILED', error.message);
    const e = error as { type?: string; message?: string; statusCode?: number };
    // Stripe's card and request errors carry a message meant for the payer.
    if (e?.type === 'StripeCardError' || e?.type === 'StripeInvalidRequestError')
      return new AppError('PAYMENT_FAILED', e.message ?? 'The payment failed.');
    return new AppError('UNAVAILABLE', 'The card payment service is not answering. Try again in a moment.');
  };
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return {
      provider: createStripeProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      }),
      sandbox: null,
      toPaymentError,
    };
  }
  const sandbox = createSandboxPaymentProvider(pool, {
    webhookSecret: sandboxWebhookSecret(config.authSecret),
    latencyMs: config.PAYMENTS_SANDBOX_LATENCY_MS,
    eventDelayMs: config.PAYMENTS_SANDBOX_EVENT_DELAY_MS,
    duplicateRate: config.PAYMENTS_SANDBOX_DUPLICATE_RATE,
  });
  return { provider: sandbox, sandbox, toPaymentError };
}
