import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import type { Auth } from './auth.js';
import type { BlobStore } from './blobs.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
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
  db: Db;
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
 * The 200 of a route that answers a file (a PDF, an image): its bytes are sent as they are (Fastify
 * never serialises a Buffer or a stream), so the schema only describes it in the OpenAPI document.
 */
export const fileResponse = z.any().describe('The file itself (binary; its type in Content-Type)');

/** Every refusal's body (the error catalogue's shape, platform/errors.ts). */
export const errorSchema = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

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
