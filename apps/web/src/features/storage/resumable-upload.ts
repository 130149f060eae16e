import { MESSAGES, STORAGE_MESSAGES } from '@lp/domain';
import {
  ApiError,
  type ApiResponse,
  api,
  apiUrl,
  CSRF_HEADER,
  getCsrfToken,
  isApiError,
  resetCsrfToken,
} from '../../lib/api';
import { uploadFailure } from '../../lib/upload';
import type { StorageItem } from './api';

/** POST /api/storage/uploads answers where the upload starts. */
export type UploadStarted = ApiResponse<'/api/storage/uploads', 'post'>;

/** GET /api/storage/uploads/{id}: where to resume, and the stored file once the upload finished (when its last answer was lost on the way). */
export type UploadStatus = ApiResponse<'/api/storage/uploads/{id}'>;

/** PUT .../chunks/{n}: the bytes received so far (200), and with the last chunk the stored item (201). */
export type ChunkAnswer = ApiResponse<'/api/storage/uploads/{id}/chunks/{n}', 'put'>;

const KEY_PREFIX = 'lp.storage-upload';

/** The upload id is kept under the folder, the file's name, size and date: choosing the same file again resumes. */
export function uploadStorageKey(folderId: string, file: Pick<File, 'name' | 'size' | 'lastModified'>): string {
  return `${KEY_PREFIX}:${folderId}:${file.size}:${file.lastModified}:${file.name}`;
}

function remembered(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // Storage switched off: uploads still work, they just do not resume after a reload.
  }
}
function remember(key: string, id: string | null): void {
  try {
    if (id === null) localStorage.removeItem(key);
    else localStorage.setItem(key, id);
  } catch {
    // As above.
  }
}

export const CANCELLED = 'The upload was cancelled.';

/**
 * Failures worth another try after re-reading the offset: the network, a timeout, a busy or
 * restarting server, an offset out of step, a chunk cut short.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code === 'ABORTED') return false;
  // A chunk cut off on its way is refused whole (422 with this text): sent again, it goes through.
  if (error.status === 422) return error.message === STORAGE_MESSAGES.chunkSize;
  return [0, 408, 409, 429, 500, 502, 503, 504].includes(error.status);
}

/** The message shown for a failed upload: 507's text, the server's own, else the spec's failure text. */
export function uploadFailureMessage(error: unknown, fileName: string): string {
  if (isApiError(error, 507)) return STORAGE_MESSAGES.noSpace;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message !== MESSAGES.genericError)
    return error.message;
  return STORAGE_MESSAGES.uploadFailed(fileName);
}

function putChunk(
  url: string,
  body: Blob,
  token: string,
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<ChunkAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError(0, 'ABORTED', CANCELLED));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded);
    };
    const onAbort = () => xhr.abort();
    xhr.onload = () => {
      signal?.removeEventListener('abort', onAbort);
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText));
        } catch {
          reject(new ApiError(xhr.status, 'BAD_ANSWER', MESSAGES.genericError));
        }
        return;
      }
      reject(uploadFailure(xhr.status, xhr.responseText, { 507: STORAGE_MESSAGES.noSpace }));
    };
    xhr.onerror = () => {
      signal?.removeEventListener('abort', onAbort);
      reject(new ApiError(0, 'NETWORK_ERROR', MESSAGES.genericError));
    };
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', CANCELLED));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}

/** A chunk with the CSRF header; a rotated CSRF secret gets one retry with a fresh token, like lib/upload. */
async function sendChunk(url: string, body: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal) {
  try {
    return await putChunk(url, body, await getCsrfToken(), onProgress, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.code === 'CSRF_INVALID') {
      resetCsrfToken();
      onProgress(0);
      return putChunk(url, body, await getCsrfToken(), onProgress, signal);
    }
    throw error;
  }
}

export interface ResumableUploadOptions {
  /** Bytes of the file the server holds (or is receiving), and the file's size. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** Tries after a failed chunk before giving up (each re-reads the offset first). */
  retries?: number;
  /** The first wait before a retry; each next one doubles. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** How a failed chunk is retried: the tries after the first, and the first wait (each next one doubles). */
export const RETRY_POLICY = { retries: 4, backoffMs: 500 };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Uploads `file` into the folder through the resumable protocol of decision 0020: start (or resume
 * the upload remembered for this folder and file), then the chunks in order, each sent with
 * XMLHttpRequest for its progress. A chunk that fails on the network or a busy server is tried again
 * a few times, with a growing wait, from the offset the server reports. Answers the stored item.
 *
 * The upload id stays remembered when the network gave up (choosing the same file again, even after
 * a reload, resumes it); a refusal, a success or a cancel forgets it.
 */
export async function uploadResumable(
  folderId: string,
  file: File,
  options: ResumableUploadOptions = {},
): Promise<StorageItem | undefined> {
  const { onProgress, signal } = options;
  const retries = options.retries ?? RETRY_POLICY.retries;
  const backoff = options.backoffMs ?? RETRY_POLICY.backoffMs;
  const sleep = options.sleep ?? wait;
  const key = uploadStorageKey(folderId, file);

  let id: string | null = null;
  let offset = 0;
  let chunk = 0;

  const known = remembered(key);
  if (known) {
    try {
      const status = await api.get('/api/storage/uploads/{id}', { params: { id: known }, signal });
      if (status.item) {
        remember(key, null);
        onProgress?.(file.size, file.size);
        return status.item;
      }
      if (status.size === file.size && status.chunk_size > 0) {
        id = known;
        offset = status.offset;
        chunk = status.chunk_size;
      }
    } catch (error) {
      if (!isApiError(error, 404) && !isApiError(error, 410)) throw error;
    }
    if (id === null) remember(key, null);
  }
  if (id === null) {
    const started = await api.post('/api/storage/uploads', {
      body: { folder_id: folderId, file_name: file.name, size: file.size },
      signal,
    });
    id = started.upload_id;
    offset = started.offset;
    chunk = started.chunk_size;
    remember(key, id);
  }
  const uploadId = id;
  onProgress?.(offset, file.size);

  let failures = 0;
  try {
    for (;;) {
      const n = Math.floor(offset / chunk);
      const start = n * chunk;
      // A file received whole whose last answer was lost: nothing more to send.
      if (start >= file.size && file.size > 0) return undefined;
      const end = Math.min(start + chunk, file.size);
      try {
        const answer = await sendChunk(
          apiUrl<'/api/storage/uploads/{id}/chunks/{n}', 'put'>('/api/storage/uploads/{id}/chunks/{n}', {
            params: { id: uploadId, n },
          }),
          file.slice(start, end),
          (loaded) => onProgress?.(start + loaded, file.size),
          signal,
        );
        failures = 0;
        offset = answer.offset;
        onProgress?.(offset, file.size);
        const item = 'item' in answer ? answer.item : undefined;
        if (item || offset >= file.size) {
          remember(key, null);
          return item;
        }
      } catch (error) {
        if (!isRetryable(error) || failures >= retries) throw error;
        failures += 1;
        await sleep(backoff * 2 ** (failures - 1));
        if (signal?.aborted) throw new ApiError(0, 'ABORTED', CANCELLED);
        try {
          const status = await api.get('/api/storage/uploads/{id}', { params: { id: uploadId }, signal });
          if (status.item) {
            remember(key, null);
            onProgress?.(file.size, file.size);
            return status.item;
          }
          offset = status.offset;
        } catch (readError) {
          // Still offline: the next chunk attempt counts as the next try. Gone: nothing to resume.
          if (isApiError(readError, 404) || isApiError(readError, 410)) throw readError;
        }
      }
    }
  } catch (error) {
    const aborted = error instanceof ApiError && error.code === 'ABORTED';
    if (aborted) {
      // Cancelled: the reservation is released on the server.
      void api.delete('/api/storage/uploads/{id}', { params: { id: uploadId } }).catch(() => undefined);
      remember(key, null);
    } else if (!isRetryable(error)) {
      // Refused (type, content, space, expired): starting again is the only way on.
      remember(key, null);
    }
    throw error;
  }
}
