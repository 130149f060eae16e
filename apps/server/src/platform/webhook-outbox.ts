import { randomUUID } from 'node:crypto';
import { CHANNEL_STATES, DELIVERY_CHANNELS, type WebhookEventType } from '@lp/domain';
import type pg from 'pg';
import { z } from 'zod';
import type { WebhookEndpointRow } from './db/rows.js';
import { addJob } from './jobs.js';
import { TASKS } from './tasks.js';

/**
 * The webhook outbox (decision 0029). Whatever changes a letter, a delivery channel, a parcel, the
 * balance or an approval calls `emitEvent` in the transaction of that change: the event and one
 * delivery per subscribed endpoint are written on the caller's connection, with the job that sends
 * each, so an event exists exactly when its change committed. A company with no endpoint listening
 * pays one indexed query.
 *
 * The `data` of each event is defined here, once: the producers are typed by it and the webhooks
 * module describes it in the OpenAPI document's `webhooks`.
 */

const iso = z.string().describe('ISO 8601 date-time (UTC)');

export const letterEventSchema = z.object({
  id: z.string(),
  name: z.string().describe('The file name the letter was uploaded with'),
  status: z.string().describe('The letter status, as GET /api/letters/{id} answers it'),
  status_reason: z.string().nullable(),
  document_type: z.string(),
  num_pages: z.number().int().nullable(),
  recipient: z
    .object({ name: z.string(), address_lines: z.array(z.string()), postcode: z.string().nullable() })
    .nullable()
    .describe('Who the analysis read the letter is for; null until known'),
  delivery_channels: z.array(z.string()),
  successful_delivery_channels: z.array(z.string()),
  unsuccessful_delivery_channels: z.array(z.string()),
  created_at: iso,
  updated_at: iso,
});
export type LetterEventData = z.infer<typeof letterEventSchema>;

export const WEBHOOK_EVENT_SCHEMAS = {
  'letter.analysed': letterEventSchema,
  'letter.status_changed': letterEventSchema.extend({
    previous_status: z.string().describe('The status before this change'),
  }),
  'delivery.channel_updated': z.object({
    letter_id: z.string(),
    delivery_id: z.string(),
    channel: z.enum(DELIVERY_CHANNELS),
    state: z.enum(CHANNEL_STATES),
    provider_status: z.string().nullable().describe("The provider's own status (printing, handed_over, delivered...)"),
    reason: z.string().nullable().describe('Why the channel failed, when it did'),
    updated_at: iso,
  }),
  'parcel.status_changed': z.object({
    id: z.string(),
    status: z.string(),
    previous_status: z.string(),
    tracking_status: z.string().nullable(),
    carrier: z.string(),
    service: z.string(),
    shipment_id: z.string().nullable().describe("The carrier's shipment (tracking) number, once booked"),
    recipient_name: z.string(),
    recipient_postcode: z.string(),
    cost_pence: z.number().int(),
    collection_date: z.string().describe('YYYY-MM-DD'),
    created_at: iso,
    updated_at: iso,
  }),
  'payment.succeeded': z.object({
    payment_intent_id: z.string(),
    amount_pence: z.number().int(),
    currency: z.literal('gbp'),
    transaction_id: z.string().describe('The ledger entry of the credit (GET /api/finances/transactions)'),
    balance_pence: z.number().int().describe('The balance after the credit'),
    created_at: iso,
  }),
  'balance.low': z.object({
    available_pence: z.number().int().describe('Balance minus what holds reserve'),
    balance_pence: z.number().int(),
    held_pence: z.number().int(),
    threshold_pence: z.number().int().describe('The mark it fell below (LOW_BALANCE_PENCE, £10)'),
  }),
  'approval.requested': z.object({
    id: z.string(),
    task: z.string().describe('The permission the request needs a supervisor for'),
    entity_type: z.string(),
    entity_id: z.string(),
    requested_by: z.string().describe('Who asked (a person, or "API key \'ERP\' of Jane Smith")'),
    created_at: iso,
  }),
  'approval.decided': z.object({
    id: z.string(),
    task: z.string(),
    entity_type: z.string(),
    entity_id: z.string(),
    verdict: z.enum(['approve', 'deny']),
    decided_by: z.string(),
    decided_at: iso,
  }),
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_EVENT_SCHEMAS)[T]>;

/** The event's data, or a function building it (called only when an endpoint listens); null: nothing to send. */
export type EventData<T extends WebhookEventType> = WebhookEventData<T> | (() => Promise<WebhookEventData<T> | null>);

/** How many times the sending job itself is retried by the queue (a database error, not the endpoint's answer). */
const SEND_JOB_ATTEMPTS = 5;

/**
 * Writes the event to the outbox and queues its deliveries, on the caller's connection (inside its
 * transaction). Answers the event's id, or null when no enabled endpoint of the company listens to
 * `type` (nothing is written).
 */
export async function emitEvent<T extends WebhookEventType>(
  q: pg.ClientBase,
  accountId: string,
  type: T,
  data: EventData<T>,
): Promise<string | null> {
  const { rows: endpoints } = await q.query<Pick<WebhookEndpointRow, 'id'>>(
    'select id from webhook_endpoints where account_id = $1 and disabled_at is null and $2 = any(events)',
    [accountId, type],
  );
  if (endpoints.length === 0) return null;
  const payload = typeof data === 'function' ? await data() : data;
  if (payload === null) return null;
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  await q.query('insert into webhook_events (id, account_id, type, payload) values ($1, $2, $3, $4)', [
    eventId,
    accountId,
    type,
    JSON.stringify(payload),
  ]);
  const deliveryIds = endpoints.map(() => `whd_${randomUUID().replaceAll('-', '')}`);
  await q.query(
    `insert into webhook_deliveries (id, account_id, event_id, endpoint_id, next_attempt_at)
     select d, $2, $3, e, now() from unnest($1::text[], $4::text[]) as x(d, e)`,
    [deliveryIds, accountId, eventId, endpoints.map((e) => e.id)],
  );
  for (const deliveryId of deliveryIds)
    await addJob(
      q,
      TASKS.sendWebhook,
      { deliveryId },
      { maxAttempts: SEND_JOB_ATTEMPTS, jobKey: webhookJobKey(deliveryId) },
    );
  return eventId;
}

/** One queued job per delivery: queueing it again (a retry, a Resend) replaces a waiting one. */
export const webhookJobKey = (deliveryId: string) => `webhook:${deliveryId}`;
