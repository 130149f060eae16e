import { createHash, randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { IdempotencyKeyRow } from './db/rows.js';
import { AppError } from './errors.js';
import { currentRequest } from './request-context.js';

/**
 * Safe retries (issue 26 item 3, decision 0030). A POST, PUT, PATCH or DELETE of a signed-in member
 * or an API key may carry an `Idempotency-Key` header. Keys are per company and live 24 hours:
 *
 * - the first request claims the key (a row in `idempotency_keys`, committed at once, so a
 *   concurrent duplicate on any process sees it), runs, and its answer is stored;
 * - the same key with the same method, path and body answers the stored answer again, with
 *   `Idempotent-Replayed: true`, and runs nothing;
 * - the same key with another method, path or body answers 422; while the first still runs, 409.
 *
 * Every transaction the first request commits (platform/db/transaction.ts) marks the row
 * `work_committed_at` inside itself, so "its work happened" commits with the work. A process that
 * dies between that commit and storing the answer leaves a row that says so: a retry then answers
 * 409 (the answer was lost, the work was done) rather than doing the work twice. A request that
 * died before committing anything is taken over by a retry after IDEMPOTENCY_STALE_MINUTES; its
 * own late commit then finds the row gone and rolls back.
 *
 * What is not kept, as Stripe does: a request refused before its handler ran (401, 403, 429, a
 * body that fails its schema), a 409 (a conflict is worth retrying) and a 5xx whose work did not
 * commit: the key is free again for a retry.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its answer are kept (then swept, and the key may be used again). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A claim older than this whose work never committed belongs to a request that died. */
export const IDEMPOTENCY_STALE_MINUTES = 15;
/** Visible ASCII, as the IETF draft's examples and every client library's UUIDs are. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The answer's headers a replay repeats (the rest describe the transport or this very response). */
const KEPT_HEADERS = ['content-type', 'location', 'content-disposition'] as const;
/** A replay of a streamed body reads at most this much of it before calling it different. */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/**
 * A running SHA-256 of a request's raw body. For multipart bodies the boundary (which a client
 * draws at random for each attempt) is left out, so a retry of the same form hashes the same.
 */
class BodyHash {
  private readonly hash = createHash('sha256');
  private carry: Buffer = Buffer.alloc(0);
  private digest: string | null = null;
  bytes = 0;

  constructor(private readonly boundary: Buffer | null) {}

  get ended(): boolean {
    return this.digest !== null;
  }

  update(chunk: Buffer): void {
    if (this.digest !== null) return;
    this.bytes += chunk.length;
    if (!this.boundary) {
      this.hash.update(chunk);
      return;
    }
    const buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    let pos = 0;
    for (let at = buf.indexOf(this.boundary, pos); at >= 0; at = buf.indexOf(this.boundary, pos)) {
      this.hash.update(buf.subarray(pos, at));
      pos = at + this.boundary.length;
    }
    // A boundary may straddle two chunks: keep what could be its beginning for the next one.
    const keepFrom = Math.max(pos, buf.length - (this.boundary.length - 1));
    this.hash.update(buf.subarray(pos, keepFrom));
    this.carry = Buffer.from(buf.subarray(keepFrom));
  }

  finish(): string {
    if (this.digest === null) {
      this.hash.update(this.carry);
      this.digest = this.hash.digest('hex');
    }
    return this.digest;
  }
}

interface Claim {
  key: string;
  body: BodyHash;
  /** The row this request owns once it claimed the key; null for a replay or a refusal. */
  id: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Claim | null;
  }
}

/** The request's Idempotency-Key, when it is one this applies to; a malformed one is refused (400). */
function keyOf(request: FastifyRequest): string | null {
  if (!request.auth || !MUTATING.has(request.method)) return null;
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return header;
}

function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\//i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** A body the handler reads as it goes (a multipart form, a raw upload), unread before it runs. */
function isStreamed(request: FastifyRequest): boolean {
  return request.isMultipart?.() === true || request.body instanceof Readable;
}

/** Reads what is left of a streamed body into its hash (a replay: the handler will not read it). */
async function drain(request: FastifyRequest, claim: Claim): Promise<string | null> {
  const source = request.body instanceof Readable ? request.body : request.raw;
  const fromRaw = source === request.raw;
  await new Promise<void>((resolve, reject) => {
    if (source.readableEnded) return resolve();
    source.on('data', (chunk: Buffer) => {
      if (fromRaw) claim.body.update(chunk);
      if (claim.body.bytes > MAX_DRAINED_BYTES) {
        source.destroy();
        resolve();
      }
    });
    source.once('end', () => resolve());
    source.once('error', reject);
    source.resume();
  });
  return claim.body.bytes > MAX_DRAINED_BYTES ? null : claim.body.finish();
}

type StoredRow = Pick<
  IdempotencyKeyRow,
  | 'id'
  | 'fingerprint'
  | 'method'
  | 'path'
  | 'work_committed_at'
  | 'completed_at'
  | 'status_code'
  | 'response_headers'
  | 'response_body'
> & { stale: boolean };

/**
 * Claims `key` for this request, or answers the row that holds it. Rows past their 24 hours, and
 * claims of requests that died before committing anything, are dropped first.
 */
async function claimKey(
  pool: pg.Pool,
  claim: { accountId: string; key: string; method: string; path: string; fingerprint: string | null },
): Promise<{ claimed: string } | { existing: StoredRow }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await pool.query({
      name: 'idempotency-expire',
      text: `delete from idempotency_keys
              where account_id = $1 and key = $2
                and (created_at < now() - make_interval(hours => $3)
                     or (completed_at is null and work_committed_at is null
                         and created_at < now() - make_interval(mins => $4)))`,
      values: [claim.accountId, claim.key, IDEMPOTENCY_TTL_HOURS, IDEMPOTENCY_STALE_MINUTES],
    });
    const id = randomUUID();
    const inserted = await pool.query({
      name: 'idempotency-claim',
      text: `insert into idempotency_keys (id, account_id, key, fingerprint, method, path)
             values ($1, $2, $3, $4, $5, $6)
             on conflict (account_id, key) do nothing`,
      values: [id, claim.accountId, claim.key, claim.fingerprint, claim.method, claim.path],
    });
    if (inserted.rowCount === 1) return { claimed: id };
    const { rows } = await pool.query<StoredRow>({
      name: 'idempotency-read',
      text: `select id, fingerprint, method, path, work_committed_at, completed_at, status_code,
                    response_headers, response_body,
                    created_at < now() - make_interval(mins => $3) as stale
               from idempotency_keys where account_id = $1 and key = $2`,
      values: [claim.accountId, claim.key, IDEMPOTENCY_STALE_MINUTES],
    });
    // Gone between the insert and the read (released after a failure): claim it again.
    if (rows[0]) return { existing: rows[0] };
  }
  throw new AppError('IDEMPOTENCY_KEY_IN_USE');
}

function replay(reply: FastifyReply, row: StoredRow): FastifyReply {
  reply.header(REPLAYED_HEADER, 'true');
  for (const [name, value] of Object.entries(row.response_headers ?? {})) reply.header(name, value);
  return reply.status(row.status_code ?? 200).send(row.response_body ?? '');
}

async function onPreHandler(pool: pg.Pool, request: FastifyRequest, reply: FastifyReply) {
  const claim = request.idempotency;
  if (!claim || !request.auth) return;
  const streamed = isStreamed(request);
  const path = request.url;
  const found = await claimKey(pool, {
    accountId: request.auth.accountId,
    key: claim.key,
    method: request.method,
    path,
    fingerprint: streamed ? null : claim.body.finish(),
  });
  if ('claimed' in found) {
    claim.id = found.claimed;
    const context = currentRequest();
    if (context) context.idempotencyId = found.claimed;
    return;
  }
  const row = found.existing;
  if (row.method !== request.method || row.path !== path) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      `This Idempotency-Key was already used for ${row.method} ${row.path}. Use a new key for each new request.`,
    );
  }
  if (!row.completed_at) {
    throw new AppError(row.work_committed_at && row.stale ? 'IDEMPOTENT_ANSWER_LOST' : 'IDEMPOTENCY_KEY_IN_USE');
  }
  const fingerprint = streamed ? await drain(request, claim) : claim.body.finish();
  if (row.fingerprint !== null && fingerprint !== row.fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  request.log.info({ idempotencyKey: claim.key, status: row.status_code }, 'idempotent replay');
  return replay(reply, row);
}

function storedHeaders(reply: FastifyReply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === 'string' || typeof value === 'number') out[name] = String(value);
  }
  return out;
}

async function onSend(pool: pg.Pool, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const claim = request.idempotency;
  if (!claim?.id) return;
  const status = reply.statusCode;
  try {
    if (status === 409 || status === 429 || status >= 500) {
      // Nothing to keep: free the key for a retry, unless the work committed (then keep the answer).
      const { rowCount } = await pool.query({
        name: 'idempotency-release',
        text: 'delete from idempotency_keys where id = $1 and work_committed_at is null',
        values: [claim.id],
      });
      if (rowCount === 1) return;
    }
    // A streamed answer (a file) is not kept: a replay answers its status and headers alone.
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    await pool.query({
      name: 'idempotency-answer',
      text: `update idempotency_keys
                set completed_at = now(), status_code = $2, response_headers = $3, response_body = $4,
                    fingerprint = coalesce(fingerprint, $5)
              where id = $1`,
      values: [claim.id, status, storedHeaders(reply), body, claim.body.ended ? claim.body.finish() : null],
    });
  } catch (error) {
    // The answer still goes out; a retry then meets the unfinished row (409) rather than a second run.
    request.log.error({ err: error, idempotencyKey: claim.key }, 'could not store the idempotent answer');
  }
}

/**
 * The hooks: the body is hashed as it is read (preParsing), the key claimed or answered once the
 * caller is known and the body valid (preHandler), the answer kept as it is sent (onSend).
 */
export function registerIdempotency(app: FastifyInstance, pool: pg.Pool) {
  app.decorateRequest('idempotency', null);

  app.addHook('preParsing', async (request, _reply, payload) => {
    const key = keyOf(request);
    if (!key) return payload;
    const boundary = multipartBoundary(request.headers['content-type']);
    const body = new BodyHash(boundary ? Buffer.from(`--${boundary}`) : null);
    request.idempotency = { key, body, id: null };
    if (boundary) {
      // The multipart plugin reads the request itself (request.raw piped to its parser): hash what
      // it reads, attached in the same tick as its pipe so that no chunk passes unseen.
      const raw = request.raw;
      const pipe = raw.pipe;
      raw.pipe = function hashedPipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }) {
        raw.pipe = pipe;
        raw.on('data', (chunk: Buffer) => body.update(chunk));
        raw.once('end', () => body.finish());
        return pipe.call(raw, destination, options) as T;
      };
      return payload;
    }
    return payload.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          body.update(chunk);
          done(null, chunk);
        },
        flush(done) {
          body.finish();
          done();
        },
      }),
    );
  });
  app.addHook('preHandler', (request, reply) => onPreHandler(pool, request, reply));
  app.addHook('onSend', async (request, reply, payload) => {
    await onSend(pool, request, reply, payload);
    return payload;
  });
}

/** Forgets keys past their 24 hours; run by the sweep. */
export async function pruneIdempotencyKeys(q: pg.Pool | pg.ClientBase): Promise<number> {
  const { rowCount } = await q.query(
    `delete from idempotency_keys where id in (
       select id from idempotency_keys where created_at < now() - make_interval(hours => $1)
        order by created_at limit 5000)`,
    [IDEMPOTENCY_TTL_HOURS],
  );
  return rowCount ?? 0;
}
