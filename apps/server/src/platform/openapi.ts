// How a route becomes an operation of the OpenAPI document (GET /api/openapi.json), in one place:
// its tag, its operationId, its security (from its access declaration) and the refusals every
// route of its kind can answer, so that a code generator sees every status (issue 26 item 5).
// Redocly's recommended rules lint the result (scripts/openapi-lint.mjs, in `npm run check`).
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, operationIdOf } from './http.js';

/** The document's tags, one per module, each with what a reader finds under it. */
export const API_TAGS = [
  { name: 'identity', description: 'Sign in and out, sign up, password resets, invitations, the CSRF token.' },
  { name: 'account settings', description: "The signed-in person's profile, password and list preferences." },
  { name: 'api-keys', description: 'API keys for programs (made, listed and revoked in the web app only).' },
  {
    name: 'webhooks',
    description:
      'Webhook endpoints: where LetterPost posts signed events, their deliveries and resends (web app only).',
  },
  { name: 'notifications', description: 'Notifications of the signed-in member.' },
  { name: 'users', description: 'Members of the company: invite, edit, remove, spending caps.' },
  { name: 'departments', description: 'Departments and what their members may do.' },
  { name: 'approvals', description: 'Approve or refuse what a supervised member asked to do.' },
  { name: 'audit', description: "The company's audit log (the owner)." },
  { name: 'letters', description: 'Upload letters (PDF or Word), read them, fix their address, trash them.' },
  {
    name: 'mail merge',
    description: 'Word templates with merge fields, previews, and merges that make one letter per recipient.',
  },
  { name: 'delivery', description: 'Quote, deliver by post, email or text, cancel, proofs of delivery.' },
  { name: 'customers', description: 'Customers (recipients) and their import and export.' },
  { name: 'letterheads', description: "The company's letterhead and continuation sheet." },
  { name: 'parcels', description: 'Parcel quotes, bookings, labels and tracking.' },
  { name: 'finances', description: 'Balance, transactions, receipts, top-ups and spending caps.' },
  { name: 'plans', description: "The plans offered and the company's current plan." },
  { name: 'company', description: "The company's details and its Companies House registration." },
  { name: 'storage', description: 'Document storage: folders, files, uploads in parts.' },
  { name: 'integrations', description: 'Accounting and cloud drive integrations.' },
  { name: 'downloads', description: 'The desktop apps to download.' },
  { name: 'payments', description: "The card payment provider's signed webhook." },
  { name: 'payments sandbox', description: "The card payment sandbox's own endpoints (installations without Stripe)." },
] as const satisfies ReadonlyArray<{ name: string; description: string }>;

/** A route's tag when it names none: the path's first word after /api (`/api/letters/:id` is letters). */
export function tagOf(url: string): string {
  return url.replace(/^\/api\//, '').split('/')[0] || 'api';
}

/** Why each refusal the transform adds happens (the error catalogue's shape, platform/errors.ts). */
export const ERROR_RESPONSES = {
  400: 'The request could not be read: a body that is not valid JSON, or a session cookie and an API key together.',
  401: 'No valid session or API key (missing, malformed, revoked or expired).',
  403: 'Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only.',
  404: 'Not found, or not visible to the caller (another company’s id answers 404 too).',
  409: 'A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST).',
  422: 'A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED).',
  426: "The company's plan does not include this.",
  429: 'Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says.',
} as const;

type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** What the other refusals a route declares itself mean, said once for the document. */
const OTHER_REFUSALS: Readonly<Record<number, string>> = {
  402: 'The balance cannot pay for this (INSUFFICIENT_FUNDS), or the card payment failed.',
  408: 'The request took too long to arrive.',
  409: 'The record’s state does not allow this now (reload it and try again).',
  411: 'The request needs a Content-Length.',
  413: 'The body or the file is too large.',
  415: 'The file’s type (told by its content) is not one this route takes.',
  503: 'A service this needs is unavailable for a moment: try again later.',
  507: 'The company’s storage is full.',
};

const binary = { type: 'string', format: 'binary' };

function multipart(description: string, properties: Record<string, object>) {
  return {
    description,
    content: {
      'multipart/form-data': { schema: { type: 'object', properties, required: ['file'] } },
    },
  };
}

/**
 * The bodies the route schemas cannot say: files sent as multipart/form-data, read by the route
 * itself (@fastify/multipart), and the raw parts of an upload. By method and route path; the
 * platform test checks each names a route.
 */
export const UPLOAD_BODIES: Readonly<Record<string, object>> = {
  'POST /api/letters/files': multipart('The letter, a PDF or a Word (.docx) file, told by its content', {
    file: { ...binary, description: 'The letter (at most the upload limit)' },
  }),
  'POST /api/letterheads/:kind': multipart('The letterhead: a PDF, PNG or JPEG file, told by its content', {
    file: binary,
  }),
  'POST /api/storage/folders/:id/files': multipart('One file to store in the folder', { file: binary }),
  'POST /api/customers/import/preview': multipart('A CSV or Excel (.xlsx) file of customers', { file: binary }),
  'POST /api/customers/import': multipart('A CSV or Excel (.xlsx) file of customers, and how its columns map', {
    file: binary,
    mapping: {
      type: 'string',
      description: 'JSON: column header → customer field, or null for a column not imported (optional)',
    },
  }),
  'PUT /api/storage/uploads/:id/chunks/:n': {
    description: 'The chunk’s bytes',
    content: { 'application/octet-stream': { schema: binary } },
  },
};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The header every state-changing member operation takes (platform/idempotency.ts, decision 0030). */
const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation.',
    ),
});

/** What a 2xx of a state-changing member operation may carry. */
const ANSWER_HEADERS = {
  'Idempotent-Replayed': {
    type: 'string',
    enum: ['true'],
    description: 'Present when this is the stored answer of an earlier request with the same Idempotency-Key.',
  },
};

/** What every answer to an API key carries (its own limit; the company's is not shown). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { type: 'integer', description: 'Requests a minute this API key may make (API keys only)' },
  'RateLimit-Remaining': {
    type: 'integer',
    description: 'Of those, what is left in the current minute (API keys only)',
  },
  'RateLimit-Reset': { type: 'integer', description: 'Seconds until the current minute ends (API keys only)' },
};

/**
 * The refusals a route can answer beyond those its schema lists: the access hook's (400 cookie and
 * key together, 401, 403, 426 for a plan feature), the validator's 422 when it takes input, 404 when
 * its path names something, 403 from the CSRF check for a browser's non-GET call, 429 where a rate
 * limit applies, 400 for a JSON body that cannot be read.
 */
export function refusalsOf(
  method: string,
  url: string,
  schema: FastifySchema,
  config: RouteOptions['config'],
): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>();
  const access = config?.access;
  if (access?.kind === 'member') {
    statuses.add(400).add(401).add(403);
    if (access.planFeature) statuses.add(426);
    // API keys' rate limits (decision 0030).
    if (!config?.webOnly) statuses.add(429);
    // The Idempotency-Key header: another request's key (422), one still running (409).
    if (MUTATING.has(method)) statuses.add(409).add(422);
  }
  if (config?.webOnly) statuses.add(403);
  if (!['GET', 'HEAD', 'OPTIONS'].includes(method) && !config?.csrfExempt) statuses.add(403);
  const upload = `${method} ${url}` in UPLOAD_BODIES;
  if (schema.body) statuses.add(400);
  if (schema.body || upload || schema.querystring || schema.params) statuses.add(422);
  if (url.includes('/:')) statuses.add(404);
  if (config?.rateLimit) statuses.add(429);
  return [...statuses].sort();
}

/**
 * The swagger `transform`: the route's Zod schemas as JSON Schema (fastify-type-provider-zod), its
 * refusals added as the shared `Error` schema, a tag, an operationId, and its security: a member
 * route takes a session or a key, a web-only one a session alone, a public one nothing (said
 * explicitly with `security: []`, so no generator guesses).
 */
export const documentRoute: SwaggerTransform = (input) => {
  const method = [input.route.method].flat()[0] ?? 'GET';
  const config = input.route.config;
  const response: Record<string, unknown> = isRecord(input.schema.response) ? { ...input.schema.response } : {};
  for (const status of refusalsOf(method, input.url, input.schema, config)) {
    if (!(status in response)) response[status] = errorSchema;
  }
  const forKeys = config?.access?.kind === 'member' && !config.webOnly;
  const idempotent = config?.access?.kind === 'member' && MUTATING.has(method) && !input.schema.headers;
  const transformed = jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, response, ...(idempotent ? { headers: idempotencyHeader } : {}) },
  });
  const upload = UPLOAD_BODIES[`${method} ${input.url}`];
  const schema = upload && !transformed.schema.body ? { ...transformed.schema, body: upload } : transformed.schema;
  if (schema.hide) return transformed;
  // Each refusal says why it happens; a route's own description of a status stays.
  const responses: Record<string, unknown> = isRecord(schema.response) ? { ...schema.response } : {};
  for (const [status, text] of Object.entries({ ...OTHER_REFUSALS, ...ERROR_RESPONSES })) {
    const r = responses[status];
    if (isRecord(r) && !r.description) responses[status] = { ...r, description: text };
  }
  for (const [status, r] of Object.entries(responses)) {
    if (!isRecord(r) || !/^2/.test(status)) continue;
    const headers = { ...(forKeys ? RATE_LIMIT_HEADERS : {}), ...(idempotent ? ANSWER_HEADERS : {}) };
    if (Object.keys(headers).length)
      responses[status] = { ...r, headers: { ...headers, ...(isRecord(r.headers) ? r.headers : {}) } };
  }
  const limited = responses[429];
  if (isRecord(limited)) {
    responses[429] = {
      ...limited,
      headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again' } },
    };
  }
  // A tag missing from API_TAGS fails Redocly's lint (operation-tag-defined) and the platform test.
  const tags = schema.tags?.length ? schema.tags : [tagOf(input.url)];
  const security: Array<Record<string, string[]>> =
    config?.access?.kind !== 'member' ? [] : config.webOnly ? [{ session: [] }] : [{ session: [] }, { bearer: [] }];
  return {
    ...transformed,
    schema: {
      ...schema,
      response: responses,
      tags,
      operationId: schema.operationId ?? operationIdOf(method, input.url),
      security,
    },
  };
};

/**
 * The swagger `transformObject`: the shared schemas (the Zod registry's, such as `Error`) under
 * `components.schemas`, less those no operation uses (the registry gives each an input variant too).
 */
export const documentObject: SwaggerTransformObject = (input) => {
  const doc = jsonSchemaTransformObject(input);
  // A fresh object of jsonSchemaTransformObject's: the unused are deleted from it in place.
  if (!('components' in doc) || !doc.components?.schemas) return doc;
  const schemas = doc.components.schemas;
  const rest = JSON.stringify({ ...doc, components: { ...doc.components, schemas: {} } });
  for (const name of Object.keys(schemas)) {
    if (!rest.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return doc;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
