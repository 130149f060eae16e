import { MESSAGES } from '@lp/domain';

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
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const res = await sendChecked(method, path, body, options);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * POSTs JSON and answers the response's bytes (a file such as a PDF), with the same CSRF token,
 * cookie and errors as every other call: a failure throws an ApiError with the server's message.
 */
export async function apiPostForBlob(path: string, body?: unknown, options: RequestOptions = {}): Promise<Blob> {
  const res = await sendChecked('POST', path, body, options);
  return res.blob();
}

/** GETs a file (a PDF, an image) as its bytes, with the session cookie; a failure throws an ApiError. */
export async function apiGetForBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const res = await sendChecked('GET', path, undefined, options);
  return res.blob();
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('DELETE', path, body, options),
};
