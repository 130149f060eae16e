import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline as pipe, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type BlobStore, checkBlobKey, checkPartNumber, LEFTOVER } from './blobs.js';

export interface S3BlobStoreOptions {
  /** An S3-compatible service's address; unset for AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most S3-compatible stores want it). */
  forcePathStyle: boolean;
  /** Put in front of every key, so that one bucket can hold several installations (`letterpost/`). */
  prefix?: string;
  /** Where `withLocalFile` downloads to (the temp folder by default, which the leftovers sweep watches). */
  tmpDir?: string;
}

/** Parts of `put` (S3 allows 10,000: 8 MiB parts carry 80 GB; our files are at most 500 MB). */
export const PUT_PART_BYTES = 8 * 1024 * 1024;
/** Parts of one `put` in flight at once: at most 4 x 8 MiB of a body is in memory, whatever its size. */
export const PUT_QUEUE = 4;
/**
 * Multipart uploads whose key is not a leftover name (`.partial`, `.upload`) may be a resumable
 * upload that its owner (the storage module) keeps for up to a day untouched and sweeps itself;
 * `removeLeftovers` only aborts those once they are a week older than its cut-off.
 */
export const FOREIGN_PARTS_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
/** The prefix of `withLocalFile`'s temp folders (in platform/leftovers.ts's list, so a killed process's are swept). */
export const LOCAL_COPY_PREFIX = 'lp-blob-';

const errorName = (error: unknown) => (error as { name?: string } | null)?.name;
const isMissingKey = (error: unknown) => errorName(error) === 'NoSuchKey' || errorName(error) === 'NotFound';

/** The error of a key that is not there, shaped like the file store's (code ENOENT), so callers handle both alike. */
function missing(key: string, cause: unknown): Error {
  return Object.assign(new Error(`No such blob: ${key}`, { cause }), { code: 'ENOENT' });
}

/**
 * A Readable that sends its request only when it is first read (a `read` handed to a reply that
 * is never sent costs nothing) and ends the request when it is destroyed. The request's failure
 * is the stream's `error`.
 */
function lazyReadable(open: (signal: AbortSignal) => Promise<Readable>): Readable {
  const controller = new AbortController();
  let source: Readable | null = null;
  let opening = false;
  const out = new Readable({
    read() {
      if (source) {
        source.resume();
        return;
      }
      if (opening) return;
      opening = true;
      open(controller.signal).then(
        (body) => {
          if (out.destroyed) {
            body.destroy();
            return;
          }
          source = body;
          body.on('data', (chunk: Buffer) => {
            if (!out.push(chunk)) body.pause();
          });
          body.once('end', () => out.push(null));
          body.once('error', (error) => out.destroy(error));
        },
        (error: unknown) => out.destroy(error as Error),
      );
    },
    destroy(error, callback) {
      controller.abort();
      source?.destroy();
      callback(error);
    },
  });
  return out;
}

/**
 * The blob store on S3 or an S3-compatible service (decision 0020, "S3 store"). Bodies stream
 * through: `put` sends a body of unknown length in 8 MiB parts, four at a time; `read` streams
 * the object (or a range); tools that need a path get a temp copy.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore & {
  /** Answers once the bucket can be reached with these credentials; throws a clear error otherwise. */
  check(): Promise<void>;
  close(): void;
} {
  const { bucket } = options;
  const prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // AWS checks the SDK's default checksums (CRC32 trailers on streamed bodies); several
    // S3-compatible stores refuse those requests, so with an endpoint the SDK sends checksums only
    // where S3 requires them (decision 0020).
    ...(options.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const }
      : {}),
  });
  const objectKey = (key: string) => `${prefix}${checkBlobKey(key)}`;
  const tmp = options.tmpDir ?? tmpdir();

  const head = async (key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isMissingKey(error)) return null;
      throw error;
    }
  };

  const read: BlobStore['read'] = (key, range) => {
    const Key = objectKey(key);
    return lazyReadable(async (abortSignal) => {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
          { abortSignal },
        );
        return answer.Body as Readable;
      } catch (error) {
        throw isMissingKey(error) ? missing(key, error) : error;
      }
    });
  };

  return {
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        // The SDK's message names no secret; the credentials are never part of it.
        throw new Error(
          `The S3 bucket ${bucket} cannot be used${options.endpoint ? ` at ${options.endpoint}` : ''}: ${
            status ? `HTTP ${status} ` : ''
          }${errorName(error) ?? ''} ${(error as Error).message ?? ''}`.trim(),
        );
      }
    },

    close() {
      client.destroy();
    },

    async put(key, body) {
      let size = 0;
      const counted = pipe(
        body,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            size += chunk.length;
            callback(null, chunk);
          },
        }),
        () => {}, // a failure reaches the upload through the stream it destroys
      );
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: counted },
        partSize: PUT_PART_BYTES,
        queueSize: PUT_QUEUE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        counted.destroy(); // and the body with it, as the file store's pipeline does
        throw error;
      }
      return size;
    },

    read,

    async withLocalFile(key, fn) {
      const dir = await mkdtemp(path.join(tmp, LOCAL_COPY_PREFIX));
      try {
        // The key's own name, so that tools reading the extension (LibreOffice) see it.
        const local = path.join(dir, path.posix.basename(checkBlobKey(key)));
        await pipeline(read(key), createWriteStream(local, { mode: 0o600 }));
        return await fn(local);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success, like `rm --force`.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async rename(from, to) {
      // S3 has no rename: a copy (one call up to 5 GB; our files are at most 500 MB), then a delete.
      const source = objectKey(from);
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: objectKey(to),
            CopySource: `${bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
          }),
        );
      } catch (error) {
        throw isMissingKey(error) ? missing(from, error) : error;
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: source }));
    },

    exists: async (key) => (await head(key)) !== null,

    size: async (key) => {
      const answer = await head(key);
      return answer ? (answer.ContentLength ?? 0) : null;
    },

    async startParts(key) {
      const answer = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: objectKey(key) }));
      if (!answer.UploadId) throw new Error('The S3 store answered no upload id');
      return answer.UploadId;
    },

    async putPart(key, uploadId, partNumber, body, length) {
      checkPartNumber(partNumber);
      // The request declares `length` bytes: a body that ends short (or runs long) must fail the
      // request rather than leave it waiting for bytes that never come.
      const controller = new AbortController();
      let failure: Error | null = null;
      let seen = 0;
      const checked = pipe(
        body,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            seen += chunk.length;
            callback(seen > length ? new Error(`Part ${partNumber} has more than ${length} bytes`) : null, chunk);
          },
          flush(callback) {
            callback(seen === length ? null : new Error(`Part ${partNumber} has ${seen} bytes, not ${length}`));
          },
        }),
        (error) => {
          if (!error) return;
          failure = error;
          controller.abort(error);
        },
      );
      try {
        const answer = await client.send(
          new UploadPartCommand({
            Bucket: bucket,
            Key: objectKey(key),
            UploadId: uploadId,
            PartNumber: partNumber,
            ContentLength: length,
            Body: checked,
          }),
          { abortSignal: controller.signal },
        );
        if (!answer.ETag) throw new Error('The S3 store answered no ETag for a part');
        return { partNumber, etag: answer.ETag };
      } catch (error) {
        checked.destroy();
        throw failure ?? error;
      }
    },

    async completeParts(key, uploadId, parts) {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: objectKey(key),
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.partNumber - b.partNumber)
              .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
          },
        }),
      );
      const answer = await head(key);
      if (!answer) throw missing(key, null);
      return answer.ContentLength ?? 0;
    },

    async abortParts(key, uploadId) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: objectKey(key), UploadId: uploadId }));
      } catch (error) {
        if (errorName(error) !== 'NoSuchUpload') throw error;
      }
    },

    async removeLeftovers(before) {
      const removed: string[] = [];
      // Objects: an upload landed as `.upload` but never renamed (a `put` is atomic on S3, so a
      // `.partial` object only exists when a caller named one so).
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key || !LEFTOVER.test(object.Key) || !object.LastModified || object.LastModified >= before)
            continue;
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
          removed.push(object.Key.slice(prefix.length));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // Multipart uploads: the parts of a `put` cut off by a killed process, which S3 keeps (and
      // bills) until they are aborted.
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        const page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket: bucket,
            Prefix: prefix || undefined,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated) continue;
          const cutOff = LEFTOVER.test(upload.Key) ? before.getTime() : before.getTime() - FOREIGN_PARTS_GRACE_MS;
          if (upload.Initiated.getTime() >= cutOff) continue;
          await client
            .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }))
            .catch((error: unknown) => {
              if (errorName(error) !== 'NoSuchUpload') throw error;
            });
          removed.push(upload.Key.slice(prefix.length));
        }
        const more = page.IsTruncated && (page.NextKeyMarker || page.NextUploadIdMarker);
        keyMarker = more ? page.NextKeyMarker : undefined;
        uploadIdMarker = more ? page.NextUploadIdMarker : undefined;
      } while (keyMarker || uploadIdMarker);
      return removed;
    },
  };
}
