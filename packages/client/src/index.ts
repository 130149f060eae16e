// @lp/client: the LetterPost API for programs, typed from the server's OpenAPI document.
//
//   const lp = createLetterpostClient({ baseUrl: 'https://letterpost.example', apiKey: process.env.LP_KEY! });
//   const { data, error } = await lp.GET('/api/letters/{id}', { params: { path: { id } } });
//
// The paths, parameters, bodies and answers are those of schema.gen.ts, generated from the server's
// route schemas (`npm run api-types`; the server's contract test fails while it is stale).
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema.gen.js';

export type { components, operations, paths } from './schema.gen.js';
export { verifyWebhook, type WebhookHeaders, WebhookVerificationError } from './webhooks.js';

/** An API key as Account settings → Developers shows it once: `lp_live_…`, or `lp_test_…` (sandboxes only). */
const API_KEY = /^lp_(live|test)_[A-Za-z0-9]+_[A-Za-z0-9_-]+$/;

export interface LetterpostClientOptions {
  /** The installation's address (its PUBLIC_URL), without /api: the paths carry it. */
  baseUrl: string;
  /** The API key, sent as `Authorization: Bearer <key>` on every request. */
  apiKey: string;
  /** A fetch of your own (a proxy, a test's in-process app); the global fetch by default. */
  fetch?: ClientOptions['fetch'];
}

/** The LetterPost API client: openapi-fetch's GET, POST, PUT, PATCH, DELETE, typed by the server's document. */
export type LetterpostClient = Client<paths>;

/** An openapi-fetch client for the API that sends the key with every request (no cookie, no CSRF token). */
export function createLetterpostClient({ baseUrl, apiKey, fetch }: LetterpostClientOptions): LetterpostClient {
  if (!API_KEY.test(apiKey)) throw new TypeError('apiKey is not a LetterPost API key (lp_live_… or lp_test_…)');
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${apiKey}` },
    ...(fetch ? { fetch } : {}),
  });
}

/**
 * A new value for the `Idempotency-Key` header: keep it with the request you are about to send and
 * send the same one when you retry it, so the server does the work once (same key and body within
 * 24 hours: the first answer again, with `Idempotent-Replayed: true`).
 */
export function idempotencyKey(): string {
  return crypto.randomUUID();
}
