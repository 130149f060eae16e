import { buffer } from 'node:stream/consumers';
import type { LetterheadKind } from '@lp/domain';
import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import type { LetterheadRow } from '../../platform/db/rows.js';
import type { LetterheadFile } from './compose.js';

/** The company's letterhead of a kind, with its bytes, or null. */
export async function loadLetterhead(
  q: pg.ClientBase | pg.Pool,
  blobs: BlobStore,
  accountId: string,
  kind: LetterheadKind,
): Promise<LetterheadFile | null> {
  const { rows } = await q.query<LetterheadRow>('select * from letterheads where account_id = $1 and kind = $2', [
    accountId,
    kind,
  ]);
  if (!rows[0]) return null;
  return { type: rows[0].type, contentType: rows[0].content_type, bytes: await buffer(blobs.read(rows[0].blob_key)) };
}
