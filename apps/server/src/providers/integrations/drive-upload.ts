import type { IntegrationProviderId } from '@lp/domain';
import { type CallOptions, callProvider, ProviderError } from './http.js';
import { record } from './mapping.js';
import type { CallContext, ClientDeps } from './types.js';

/**
 * Copying a file into a cloud drive, as each documents it: Google Drive (a folder found or made by
 * name under My Drive, multipart upload up to 5 MB, a resumable session above in 256 KiB multiples),
 * Dropbox (`/2/files/upload` up to 150 MB, an upload session beyond; the folder made with
 * create_folder_v2, "already there" being fine) and OneDrive (Graph's PUT by path up to 4 MB, an
 * upload session above in 320 KiB multiples; Graph makes the folders of a path). Every call goes
 * through the call layer (the provider's rate limit, Retry-After, 5xx tried again). An upload with
 * the remote id of an earlier one replaces that file rather than making another.
 */

export interface DriveFile {
  /** The file's name (made safe for the drive here). */
  name: string;
  bytes: Uint8Array;
  contentType: string;
  /** Folder names from the drive's root: ["LetterPost letters"] or ["LetterPost letters", "Customer"]. */
  folder: readonly string[];
  /** What an earlier upload of the same file answered: replaced, not copied again. */
  remoteId?: string | null;
}

export interface UploadedFile {
  /** The drive's id of the file (Google's file id, Dropbox's "id:...", Graph's item id). */
  id: string;
  /** Where it is, as the drive shows it. */
  path: string;
  size: number;
}

export interface UploadOptions {
  /** Files up to this size go in one request (the provider's documented limit unless a test lowers it). */
  simpleMax?: number;
  /** A session's slice (a multiple of 256 KiB for Google and of 320 KiB for Graph). */
  chunkSize?: number;
}

export interface DriveUploadClient {
  upload(ctx: CallContext, file: DriveFile): Promise<UploadedFile>;
}

const KiB = 1024;
const MiB = 1024 * KiB;

/** The documented limits of one request and the slices the product sends above them. */
export const UPLOAD_LIMITS: Record<
  'google_drive' | 'dropbox' | 'onedrive',
  { simpleMax: number; chunkSize: number; chunkMultiple: number }
> = {
  google_drive: { simpleMax: 5 * MiB, chunkSize: 8 * MiB, chunkMultiple: 256 * KiB },
  dropbox: { simpleMax: 150 * MiB, chunkSize: 8 * MiB, chunkMultiple: 1 },
  onedrive: { simpleMax: 4 * MiB, chunkSize: 32 * 320 * KiB, chunkMultiple: 320 * KiB },
};

/**
 * Google Drive folders found or made lately, by drive account, parent and name: the drive sync
 * copies letter after letter into one folder, and looking it up for each made a third of its calls
 * (Google's limit, 600 calls a minute, then bounds the sync: 3.3 letters a second instead of 5).
 * Kept 5 minutes; an upload refused because the folder is gone looks it up again at once.
 */
const FOLDER_CACHE_MS = 5 * 60_000;
const googleFolders = new Map<string, { id: string; at: number }>();
const folderKey = (tenant: string, parent: string, name: string) => `${tenant}\u0000${parent}\u0000${name}`;
function forgetFolders(tenant: string) {
  for (const key of googleFolders.keys()) if (key.startsWith(`${tenant}\u0000`)) googleFolders.delete(key);
}

/** The folder the product files letters in, in each drive. */
export const DRIVE_FOLDER = 'LetterPost letters';

/**
 * A name every drive takes: no path separators or characters Windows (OneDrive, Dropbox's sync)
 * refuses, no control characters, no leading or trailing spaces or trailing dots, at most 200
 * characters, never a reserved device name, never empty.
 */
export function safeDriveName(name: string, fallback = 'letter'): string {
  let s = name
    .normalize('NFC')
    .split('')
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127)
    .join('')
    .replace(/[\\/:*?"<>|]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '');
  if (s.length > 200) {
    const ext = /\.[A-Za-z0-9]{1,5}$/.exec(s)?.[0] ?? '';
    s = s.slice(0, 200 - ext.length).trim() + ext;
  }
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(s)) s = `_${s}`;
  if (/^~\$|^\.lock$|^desktop\.ini$|^_vti_/i.test(s)) s = `_${s.replace(/^~\$/, '')}`;
  return s || fallback;
}

/** Dropbox-API-Arg is JSON in an HTTP header: characters beyond ASCII are escaped (Dropbox's documented rule). */
export function dropboxArg(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function sliceSize(id: keyof typeof UPLOAD_LIMITS, opts: UploadOptions): { simpleMax: number; chunkSize: number } {
  const limits = UPLOAD_LIMITS[id];
  const simpleMax = Math.min(opts.simpleMax ?? limits.simpleMax, limits.simpleMax);
  const chunkSize = opts.chunkSize ?? limits.chunkSize;
  if (chunkSize <= 0 || chunkSize % limits.chunkMultiple !== 0)
    throw new Error(`${id}: an upload slice must be a multiple of ${limits.chunkMultiple / 1024} KiB`);
  return { simpleMax, chunkSize };
}

const bytesOf = (s: string) => new TextEncoder().encode(s);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

export function createDriveUploadClient(
  id: IntegrationProviderId,
  deps: ClientDeps,
  opts: UploadOptions = {},
): DriveUploadClient {
  const name = deps.provider.info.name;
  const base = deps.provider.apiBaseUrl;
  const call = (ctx: CallContext, url: string, o: CallOptions & { bearer?: boolean }) =>
    callProvider(
      deps.fetch,
      deps.limiterFor(ctx.tenantId),
      url.startsWith('http') ? url : `${base}${url}`,
      {
        ...o,
        headers: { ...(o.bearer === false ? {} : { authorization: `Bearer ${ctx.accessToken}` }), ...o.headers },
      },
      name,
    );
  const json = (body: unknown) => ({
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    body: JSON.stringify(body),
  });
  const fileOf = (body: unknown, path: string, fallbackId?: string | null): UploadedFile => {
    const b = record(body);
    const fileId = typeof b.id === 'string' && b.id ? b.id : fallbackId;
    if (!fileId) throw new ProviderError('refused', `${name} did not say which file it made.`);
    return { id: fileId, path, size: Number(b.size ?? 0) };
  };

  switch (id) {
    case 'google_drive': {
      const { simpleMax, chunkSize } = sliceSize('google_drive', opts);
      const FOLDER = 'application/vnd.google-apps.folder';
      const quote = (s: string) => s.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
      /** The folder of this name under `parent` (made when missing; the first when there are several). */
      const folderId = async (ctx: CallContext, folderName: string, parent: string) => {
        const key = ctx.tenantId ? folderKey(ctx.tenantId, parent, folderName) : null;
        const cached = key ? googleFolders.get(key) : undefined;
        if (cached && Date.now() - cached.at < FOLDER_CACHE_MS) return cached.id;
        const id = await findOrMakeFolder(ctx, folderName, parent);
        if (key) {
          if (googleFolders.size >= 10_000) googleFolders.delete(googleFolders.keys().next().value!);
          googleFolders.set(key, { id, at: Date.now() });
        }
        return id;
      };
      const findOrMakeFolder = async (ctx: CallContext, folderName: string, parent: string) => {
        const q = `name = '${quote(folderName)}' and mimeType = '${FOLDER}' and '${quote(parent)}' in parents and trashed = false`;
        const found = await call(
          ctx,
          `/drive/v3/files?${new URLSearchParams({ q, spaces: 'drive', fields: 'files(id,name)', pageSize: '10' })}`,
          {},
        );
        const files = record(found.body).files;
        const first = Array.isArray(files) ? record(files[0]) : {};
        if (typeof first.id === 'string') return first.id;
        const made = await call(ctx, '/drive/v3/files?fields=id,name', {
          method: 'POST',
          ...json({ name: folderName, mimeType: FOLDER, parents: [parent] }),
        });
        return fileOf(made.body, folderName).id;
      };
      /** A file (not a folder) of this name in the folder, or null. */
      const existing = async (ctx: CallContext, fileName: string, parent: string) => {
        const q = `name = '${quote(fileName)}' and '${quote(parent)}' in parents and trashed = false`;
        const found = await call(
          ctx,
          `/drive/v3/files?${new URLSearchParams({ q, spaces: 'drive', fields: 'files(id,name,mimeType)', pageSize: '10' })}`,
          {},
        );
        const files = record(found.body).files;
        const file = (Array.isArray(files) ? files : []).map(record).find((f) => f.mimeType !== FOLDER);
        return typeof file?.id === 'string' ? file.id : null;
      };
      const upload = async (ctx: CallContext, file: DriveFile) => {
        try {
          return await uploadOnce(ctx, file);
        } catch (error) {
          // A remembered folder deleted in the drive meanwhile: found or made again, and tried once more.
          if (!(error instanceof ProviderError && error.kind === 'not_found' && ctx.tenantId)) throw error;
          forgetFolders(ctx.tenantId);
          return uploadOnce(ctx, file);
        }
      };
      const uploadOnce = async (ctx: CallContext, file: DriveFile): Promise<UploadedFile> => {
        const fileName = safeDriveName(file.name);
        let parent = 'root';
        for (const f of file.folder) parent = await folderId(ctx, safeDriveName(f, 'Letters'), parent);
        const path = [...file.folder.map((f) => safeDriveName(f, 'Letters')), fileName].join('/');
        // Drive allows two files of one name: without a stored id, a file of this name in the
        // folder (an upload whose answer was lost) is the one replaced, as Dropbox and Graph do by path.
        const remoteId = file.remoteId ?? (await existing(ctx, fileName, parent));
        // Replacing: the file's content and name are updated in place (a PATCH of the same id).
        const target = remoteId
          ? { method: 'PATCH' as const, path: `/upload/drive/v3/files/${encodeURIComponent(remoteId)}` }
          : { method: 'POST' as const, path: '/upload/drive/v3/files' };
        const metadata = remoteId
          ? { name: fileName, mimeType: file.contentType }
          : { name: fileName, mimeType: file.contentType, parents: [parent] };
        const fields = 'fields=id,name,size,mimeType';
        if (file.bytes.byteLength <= simpleMax) {
          const boundary = `letterpost-${Math.random().toString(36).slice(2)}`;
          const body = concat([
            bytesOf(
              `--${boundary}\r\ncontent-type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n--${boundary}\r\ncontent-type: ${file.contentType}\r\n\r\n`,
            ),
            file.bytes,
            bytesOf(`\r\n--${boundary}--`),
          ]);
          const res = await call(ctx, `${target.path}?uploadType=multipart&${fields}`, {
            method: target.method,
            headers: { 'content-type': `multipart/related; boundary=${boundary}` },
            body,
          });
          return fileOf(res.body, path, remoteId);
        }
        const started = await call(ctx, `${target.path}?uploadType=resumable&${fields}`, {
          method: target.method,
          headers: {
            'content-type': 'application/json; charset=UTF-8',
            'x-upload-content-type': file.contentType,
            'x-upload-content-length': String(file.bytes.byteLength),
          },
          body: JSON.stringify(metadata),
        });
        const session = started.headers.get('location');
        if (!session) throw new ProviderError('refused', `${name} did not open an upload session.`);
        const total = file.bytes.byteLength;
        let offset = 0;
        for (;;) {
          const end = Math.min(offset + chunkSize, total);
          const res = await call(ctx, session, {
            method: 'PUT',
            headers: { 'content-type': file.contentType, 'content-range': `bytes ${offset}-${end - 1}/${total}` },
            body: file.bytes.subarray(offset, end),
            timeoutMs: 120_000,
          });
          if (res.status === 200 || res.status === 201) return fileOf(res.body, path, remoteId);
          // 308 Resume Incomplete: the Range header says what arrived ("bytes=0-N").
          const range = /bytes=0-(\d+)/.exec(res.headers.get('range') ?? '');
          const next = range ? Number(range[1]) + 1 : 0;
          if (next <= offset && end < total)
            throw new ProviderError('refused', `${name} did not take a slice of the upload.`, res.status);
          offset = next;
        }
      };
      return { upload };
    }
    case 'dropbox': {
      const { simpleMax, chunkSize } = sliceSize('dropbox', opts);
      // File content goes to Dropbox's content host; the sandbox serves both at one base.
      const content = base.replace('://api.dropboxapi.com', '://content.dropboxapi.com');
      const octets = (arg: unknown) => ({
        'content-type': 'application/octet-stream',
        'dropbox-api-arg': dropboxArg(arg),
      });
      return {
        async upload(ctx, file) {
          const folder = `/${file.folder.map((f) => safeDriveName(f, 'Letters')).join('/')}`;
          try {
            await call(ctx, '/2/files/create_folder_v2', {
              method: 'POST',
              ...json({ path: folder, autorename: false }),
            });
          } catch (error) {
            // path/conflict/folder: the folder is there already (as it is from the second letter on).
            const summary = error instanceof ProviderError ? String(record(error.body).error_summary ?? '') : '';
            if (!(error instanceof ProviderError && error.status === 409 && summary.startsWith('path/conflict/folder')))
              throw error;
          }
          const path = `${folder}/${safeDriveName(file.name)}`;
          // Overwrite: the same letter uploaded again replaces its file (same path, same id).
          const commit = { path, mode: 'overwrite', autorename: false, mute: true, strict_conflict: false };
          const total = file.bytes.byteLength;
          if (total <= simpleMax) {
            const res = await call(ctx, `${content}/2/files/upload`, {
              method: 'POST',
              headers: octets(commit),
              body: file.bytes,
              timeoutMs: 120_000,
            });
            return fileOf(res.body, String(record(res.body).path_display ?? path), file.remoteId);
          }
          const first = file.bytes.subarray(0, chunkSize);
          const started = await call(ctx, `${content}/2/files/upload_session/start`, {
            method: 'POST',
            headers: octets({ close: false }),
            body: first,
            timeoutMs: 120_000,
          });
          const sessionId = record(started.body).session_id;
          if (typeof sessionId !== 'string')
            throw new ProviderError('refused', `${name} did not open an upload session.`);
          let offset = first.byteLength;
          while (total - offset > chunkSize) {
            await call(ctx, `${content}/2/files/upload_session/append_v2`, {
              method: 'POST',
              headers: octets({ cursor: { session_id: sessionId, offset }, close: false }),
              body: file.bytes.subarray(offset, offset + chunkSize),
              timeoutMs: 120_000,
            });
            offset += chunkSize;
          }
          const res = await call(ctx, `${content}/2/files/upload_session/finish`, {
            method: 'POST',
            headers: octets({ cursor: { session_id: sessionId, offset }, commit }),
            body: file.bytes.subarray(offset),
            timeoutMs: 120_000,
          });
          return fileOf(res.body, String(record(res.body).path_display ?? path), file.remoteId);
        },
      };
    }
    case 'onedrive': {
      const { simpleMax, chunkSize } = sliceSize('onedrive', opts);
      return {
        async upload(ctx, file) {
          const parts = [...file.folder.map((f) => safeDriveName(f, 'Letters')), safeDriveName(file.name)];
          const path = parts.join('/');
          const encoded = parts.map(encodeURIComponent).join('/');
          // A replacement goes to the item itself; a new file by path (Graph makes the folders).
          const item = file.remoteId
            ? `/v1.0/me/drive/items/${encodeURIComponent(file.remoteId)}`
            : `/v1.0/me/drive/root:/${encoded}:`;
          const total = file.bytes.byteLength;
          if (total <= simpleMax) {
            const res = await call(ctx, `${item}/content?@microsoft.graph.conflictBehavior=replace`, {
              method: 'PUT',
              headers: { 'content-type': file.contentType },
              body: file.bytes,
              timeoutMs: 120_000,
            });
            return fileOf(res.body, path, file.remoteId);
          }
          const session = await call(ctx, `${item}/createUploadSession`, {
            method: 'POST',
            ...json({ item: { '@microsoft.graph.conflictBehavior': 'replace' } }),
          });
          const uploadUrl = record(session.body).uploadUrl;
          if (typeof uploadUrl !== 'string')
            throw new ProviderError('refused', `${name} did not open an upload session.`);
          let offset = 0;
          for (;;) {
            const end = Math.min(offset + chunkSize, total);
            // The upload address is pre-authorised: Graph asks that no Authorization header go with it.
            const res = await call(ctx, uploadUrl, {
              method: 'PUT',
              bearer: false,
              headers: {
                'content-type': 'application/octet-stream',
                'content-range': `bytes ${offset}-${end - 1}/${total}`,
              },
              body: file.bytes.subarray(offset, end),
              timeoutMs: 120_000,
            });
            if (res.status === 200 || res.status === 201) return fileOf(res.body, path, file.remoteId);
            const ranges = record(res.body).nextExpectedRanges;
            const next = Array.isArray(ranges)
              ? Number(/^(\d+)-/.exec(String(ranges[0]))?.[1] ?? Number.NaN)
              : Number.NaN;
            if (!Number.isFinite(next) || next <= offset)
              throw new ProviderError('refused', `${name} did not take a slice of the upload.`, res.status);
            offset = next;
          }
        },
      };
    }
    default:
      throw new Error(`${id} is not a cloud drive`);
  }
}
