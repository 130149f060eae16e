import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { release } from './quota.js';
import type { UploadRow } from './routes.js';

/** Drops uploads untouched for `ttlMs` (a closed tab, a lost connection never resumed): their reservations and parts. */
export async function sweepAbandonedUploads(pool: pg.Pool, blobs: BlobStore, ttlMs: number): Promise<number> {
  const gone = await inTransaction(pool, async (q) => {
    const { rows } = await q.query<UploadRow>(
      `delete from storage_uploads where updated_at < now() - make_interval(secs => $1 / 1000.0) returning *`,
      [ttlMs],
    );
    for (const u of rows) if (!u.item_id) await release(q, u.account_id, Number(u.size_bytes));
    return rows.filter((u) => !u.item_id);
  });
  await Promise.all(gone.map((u) => blobs.abortParts(u.blob_key, u.multipart_id).catch(() => {})));
  return gone.length;
}
