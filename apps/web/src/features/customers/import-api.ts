import { IMPORT_MESSAGES, type ImportField, MESSAGES } from '@lp/domain';
import { ApiError, type ApiResponse, apiUrl, CSRF_HEADER, getCsrfToken, resetCsrfToken } from '../../lib/api';

/** POST /api/customers/import/preview: how the file was read, its columns and how they map, its first rows. */
export type ImportPreview = ApiResponse<'/api/customers/import/preview', 'post'>;

/** POST /api/customers/import: what happened to every row (refused ones by their spreadsheet row number). */
export type ImportReport = ApiResponse<'/api/customers/import', 'post'>;

/** The multipart calls of the import: the file read (preview), then imported. */
type ImportPath = '/api/customers/import/preview' | '/api/customers/import';

export const EXPORT_URL = apiUrl('/api/customers/export.csv');

/** The ApiError of a finished request that failed, with the server's message when it sent one. */
export function importError(status: number, body: string): ApiError {
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
  if (status === 413) return new ApiError(status, code, IMPORT_MESSAGES.tooLarge);
  if (status === 415) return new ApiError(status, code, IMPORT_MESSAGES.onlyCsvOrXlsx);
  return new ApiError(status, code, MESSAGES.genericError);
}

export interface SendOptions {
  /** The fraction of the file sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function send<T>(url: string, form: FormData, token: string, options: SendOptions): Promise<T> {
  return new Promise((resolve, reject) => {
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
      if (xhr.status === 200) {
        try {
          resolve(JSON.parse(xhr.responseText));
          return;
        } catch {
          // Falls through to the generic failure.
        }
        reject(new ApiError(xhr.status, 'BAD_ANSWER', MESSAGES.genericError));
        return;
      }
      reject(importError(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', MESSAGES.genericError));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'The upload was cancelled.'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new ApiError(0, 'ABORTED', 'The upload was cancelled.'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/**
 * Sends the file (and the mapping, for an import) as multipart through XMLHttpRequest, so the bytes
 * sent can be shown; the session cookie goes with it, and the CSRF header (a rotated CSRF secret
 * gets one retry with a fresh token, like lib/api).
 */
export async function sendImportFile<P extends ImportPath>(
  path: P,
  file: File,
  mapping: Record<string, ImportField | null> | undefined,
  options: SendOptions = {},
): Promise<ApiResponse<P, 'post'>> {
  const url = apiUrl<ImportPath, 'post'>(path);
  const form = () => {
    const f = new FormData();
    if (mapping) f.append('mapping', JSON.stringify(mapping));
    f.append('file', file, file.name);
    return f;
  };
  try {
    return await send<ApiResponse<P, 'post'>>(url, form(), await getCsrfToken(), options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.code === 'CSRF_INVALID') {
      resetCsrfToken();
      options.onProgress?.(0);
      return send<ApiResponse<P, 'post'>>(url, form(), await getCsrfToken(), options);
    }
    throw error;
  }
}

export const previewImport = (file: File, options?: SendOptions) =>
  sendImportFile('/api/customers/import/preview', file, undefined, options);

export const runImport = (file: File, mapping: Record<string, ImportField | null>, options?: SendOptions) =>
  sendImportFile('/api/customers/import', file, mapping, options);
