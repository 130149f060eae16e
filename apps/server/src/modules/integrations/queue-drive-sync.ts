import type pg from 'pg';
import type { LetterCloudSyncRow } from '../../platform/db/rows.js';
import { addJob } from '../../platform/jobs.js';

/** The durable job that copies one letter to one drive. */
export const DRIVE_SYNC_TASK = 'drive_sync';

export interface DriveSyncPayload {
  letterId: string;
  provider: string;
}

/** One job per letter and drive: queued again it replaces the waiting one, never runs twice at once. */
export const driveSyncJobKey = (letterId: string, provider: string) => `drive-sync:${letterId}:${provider}`;

/**
 * The drive a customer keeps their letters in (customers.cloud_storage_provider: a provider id or
 * its name, "Google Drive"), as SQL over the customer row `c`.
 */
export const CUSTOMER_DRIVE_SQL = "replace(lower(trim(c.cloud_storage_provider)), ' ', '_')";

/**
 * Queues a delivered letter's copy, in the caller's transaction (the job commits with the
 * delivery's change, or not at all), to each drive the company has connected with auto-sync on,
 * and to the customer's own drive when the letter went by the cloud storage channel to a customer
 * who keeps letters in a drive the company has connected (that copy goes in a folder per customer).
 * A drive that already has the letter, or is copying it, is left alone; one that failed is tried
 * again. With `uploaded`, only the drives whose company chose to copy uploaded letters too.
 */
export async function queueDriveSyncs(
  q: pg.ClientBase,
  letterId: string,
  accountId: string,
  /** 'uploaded': a letter just analysed, copied where the company chose to copy uploads too. */
  moment: 'delivered' | 'uploaded' = 'delivered',
): Promise<string[]> {
  const { rows } = await q.query<Pick<LetterCloudSyncRow, 'provider'>>(
    `insert into letter_cloud_syncs (letter_id, account_id, provider)
     select $1, i.account_id, i.provider from integrations i
      where i.account_id = $2 and i.status <> 'revoked'
        and i.provider in ('google_drive', 'dropbox', 'onedrive')
        and ($3 = 'delivered' or (i.auto_sync and i.sync_uploads))
        and (i.auto_sync or i.provider = (
              select ${CUSTOMER_DRIVE_SQL} from letters l join customers c on c.id = l.customer_id
               where l.id = $1 and 'cloud_storage' = any(l.successful_delivery_channels)))
     on conflict (letter_id, provider) do update
        set status = 'pending', reason = null, attempts = 0, updated_at = now()
      where letter_cloud_syncs.status = 'failed'
     returning provider`,
    [letterId, accountId, moment],
  );
  for (const { provider } of rows)
    await addJob(q, DRIVE_SYNC_TASK, { letterId, provider } satisfies DriveSyncPayload, {
      jobKey: driveSyncJobKey(letterId, provider),
      maxAttempts: 8,
    });
  return rows.map((r) => r.provider);
}

/** Copies that failed within this long are tried again when their drive is connected again. */
const REQUEUE_WITHIN_DAYS = 30;

/**
 * A drive connected again (after Reconnect): the letters whose copy failed recently (a revoked
 * connection, a drive that kept failing) are queued again, in the connection's transaction.
 */
export async function requeueFailedDriveSyncs(q: pg.ClientBase, accountId: string, provider: string): Promise<number> {
  const { rows } = await q.query<Pick<LetterCloudSyncRow, 'letter_id'>>(
    `update letter_cloud_syncs set status = 'pending', reason = null, attempts = 0, updated_at = now()
      where account_id = $1 and provider = $2 and status = 'failed'
        and created_at > now() - make_interval(days => $3)
      returning letter_id`,
    [accountId, provider, REQUEUE_WITHIN_DAYS],
  );
  for (const { letter_id: letterId } of rows)
    await addJob(q, DRIVE_SYNC_TASK, { letterId, provider } satisfies DriveSyncPayload, {
      jobKey: driveSyncJobKey(letterId, provider),
      maxAttempts: 8,
    });
  return rows.length;
}
