import { randomUUID } from 'node:crypto';
import { isWebhookEventType, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES, type WebhookEventType } from '@lp/domain';
import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError, type FieldError } from '../../platform/errors.js';
import { type KeyRing, seal } from '../../platform/secrets.js';
import { checkEndpointUrl, type UrlPolicy } from './endpoint-url.js';
import { getWebhookEndpoint, type WebhookEndpointView } from './list-webhook-endpoints.js';
import { generateWebhookSecret, secretPlace } from './sign.js';

export interface NewWebhookEndpoint {
  url: string;
  events: string[];
}

function validate(input: NewWebhookEndpoint, policy: UrlPolicy): { url: string; events: WebhookEventType[] } {
  const fields: FieldError[] = [];
  const checked = checkEndpointUrl(input.url, policy);
  if ('error' in checked) fields.push({ path: 'url', message: checked.error });
  const events: WebhookEventType[] = [];
  input.events.forEach((e, i) => {
    if (!isWebhookEventType(e)) fields.push({ path: `events.${i}`, message: WEBHOOK_MESSAGES.eventUnknown(e) });
    else if (!events.includes(e)) events.push(e);
  });
  if (input.events.length === 0) fields.push({ path: 'events', message: WEBHOOK_MESSAGES.eventsEmpty });
  if (fields.length || 'error' in checked) throw new AppError('VALIDATION_FAILED', fields[0]!.message, fields);
  return { url: checked.url, events };
}

/**
 * Registers an endpoint for the member's company: its URL checked (https and public in
 * production), its events from the catalogue, a new secret sealed at rest and answered this once.
 * The audit log records it (never the secret) in the same transaction.
 */
export async function createWebhookEndpoint(
  pool: pg.Pool,
  ring: KeyRing,
  policy: UrlPolicy,
  auth: AuthContext,
  input: NewWebhookEndpoint,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const { url, events } = validate(input, policy);
  const id = `we_${randomUUID().replaceAll('-', '')}`;
  const secret = generateWebhookSecret();
  return inTransaction(pool, async (client) => {
    // The company's row serialises concurrent creations, so the cap holds.
    await client.query('select 1 from accounts where id = $1 for update', [auth.accountId]);
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from webhook_endpoints where account_id = $1',
      [auth.accountId],
    );
    if ((rows[0]?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooMany);
    await client.query(
      `insert into webhook_endpoints (id, account_id, url, events, secret_sealed, created_by)
       values ($1, $2, $3, $4, $5, $6)`,
      [id, auth.accountId, url, events, seal(ring, secret, secretPlace(id)), auth.userId],
    );
    await writeAudit(client, auth, {
      action: 'webhook_endpoint.create',
      entityType: 'webhook_endpoint',
      entityId: id,
      before: null,
      after: { url, events },
    });
    const endpoint = await getWebhookEndpoint(client, auth.accountId, id);
    return { endpoint: endpoint!, secret };
  });
}
