import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A byte range of a stored file, both ends included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A part of a multipart upload, as the store answered it. */
export interface StoredPart {
  partNumber: number;
  etag: string;
}

/** Where files live: on disk by default (an S3-compatible store implements the same interface). */
export interface BlobStore {
  /** Streams a body into the store (never whole in memory); returns its size in bytes. */
  put(key: string, body: Readable): Promise<number>;
  /** The file, or a byte range of it; a missing key is an `error` event with code ENOENT. */
  read(key: string, range?: ByteRange): Readable;
  /**
   * Runs `fn` with the file at a local path, for tools that need one (poppler, LibreOffice): the
   * file store hands out its own file, a remote store downloads it to a temp folder removed when
   * `fn` settles. The path is for reading: write results to a temp file and `put` them. A missing
   * key rejects with an ENOENT error before `fn` runs (a remote store) or in the tool (the file store).
   */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  delete(key: string): Promise<void>;
  /** Moves a stored file to another key (atomic on one disk). */
  rename(from: string, to: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The stored size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /**
   * A multipart upload (S3's model): parts arrive one request each, in any order, and a part sent
   * again replaces the earlier one; `completeParts` joins them in part-number order into `key`.
   * Every part but the last must be at least 5 MiB (S3's rule; the file store does not care).
   */
  startParts(key: string): Promise<string>;
  /** Streams exactly `length` bytes as part `partNumber` (1 to 10,000); a shorter body rejects. */
  putPart(key: string, uploadId: string, partNumber: number, body: Readable, length: number): Promise<StoredPart>;
  /** Joins the parts into the file at `key`; answers its size. */
  completeParts(key: string, uploadId: string, parts: StoredPart[]): Promise<number>;
  /** Drops an upload's parts (nothing happens when it is already gone). */
  abortParts(key: string, uploadId: string): Promise<void>;
  /**
   * Deletes what a killed process left half-done (an upload still `.partial`, or landed as `.upload`
   * but never renamed) and untouched since `before`; answers the keys removed.
   */
  removeLeftovers(before: Date): Promise<string[]>;
}

/** Names of files only a write in progress has: a stream not yet complete, an upload not yet checked. */
export const LEFTOVER = /\.(partial|upload)$/;

const SAFE_KEY = /^[a-z0-9][a-z0-9/._-]*$/i;

/** Keys are relative paths of safe characters, never walking up (`..`): answers the key or throws. */
export function checkBlobKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid blob key: ${key}`);
  return key;
}

/** Part numbers run from 1 to 10,000 (S3's range). */
export function checkPartNumber(partNumber: number): number {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw new Error('Invalid part number');
  return partNumber;
}
const SAFE_UPLOAD_ID = /^[a-z0-9-]{1,100}$/i;

export function createFileBlobStore(root: string): BlobStore {
  const file = (key: string) => path.join(root, checkBlobKey(key));
  /** An upload's parts live in a folder beside the key until they are joined. */
  const partsDir = (key: string, uploadId: string) => {
    if (!SAFE_UPLOAD_ID.test(uploadId)) throw new Error(`Invalid upload id: ${uploadId}`);
    return `${file(key)}.${uploadId}.parts`;
  };
  const partFile = (dir: string, n: number) => path.join(dir, String(n).padStart(5, '0'));
  return {
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.partial`;
      await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
      await rename(partial, target);
      return (await stat(target)).size;
    },
    read: (key, range) => createReadStream(file(key), range ? { start: range.start, end: range.end } : undefined),
    withLocalFile: async (key, fn) => fn(file(key)),
    delete: (key) => rm(file(key), { force: true }),
    async rename(from, to) {
      await mkdir(path.dirname(file(to)), { recursive: true });
      await rename(file(from), file(to));
    },
    exists: (key) =>
      stat(file(key)).then(
        () => true,
        () => false,
      ),
    size: (key) =>
      stat(file(key)).then(
        (s) => s.size,
        () => null,
      ),
    async startParts(key) {
      const uploadId = crypto.randomUUID();
      await mkdir(partsDir(key, uploadId), { recursive: true });
      return uploadId;
    },
    async putPart(key, uploadId, partNumber, body, length) {
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
        throw new Error('Invalid part number');
      const dir = partsDir(key, uploadId);
      const target = partFile(dir, partNumber);
      const partial = `${target}.partial`;
      await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
      const { size } = await stat(partial);
      if (size !== length) {
        await rm(partial, { force: true });
        throw new Error(`Part ${partNumber} has ${size} bytes, not ${length}`);
      }
      await rename(partial, target);
      return { partNumber, etag: `${partNumber}-${size}` };
    },
    async completeParts(key, uploadId, parts) {
      const dir = partsDir(key, uploadId);
      const target = file(key);
      const partial = `${target}.partial`;
      const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      const out = await open(partial, 'w', 0o600);
      try {
        // Written through the handle: a pipeline into a write stream that does not close its
        // handle (autoClose: false) never settles, as it waits for a 'close' that never comes.
        for (const part of sorted)
          for await (const chunk of createReadStream(partFile(dir, part.partNumber))) await out.write(chunk as Buffer);
      } catch (error) {
        await out.close();
        await rm(partial, { force: true });
        throw error;
      }
      await out.close();
      await rename(partial, target);
      await rm(dir, { recursive: true, force: true });
      return (await stat(target)).size;
    },
    async abortParts(key, uploadId) {
      await rm(partsDir(key, uploadId), { recursive: true, force: true });
    },
    async removeLeftovers(before) {
      const removed: string[] = [];
      const dir = await opendir(root, { recursive: true }).catch(() => null);
      if (!dir) return removed; // nothing stored yet
      for await (const entry of dir) {
        if (!entry.isFile() || !LEFTOVER.test(entry.name)) continue;
        const full = path.join(entry.parentPath, entry.name);
        const info = await stat(full).catch(() => null);
        // mtime moves with every write: a slow upload still arriving is never "old".
        if (!info || info.mtime >= before) continue;
        await rm(full, { force: true });
        removed.push(path.relative(root, full));
      }
      return removed;
    },
  };
}
