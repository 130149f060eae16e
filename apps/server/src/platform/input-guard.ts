import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, errorBody } from './errors.js';

/** Longer request targets answer 414 (Node's own limit, 16 KB for the request line and headers, answers 431). */
export const MAX_URL_LENGTH = 8192;
export const NUL_MESSAGE = 'Text must not contain the NUL character.';

const NUL = '\u0000';
const ENCODED_NUL = /%00/i;

/** The path (dotted, as in `fields`) of the first string or key holding a NUL, at any depth; null when none. */
export function findNul(value: unknown, root = ''): string | null {
  // Iterative: a deeply nested body must not overflow the stack.
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return at;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], at ? `${at}.${i}` : String(i)]);
    } else if (v && typeof v === 'object' && isPlainObject(v)) {
      // Only parsed JSON is walked: a raw body (a signed webhook's bytes, an upload's stream) is
      // checked by its own route, and a stream's object graph is neither data nor finite.
      for (const [k, child] of Object.entries(v)) {
        const p = at ? `${at}.${k}` : k;
        if (k.includes(NUL)) return p;
        stack.push([child, p]);
      }
    }
  }
  return null;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with each lone UTF-16 surrogate as U+FFFD (what String.prototype.toWellFormed does). */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * A parsed JSON body with every lone UTF-16 surrogate (JSON allows "\ud800" alone) as U+FFFD, in
 * strings and keys at any depth, in place. node-postgres writes text as UTF-8, which turns one into
 * U+FFFD anyway, but a jsonb value written from the body (JSON.stringify keeps "\ud800") is
 * refused outright by PostgreSQL: one rule, here, for every route and column.
 */
export function makeWellFormed(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        if (typeof v[i] === 'string') v[i] = wellFormed(v[i]);
        else if (v[i] && typeof v[i] === 'object') stack.push(v[i]);
      }
    } else if (v && typeof v === 'object' && isPlainObject(v)) {
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        const child = o[k];
        const key = wellFormed(k);
        if (key !== k) {
          delete o[k];
          o[key] = child;
        }
        if (typeof child === 'string') o[key] = wellFormed(child);
        else if (child && typeof child === 'object') stack.push(child);
      }
    }
  }
  return value;
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function refuseNul(path: string): never {
  throw new AppError('VALIDATION_FAILED', NUL_MESSAGE, [{ path, message: NUL_MESSAGE }]);
}

interface Part {
  type?: string;
  fieldname?: string;
  filename?: string;
  value?: unknown;
  file?: NodeJS.ReadableStream;
  fields?: Record<string, unknown>;
}

/** A multipart part (and every field read before it) is refused before its bytes go anywhere. */
function checkPart(part: Part | undefined) {
  if (!part) return;
  const seen = [part, ...Object.values(part.fields ?? {}).flat()] as Part[];
  for (const p of seen) {
    const name = p.fieldname ?? '';
    const at = findNul(name, 'field') ?? (p.type === 'file' ? findNul(p.filename ?? '', `${name}.filename`) : null);
    const bad = at ?? (p.type === 'field' ? findNul(p.value, name || 'field') : null);
    if (bad !== null) {
      part.file?.resume(); // drain, so the request can end
      refuseNul(bad);
    }
  }
}

type FileFn = FastifyRequest['file'];
type PartsFn = FastifyRequest['parts'];
type FilesFn = FastifyRequest['files'];

function guardMultipart(request: FastifyRequest) {
  const file: FileFn = request.file;
  const parts: PartsFn = request.parts;
  const files: FilesFn = request.files;
  request.file = async function (this: FastifyRequest, ...args: Parameters<FileFn>) {
    const part = await file.apply(this, args);
    checkPart(part as Part | undefined);
    return part;
  } as FileFn;
  request.parts = async function* (this: FastifyRequest, ...args: Parameters<PartsFn>) {
    for await (const part of parts.apply(this, args)) {
      checkPart(part as Part);
      yield part;
    }
  } as PartsFn;
  request.files = async function* (this: FastifyRequest, ...args: Parameters<FilesFn>) {
    for await (const part of files.apply(this, args)) {
      checkPart(part as Part);
      yield part;
    }
  } as FilesFn;
}

/**
 * Input the database cannot store is refused once, for every route, before any handler runs:
 * a NUL (PostgreSQL text cannot hold one) in the URL (path, parameters, query; raw or %00), in any
 * string or key of a JSON body, or in a multipart field name, value or file name. Over-long
 * addresses answer 414. All in the catalogue's shape. A JSON body's lone surrogates become U+FFFD.
 */
export function registerInputGuards(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new AppError('URI_TOO_LONG');
  });
  // preValidation: after the caller is checked (401/403 come first) and the body parsed, before the schema.
  app.addHook('preValidation', async (request) => {
    if (request.url.includes(NUL) || ENCODED_NUL.test(request.url)) refuseNul('url');
    const at = findNul(request.body);
    if (at !== null) refuseNul(at || 'body');
    request.body = makeWellFormed(request.body);
    if (request.isMultipart?.()) guardMultipart(request);
  });
}

/** Errors the router raises before any hook (fastify's frameworkErrors), in the catalogue's shape. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code: ErrorCode =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'URI_TOO_LONG'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'BAD_REQUEST'
        : 'INTERNAL';
  if (code === 'INTERNAL') request.log.error({ err: error }, 'request failed');
  else request.log.info({ code }, 'request refused');
  return reply.status(errorBody(code).statusCode).send(errorBody(code));
}

/**
 * What Node's HTTP parser refuses (oversized request line or headers, malformed requests, slow
 * clients) never reaches Fastify; it is answered on the socket here, in the catalogue's shape.
 */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let code: ErrorCode = 'BAD_REQUEST';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') code = 'REQUEST_TIMEOUT';
  else if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The request line alone too long is a too-long address; otherwise the headers are.
    const eol = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.indexOf('\r\n') : 0;
    code = eol < 0 || eol > MAX_URL_LENGTH ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE';
  }
  const body = JSON.stringify(errorBody(code));
  const status = errorBody(code).statusCode;
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
