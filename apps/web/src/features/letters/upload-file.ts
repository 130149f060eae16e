import { MESSAGES } from '@lp/domain';
import { ApiError, apiUrl, CSRF_HEADER, getCsrfToken, resetCsrfToken } from '../../lib/api';
import type { DocumentType } from './api';
import { LETTER_MESSAGES } from './messages';

/** The ApiError of a finished request that failed, with the server's message when it sent one. */
export function uploadError(status: number, body: string): ApiError {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    // Not JSON (a proxy's page): the status decides the text.
  }
  const code = typeof parsed.code === 'string' ? parsed.code : `HTTP_${status}`;
  if (status === 401 || status === 403) {
    return new ApiError(status, code, code === 'CSRF_INVALID' ? MESSAGES.genericError : MESSAGES.permissionDenied);
  }
  if (typeof parsed.message === 'string' && parsed.message) return new ApiError(status, code, parsed.message);
  if (status === 413) return new ApiError(status, code, LETTER_MESSAGES.tooLarge);
  if (status === 415) return new ApiError(status, code, LETTER_MESSAGES.onlyPdfOrDocx);
  return new ApiError(status, code, MESSAGES.genericError);
}

function send(
  file: File,
  type: DocumentType,
  token: string,
  onProgress: (fraction: number) => void,
): Promise<{ uuid: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl<'/api/letters/files', 'post'>('/api/letters/files', { query: { type } }));
    xhr.withCredentials = true;
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201 || xhr.status === 200) {
        try {
          const body = JSON.parse(xhr.responseText) as { uuid?: unknown };
          if (typeof body.uuid === 'string') {
            resolve({ uuid: body.uuid });
            return;
          }
        } catch {
          // Falls through to the generic failure.
        }
        reject(new ApiError(xhr.status, 'BAD_ANSWER', MESSAGES.genericError));
        return;
      }
      reject(uploadError(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', MESSAGES.genericError));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', MESSAGES.genericError));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * POST /api/letters/files?type=... as multipart with one "file" field, through XMLHttpRequest so the
 * bytes sent can be shown (fetch reports no upload progress). The session cookie goes with it, and
 * the CSRF header; a rotated CSRF secret gets one retry with a fresh token, like lib/api.
 */
export async function uploadLetterFile(
  file: File,
  type: DocumentType,
  onProgress: (fraction: number) => void,
): Promise<{ uuid: string }> {
  try {
    return await send(file, type, await getCsrfToken(), onProgress);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.code === 'CSRF_INVALID') {
      resetCsrfToken();
      onProgress(0);
      return send(file, type, await getCsrfToken(), onProgress);
    }
    throw error;
  }
}
