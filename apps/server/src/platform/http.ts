import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import type { Auth } from './auth.js';
import type { BlobStore } from './blobs.js';
import type { Config } from './config.js';
import { ERRORS, type ErrorCode } from './errors.js';
import type { EventHub } from './events.js';
import type { JobQueue } from './jobs.js';

/**
 * The HTTP application as every module registers on it: Fastify with the Zod type provider, so
 * that a handler's request is typed by its route's schemas.
 */
export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** What the platform gives every module: configuration, the database, identity, jobs, events, files. */
export interface PlatformDeps {
  config: Config;
  pool: pg.Pool;
  auth: Auth;
  jobs: JobQueue;
  hub: EventHub;
  blobs: BlobStore;
  /** Reports whether the process is ready to serve (database reachable, not shutting down). */
  isReady?: () => boolean;
}

/**
 * The OpenAPI operationId of a route that names none: the method and the path's words, a parameter
 * as "By<Name>" (GET /api/letters/:id is getLettersById, POST /api/letters/:id/split/confirm is
 * postLettersByIdSplitConfirm), so generated clients get stable, readable method names.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : [segment]))
    .flatMap((word) => word.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * The answer of a route that sends a file (a PDF, an image, a CSV) or a stream: its bytes are sent
 * as they are (Fastify never serialises a Buffer, a stream or a string), so the schema only says in
 * the OpenAPI document which content types it has (a stored file of any type: the range of all).
 */
export function fileResponse(
  description: string,
  ...contentTypes: [string, ...string[]]
): { description: string; content: Record<string, { schema: z.ZodAny }> } {
  const schema = z.any().meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema }])) };
}

/**
 * Every refusal's body (the error catalogue's shape, platform/errors.ts), the OpenAPI document's
 * shared `Error` schema.
 */
export const errorSchema = z
  .object({
    statusCode: z.number().int().describe('The HTTP status, repeated'),
    code: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]).describe('What went wrong, for programs'),
    message: z.string().describe('What went wrong, for people'),
    fields: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('The fields that are not valid (422)'),
  })
  .meta({ id: 'Error', description: 'A refusal: the error catalogue’s shape' });

/** A plain confirmation: one sentence for the person. */
export const messageSchema = z.object({ message: z.string() });

/** A page of a list: its rows, the count of all that match, and the values its filters offer. */
export function listSchema<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    count: z.number().int(),
    filter_options: z.record(z.string(), z.array(z.string())),
  });
}
