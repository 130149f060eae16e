import type pg from 'pg';
import type { LetterRow, StorageItemRow } from '../../platform/db/rows.js';
import { publish } from '../../platform/events.js';

/**
 * Files a letter in its customer's storage folder as a letter-linked item (decision 0020): once per
 * folder whatever the channels, not editable, costing no storage (the letter's file is the
 * letters'). Answers the item and the folder's name, or null when the letter has no customer.
 */
export async function fileLetterForCustomer(
  q: pg.ClientBase,
  letterId: string,
): Promise<{ itemId: string; folderName: string } | null> {
  const { rows: folders } = await q.query<
    Pick<StorageItemRow, 'id' | 'name' | 'account_id'> & { letter_name: LetterRow['name'] }
  >(
    `select f.id, f.name, f.account_id, l.name as letter_name
       from letters l join storage_items f on f.customer_id = l.customer_id and f.kind = 'customer_folder'
      where l.id = $1`,
    [letterId],
  );
  const folder = folders[0];
  if (!folder) return null;
  const { rows } = await q.query<Pick<StorageItemRow, 'id'>>(
    `insert into storage_items (id, account_id, parent_id, ancestors, kind, name, ext, content_type, size_bytes,
                                num_files, editable, letter_id, creator_id)
     select gen_random_uuid()::text, l.account_id, $2, array[$2], 'file',
            regexp_replace(l.name, '\\.(pdf|docx)$', '', 'i'), 'pdf', 'application/pdf', l.size_bytes, -1, false, l.id, l.creator_id
       from letters l where l.id = $1
     on conflict (parent_id, letter_id) where letter_id is not null do nothing
     returning id`,
    [letterId, folder.id],
  );
  if (rows[0]) {
    await q.query('update storage_items set modified_at = now() where id = $1', [folder.id]);
    await publish(q, { accountId: folder.account_id, message: { type: 'refresh', entities: ['storage'] } });
    return { itemId: rows[0].id, folderName: folder.name };
  }
  const existing = await q.query<Pick<StorageItemRow, 'id'>>(
    'select id from storage_items where parent_id = $1 and letter_id = $2',
    [folder.id, letterId],
  );
  return { itemId: existing.rows[0]!.id, folderName: folder.name };
}
