import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test/s3.js';
import { type BlobStore, createFileBlobStore } from './blobs.js';
import { createS3BlobStore, LOCAL_COPY_PREFIX } from './blobs-s3.js';
import { loadConfig } from './config.js';
import { TEMP_PREFIXES } from './leftovers.js';
import { openBlobStore } from './open-blob-store.js';

const MiB = 1024 * 1024;

/** A body of `total` bytes arriving in 64 KiB chunks, never whole in memory, and its digest once read. */
function generated(total: number, seed: string) {
  const hash = createHash('sha256');
  let sent = 0;
  const body = new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const chunk = createHash('sha512')
        .update(`${seed}:${sent}`)
        .digest()
        .subarray(0, 64)
        .toString('hex')
        .repeat(512)
        .slice(0, Math.min(64 * 1024, total - sent));
      const bytes = Buffer.from(chunk, 'latin1');
      hash.update(bytes);
      sent += bytes.length;
      this.push(bytes);
    },
  });
  return { body, digest: () => hash.digest('hex') };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const readAll = (s: Readable) => buffer(s);

interface Subject {
  store: BlobStore;
  /** The store keeps files elsewhere: withLocalFile hands out a copy. */
  remote: boolean;
  /** Where withLocalFile's copies go (the remote store's temp folder). */
  tmp: string;
}

const stores: Array<[string, () => Promise<Subject & { close(): Promise<void> }>]> = [
  [
    'file store',
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'lp-blobs-file-'));
      return {
        store: createFileBlobStore(root),
        remote: false,
        tmp: root,
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3 store (s3rver)',
    async () => {
      const s3 = await startTestS3();
      const tmp = await mkdtemp(path.join(tmpdir(), 'lp-blobs-s3tmp-'));
      const store = createS3BlobStore({ ...s3, forcePathStyle: true, prefix: 'install-1', tmpDir: tmp });
      await store.check();
      return {
        store,
        remote: true,
        tmp,
        async close() {
          store.close();
          await s3.stop();
          await rm(tmp, { recursive: true, force: true });
        },
      };
    },
  ],
];

describe.each(stores)('BlobStore contract: %s', (_name, open) => {
  let subject: Subject & { close(): Promise<void> };
  let blobs: BlobStore;
  beforeAll(async () => {
    subject = await open();
    blobs = subject.store;
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('puts, reads, sizes and tells what exists', async () => {
    const bytes = randomBytes(10_000);
    expect(await blobs.put('letters/acc/one.pdf', Readable.from([bytes.subarray(0, 4000), bytes.subarray(4000)]))).toBe(
      10_000,
    );
    expect(await readAll(blobs.read('letters/acc/one.pdf'))).toEqual(bytes);
    expect(await blobs.size('letters/acc/one.pdf')).toBe(10_000);
    expect(await blobs.exists('letters/acc/one.pdf')).toBe(true);
    expect(await blobs.exists('letters/acc/none.pdf')).toBe(false);
    expect(await blobs.size('letters/acc/none.pdf')).toBeNull();
    // A put over an existing key replaces it; an empty body is a file of 0 bytes.
    expect(await blobs.put('letters/acc/one.pdf', Readable.from([Buffer.from('short')]))).toBe(5);
    expect((await readAll(blobs.read('letters/acc/one.pdf'))).toString()).toBe('short');
    expect(await blobs.put('letters/acc/empty.pdf', Readable.from([]))).toBe(0);
    expect(await blobs.size('letters/acc/empty.pdf')).toBe(0);
  });

  it('reads a byte range, both ends included', async () => {
    const bytes = randomBytes(1000);
    await blobs.put('ranges/r.bin', Readable.from([bytes]));
    expect(await readAll(blobs.read('ranges/r.bin', { start: 100, end: 199 }))).toEqual(bytes.subarray(100, 200));
    expect(await readAll(blobs.read('ranges/r.bin', { start: 999, end: 999 }))).toEqual(bytes.subarray(999));
    expect(await readAll(blobs.read('ranges/r.bin', { start: 1, end: 998 }))).toEqual(bytes.subarray(1, 999));
  });

  it('renames and deletes', async () => {
    await blobs.put('moves/a.upload', Readable.from([Buffer.from('moved')]));
    await blobs.rename('moves/a.upload', 'moves/sub/a.pdf');
    expect(await blobs.exists('moves/a.upload')).toBe(false);
    expect((await readAll(blobs.read('moves/sub/a.pdf'))).toString()).toBe('moved');
    await blobs.delete('moves/sub/a.pdf');
    expect(await blobs.exists('moves/sub/a.pdf')).toBe(false);
    // Deleting what is not there is not an error.
    await blobs.delete('moves/sub/a.pdf');
    await expect(blobs.rename('moves/none.upload', 'moves/none.pdf')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a missing key is an ENOENT error the caller can catch, when read or copied locally', async () => {
    const stream = blobs.read('nowhere/missing.pdf');
    await expect(readAll(stream)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(blobs.withLocalFile('nowhere/missing.pdf', (p) => readFile(p))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('refuses keys that walk out of the store', async () => {
    await expect(blobs.put('../escape.pdf', Readable.from([Buffer.from('x')]))).rejects.toThrow(/Invalid blob key/);
    await expect(blobs.withLocalFile('/etc/passwd', async (p) => p)).rejects.toThrow(/Invalid blob key/);
    expect(() => blobs.read('a/../../b')).toThrow(/Invalid blob key/);
  });

  it('streams a 20 MB body of unknown length in and out', async () => {
    const total = 20 * 1000 * 1000;
    const source = generated(total, 'twenty');
    expect(await blobs.put('big/twenty.bin', source.body)).toBe(total);
    expect(await blobs.size('big/twenty.bin')).toBe(total);
    const hash = createHash('sha256');
    let read = 0;
    for await (const chunk of blobs.read('big/twenty.bin') as AsyncIterable<Buffer>) {
      hash.update(chunk);
      read += chunk.length;
    }
    expect(read).toBe(total);
    expect(hash.digest('hex')).toBe(source.digest());
    // A range across the 8 MiB part boundary of the S3 store's upload.
    const whole = await readAll(blobs.read('big/twenty.bin', { start: 8 * MiB - 10, end: 8 * MiB + 9 }));
    expect(whole.length).toBe(20);
  });

  it('a failing body fails the put and leaves nothing at the key', async () => {
    let n = 0;
    const failing = new Readable({
      read() {
        n += 1;
        if (n > 3) this.destroy(new Error('client went away'));
        else this.push(randomBytes(1024));
      },
    });
    await expect(blobs.put('broken/b.upload', failing)).rejects.toThrow('client went away');
    expect(await blobs.exists('broken/b.upload')).toBe(false);
  });

  it('joins multipart parts sent out of order, a part sent again replacing the first', async () => {
    const one = randomBytes(5 * MiB);
    const two = randomBytes(5 * MiB);
    const three = randomBytes(1234);
    const key = 'storage/acc/joined';
    const id = await blobs.startParts(key);
    const p3 = await blobs.putPart(key, id, 3, Readable.from([three]), three.length);
    const p1wrong = await blobs.putPart(key, id, 1, Readable.from([randomBytes(5 * MiB)]), 5 * MiB);
    const p2 = await blobs.putPart(key, id, 2, Readable.from([two.subarray(0, MiB), two.subarray(MiB)]), two.length);
    const p1 = await blobs.putPart(key, id, 1, Readable.from([one]), one.length);
    expect(p1.partNumber).toBe(1);
    expect(p1wrong.partNumber).toBe(1);
    expect(await blobs.exists(key)).toBe(false);
    expect(await blobs.completeParts(key, id, [p3, p1, p2])).toBe(10 * MiB + 1234);
    expect(sha256(await readAll(blobs.read(key)))).toBe(sha256(Buffer.concat([one, two, three])));
  });

  it('refuses a part shorter or longer than declared, without waiting for the missing bytes', async () => {
    const key = 'storage/acc/short';
    const id = await blobs.startParts(key);
    await expect(blobs.putPart(key, id, 1, Readable.from([randomBytes(50)]), 100)).rejects.toThrow(/50 bytes, not 100/);
    await expect(blobs.putPart(key, id, 1, Readable.from([randomBytes(150)]), 100)).rejects.toThrow(
      /Part 1 has (more than )?1[05]0 bytes/,
    );
    await expect(blobs.putPart(key, id, 0, Readable.from([randomBytes(1)]), 1)).rejects.toThrow(/part number/);
    await blobs.abortParts(key, id);
  });

  it('aborts an upload: its parts are gone, and aborting again is harmless', async () => {
    const key = 'storage/acc/aborted';
    const id = await blobs.startParts(key);
    const part = await blobs.putPart(key, id, 1, Readable.from([randomBytes(1000)]), 1000);
    await blobs.abortParts(key, id);
    await blobs.abortParts(key, id);
    await expect(blobs.completeParts(key, id, [part])).rejects.toThrow();
    expect(await blobs.exists(key)).toBe(false);
  });

  it('withLocalFile hands a readable path to the function and answers its result', async () => {
    const bytes = randomBytes(3000);
    await blobs.put('letters/acc/source.docx', Readable.from([bytes]));
    let seen = '';
    const result = await blobs.withLocalFile('letters/acc/source.docx', async (p) => {
      seen = p;
      expect(path.basename(p)).toBe('source.docx');
      expect(await readFile(p)).toEqual(bytes);
      return 42;
    });
    expect(result).toBe(42);
    // A remote store's copy is removed once the function settles, even when it throws.
    expect(existsSync(seen)).toBe(!subject.remote);
    await expect(
      blobs.withLocalFile('letters/acc/source.docx', async (p) => {
        seen = p;
        throw new Error('tool failed');
      }),
    ).rejects.toThrow('tool failed');
    expect(existsSync(seen)).toBe(!subject.remote);
    if (subject.remote) expect((await readdir(subject.tmp)).filter((n) => n.startsWith(LOCAL_COPY_PREFIX))).toEqual([]);
  });

  it('removeLeftovers removes landed uploads older than the cut-off and keeps everything else', async () => {
    await blobs.put('left/acc/killed.upload', Readable.from([Buffer.from('half checked')]));
    await blobs.put('left/acc/kept.pdf', Readable.from([Buffer.from('a letter')]));
    // A resumable upload under way (the storage module's): its parts are not leftovers.
    const id = await blobs.startParts('left/acc/resumable');
    const part = await blobs.putPart('left/acc/resumable', id, 1, Readable.from([Buffer.from('part')]), 4);
    // Nothing is old yet.
    expect(await blobs.removeLeftovers(new Date(Date.now() - 60_000))).toEqual([]);
    expect(await blobs.exists('left/acc/killed.upload')).toBe(true);
    // An hour later (here: a cut-off in the future).
    const removed = await blobs.removeLeftovers(new Date(Date.now() + 60_000));
    expect(removed).toContain('left/acc/killed.upload');
    expect(removed).not.toContain('left/acc/resumable');
    expect(await blobs.exists('left/acc/killed.upload')).toBe(false);
    expect(await blobs.exists('left/acc/kept.pdf')).toBe(true);
    expect(await blobs.completeParts('left/acc/resumable', id, [part])).toBe(4);
  });
});

describe('S3 store only', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3('only-s3');
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it('removeLeftovers aborts the parts of a put cut off by a killed process, and only under its prefix', async () => {
    const store = createS3BlobStore({ ...s3, forcePathStyle: true, prefix: 'mine/' });
    const other = createS3BlobStore({ ...s3, forcePathStyle: true, prefix: 'theirs' });
    try {
      // What lib-storage leaves when the process dies between two parts of a `put`.
      const cut = await store.startParts('letters/acc/killed.upload');
      await store.putPart('letters/acc/killed.upload', cut, 1, Readable.from([randomBytes(10)]), 10);
      const theirs = await other.startParts('letters/acc/killed.upload');
      await other.put('letters/acc/landed.upload', Readable.from([Buffer.from('x')]));
      const removed = await store.removeLeftovers(new Date(Date.now() + 60_000));
      expect(removed).toEqual(['letters/acc/killed.upload']);
      await expect(
        store.completeParts('letters/acc/killed.upload', cut, [{ partNumber: 1, etag: 'x' }]),
      ).rejects.toThrow();
      // The other installation's upload and object are untouched.
      expect(await other.exists('letters/acc/landed.upload')).toBe(true);
      await other.abortParts('letters/acc/killed.upload', theirs);
      // Keys land under the prefix in the bucket.
      expect(existsSync(path.join(s3.directory, s3.bucket, 'theirs', 'letters', 'acc'))).toBe(true);
    } finally {
      store.close();
      other.close();
    }
  });

  it('check() names the bucket when it cannot be used, never the secret', async () => {
    const store = createS3BlobStore({
      ...s3,
      bucket: 'no-such-bucket',
      secretAccessKey: 'top-secret-value',
      forcePathStyle: true,
    });
    try {
      const error = await store.check().then(
        () => null,
        (e: Error) => e,
      );
      expect(error?.message).toMatch(/no-such-bucket/);
      expect(error?.message).not.toMatch(/top-secret-value/);
    } finally {
      store.close();
    }
  });

  it('read starts its request only when the stream is read', async () => {
    const store = createS3BlobStore({ ...s3, forcePathStyle: true });
    try {
      await store.put('lazy/a.bin', Readable.from([Buffer.from('lazy')]));
      const stream = store.read('lazy/a.bin');
      await store.delete('lazy/a.bin');
      // Read after the delete: the object is gone, so a request made now fails.
      await expect(readAll(stream)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      store.close();
    }
  });
});

describe('configuration: BLOB_STORE', () => {
  const base = { AUTH_SECRET: 'a-test-secret-that-is-long-enough-123456', NODE_ENV: 'test' as const };

  it('is the file store by default, and S3 needs its bucket and keys, named without their values', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lp-blobs-config-'));
    try {
      const config = loadConfig({ ...base, DATA_DIR: dataDir });
      expect(config.BLOB_STORE).toBe('file');
      const store = await openBlobStore(config);
      await store.put('a/b.pdf', Readable.from([Buffer.from('x')]));
      expect(existsSync(path.join(dataDir, 'blobs', 'a', 'b.pdf'))).toBe(true);
      store.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(() => loadConfig({ ...base, BLOB_STORE: 's3', S3_SECRET_ACCESS_KEY: 'sekrit-value-1' })).toThrow(
      'Invalid configuration: BLOB_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID (see docs/operations.md)',
    );
    const refusal = (() => {
      try {
        loadConfig({ ...base, BLOB_STORE: 's3', S3_SECRET_ACCESS_KEY: 'sekrit-value-1', S3_ENDPOINT: 'not a url' });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(refusal).toMatch(/S3_ENDPOINT/);
    expect(refusal).not.toMatch(/sekrit/);
    expect(() => loadConfig({ ...base, BLOB_STORE: 'disk' })).toThrow(/BLOB_STORE/);
  });

  it('opens the S3 store the variables describe, and refuses to start on a bucket it cannot use', async () => {
    const s3 = await startTestS3('config-bucket');
    try {
      const { S3_FORCE_PATH_STYLE: _unset, ...env } = s3.env;
      const config = loadConfig({ ...base, ...env, S3_PREFIX: 'prod' });
      expect(config.S3_REGION).toBe('eu-west-2');
      // An endpoint means an S3-compatible store: path-style addresses unless told otherwise.
      expect(config.s3ForcePathStyle).toBe(true);
      const store = await openBlobStore(config);
      expect(await store.put('letters/acc/x.pdf', Readable.from([Buffer.from('stored')]))).toBe(6);
      expect(existsSync(path.join(s3.directory, 'config-bucket', 'prod', 'letters', 'acc'))).toBe(true);
      store.close();
      await expect(openBlobStore(loadConfig({ ...base, ...s3.env, S3_BUCKET: 'missing-bucket' }))).rejects.toThrow(
        /missing-bucket/,
      );
    } finally {
      await s3.stop();
    }
    // withLocalFile's copies are swept like the other temp folders when a process is killed.
    expect(TEMP_PREFIXES).toContain(LOCAL_COPY_PREFIX);
  });
});
