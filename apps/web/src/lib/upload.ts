import { MESSAGES } from '@lp/domain';
import {
  ApiError,
  type ApiPath,
  type ApiResponse,
  type ApiUrlInit,
  buildUrl,
  CSRF_HEADER,
  getCsrfToken,
  resetCsrfToken,
} from './api';

export interface UploadOptions {
  /** The fraction of the file sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** The text for a refusal the server sent without a message, by status (413, 415...). */
  statusMessages?: Partial<Record<number, string>>;
  signal?: AbortSignal;
}

/** The ApiError of a finished upload that failed, with the server's message when it sent one. */
export function uploadFailure(status: number, body: string, statusMessages: UploadOptions['statusMessages'] = {}) {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    // Not JSON (a proxy's page): the status decides the text.
  }
  const code = typeof parsed.code === 'string' ? parsed.code : `HTTP_${status}`;
  if (status === 401 || status === 403)
    return new ApiError(status, code, code === 'CSRF_INVALID' ? MESSAGES.genericError : MESSAGES.permissionDenied);
  if (typeof parsed.message === 'string' && parsed.message) return new ApiError(status, code, parsed.message);
  return new ApiError(status, code, statusMessages[status] ?? MESSAGES.genericError);
}

const CANCELLED = 'The upload was cancelled.';

function send<T>(url: string, form: FormData, token: string, options: UploadOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ApiError(0, 'ABORTED', CANCELLED));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.upload.onload = () => options.onProgress?.(1);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
          return;
        } catch {
          // Falls through to the generic failure.
        }
        reject(new ApiError(xhr.status, 'BAD_ANSWER', MESSAGES.genericError));
        return;
      }
      reject(uploadFailure(xhr.status, xhr.responseText, options.statusMessages));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', MESSAGES.genericError));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', CANCELLED));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POSTs `form` (multipart) through XMLHttpRequest so the bytes sent can be shown (fetch reports no
 * upload progress), answering the JSON reply. The session cookie goes with it, and the CSRF header;
 * a rotated CSRF secret gets one retry with a fresh token, like lib/api.
 */
export async function uploadForm<P extends ApiPath<'post'>>(
  path: P,
  url: ApiUrlInit<P, 'post'>,
  form: FormData,
  options: UploadOptions = {},
): Promise<ApiResponse<P, 'post'>> {
  const to = buildUrl(path, url);
  try {
    return await send<ApiResponse<P, 'post'>>(to, form, await getCsrfToken(), options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.code === 'CSRF_INVALID') {
      resetCsrfToken();
      options.onProgress?.(0);
      return send<ApiResponse<P, 'post'>>(to, form, await getCsrfToken(), options);
    }
    throw error;
  }
}
