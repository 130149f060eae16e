import { STORAGE_MESSAGES } from '@lp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, resetCsrfToken } from '../../lib/api';
import { isRetryable, uploadFailureMessage, uploadResumable, uploadStorageKey } from './resumable-upload';

/**
 * A fake of decision 0020's upload routes: POST starts (chunk size 4), GET tells the offset, and the
 * chunks (through XMLHttpRequest) are answered by `chunkAnswer`, which a test may make fail.
 */
interface Upload {
  id: string;
  size: number;
  offset: number;
  chunks: string[];
  item?: { id: string };
}
let uploads: Map<string, Upload>;
let calls: string[];
let chunkAnswer: (xhr: FakeXhr, upload: Upload, n: number) => void;

class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: object) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: Blob) {
    calls.push(`${this.method} ${this.url}`);
    const [, id, n] = /\/uploads\/([^/]+)\/chunks\/(\d+)$/.exec(this.url) ?? [];
    const upload = uploads.get(id!)!;
    void body.text().then((text) => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: body.size, total: body.size });
      chunkAnswer(this, upload, Number(n));
      if (this.status === 200) upload.chunks[Number(n)] = text;
    });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** Accepts a chunk and moves the offset on; the last one answers the item. */
function accept(xhr: FakeXhr, upload: Upload, n: number) {
  upload.offset = Math.min(upload.size, (n + 1) * 4);
  xhr.answer(
    200,
    upload.offset >= upload.size ? { offset: upload.offset, item: { id: 'item-1' } } : { offset: upload.offset },
  );
}

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  resetCsrfToken();
  localStorage.clear();
  uploads = new Map();
  calls = [];
  chunkAnswer = accept;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  let next = 1;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push(`${method} ${url.pathname}`);
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      if (method === 'POST' && url.pathname === '/api/storage/uploads') {
        const body = JSON.parse(String(init.body)) as { size: number; file_name: string };
        const id = `up${next++}`;
        uploads.set(id, { id, size: body.size, offset: 0, chunks: [] });
        return json(201, { upload_id: id, chunk_size: 4, offset: 0, size: body.size, name: 'report' });
      }
      const one = /^\/api\/storage\/uploads\/([^/]+)$/.exec(url.pathname);
      if (one) {
        const upload = uploads.get(one[1]!);
        if (!upload) return json(404, { code: 'NOT_FOUND', message: STORAGE_MESSAGES.uploadGone });
        if (method === 'DELETE') {
          uploads.delete(upload.id);
          return json(204);
        }
        return json(200, { offset: upload.offset, size: upload.size, chunk_size: 4, item: upload.item ?? null });
      }
      return json(404, { code: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const file = (text = 'abcdefghij', name = 'report.pdf') => new File([text], name, { lastModified: 1_700_000_000_000 });
const noWait = (_ms: number) => Promise.resolve();

describe('uploadResumable', () => {
  it('starts an upload and sends the chunks in order, reporting the bytes sent', async () => {
    const progress: number[] = [];
    const item = await uploadResumable('f1', file(), { onProgress: (sent) => progress.push(sent) });
    expect(item).toEqual({ id: 'item-1' });
    expect(calls.filter((c) => !c.includes('/api/csrf'))).toEqual([
      'POST /api/storage/uploads',
      'PUT /api/storage/uploads/up1/chunks/0',
      'PUT /api/storage/uploads/up1/chunks/1',
      'PUT /api/storage/uploads/up1/chunks/2',
    ]);
    expect(uploads.get('up1')!.chunks).toEqual(['abcd', 'efgh', 'ij']);
    expect(progress.at(-1)).toBe(10);
    expect(progress).toContain(8);
    // Finished: nothing is remembered.
    expect(localStorage.getItem(uploadStorageKey('f1', file()))).toBeNull();
  });

  it('retries a chunk that failed on the network from the offset the server reports', async () => {
    let failed = false;
    chunkAnswer = (xhr, upload, n) => {
      if (n === 1 && !failed) {
        failed = true;
        xhr.onerror?.();
        return;
      }
      accept(xhr, upload, n);
    };
    const sleep = vi.fn(noWait);
    const item = await uploadResumable('f1', file(), { sleep, backoffMs: 100 });
    expect(item).toEqual({ id: 'item-1' });
    expect(sleep).toHaveBeenCalledWith(100);
    expect(calls.filter((c) => !c.includes('/api/csrf'))).toEqual([
      'POST /api/storage/uploads',
      'PUT /api/storage/uploads/up1/chunks/0',
      'PUT /api/storage/uploads/up1/chunks/1',
      'GET /api/storage/uploads/up1',
      'PUT /api/storage/uploads/up1/chunks/1',
      'PUT /api/storage/uploads/up1/chunks/2',
    ]);
    expect(uploads.get('up1')!.chunks.join('')).toBe('abcdefghij');
  });

  it('waits longer after each failure and gives up after the retries, keeping the upload to resume', async () => {
    chunkAnswer = (xhr, upload, n) => (n === 1 ? xhr.onerror?.() : accept(xhr, upload, n));
    const sleep = vi.fn(noWait);
    await expect(uploadResumable('f1', file(), { sleep, retries: 3, backoffMs: 100 })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([100, 200, 400]);
    expect(localStorage.getItem(uploadStorageKey('f1', file()))).toBe('up1');

    // The same file chosen again (after a reload, say) resumes from the server's offset: no new upload.
    chunkAnswer = accept;
    calls = [];
    const progress: number[] = [];
    const item = await uploadResumable('f1', file(), { onProgress: (sent) => progress.push(sent) });
    expect(item).toEqual({ id: 'item-1' });
    expect(calls.filter((c) => !c.includes('/api/csrf'))).toEqual([
      'GET /api/storage/uploads/up1',
      'PUT /api/storage/uploads/up1/chunks/1',
      'PUT /api/storage/uploads/up1/chunks/2',
    ]);
    expect(progress[0]).toBe(4);
    expect(uploads.get('up1')!.chunks.join('')).toBe('abcdefghij');
  });

  it('starts afresh when the remembered upload has expired', async () => {
    localStorage.setItem(uploadStorageKey('f1', file()), 'gone');
    await uploadResumable('f1', file());
    expect(calls.filter((c) => !c.includes('/api/csrf')).slice(0, 2)).toEqual([
      'GET /api/storage/uploads/gone',
      'POST /api/storage/uploads',
    ]);
  });

  it('does not retry a refusal, and forgets the upload', async () => {
    chunkAnswer = (xhr) =>
      xhr.answer(415, { code: 'UNSUPPORTED', message: STORAGE_MESSAGES.contentMismatch('report.pdf') });
    const sleep = vi.fn(noWait);
    const error = await uploadResumable('f1', file(), { sleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(sleep).not.toHaveBeenCalled();
    expect(uploadFailureMessage(error, 'report.pdf')).toBe(STORAGE_MESSAGES.contentMismatch('report.pdf'));
    expect(localStorage.getItem(uploadStorageKey('f1', file()))).toBeNull();
  });

  it('cancels: the upload is deleted on the server and forgotten', async () => {
    const controller = new AbortController();
    chunkAnswer = (xhr, upload, n) => {
      if (n === 1) {
        controller.abort();
        return;
      }
      accept(xhr, upload, n);
    };
    await expect(uploadResumable('f1', file(), { signal: controller.signal })).rejects.toMatchObject({
      code: 'ABORTED',
    });
    await vi.waitFor(() => expect(calls).toContain('DELETE /api/storage/uploads/up1'));
    expect(localStorage.getItem(uploadStorageKey('f1', file()))).toBeNull();
  });

  it('sends the CSRF header and the bytes as octet-stream', async () => {
    const seen: FakeXhr[] = [];
    chunkAnswer = (xhr, upload, n) => {
      seen.push(xhr);
      accept(xhr, upload, n);
    };
    await uploadResumable('f1', file('abc'));
    expect(seen[0]!.headers['x-csrf-token']).toBe('t');
    expect(seen[0]!.headers['content-type']).toBe('application/octet-stream');
    expect(seen[0]!.withCredentials).toBe(true);
  });
});

describe('upload failures', () => {
  it('says 507 with the spec text, a refusal with the server text, anything else with the failure text', () => {
    expect(uploadFailureMessage(new ApiError(507, 'NO_SPACE', 'whatever'), 'a.pdf')).toBe(STORAGE_MESSAGES.noSpace);
    expect(uploadFailureMessage(new ApiError(413, 'TOO_LARGE', 'Too big.'), 'a.pdf')).toBe('Too big.');
    expect(uploadFailureMessage(new ApiError(500, 'INTERNAL', 'An error occured'), 'a.pdf')).toBe(
      STORAGE_MESSAGES.uploadFailed('a.pdf'),
    );
    expect(uploadFailureMessage(new ApiError(0, 'NETWORK_ERROR', 'An error occured'), 'a.pdf')).toBe(
      'Failed to upload a.pdf to LetUsStore',
    );
    expect(isRetryable(new ApiError(503, 'X', ''))).toBe(true);
    expect(isRetryable(new ApiError(0, 'ABORTED', ''))).toBe(false);
    expect(isRetryable(new ApiError(415, 'X', ''))).toBe(false);
    expect(isRetryable(new ApiError(422, 'VALIDATION_FAILED', STORAGE_MESSAGES.chunkSize))).toBe(true);
    expect(isRetryable(new ApiError(422, 'VALIDATION_FAILED', 'Something else.'))).toBe(false);
  });

  it('learns from the upload that the file is stored when the last answer was lost, instead of sending it again', async () => {
    chunkAnswer = (xhr, upload, n) => {
      if (n < 2) return accept(xhr, upload, n);
      // The server stored the file, but its answer never arrived.
      upload.offset = upload.size;
      upload.item = { id: 'stored-1' };
      xhr.onerror?.();
    };
    const item = await uploadResumable('f1', file(), { sleep: noWait });
    expect(item).toEqual({ id: 'stored-1' });
    expect(calls.filter((c) => c.startsWith('POST /api/storage/uploads')).length).toBe(1);
    expect(calls.filter((c) => c.endsWith('/chunks/2')).length).toBe(1);
    expect(localStorage.length).toBe(0);
  });
});
