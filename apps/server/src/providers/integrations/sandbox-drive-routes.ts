import type { IntegrationProviderId } from '@lp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../platform/http.js';
import { sandboxBase } from './registry.js';
import type { Claims, IntegrationsSandbox } from './sandbox.js';
import type { ListedItem } from './sandbox-drive.js';

/**
 * The sandbox drives' upload paths in their documented shapes (decision 0021): Google Drive's
 * files.list / files.create of a folder, multipart and resumable uploads (308 Resume Incomplete
 * with a Range header between slices, 256 KiB multiples); Dropbox's create_folder_v2 (409
 * path/conflict/folder), files/upload with Dropbox-API-Arg and upload_session start / append_v2 /
 * finish (409 incorrect_offset); Graph's PUT by path, createUploadSession and its pre-authorised
 * upload address (202 with nextExpectedRanges, 320 KiB multiples). What arrives is kept on disk
 * (SandboxDrive). Each call: latency, the bearer token, the rate limit (429 with Retry-After), and
 * the failure knob (503) before anything is written.
 */

const SERVER_TO_SERVER = { access: { kind: 'public' }, csrfExempt: true } as const;
const hide = { hide: true } as const;
const KiB = 1024;
const MiB = 1024 * KiB;
/** The largest request the sandbox reads (Dropbox's 150 MB and some room). */
const BODY_LIMIT = 160 * MiB;
const FOLDER = 'application/vnd.google-apps.folder';

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

function driveError(id: IntegrationProviderId, status: number, reason: string, message: string): unknown {
  if (id === 'dropbox') return { error_summary: `${reason}/`, error: { '.tag': reason } };
  if (id === 'onedrive') return { error: { code: reason, message } };
  return { error: { code: status, message, errors: [{ domain: 'global', reason, message }] } };
}

const googleFile = (i: ListedItem) => ({
  kind: 'drive#file',
  id: i.id,
  name: i.name,
  mimeType: i.mimeType,
  parents: [i.parentId],
  ...(i.kind === 'file' ? { size: String(i.size) } : {}),
  createdTime: i.createdAt,
  modifiedTime: i.modifiedAt,
});

const dropboxFile = (i: ListedItem) => ({
  '.tag': i.kind,
  name: i.name,
  id: i.id,
  path_lower: `/${i.path}`.toLowerCase(),
  path_display: `/${i.path}`,
  ...(i.kind === 'file'
    ? {
        client_modified: i.modifiedAt.replace(/\.\d+Z$/, 'Z'),
        server_modified: i.modifiedAt.replace(/\.\d+Z$/, 'Z'),
        rev: `0${i.versions.toString(16).padStart(8, '0')}`,
        size: i.size,
        is_downloadable: true,
      }
    : {}),
});

const graphItem = (i: ListedItem) => ({
  id: i.id,
  name: i.name,
  size: i.size,
  createdDateTime: i.createdAt,
  lastModifiedDateTime: i.modifiedAt,
  parentReference: {
    driveType: 'personal',
    path: `/drive/root:${i.path.includes('/') ? `/${i.path.slice(0, i.path.lastIndexOf('/'))}` : ''}`,
  },
  ...(i.kind === 'file' ? { file: { mimeType: i.mimeType } } : { folder: { childCount: 0 } }),
});

/** Reads Google's files.list `q` as the product writes it: name, mimeType, one parent, trashed. */
function googleQuery(q: string): { name?: string; mimeType?: string; parent?: string } | null {
  const out: { name?: string; mimeType?: string; parent?: string } = {};
  const unq = (s: string) => s.replace(/\\(.)/g, '$1');
  for (const clause of q.split(/\s+and\s+(?=(?:[^']*'[^']*')*[^']*$)/)) {
    const c = clause.trim();
    const name = /^name\s*=\s*'((?:[^'\\]|\\.)*)'$/.exec(c);
    const mimeType = /^mimeType\s*=\s*'((?:[^'\\]|\\.)*)'$/.exec(c);
    const parent = /^'((?:[^'\\]|\\.)*)'\s+in\s+parents$/.exec(c);
    if (name) out.name = unq(name[1]!);
    else if (mimeType) out.mimeType = unq(mimeType[1]!);
    else if (parent) out.parent = unq(parent[1]!);
    else if (!/^trashed\s*=\s*false$/.test(c)) return null;
  }
  return out;
}

const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** Reads "bytes a-b/total" (Google and Graph's Content-Range). */
function contentRange(header: string | undefined): { start: number; end: number; total: number | null } | null {
  const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header?.trim() ?? '');
  if (!m) return null;
  return { start: Number(m[1]), end: Number(m[2]), total: m[3] === '*' ? null : Number(m[3]) };
}

/** The two parts of a multipart/related body: the JSON metadata and the media. */
function multipartRelated(
  body: Buffer,
  contentType: string,
): { metadata: Record<string, unknown>; media: Buffer } | null {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    parts.push(body.subarray(start, next));
    at = next;
  }
  if (parts.length !== 2) return null;
  const split = (part: Buffer) => {
    const head = part.indexOf('\r\n\r\n');
    if (head < 0) return null;
    let content = part.subarray(head + 4);
    if (content.subarray(-2).toString() === '\r\n') content = content.subarray(0, -2);
    return content;
  };
  const meta = split(parts[0]!);
  const media = split(parts[1]!);
  if (!meta || !media) return null;
  try {
    return { metadata: JSON.parse(meta.toString('utf8')) as Record<string, unknown>, media };
  } catch {
    return null;
  }
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

export function registerSandboxDriveRoutes(app: App, sandbox: IntegrationsSandbox, publicUrl: string) {
  const drive = sandbox.drive;
  app.register(async (plugin) => {
    // The plugin's own instance: typed by the routes' Zod schemas like the app.
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      ['application/octet-stream', 'application/pdf'],
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.addContentTypeParser(
      /^multipart\/related/,
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    const opts = { schema: hide, config: SERVER_TO_SERVER, bodyLimit: BODY_LIMIT };

    /** A drive call: latency, the token (or a pre-authorised session), the limit, the failure knob, then the answer. */
    const api = async (
      request: FastifyRequest,
      reply: FastifyReply,
      id: IntegrationProviderId,
      handle: (claims: Pick<Claims, 'ten'>) => Answer,
      preauthorised?: { tenant: string } | null,
    ) => {
      const p = sandbox.provider(id);
      if (!p) return reply.callNotFound();
      await sandbox.latency();
      const claims = preauthorised
        ? { ten: preauthorised.tenant }
        : sandbox.authenticate(p, request.headers.authorization);
      if (!claims)
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send(
            driveError(
              id,
              401,
              id === 'dropbox'
                ? 'expired_access_token'
                : id === 'onedrive'
                  ? 'InvalidAuthenticationToken'
                  : 'authError',
              'Invalid Credentials',
            ),
          );
      const admitted = sandbox.admit(p, claims.ten);
      if (!admitted.ok)
        return reply
          .status(429)
          .header('retry-after', String(admitted.retryAfter))
          .send(
            driveError(
              id,
              429,
              id === 'dropbox' ? 'too_many_requests' : id === 'onedrive' ? 'activityLimitReached' : 'rateLimitExceeded',
              'Rate limit exceeded',
            ),
          );
      try {
        if (sandbox.takeFailure(id))
          return reply
            .status(503)
            .header('retry-after', '0')
            .send(
              driveError(
                id,
                503,
                id === 'dropbox' ? 'internal_error' : id === 'onedrive' ? 'serviceNotAvailable' : 'backendError',
                'The service is unavailable (sandbox failure).',
              ),
            );
        const out = handle(claims);
        for (const [k, v] of Object.entries(out.headers ?? {})) reply.header(k, v);
        return out.body === undefined ? reply.status(out.status).send() : reply.status(out.status).send(out.body);
      } finally {
        admitted.done();
      }
    };
    const bodyOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
    // Session addresses are the sandbox's public ones, as a provider's are its own.
    const base = (_request: FastifyRequest, id: IntegrationProviderId) => sandboxBase(publicUrl, id);

    // --- Google Drive ----------------------------------------------------------------------------

    const g = '/api/integrations/sandbox/google_drive';

    scope.get(`${g}/drive/v3/files`, opts, (request, reply) =>
      api(request, reply, 'google_drive', (c) => {
        const q = googleQuery(String(record(request.query).q ?? ''));
        if (!q?.parent)
          return {
            status: 400,
            body: driveError(
              'google_drive',
              400,
              'invalidQuery',
              'The sandbox reads name, mimeType, one parent and trashed = false.',
            ),
          };
        const files = drive.children('google_drive', c.ten, q.parent, {
          ...(q.name !== undefined ? { name: q.name } : {}),
          ...(q.mimeType !== undefined ? { mimeType: q.mimeType } : {}),
        });
        return { status: 200, body: { kind: 'drive#fileList', incompleteSearch: false, files: files.map(googleFile) } };
      }),
    );

    scope.post(`${g}/drive/v3/files`, opts, (request, reply) =>
      api(request, reply, 'google_drive', (c) => {
        const meta = record(request.body);
        const parents = Array.isArray(meta.parents) ? meta.parents : ['root'];
        const name = typeof meta.name === 'string' ? meta.name : 'Untitled';
        const parent = String(parents[0] ?? 'root');
        if (parent !== 'root' && drive.get('google_drive', c.ten, parent)?.kind !== 'folder')
          return { status: 404, body: driveError('google_drive', 404, 'notFound', `File not found: ${parent}.`) };
        if (meta.mimeType !== FOLDER)
          return {
            status: 400,
            body: driveError('google_drive', 400, 'badRequest', 'The sandbox makes folders here; files go to /upload.'),
          };
        return { status: 200, body: googleFile(drive.folder('google_drive', c.ten, name, parent, false).item) };
      }),
    );

    /** A multipart or resumable start, to make a file (POST) or replace one (PATCH with its id). */
    const googleUpload = (request: FastifyRequest, reply: FastifyReply, fileId: string | null) =>
      api(request, reply, 'google_drive', (c) => {
        const query = record(request.query);
        const existing = fileId ? drive.get('google_drive', c.ten, fileId) : null;
        if (fileId && existing?.kind !== 'file')
          return { status: 404, body: driveError('google_drive', 404, 'notFound', `File not found: ${fileId}.`) };
        const targetOf = (meta: Record<string, unknown>, mimeType: string) => {
          const parent = String((Array.isArray(meta.parents) ? meta.parents[0] : null) ?? existing?.parentId ?? 'root');
          if (fileId && Array.isArray(meta.parents))
            return { error: 'The parents field is not directly writable in update requests.' };
          if (parent !== 'root' && drive.get('google_drive', c.ten, parent)?.kind !== 'folder')
            // Google answers a missing parent as a missing file (404 notFound), not a bad request.
            return { error: `File not found: ${parent}.`, notFound: true };
          return {
            target: {
              name: typeof meta.name === 'string' ? meta.name : (existing?.name ?? 'Untitled'),
              parentId: parent,
              mimeType: typeof meta.mimeType === 'string' ? meta.mimeType : mimeType,
              replaceId: fileId,
              replaceByName: false,
            },
          };
        };
        if (query.uploadType === 'multipart') {
          const parsed = multipartRelated(bodyOf(request), String(request.headers['content-type'] ?? ''));
          if (!parsed)
            return {
              status: 400,
              body: driveError(
                'google_drive',
                400,
                'badContent',
                'A multipart/related body of metadata and media is expected.',
              ),
            };
          if (parsed.media.byteLength > 5 * MiB)
            return {
              status: 413,
              body: driveError(
                'google_drive',
                413,
                'uploadTooLarge',
                'Multipart uploads take up to 5 MB; use a resumable upload.',
              ),
            };
          const t = targetOf(parsed.metadata, 'application/octet-stream');
          if ('error' in t)
            return 'notFound' in t
              ? { status: 404, body: driveError('google_drive', 404, 'notFound', t.error!) }
              : { status: 400, body: driveError('google_drive', 400, 'badRequest', t.error!) };
          const written = drive.writeFile('google_drive', c.ten, t.target, parsed.media);
          return written
            ? { status: 200, body: googleFile(written) }
            : { status: 404, body: driveError('google_drive', 404, 'notFound', 'File not found.') };
        }
        if (query.uploadType === 'resumable') {
          const length = Number(request.headers['x-upload-content-length'] ?? Number.NaN);
          const t = targetOf(
            record(request.body),
            String(request.headers['x-upload-content-type'] ?? 'application/octet-stream'),
          );
          if ('error' in t)
            return 'notFound' in t
              ? { status: 404, body: driveError('google_drive', 404, 'notFound', t.error!) }
              : { status: 400, body: driveError('google_drive', 400, 'badRequest', t.error!) };
          const session = drive.openSession({
            provider: 'google_drive',
            tenant: c.ten,
            target: t.target,
            total: Number.isFinite(length) ? length : null,
          });
          return {
            status: 200,
            body: undefined,
            headers: {
              location: `${base(request, 'google_drive')}/upload/drive/v3/files?uploadType=resumable&upload_id=${session}`,
            },
          };
        }
        return {
          status: 400,
          body: driveError('google_drive', 400, 'badRequest', 'uploadType must be multipart or resumable.'),
        };
      });

    scope.post(`${g}/upload/drive/v3/files`, opts, (request, reply) => googleUpload(request, reply, null));
    scope.patch(`${g}/upload/drive/v3/files/:fileId`, opts, (request, reply) =>
      googleUpload(request, reply, z.object({ fileId: z.string() }).parse(request.params).fileId),
    );

    // A slice of a resumable upload: 308 with the Range received until the last, then the file.
    scope.put(`${g}/upload/drive/v3/files`, opts, (request, reply) => {
      const sessionId = String(record(request.query).upload_id ?? '');
      const session = drive.session(sessionId);
      if (session?.provider !== 'google_drive')
        return reply.status(404).send(driveError('google_drive', 404, 'notFound', 'No such upload session.'));
      return api(
        request,
        reply,
        'google_drive',
        (): Answer => {
          const range = contentRange(request.headers['content-range'] as string | undefined);
          const bytes = bodyOf(request);
          if (!range || range.end - range.start + 1 !== bytes.byteLength)
            return {
              status: 400,
              body: driveError('google_drive', 400, 'badContentRange', 'Content-Range does not match the body.'),
            };
          const total = range.total ?? session.total;
          const last = total !== null && range.end + 1 === total;
          if (!last && bytes.byteLength % (256 * KiB) !== 0)
            return {
              status: 400,
              body: driveError(
                'google_drive',
                400,
                'badContentRange',
                'A slice other than the last must be a multiple of 256 KiB.',
              ),
            };
          // A slice starting elsewhere is not taken; 308 says what arrived.
          if (!drive.append(sessionId, range.start, bytes) || !last)
            return {
              status: 308,
              headers:
                session.received > 0 ? { range: `bytes=0-${session.received - 1}` } : ({} as Record<string, string>),
            };
          const written = drive.finish(sessionId);
          return written
            ? { status: 200, body: googleFile(written) }
            : { status: 404, body: driveError('google_drive', 404, 'notFound', 'File not found.') };
        },
        { tenant: session.tenant },
      );
    });

    // --- Dropbox ---------------------------------------------------------------------------------

    const d = '/api/integrations/sandbox/dropbox';
    const dropboxPath = (value: unknown): string[] | null => {
      if (typeof value !== 'string' || !value.startsWith('/') || value.length > 1000) return null;
      const parts = value.split('/').slice(1);
      if (parts.some((p) => !p || /[\\<>:"|?*]/.test(p) || hasControl(p) || /[. ]$/.test(p))) return null;
      return parts;
    };
    const dropboxArg = (request: FastifyRequest): Record<string, unknown> | null => {
      try {
        return record(JSON.parse(String(request.headers['dropbox-api-arg'] ?? '')));
      } catch {
        return null;
      }
    };
    const badPath = (where: string) => ({
      status: 409,
      body: {
        error_summary: `${where}/malformed_path/`,
        error: { '.tag': where, [where]: { '.tag': 'malformed_path' } },
      },
    });
    /** Writes an upload's commit (path, mode overwrite or add). */
    const commitFile = (tenant: string, commit: Record<string, unknown>, bytes: Buffer): Answer => {
      const parts = dropboxPath(commit.path);
      if (!parts) return badPath('path');
      const name = parts.pop()!;
      const parentId = drive.folderAt('dropbox', tenant, parts);
      const mode = record(commit.mode)['.tag'] ?? commit.mode ?? 'add';
      const existing = drive.children('dropbox', tenant, parentId, { name, kind: 'file' })[0];
      if (existing && mode !== 'overwrite')
        return {
          status: 409,
          body: {
            error_summary: 'path/conflict/file/',
            error: {
              '.tag': 'path',
              reason: { '.tag': 'conflict', conflict: { '.tag': 'file' } },
              upload_session_id: '',
            },
          },
        };
      const written = drive.writeFile(
        'dropbox',
        tenant,
        { name, parentId, mimeType: 'application/octet-stream', replaceId: null, replaceByName: true },
        bytes,
      )!;
      const { '.tag': _tag, ...file } = dropboxFile(written);
      return { status: 200, body: file };
    };

    scope.post(`${d}/2/files/create_folder_v2`, opts, (request, reply) =>
      api(request, reply, 'dropbox', (c) => {
        const parts = dropboxPath(record(request.body).path);
        if (!parts) return badPath('path');
        const name = parts.pop()!;
        const parentId = drive.folderAt('dropbox', c.ten, parts);
        const existing = drive.children('dropbox', c.ten, parentId, { name })[0];
        if (existing)
          return {
            status: 409,
            body: {
              error_summary: `path/conflict/${existing.kind}/`,
              error: { '.tag': 'path', path: { '.tag': 'conflict', conflict: { '.tag': existing.kind } } },
            },
          };
        const { '.tag': _tag, ...metadata } = dropboxFile(drive.folder('dropbox', c.ten, name, parentId, false).item);
        return { status: 200, body: { metadata } };
      }),
    );

    scope.post(`${d}/2/files/list_folder`, opts, (request, reply) =>
      api(request, reply, 'dropbox', (c) => {
        const raw = record(request.body).path;
        const parts = raw === '' ? [] : dropboxPath(raw);
        if (!parts) return badPath('path');
        let parentId = 'root';
        for (const name of parts) {
          const f = drive.children('dropbox', c.ten, parentId, { name, kind: 'folder' })[0];
          if (!f)
            return {
              status: 409,
              body: { error_summary: 'path/not_found/', error: { '.tag': 'path', path: { '.tag': 'not_found' } } },
            };
          parentId = f.id;
        }
        return {
          status: 200,
          body: {
            entries: drive.children('dropbox', c.ten, parentId).map(dropboxFile),
            cursor: `sandbox-${parentId}`,
            has_more: false,
          },
        };
      }),
    );

    scope.post(`${d}/2/files/upload`, opts, (request, reply) =>
      api(request, reply, 'dropbox', (c) => {
        const arg = dropboxArg(request);
        if (!arg)
          return {
            status: 400,
            body: 'Error in call to API function "files/upload": Bad HTTP "Dropbox-API-Arg" header.',
          };
        const bytes = bodyOf(request);
        if (bytes.byteLength > 150 * MiB)
          return {
            status: 400,
            body: 'Error in call to API function "files/upload": Request body too large; use upload sessions beyond 150 MB.',
          };
        return commitFile(c.ten, arg, bytes);
      }),
    );

    scope.post(`${d}/2/files/upload_session/start`, opts, (request, reply) =>
      api(request, reply, 'dropbox', (c) => {
        const session = drive.openSession({
          provider: 'dropbox',
          tenant: c.ten,
          target: {
            name: '',
            parentId: 'root',
            mimeType: 'application/octet-stream',
            replaceId: null,
            replaceByName: true,
          },
          total: null,
        });
        drive.append(session, 0, bodyOf(request));
        return { status: 200, body: { session_id: session } };
      }),
    );

    const cursorOf = (tenant: string, arg: Record<string, unknown> | null): { id: string; offset: number } | Answer => {
      const cursor = record(arg?.cursor);
      const id = String(cursor.session_id ?? '');
      const session = drive.session(id);
      if (session?.provider !== 'dropbox' || session.tenant !== tenant)
        return { status: 409, body: { error_summary: 'lookup_failed/not_found/', error: { '.tag': 'not_found' } } };
      const offset = Number(cursor.offset);
      if (offset !== session.received)
        return {
          status: 409,
          body: {
            error_summary: 'lookup_failed/incorrect_offset/',
            error: { '.tag': 'incorrect_offset', correct_offset: session.received },
          },
        };
      return { id, offset };
    };

    scope.post(`${d}/2/files/upload_session/append_v2`, opts, (request, reply) =>
      api(request, reply, 'dropbox', (c) => {
        const cursor = cursorOf(c.ten, dropboxArg(request));
        if ('status' in cursor) return cursor;
        drive.append(cursor.id, cursor.offset, bodyOf(request));
        return { status: 200, body: null };
      }),
    );

    scope.post(`${d}/2/files/upload_session/finish`, opts, (request, reply) =>
      api(request, reply, 'dropbox', (c) => {
        const arg = dropboxArg(request);
        const cursor = cursorOf(c.ten, arg);
        if ('status' in cursor) return cursor;
        drive.append(cursor.id, cursor.offset, bodyOf(request));
        const session = drive.session(cursor.id)!;
        const bytes = Buffer.concat(session.chunks);
        drive.finish(cursor.id);
        return commitFile(c.ten, record(arg?.commit), bytes);
      }),
    );

    // --- OneDrive (Microsoft Graph) -----------------------------------------------------------------

    const o = '/api/integrations/sandbox/onedrive';
    /** `root:/a/b.pdf:/content`, `items/{id}/createUploadSession`, `root:/a:/children`. */
    const graphTarget = (url: string) => {
      const rest = url.split('?')[0]!.replace(/^.*?\/v1\.0\/me\/drive\//, '');
      let m = /^root:\/(.+):\/(content|createUploadSession|children)$/.exec(rest);
      if (m) {
        try {
          return { path: m[1]!.split('/').map(decodeURIComponent), action: m[2]! };
        } catch {
          return null;
        }
      }
      m = /^items\/([^/]+)\/(content|createUploadSession)$/.exec(rest);
      return m ? { itemId: decodeURIComponent(m[1]!), action: m[2]! } : null;
    };
    const graphName = (n: string) =>
      n.length > 0 && n.length <= 255 && !/[\\/:*?"<>|]/.test(n) && !hasControl(n) && !/[. ]$/.test(n);
    /** Where a Graph write goes: by path (folders made) or onto an item. */
    const graphWrite = (tenant: string, t: NonNullable<ReturnType<typeof graphTarget>>) => {
      if ('itemId' in t) {
        const item = drive.get('onedrive', tenant, t.itemId!);
        if (item?.kind !== 'file') return null;
        return {
          name: item.name,
          parentId: item.parentId,
          mimeType: item.mimeType,
          replaceId: item.id,
          replaceByName: false,
        };
      }
      const parts = [...t.path!];
      if (!parts.every(graphName)) return 'bad' as const;
      const name = parts.pop()!;
      return {
        name,
        parentId: drive.folderAt('onedrive', tenant, parts),
        mimeType: 'application/octet-stream',
        replaceId: null,
        replaceByName: true,
      };
    };
    const notFound = {
      status: 404,
      body: driveError('onedrive', 404, 'itemNotFound', 'The resource could not be found.'),
    };
    const badName = {
      status: 400,
      body: driveError('onedrive', 400, 'invalidRequest', 'The name contains characters that are not allowed.'),
    };

    scope.put(`${o}/v1.0/me/drive/*`, opts, (request, reply) =>
      api(request, reply, 'onedrive', (c) => {
        const t = graphTarget(request.url);
        if (t?.action !== 'content') return notFound;
        const bytes = bodyOf(request);
        if (bytes.byteLength > 4 * MiB)
          return {
            status: 413,
            body: driveError('onedrive', 413, 'requestTooLarge', 'Files above 4 MB go through an upload session.'),
          };
        const target = graphWrite(c.ten, t);
        if (target === 'bad') return badName;
        if (!target) return notFound;
        const written = drive.writeFile(
          'onedrive',
          c.ten,
          { ...target, mimeType: String(request.headers['content-type'] ?? target.mimeType) },
          bytes,
        );
        return written ? { status: target.replaceId ? 200 : 201, body: graphItem(written) } : notFound;
      }),
    );

    scope.post(`${o}/v1.0/me/drive/*`, opts, (request, reply) =>
      api(request, reply, 'onedrive', (c) => {
        const t = graphTarget(request.url);
        if (t?.action !== 'createUploadSession') return notFound;
        const target = graphWrite(c.ten, t);
        if (target === 'bad') return badName;
        if (!target) return notFound;
        const session = drive.openSession({ provider: 'onedrive', tenant: c.ten, target, total: null });
        return {
          status: 200,
          body: {
            '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#microsoft.graph.uploadSession',
            uploadUrl: `${base(request, 'onedrive')}/upload-session/${session}`,
            expirationDateTime: new Date(Date.now() + 24 * 3600_000).toISOString(),
            nextExpectedRanges: ['0-'],
          },
        };
      }),
    );

    scope.get(`${o}/v1.0/me/drive/*`, { schema: hide, config: { access: { kind: 'public' } } }, (request, reply) =>
      api(request, reply, 'onedrive', (c) => {
        const t = graphTarget(request.url);
        if (t?.action !== 'children' || !t.path) return notFound;
        let parentId = 'root';
        for (const name of t.path) {
          const f = drive.children('onedrive', c.ten, parentId, { name, kind: 'folder' })[0];
          if (!f) return notFound;
          parentId = f.id;
        }
        return { status: 200, body: { value: drive.children('onedrive', c.ten, parentId).map(graphItem) } };
      }),
    );

    // The pre-authorised upload address: 202 with the next expected range, then the item.
    scope.put(`${o}/upload-session/:session`, opts, (request, reply) => {
      const sessionId = z.object({ session: z.string() }).parse(request.params).session;
      const session = drive.session(sessionId);
      if (session?.provider !== 'onedrive') return reply.status(404).send(notFound.body);
      if (request.headers.authorization)
        return reply
          .status(401)
          .send(
            driveError(
              'onedrive',
              401,
              'unauthenticated',
              'The upload URL is pre-authenticated; send no Authorization header.',
            ),
          );
      return api(
        request,
        reply,
        'onedrive',
        () => {
          const range = contentRange(request.headers['content-range'] as string | undefined);
          const bytes = bodyOf(request);
          if (!range || range.total === null || range.end - range.start + 1 !== bytes.byteLength)
            return {
              status: 400,
              body: driveError('onedrive', 400, 'invalidRange', 'Content-Range does not match the body.'),
            };
          if (session.total !== null && session.total !== range.total)
            return { status: 400, body: driveError('onedrive', 400, 'invalidRange', 'The total size changed.') };
          session.total = range.total;
          const last = range.end + 1 === range.total;
          if (!last && bytes.byteLength % (320 * KiB) !== 0)
            return {
              status: 400,
              body: driveError('onedrive', 400, 'invalidRange', 'Slices must be multiples of 320 KiB.'),
            };
          if (bytes.byteLength > 60 * MiB)
            return { status: 413, body: driveError('onedrive', 413, 'requestTooLarge', 'A slice is at most 60 MiB.') };
          if (!drive.append(sessionId, range.start, bytes))
            return {
              status: 416,
              body: driveError(
                'onedrive',
                416,
                'invalidRange',
                `The next expected range starts at ${session.received}.`,
              ),
            };
          if (!last)
            return {
              status: 202,
              body: {
                expirationDateTime: new Date(session.expiresAt).toISOString(),
                nextExpectedRanges: [`${session.received}-`],
              },
            };
          const replaced =
            session.target.replaceId !== null ||
            drive.children('onedrive', session.tenant, session.target.parentId, {
              name: session.target.name,
              kind: 'file',
            }).length > 0;
          const written = drive.finish(sessionId);
          return written ? { status: replaced ? 200 : 201, body: graphItem(written) } : notFound;
        },
        { tenant: session.tenant },
      );
    });
  });
}
