// Verifying a LetterPost webhook as the Standard Webhooks specification says: the headers
// `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` (one or more
// space-separated `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`), keyed with the
// base64-decoded bytes of the endpoint's secret after its `whsec_` prefix. The same check as the
// `standardwebhooks` and `svix` libraries make.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The request's headers: a fetch `Headers`, or Node's `IncomingHttpHeaders` (names in any case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** Why a delivery was refused: answer it 400 (or 401) and do nothing with it. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found[0] : found;
}

function secretBytes(secret: string): Buffer {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length === 0) throw new WebhookVerificationError('The webhook secret is empty or not base64');
  return bytes;
}

/**
 * Checks a delivery's signature against the endpoint's secret and its timestamp against the clock
 * (at most `toleranceSeconds` either way, against replays), then answers the event it carries,
 * parsed. Pass the body exactly as it arrived (the raw bytes or text, never a re-serialised
 * object): the signature is over those bytes. Throws WebhookVerificationError when anything fails.
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  toleranceSeconds = 300,
): unknown {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('Missing webhook headers');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp');
  const now = Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > toleranceSeconds) {
    throw new WebhookVerificationError('The webhook-timestamp is too old or too new');
  }
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const expected = createHmac('sha256', secretBytes(secret)).update(`${id}.${timestamp}.`).update(body).digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',', 2);
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('No matching signature');
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('The body is not JSON');
  }
}
