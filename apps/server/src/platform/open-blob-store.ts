import path from 'node:path';
import { type BlobStore, createFileBlobStore } from './blobs.js';
import type { Config } from './config.js';

/**
 * The blob store the configuration chooses: files under DATA_DIR/blobs (one machine), or S3 or an
 * S3-compatible store (any number of processes, docs/operations.md). The S3 bucket is tried
 * once here, so a wrong bucket, endpoint or key stops the start with a clear error instead of
 * failing the first upload.
 */
export async function openBlobStore(config: Config): Promise<BlobStore & { close(): void }> {
  if (config.BLOB_STORE === 's3') {
    // The AWS SDK (a quarter of a second to load) only where the configuration asks for S3.
    const { createS3BlobStore } = await import('./blobs-s3.js');
    const store = createS3BlobStore({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      // loadConfig refuses BLOB_STORE=s3 without these.
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.s3ForcePathStyle,
      prefix: config.S3_PREFIX,
    });
    try {
      await store.check();
    } catch (error) {
      store.close();
      throw error;
    }
    return store;
  }
  return Object.assign(createFileBlobStore(path.join(config.DATA_DIR, 'blobs')), { close() {} });
}
