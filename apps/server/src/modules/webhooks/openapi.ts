import type { SwaggerOptions } from '@fastify/swagger';
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@lp/domain';
import { z } from 'zod';
import { WEBHOOK_EVENT_SCHEMAS } from '../../platform/webhook-outbox.js';

/** The `webhooks` of the OpenAPI 3.1 document as @fastify/swagger's options type it. */
type OpenApiOptions = NonNullable<Extract<SwaggerOptions, { openapi?: unknown }>['openapi']>;
export type OpenApiWebhooks = NonNullable<
  OpenApiOptions extends infer D ? (D extends { webhooks?: infer W } ? W : never) : never
>;

/** The body of one event: Standard Webhooks' envelope around the event's data. */
function envelope(type: WebhookEventType) {
  return z.object({
    id: z.string().describe('The event id (evt_…), also the webhook-id header: the same on every retry'),
    type: z.literal(type),
    timestamp: z.string().describe('When the event happened (ISO 8601, UTC)'),
    data: WEBHOOK_EVENT_SCHEMAS[type],
  });
}

const HEADERS = [
  ['webhook-id', 'The event id; de-duplicate on it (a retry sends the same one).'],
  ['webhook-timestamp', 'Unix seconds when this attempt was signed; refuse one far from now.'],
  [
    'webhook-signature',
    'v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoded part of the secret after whsec_>',
  ],
] as const;

const operationName = (type: string) =>
  `webhook${type
    .split(/[._]/)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
  return rest;
}

/**
 * The OpenAPI 3.1 document's top-level `webhooks`: what each of the 8 events POSTs to an endpoint,
 * built from the same schemas the producers are typed by (platform/webhook-outbox.ts).
 */
export function webhookEventsOpenApi(): OpenApiWebhooks {
  const webhooks = Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: operationName(type),
          tags: ['webhooks'],
          summary: type,
          description: `${WEBHOOK_EVENT_DESCRIPTIONS[type]} Signed by the Standard Webhooks specification; retried with backoff for up to 3 days until the endpoint answers 2xx.`,
          parameters: HEADERS.map(([name, description]) => ({
            name,
            in: 'header',
            required: true,
            description,
            schema: { type: 'string' },
          })),
          // The receiver authenticates the call by its signature headers, not by a scheme of ours.
          security: [],
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(envelope(type)) } } },
          responses: {
            '200': { description: 'Received (any 2xx). Anything else, or no answer within 10 s, is retried.' },
            '400': {
              description:
                'The signature or timestamp did not verify: the event is retried, then the endpoint switched off.',
            },
          },
        },
      },
    ]),
  );
  // z.toJSONSchema answers JSON Schema 2020-12, which OpenAPI 3.1 schemas are; its TypeScript type
  // (a plain record) is only wider than openapi-types' SchemaObject.
  return webhooks as OpenApiWebhooks;
}
