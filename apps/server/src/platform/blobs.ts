import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
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
}

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
  };
}
