import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A running S3-compatible server for tests, and what a client needs to reach it. */
export interface TestS3 {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the server keeps its objects. */
  directory: string;
  /** The environment selecting it (BLOB_STORE=s3 and the S3_* variables). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
}
interface S3rverInstance {
  middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

/**
 * s3rver 3.7 implements multipart uploads but not two of their calls: ListMultipartUploads
 * (`GET /{bucket}?uploads`, answered NotImplemented) and AbortMultipartUpload
 * (`DELETE /{bucket}/{key}?uploadId=`, answered MethodNotAllowed). This middleware answers both
 * from s3rver's own upload folders (`{bucket}/._S3rver_uploads/{uploadId}/key`), in S3's
 * documented XML, so the store's real calls are exercised.
 */
function multipartCalls(directory: string) {
  const uploadsOf = (bucket: string) => path.join(directory, bucket, '._S3rver_uploads');
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const match = /^\/([^/]+)\/?(.*)$/.exec(ctx.path);
    if (!match) return next();
    const [, bucket = '', key = ''] = match;
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const prefix = ctx.query.prefix ?? '';
      const ids = await readdir(uploadsOf(bucket)).catch(() => [] as string[]);
      const uploads: Array<{ key: string; id: string; initiated: Date }> = [];
      for (const id of ids) {
        const file = path.join(uploadsOf(bucket), id, 'key');
        const [k, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]).catch(() => [null, null]);
        if (k !== null && info && k.startsWith(prefix)) uploads.push({ key: k, id, initiated: info.mtime });
      }
      uploads.sort((a, b) => (a.key === b.key ? a.id.localeCompare(b.id) : a.key < b.key ? -1 : 1));
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body = xml(
        `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucket)}</Bucket>` +
          `<KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><Prefix>${escapeXml(prefix)}</Prefix>` +
          '<MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>' +
          uploads
            .map(
              (u) =>
                `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${u.id}</UploadId>` +
                `<Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
            )
            .join('') +
          '</ListMultipartUploadsResult>',
      );
      return;
    }
    if (ctx.method === 'DELETE' && key && ctx.query.uploadId) {
      const id = ctx.query.uploadId;
      const dir = path.join(uploadsOf(bucket), id);
      if (!/^[a-f0-9]+$/.test(id) || !(await stat(dir).catch(() => null))) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = xml(
          '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message>' +
            `<UploadId>${escapeXml(id)}</UploadId></Error>`,
        );
        return;
      }
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    return next();
  };
}

/** Starts s3rver on a random loopback port with a fresh directory and one bucket. */
export async function startTestS3(bucket = 'letterpost-test'): Promise<TestS3> {
  const require = createRequire(import.meta.url);
  const S3rver = require('s3rver') as S3rverClass;
  const directory = await mkdtemp(path.join(tmpdir(), 'lp-test-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    // Path-style requests only: no bucket names taken from the host.
    vhostBuckets: false,
  });
  server.middleware.unshift(multipartCalls(directory));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    region: 'eu-west-2',
    bucket,
    ...credentials,
    directory,
    env: {
      BLOB_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'eu-west-2',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
