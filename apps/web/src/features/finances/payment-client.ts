import { MESSAGES } from '@lp/domain';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { type ApiBody, ApiError, type ApiResponse, apiUrl, CSRF_HEADER, getCsrfToken } from '../../lib/api';
import { type CardField, cardFieldOfParam, type SandboxCard } from './card-validation';

/** A refused card (incomplete, invalid, unknown): shown under the card fields, on `field` when it names one. */
export class CardError extends Error {
  readonly field: CardField | null;

  constructor(message: string, field: CardField | null = null) {
    super(message);
    this.name = 'CardError';
    this.field = field;
  }
}

/** The intent the server created for a top-up (POST /api/finances/intent). */
export interface IntentRef {
  paymentIntentId: string;
  clientSecret: string;
}

/** What confirming the card payment gave: a decline is `requires_payment_method` with the provider's text. */
export interface ConfirmResult {
  status: 'succeeded' | 'processing' | 'requires_payment_method' | (string & {});
  error: string | null;
}

/**
 * The card provider's browser side, the same for the built-in sandbox and Stripe.js, so the Add Funds
 * modal does not care which one the server uses. `Card` is what the card form holds: the sandbox's
 * typed card, or Stripe's Card Element.
 */
export interface PaymentClient<Card> {
  /** Turns the card into a payment method id; throws CardError for a card the provider refuses. */
  createPaymentMethod(card: Card): Promise<string>;
  /** Confirms the intent with the payment method (the provider may ask the cardholder to authenticate). */
  confirmCardPayment(intent: IntentRef, paymentMethodId: string): Promise<ConfirmResult>;
}

/** A refusal of the sandbox: Stripe's shape (`error`), or the API's own (`code`, `message`). */
interface SandboxError {
  error?: { type?: string; code?: string; message?: string; param?: string | null };
  message?: string;
  code?: string;
}

type SandboxPath = '/api/payments/sandbox/payment_methods' | '/api/payments/sandbox/payment_intents/{id}/confirm';

/**
 * What the sandbox answered: its 200 answer's fields when it accepted, else a refusal; read by the
 * status (a 402 has Stripe's `error`, which lib/api's errors do not keep, hence fetch here).
 */
type SandboxAnswer<P extends SandboxPath> = Partial<ApiResponse<P, 'post'>> & SandboxError;

async function sandboxPost<P extends SandboxPath>(
  url: string,
  body: ApiBody<P, 'post'>,
): Promise<{ status: number; body: SandboxAnswer<P> }> {
  const token = await getCsrfToken();
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json', [CSRF_HEADER]: token },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', MESSAGES.genericError);
  }
  let json: SandboxAnswer<P> | null = {};
  try {
    json = await res.json();
  } catch {
    // An empty or non-JSON body: judged by the status alone.
  }
  return { status: res.status, body: json ?? {} };
}

/** Any other refusal of the sandbox: its message (top level or under `error`) as an ApiError. */
function sandboxFailure(answer: { status: number; body: SandboxError }): ApiError {
  const { body } = answer;
  return new ApiError(
    answer.status,
    body.code ?? body.error?.code ?? `HTTP_${answer.status}`,
    body.message ?? body.error?.message ?? MESSAGES.genericError,
  );
}

/** The built-in payment sandbox (it stands for Stripe.js when GET /api/finances/top-up says "sandbox"). */
export const sandboxPaymentClient: PaymentClient<SandboxCard> = {
  async createPaymentMethod(card) {
    const path = '/api/payments/sandbox/payment_methods';
    const answer = await sandboxPost<typeof path>(apiUrl<typeof path, 'post'>(path), { card });
    if (answer.status === 200 && typeof answer.body.id === 'string') return answer.body.id;
    const error = answer.body.error;
    if (error?.type === 'card_error' || (answer.status === 402 && error?.message)) {
      throw new CardError(error?.message ?? MESSAGES.genericError, cardFieldOfParam(error?.param));
    }
    throw sandboxFailure(answer);
  },

  async confirmCardPayment(intent, paymentMethodId) {
    const path = '/api/payments/sandbox/payment_intents/{id}/confirm';
    const answer = await sandboxPost<typeof path>(
      apiUrl<typeof path, 'post'>(path, { params: { id: intent.paymentIntentId } }),
      { client_secret: intent.clientSecret, payment_method: paymentMethodId },
    );
    if (answer.status === 200 && typeof answer.body.status === 'string') {
      return { status: answer.body.status, error: answer.body.last_payment_error?.message ?? null };
    }
    const error = answer.body.error;
    if (error?.type === 'card_error') return { status: 'requires_payment_method', error: error.message ?? '' };
    throw sandboxFailure(answer);
  },
};

/** Stripe.js, loaded on first use (its own chunk, never in the main one). */
export async function loadStripeJs(publishableKey: string): Promise<Stripe> {
  const { loadStripe } = await import('@stripe/stripe-js');
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js could not be loaded');
  return stripe;
}

/** Stripe.js behind the same interface: the card is the mounted Card Element. */
export function stripePaymentClient(stripe: Stripe): PaymentClient<StripeCardElement> {
  return {
    async createPaymentMethod(card) {
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      if (result.error) {
        if (result.error.type === 'card_error' || result.error.type === 'validation_error') {
          throw new CardError(result.error.message ?? MESSAGES.genericError);
        }
        throw new Error(result.error.message ?? MESSAGES.genericError);
      }
      return result.paymentMethod.id;
    },

    async confirmCardPayment(intent, paymentMethodId) {
      const result = await stripe.confirmCardPayment(intent.clientSecret, { payment_method: paymentMethodId });
      if (result.error) {
        if (result.error.type === 'card_error' || result.error.type === 'validation_error') {
          return { status: 'requires_payment_method', error: result.error.message ?? '' };
        }
        throw new Error(result.error.message ?? MESSAGES.genericError);
      }
      return { status: result.paymentIntent.status, error: result.paymentIntent.last_payment_error?.message ?? null };
    },
  };
}
