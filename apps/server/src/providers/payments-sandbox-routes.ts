import { z } from 'zod';
import type { App } from '../platform/http.js';
import { CardError, type SandboxPaymentProvider } from './payments-sandbox.js';

const cardError = z.object({
  error: z.object({ type: z.string(), code: z.string(), message: z.string(), param: z.string().nullable() }),
});

/**
 * What Stripe.js does in the browser, for the built-in sandbox: turn card details into a payment
 * method, and confirm an intent with its client secret. Answers in Stripe's shapes; a card error is
 * a 402 with `error.type = "card_error"`. Only a signed-in member reaches them.
 */
export function registerSandboxPaymentRoutes(app: App, sandbox: SandboxPaymentProvider) {
  const member = { kind: 'member', anyOf: ['top_up'] } as const;
  const refuse = (error: unknown) => {
    if (!(error instanceof CardError)) throw error;
    return {
      error: { type: 'card_error', code: error.code, message: error.message, param: error.param },
    };
  };

  app.post(
    '/api/payments/sandbox/payment_methods',
    {
      schema: {
        tags: ['payments sandbox'],
        summary: "The sandbox's stand-in for Stripe.js createPaymentMethod (test cards as Stripe's)",
        body: z.strictObject({
          card: z.strictObject({
            number: z.string().max(40),
            exp_month: z.number().int().min(0).max(99),
            exp_year: z.number().int().min(0).max(9999),
            cvc: z.string().max(8),
          }),
        }),
        response: {
          200: z.object({ id: z.string(), card: z.object({ brand: z.string(), last4: z.string() }) }),
          402: cardError,
        },
      },
      config: { access: member },
    },
    async (request, reply) => {
      const { card } = request.body;
      try {
        return await sandbox.createPaymentMethod(card);
      } catch (error) {
        return reply.status(402).send(refuse(error));
      }
    },
  );

  app.post(
    '/api/payments/sandbox/payment_intents/:id/confirm',
    {
      schema: {
        tags: ['payments sandbox'],
        summary: "The sandbox's stand-in for Stripe.js confirmCardPayment",
        params: z.object({ id: z.string().min(1).max(100) }),
        body: z.strictObject({
          client_secret: z.string().min(1).max(255),
          payment_method: z.string().max(255).default(''),
        }),
        response: {
          200: z.object({
            id: z.string(),
            status: z.string(),
            last_payment_error: z
              .object({ code: z.string(), decline_code: z.string().nullable(), message: z.string() })
              .nullable(),
          }),
          402: cardError,
          404: cardError,
        },
      },
      config: { access: member },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      try {
        const intent = await sandbox.confirm(id, body.client_secret, body.payment_method);
        if (!intent)
          return reply.status(404).send({
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such payment intent.',
              param: 'id',
            },
          });
        return {
          id: intent.id,
          status: intent.status,
          last_payment_error: intent.lastError
            ? { code: 'card_declined', decline_code: intent.lastError.code, message: intent.lastError.message }
            : null,
        };
      } catch (error) {
        return reply.status(402).send(refuse(error));
      }
    },
  );
}
