import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new endpoint's signing secret: `whsec_` and the base64 of 24 random bytes (Standard Webhooks). */
export function generateWebhookSecret(): string {
  return `${PREFIX}${randomBytes(24).toString('base64')}`;
}

/**
 * The `webhook-signature` header: `v1,` and the base64 HMAC-SHA256, keyed with the secret's bytes
 * (the base64 after `whsec_`), of `<id>.<timestamp>.<body>`; any receiver verifies it with the
 * `standardwebhooks` or `svix` libraries.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** Where an endpoint's sealed secret belongs: it opens only for that endpoint's row. */
export const secretPlace = (endpointId: string) => `webhook:${endpointId}`;
