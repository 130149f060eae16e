import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where files live: on disk by default (an S3-compatible store implements the same interface). */
export interface BlobStore {
  /** Streams a body into the store (never whole in memory); returns its size in bytes. */
  put(key: string, body: Readable): Promise<number>;
  read(key: string): Readable;
  /** A local path for tools that need one (poppler); the file store hands out its own. */
  localPath(key: string): string;
  delete(key: string): Promise<void>;
  /** Moves a stored file to another key (atomic on one disk). */
  rename(from: string, to: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Deletes what a killed process left half-done (an upload still `.partial`, or landed as `.upload`
   * but never renamed) and untouched since `before`; answers the keys removed.
   */
  removeLeftovers(before: Date): Promise<string[]>;
}

/** Names of files only a write in progress has: a stream not yet complete, an upload not yet checked. */
const LEFTOVER = /\.(partial|upload)$/;

const SAFE_KEY = /^[a-z0-9][a-z0-9/._-]*$/i;

export function createFileBlobStore(root: string): BlobStore {
  const file = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid blob key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.partial`;
      await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
      await rename(partial, target);
      return (await stat(target)).size;
    },
    read: (key) => createReadStream(file(key)),
    localPath: file,
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
