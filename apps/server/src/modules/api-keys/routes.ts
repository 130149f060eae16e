import { API_KEY_MODES, API_KEY_NAME_MAX, permissionNameSchema } from '@lp/domain';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { App, PlatformDeps } from '../../platform/http.js';
import { errorSchema } from '../../platform/http.js';
import { createApiKey } from './create-api-key.js';
import { listApiKeys } from './list-api-keys.js';
import { revokeApiKey } from './revoke-api-key.js';

const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Shown as `lp_<mode>_<prefix>…`; the secret is never answered again. */
  prefix: z.string(),
  mode: z.enum(API_KEY_MODES),
  permissions: z.array(permissionNameSchema),
  created_by: z.object({ name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

const createBody = z.strictObject({
  name: z.string().trim().min(1, 'Give the key a name.').max(API_KEY_NAME_MAX),
  /** Catalogue permission names the key acts with; each one the creator holds. */
  permissions: z.array(z.string().max(100)).max(100),
  /** When the key stops working: an ISO date (its midnight, UTC) or date-time, at most two years away. */
  expires_at: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).nullish(),
  mode: z.enum(API_KEY_MODES).default('live'),
});

const idParams = z.object({ id: z.string().min(1).max(100) });

// Managing keys is for a person in the web app: a key cannot make, list or revoke keys (decision 0028).
const access = { access: { kind: 'member', anyOf: ['manage_company'] }, webOnly: true } as const;

/** POST, GET and DELETE /api/api-keys: the company's keys for programs (issue 26). */
export function registerApiKeyRoutes(app: App, { pool }: PlatformDeps) {
  app.post(
    '/api/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key; its secret is answered this once',
        body: createBody,
        response: {
          201: z.object({ key: apiKeySchema, secret: z.string() }),
          403: errorSchema,
          422: errorSchema,
        },
      },
      config: access,
    },
    async (request, reply) => {
      const b = request.body;
      const expiresAt = b.expires_at ? new Date(b.expires_at) : null;
      if (expiresAt && Number.isNaN(expiresAt.getTime()))
        throw new AppError('VALIDATION_FAILED', 'Not a date.', [{ path: 'expires_at', message: 'Not a date.' }]);
      const made = await createApiKey(pool, request.auth!, {
        name: b.name,
        permissions: b.permissions,
        expiresAt,
        mode: b.mode,
      });
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/api/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: "The company's API keys (never their secrets)",
        response: { 200: z.object({ keys: z.array(apiKeySchema) }) },
      },
      config: access,
    },
    async (request) => ({ keys: await listApiKeys(pool, request.auth!.accountId) }),
  );

  app.delete(
    '/api/api-keys/:id',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key at once',
        params: idParams,
        response: { 204: z.null(), 404: errorSchema },
      },
      config: access,
    },
    async (request, reply) => {
      await revokeApiKey(pool, request.auth!, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
