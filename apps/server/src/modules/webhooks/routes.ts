import { WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES, WEBHOOK_URL_MAX } from '@lp/domain';
import { z } from 'zod';
import type { App, PlatformDeps } from '../../platform/http.js';
import { errorSchema, messageSchema } from '../../platform/http.js';
import { keyRing } from '../../platform/secrets.js';
import { createWebhookEndpoint } from './create-webhook-endpoint.js';
import { deleteWebhookEndpoint, enableWebhookEndpoint } from './delete-webhook-endpoint.js';
import { ATTEMPTS_PAGE_MAX, listWebhookAttempts } from './list-webhook-attempts.js';
import { listWebhookEndpoints } from './list-webhook-endpoints.js';
import { resendWebhook } from './resend-webhook.js';

const endpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
  /** Since when its deliveries fail without a success (null while it answers). */
  failing_since: z.string().nullable(),
  created_at: z.string(),
});

const attemptSchema = z.object({
  id: z.string(),
  delivery_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  attempt: z.number().int(),
  manual: z.boolean(),
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  delivery_status: z.enum(['pending', 'delivered', 'failed']),
  next_attempt_at: z.string().nullable(),
});

const createBody = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlInvalid)
    .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    .refine((u) => !/[\u0000-\u001f\u007f\s]/.test(u), WEBHOOK_MESSAGES.urlInvalid),
  /** Names from the catalogue of 8 events; anything else is refused with its position. */
  events: z.array(z.string().max(100)).max(WEBHOOK_EVENT_TYPES.length * 2),
});

const idParams = z.object({ id: z.string().min(1).max(100) });
const resendParams = idParams.extend({ deliveryId: z.string().min(1).max(100) });
const attemptsQuery = z.object({
  /** The `next_before` of the previous page. */
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'Not a page position.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(ATTEMPTS_PAGE_MAX).default(50),
});

// Managing endpoints is for a person in the web app: a leaked API key must not be able to send the
// company's events (recipients' names and addresses) to a URL of its choosing (decision 0029).
const access = { access: { kind: 'member', anyOf: ['manage_company'] }, webOnly: true } as const;
const TAGS = ['webhooks'];

/** The company's webhook endpoints and their attempt log (issue 26 item 4). */
export function registerWebhookRoutes(app: App, { pool, config }: PlatformDeps) {
  const ring = keyRing(config.integrationKeys, config.authSecret);
  const policy = { production: config.NODE_ENV === 'production' };

  app.post(
    '/api/webhooks',
    {
      schema: {
        tags: TAGS,
        summary: 'Register a webhook endpoint; its signing secret is answered this once',
        body: createBody,
        response: {
          201: z.object({ endpoint: endpointSchema, secret: z.string().describe('whsec_<base64>') }),
          403: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
      config: access,
    },
    async (request, reply) => {
      const made = await createWebhookEndpoint(pool, ring, policy, request.auth!, request.body);
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/api/webhooks',
    {
      schema: {
        tags: TAGS,
        summary: "The company's webhook endpoints (never their secrets)",
        response: { 200: z.object({ endpoints: z.array(endpointSchema) }), 403: errorSchema },
      },
      config: access,
    },
    async (request) => ({ endpoints: await listWebhookEndpoints(pool, request.auth!.accountId) }),
  );

  app.delete(
    '/api/webhooks/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a webhook endpoint with its attempt log',
        params: idParams,
        response: { 204: z.null(), 403: errorSchema, 404: errorSchema },
      },
      config: access,
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(pool, request.auth!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/webhooks/:id/enable',
    {
      schema: {
        tags: TAGS,
        summary: 'Switch a switched-off endpoint on again',
        params: idParams,
        response: { 200: messageSchema, 403: errorSchema, 404: errorSchema },
      },
      config: access,
    },
    async (request) => {
      await enableWebhookEndpoint(pool, request.auth!, request.params.id);
      return { message: WEBHOOK_MESSAGES.enabled };
    },
  );

  app.get(
    '/api/webhooks/:id/attempts',
    {
      schema: {
        tags: TAGS,
        summary: "An endpoint's delivery attempts, newest first, a page at a time",
        params: idParams,
        querystring: attemptsQuery,
        response: {
          200: z.object({ attempts: z.array(attemptSchema), next_before: z.string().nullable() }),
          403: errorSchema,
          404: errorSchema,
          422: errorSchema,
        },
      },
      config: access,
    },
    async (request) => {
      const { before, limit } = request.query;
      return listWebhookAttempts(pool, request.auth!.accountId, request.params.id, {
        before: before === undefined ? null : Number(before),
        limit,
      });
    },
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags: TAGS,
        summary: 'Send an event to the endpoint again, with the same event id',
        params: resendParams,
        response: { 202: messageSchema, 403: errorSchema, 404: errorSchema },
      },
      config: access,
    },
    async (request, reply) => {
      await resendWebhook(pool, request.auth!, request.params.id, request.params.deliveryId);
      return reply.status(202).send({ message: WEBHOOK_MESSAGES.resendQueued });
    },
  );
}
