import { MESSAGES } from '@lp/domain';
import type { paths } from './api-types.gen';

/** A field error as the server reports it under `fields`. */
export interface ApiFieldError {
  path: string;
  message: string;
}

/** Every failed API call throws this: HTTP status, the server's error code, its message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ApiFieldError[];

  constructor(status: number, code: string, message: string, fields: ApiFieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** True when the error is an ApiError with the given status (and code, when given). */
export function isApiError(error: unknown, status?: number, code?: string): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (status !== undefined && error.status !== status) return false;
  if (code !== undefined && error.code !== code) return false;
  return true;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
}

export const CSRF_HEADER = 'x-csrf-token';
/** The server sets it on an answer that starts, ends or replaces the session the CSRF token is bound to. */
export const SESSION_CHANGED_HEADER = 'x-session-changed';
let csrfToken: string | null = null;
let csrfRequest: Promise<string> | null = null;

/** Forgets the cached CSRF token; the next state-changing call fetches a new one. */
export function resetCsrfToken(): void {
  csrfToken = null;
  csrfRequest = null;
}

async function fetchCsrfToken(): Promise<string> {
  const res = await fetch('/api/csrf', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) throw await toApiError(res);
  const body = (await res.json()) as { token?: unknown };
  if (typeof body.token !== 'string') throw new ApiError(res.status, 'CSRF_UNAVAILABLE', MESSAGES.genericError);
  return body.token;
}

/** The CSRF token, fetched once and shared by concurrent callers (and by uploads sent with XMLHttpRequest). */
export async function getCsrfToken(): Promise<string> {
  if (csrfToken) return csrfToken;
  if (!csrfRequest) {
    csrfRequest = fetchCsrfToken().then(
      (token) => {
        csrfToken = token;
        csrfRequest = null;
        return token;
      },
      (error: unknown) => {
        csrfRequest = null;
        throw error;
      },
    );
  }
  return csrfRequest;
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON (a proxy page, an empty body): keep the generic message.
  }
  if (body && typeof body === 'object') {
    const b = body as { code?: unknown; message?: unknown; fields?: unknown };
    const fields = Array.isArray(b.fields)
      ? b.fields.filter(
          (f): f is ApiFieldError =>
            !!f && typeof f === 'object' && typeof f.path === 'string' && typeof f.message === 'string',
        )
      : [];
    return new ApiError(
      res.status,
      typeof b.code === 'string' ? b.code : `HTTP_${res.status}`,
      typeof b.message === 'string' && b.message ? b.message : MESSAGES.genericError,
      fields,
    );
  }
  return new ApiError(res.status, `HTTP_${res.status}`, MESSAGES.genericError);
}

async function send(method: Method, path: string, body: unknown, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers[CSRF_HEADER] = await getCsrfToken();
  try {
    const res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? null : JSON.stringify(body),
      signal: options.signal ?? null,
    });
    // Signed in, out or into another account: the token belongs to the old session.
    if (res.headers.get(SESSION_CHANGED_HEADER)) resetCsrfToken();
    return res;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', MESSAGES.genericError);
  }
}

/** Sends the call; a non-GET refused for its CSRF token is sent once more with a fresh token. Throws unless 2xx. */
async function sendChecked(method: Method, path: string, body: unknown, options: RequestOptions): Promise<Response> {
  let res = await send(method, path, body, options);
  if (method !== 'GET' && res.status === 403) {
    const error = await toApiError(res.clone());
    if (error.code === 'CSRF_INVALID') {
      // The secret cookie may have rotated (a new session, an expired cookie): fetch a fresh token once.
      resetCsrfToken();
      res = await send(method, path, body, options);
    }
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** Calls the API: JSON in and out, the session cookie, and the CSRF token on every non-GET. */
async function apiRequest(method: Method, url: string, body: unknown, options: RequestOptions): Promise<unknown> {
  const res = await sendChecked(method, url, body, options);
  if (res.status === 204) return undefined;
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

// The contract: every path, parameter, body and answer below comes from the server's OpenAPI
// document (api-types.gen.ts, generated by `npm run api-types`), so a call the server does not
// answer, a missing parameter or a field the server no longer sends fails the type check.

type Lower = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Lower> = NonNullable<paths[P][M]>;

/** The API's paths that answer the method, as the OpenAPI document writes them (`/api/letters/{id}`). */
export type ApiPath<M extends Lower = 'get'> = {
  [P in keyof paths]: paths[P] extends { [K in M]: { responses: unknown } } ? P : never;
}[keyof paths];

type Json<R> = R extends { content: { 'application/json': infer J } } ? J : undefined;
type SuccessStatus = 200 | 201 | 202 | 204 | 206;
type Success<O> = O extends { responses: infer R }
  ? { [S in keyof R & SuccessStatus]: S extends 204 ? undefined : Json<R[S]> }[keyof R & SuccessStatus]
  : never;

/**
 * What the server answers (its 2xx body) to the method on the path: every success it may give,
 * e.g. the 200 of a change made or the 202 of a change sent for approval, undefined for a 204.
 */
export type ApiResponse<P extends keyof paths, M extends Lower = 'get'> = Success<Operation<P, M & keyof paths[P]>>;

/** The body of one answer (a status, success or refusal) of the method on the path. */
export type ApiAnswer<P extends keyof paths, M extends Lower, S extends number> =
  Operation<P, M> extends { responses: infer R } ? (S extends keyof R ? Json<R[S]> : never) : never;

/** The JSON body the method on the path takes. */
export type ApiBody<P extends keyof paths, M extends Lower> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The query the method on the path takes (its parameters as the server's schema types them). */
export type ApiQuery<P extends keyof paths, M extends Lower = 'get'> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

type PathParams<O> = O extends { parameters: { path: infer X } } ? X : never;
type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? { required: true; body: B }
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? { required: false; body: B }
    : { required: false; body: never };

/** A call's parts: the path's parameters (encoded for the URL here), the query, the body, the signal. */
export type CallInit<O> = RequestOptions &
  ([PathParams<O>] extends [never] ? { params?: undefined } : { params: PathParams<O> }) & {
    /** The query as the schema types it, or the list query of a data table (listSearchParams). */
    query?: (O extends { parameters: { query?: infer Q } } ? Q : never) | URLSearchParams;
  } & (BodyOf<O>['required'] extends true ? { body: BodyOf<O>['body'] } : { body?: BodyOf<O>['body'] });

type InitArgs<O> = [PathParams<O>] extends [never]
  ? BodyOf<O>['required'] extends true
    ? [init: CallInit<O>]
    : [init?: CallInit<O>]
  : [init: CallInit<O>];

/** The path parameters and query of a URL built for the method on the path. */
export type ApiUrlInit<P extends keyof paths, M extends Lower = 'get'> = UrlInit<Operation<P, M>>;

type UrlInit<O> = ([PathParams<O>] extends [never] ? { params?: undefined } : { params: PathParams<O> }) & {
  query?: (O extends { parameters: { query?: infer Q } } ? Q : never) | URLSearchParams;
};

/**
 * The URL of an API path for what fetch does not send (a link, an image, an event stream, an
 * upload with progress): `{name}` parameters filled in and encoded, the query appended, both
 * typed by the path's operation (GET unless named).
 */
export function apiUrl<P extends ApiPath<M>, M extends Lower = 'get'>(
  path: P,
  ...[init]: [PathParams<Operation<P, M>>] extends [never]
    ? [init?: UrlInit<Operation<P, M>>]
    : [init: UrlInit<Operation<P, M>>]
): string {
  return buildUrl(path, init ?? {});
}

/** apiUrl's work, for lib's own typed helpers (upload.ts): features call apiUrl. */
export function buildUrl(path: string, init: { params?: object; query?: object | URLSearchParams }): string {
  const params = (init.params ?? {}) as Record<string, string | number>;
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const query = init.query;
  if (!query) return filled;
  const search = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

function call(method: Method) {
  return (path: string, init: CallInit<unknown> & { body?: unknown } = {}) =>
    apiRequest(method, buildUrl(path, init), init.body, init);
}

/**
 * POSTs JSON and answers the response's bytes (a file such as a PDF), with the same CSRF token,
 * cookie and errors as every other call: a failure throws an ApiError with the server's message.
 */
export async function apiPostForBlob<P extends ApiPath<'post'>>(
  path: P,
  ...[init]: InitArgs<Operation<P, 'post'>>
): Promise<Blob> {
  const i = (init ?? {}) as CallInit<unknown> & { body?: unknown };
  const res = await sendChecked('POST', buildUrl(path, i), i.body, i);
  return res.blob();
}

/** GETs a file (a PDF, an image) as its bytes, with the session cookie; a failure throws an ApiError. */
export async function apiGetForBlob<P extends ApiPath<'get'>>(
  path: P,
  ...[init]: InitArgs<Operation<P, 'get'>>
): Promise<Blob> {
  const i = (init ?? {}) as CallInit<unknown>;
  const res = await sendChecked('GET', buildUrl(path, i), undefined, i);
  return res.blob();
}

/**
 * The API, typed by its OpenAPI document: `api.get('/api/letters/{id}', { params: { id } })`
 * answers the letter as the server's schema describes it.
 */
/** A method of the client: a path that answers it, its parts, and what the server answers. */
type Call<M extends Lower> = <P extends ApiPath<M>>(
  path: P,
  ...init: InitArgs<Operation<P, M>>
) => Promise<ApiResponse<P, M>>;

export const api = {
  get: call('GET') as Call<'get'>,
  post: call('POST') as Call<'post'>,
  put: call('PUT') as Call<'put'>,
  patch: call('PATCH') as Call<'patch'>,
  delete: call('DELETE') as Call<'delete'>,
};
