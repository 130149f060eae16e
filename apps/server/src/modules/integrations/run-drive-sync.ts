import { buffer } from 'node:stream/consumers';
import { INTEGRATION_MESSAGES } from '@lp/domain';
import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import type { CustomerRow, LetterCloudSyncRow, LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { DRIVE_FOLDER } from '../../providers/integrations/drive-upload.js';
import { CUSTOMER_DRIVE_SQL, type DriveSyncPayload } from './queue-drive-sync.js';
import type { Integrations } from './service.js';

export interface DriveSyncDeps {
  pool: pg.Pool;
  blobs: BlobStore;
  integrations: Integrations;
}

type Pending = Pick<LetterCloudSyncRow, 'status' | 'remote_id'> &
  Pick<LetterRow, 'account_id' | 'name'> & {
    /** The file sent (a delivery's options.fileKey) or the letter's. */
    file_key: LetterRow['blob_key'];
    /** The customer's name when this copy is the cloud storage channel's to the customer's drive. */
    customer_folder: CustomerRow['name'] | null;
  };

/**
 * The file's name in the drive: the letter's name and its id's first characters, so two letters of
 * one name never overwrite each other in Dropbox or OneDrive (which replace by path) and a retry
 * lands on the same path.
 */
export const driveFileName = (letterName: string, letterId: string) =>
  `${letterName.replace(/\.(pdf|docx)$/i, '')} (${letterId.replace(/-/g, '').slice(0, 8)}).pdf`;

/**
 * The drive sync job (issue 15 item 5): copies the letter's delivered PDF (the file the delivery
 * sent, an address sheet's version included) to the company's drive folder with fresh tokens (in
 * a subfolder named for the customer when it is the cloud storage channel's copy to the customer's
 * drive). The
 * drive's id is kept, so a second run replaces the file rather than adding one. A drive that does
 * not answer is left to the queue's retries (with backoff; the reason recorded each time) and
 * marked failed on the last; a revoked or removed connection is marked failed at once and not tried
 * again (reconnecting and delivering again queues it anew).
 */
export async function runDriveSync(
  deps: DriveSyncDeps,
  payload: DriveSyncPayload,
  isLastAttempt: boolean,
): Promise<'synced' | 'skipped' | 'failed'> {
  const { pool, integrations: svc } = deps;
  const { rows } = await pool.query<Pending>(
    `select s.status, s.remote_id, l.account_id, l.name,
            coalesce((select d.options->>'fileKey' from letter_deliveries d
                       where d.letter_id = l.id and d.options ? 'fileKey' order by d.created_at desc limit 1),
                     l.blob_key) as file_key,
            case when 'cloud_storage' = any(l.successful_delivery_channels) and ${CUSTOMER_DRIVE_SQL} = s.provider
                 then c.name end as customer_folder
       from letter_cloud_syncs s join letters l on l.id = s.letter_id left join customers c on c.id = l.customer_id
      where s.letter_id = $1 and s.provider = $2`,
    [payload.letterId, payload.provider],
  );
  const row = rows[0];
  if (row?.status !== 'pending') return 'skipped';
  const p = svc.provider(payload.provider);
  const fail = async (reason: string) => {
    await pool.query(
      `update letter_cloud_syncs set status = 'failed', reason = $3, updated_at = now()
        where letter_id = $1 and provider = $2 and status = 'pending'`,
      [payload.letterId, p.id, reason],
    );
    await publish(pool, { accountId: row.account_id, message: { type: 'refresh', entities: ['letters'] } });
    return 'failed' as const;
  };
  const connection = await svc.connection(pool, row.account_id, p.id);
  if (!connection) return fail(INTEGRATION_MESSAGES.notConnected(p.info.name));
  if (connection.status === 'revoked') return fail(INTEGRATION_MESSAGES.revoked(p.info.name));
  if (!connection.auto_sync && !row.customer_folder) return fail(INTEGRATION_MESSAGES.syncTurnedOff(p.info.name));

  await pool.query(
    'update letter_cloud_syncs set attempts = attempts + 1, updated_at = now() where letter_id = $1 and provider = $2',
    [payload.letterId, p.id],
  );
  const bytes = await buffer(deps.blobs.read(row.file_key));
  try {
    const uploaded = await svc.withAccess(row.account_id, p, (ctx) =>
      svc.uploader(p).upload(ctx, {
        name: driveFileName(row.name, payload.letterId),
        bytes,
        contentType: 'application/pdf',
        folder: row.customer_folder ? [DRIVE_FOLDER, row.customer_folder] : [DRIVE_FOLDER],
        remoteId: row.remote_id,
      }),
    );
    await inTransaction(pool, async (q) => {
      await q.query(
        `update letter_cloud_syncs set status = 'synced', remote_id = $3, remote_path = $4, synced_at = now(), reason = null,
                updated_at = now()
          where letter_id = $1 and provider = $2`,
        [payload.letterId, p.id, uploaded.id, uploaded.path.replace(/^\//, '')],
      );
      await q.query('update letters set cloud_synced = true, updated_at = now() where id = $1', [payload.letterId]);
      await publish(q, { accountId: row.account_id, message: { type: 'refresh', entities: ['letters'] } });
    });
    return 'synced';
  } catch (error) {
    if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) {
      const still = await svc.connection(pool, row.account_id, p.id);
      // The file we replace was deleted in the drive: the next try makes a new one.
      if (still && still.status !== 'revoked' && row.remote_id) {
        await pool.query('update letter_cloud_syncs set remote_id = null where letter_id = $1 and provider = $2', [
          payload.letterId,
          p.id,
        ]);
        throw error;
      }
      return fail(error.message);
    }
    const reason = error instanceof Error ? error.message : String(error);
    if (isLastAttempt) return fail(INTEGRATION_MESSAGES.syncGaveUp(p.info.name, reason));
    await pool.query(
      `update letter_cloud_syncs set reason = $3, updated_at = now() where letter_id = $1 and provider = $2`,
      [payload.letterId, p.id, reason],
    );
    throw error;
  }
}
