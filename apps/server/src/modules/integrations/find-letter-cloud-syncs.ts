import type { LetterCloudSync } from '@lp/domain';
import type pg from 'pg';
import type { LetterCloudSyncRow } from '../../platform/db/rows.js';

/** A letter's copies in the company's drives (pending, synced or failed), for the letter's answer. */
export async function findLetterCloudSyncs(q: pg.Pool | pg.ClientBase, letterId: string): Promise<LetterCloudSync[]> {
  const { rows } = await q.query<
    Pick<LetterCloudSyncRow, 'provider' | 'status' | 'synced_at' | 'reason' | 'remote_path'>
  >(
    `select provider, status, synced_at, reason, remote_path from letter_cloud_syncs
      where letter_id = $1 order by provider`,
    [letterId],
  );
  return rows.map((r) => ({ ...r, synced_at: r.synced_at?.toISOString() ?? null }));
}
