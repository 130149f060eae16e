import { randomUUID } from 'node:crypto';
import {
  DEFAULT_FOLDER_NAME,
  planStorageBytes,
  STORAGE_MESSAGES,
  STORAGE_ROOT_ID,
  storageNameOrDefault,
  storageNameProblem,
} from '@lp/domain';
import type pg from 'pg';
import { z } from 'zod';
import type { LeftJoined } from '../../platform/db/row.js';
import type { AccountRow, StorageItemRow, StorageUploadRow, StorageUsageRow, UserRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';

/** Document storage's rows and the shapes the API answers (decision 0020). */

type Queryable = pg.ClientBase | pg.Pool;

/** An item as `select *` reads it, with its creator when the query joins users. */
export type ItemRow = StorageItemRow & {
  creator_name?: UserRow['name'] | null;
  creator_email?: UserRow['email'] | null;
};

export const storageItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['customer_folder', 'folder', 'file']),
  is_customer: z.boolean(),
  name: z.string(),
  numFiles: z.number().int(),
  size: z.number().int(),
  modified: z.string(),
  editable: z.boolean(),
  type: z.enum(['letter_link', 'pdf', 'image']).nullable(),
  ext: z.string().nullable(),
  content_type: z.string().nullable(),
  path: z.string(),
  creator: z.object({ name: z.string(), email: z.string() }).nullable(),
  letterUUID: z.string().nullable(),
  customer_uuid: z.string().nullable(),
  document_uuid: z.string(),
});
export type StorageItem = z.infer<typeof storageItemSchema>;

export const diskUsageSchema = z.object({
  used_bytes: z.number().int(),
  reserved_bytes: z.number().int(),
  quota_bytes: z.number().int(),
  plan: z.string(),
});

/** The name a user sees: a file's with its extension. */
export const displayName = (r: Pick<ItemRow, 'kind' | 'name' | 'ext'>) =>
  r.kind === 'file' && r.ext ? `${r.name}.${r.ext}` : r.name;

const itemType = (r: ItemRow): StorageItem['type'] => {
  if (r.kind !== 'file') return null;
  if (r.letter_id) return 'letter_link';
  return r.ext === 'pdf' ? 'pdf' : 'image';
};

/** An item as the API shows it; `folderPath` is the text path of the folder it is in ('' for the root). */
export function toItem(r: ItemRow, folderPath: string): StorageItem {
  const name = displayName(r);
  return {
    id: r.id,
    kind: r.kind,
    is_customer: r.kind === 'customer_folder',
    name,
    numFiles: r.kind === 'file' ? -1 : r.num_files,
    size: Number(r.size_bytes),
    modified: r.modified_at.toISOString(),
    editable: r.editable,
    type: itemType(r),
    ext: r.ext,
    content_type: r.content_type,
    path: `${folderPath}/${name}`,
    creator: r.creator_email ? { name: r.creator_name ?? '', email: r.creator_email } : null,
    letterUUID: r.letter_id,
    customer_uuid: r.customer_id,
    document_uuid: r.id,
  };
}

/** The item of a company, or 404 (another company's id reads as missing). */
export async function loadItem(q: Queryable, accountId: string, id: string, lock = false): Promise<ItemRow> {
  const { rows } = await q.query<ItemRow>(
    `select * from storage_items where account_id = $1 and id = $2${lock ? ' for update' : ''}`,
    [accountId, id],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

/** A folder (customer folder or folder) of a company by id, or null for the root; 404 otherwise. */
export async function loadFolder(q: Queryable, accountId: string, id: string, lock = false): Promise<ItemRow | null> {
  if (id === STORAGE_ROOT_ID) return null;
  const row = await loadItem(q, accountId, id, lock);
  if (row.kind === 'file') throw new AppError('NOT_FOUND');
  return row;
}

/** The folders from the root down to `folder` (itself included), for the breadcrumb and paths. */
export async function breadcrumbOf(
  q: Queryable,
  accountId: string,
  folder: ItemRow | null,
): Promise<Array<{ id: string; name: string }>> {
  if (!folder) return [];
  const { rows } = await q.query<Pick<StorageItemRow, 'id' | 'name'>>(
    `select id, name from storage_items where account_id = $1 and id = any($2::text[])`,
    [accountId, folder.ancestors],
  );
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return [...folder.ancestors.map((id) => ({ id, name: byId.get(id) ?? '' })), { id: folder.id, name: folder.name }];
}

export const pathText = (crumbs: Array<{ name: string }>) => crumbs.map((c) => `/${c.name}`).join('');

/** The company's quota, usage and reservations. */
export async function diskUsage(q: Queryable, accountId: string) {
  const { rows } = await q.query<
    LeftJoined<Pick<StorageUsageRow, 'used_bytes' | 'reserved_bytes'>> & { plan: AccountRow['current_plan'] }
  >(
    `select u.used_bytes, u.reserved_bytes, a.current_plan as plan
       from accounts a left join storage_usage u on u.account_id = a.id
      where a.id = $1`,
    [accountId],
  );
  const plan = rows[0]?.plan ?? 'Basic';
  return {
    used_bytes: Number(rows[0]?.used_bytes ?? 0),
    reserved_bytes: Number(rows[0]?.reserved_bytes ?? 0),
    quota_bytes: planStorageBytes(plan),
    plan,
  };
}

const RANK = `(case i.kind when 'customer_folder' then 0 when 'folder' then 1 else 2 end)`;

export interface Cursor {
  rank: number;
  name: string;
  id: string;
}

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.rank, c.name, c.id])).toString('base64url');

export function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const [rank, name, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof rank !== 'number' || typeof name !== 'string' || typeof id !== 'string') throw new Error('shape');
    return { rank, name, id };
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The page cursor is not valid.');
  }
}

/**
 * A folder's items in the spec's order (customer folders, folders, files; each by name), one keyset
 * page from the (account, parent, rank, lower(name), id) index.
 */
export async function listItems(
  q: Queryable,
  accountId: string,
  folderId: string | null,
  after: Cursor | null,
  limit: number,
) {
  const { rows } = await q.query<ItemRow & { rank: number; lname: string }>(
    `select i.*, ${RANK} as rank, lower(i.name) as lname, u.name as creator_name, u.email as creator_email
       from storage_items i left join users u on u.id = i.creator_id
      where i.account_id = $1 and coalesce(i.parent_id, '') = $2
        and ($3::int is null or (${RANK}, lower(i.name), i.id) > ($3::int, $4::text, $5::text))
      order by ${RANK}, lower(i.name), i.id
      limit $6`,
    [accountId, folderId ?? '', after?.rank ?? null, after?.name ?? null, after?.id ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? encodeCursor({ rank: last.rank, name: last.lname, id: last.id }) : null;
  return { rows: page, next };
}

/** The folders inside a folder, for the tree (at most `limit`), each saying whether it has folders inside. */
export async function treeChildren(q: Queryable, accountId: string, folderId: string | null, limit: number) {
  const { rows } = await q.query<Pick<StorageItemRow, 'id' | 'name' | 'kind' | 'editable'> & { has_children: boolean }>(
    `select i.id, i.name, i.kind, i.editable,
            exists (select 1 from storage_items c where c.account_id = i.account_id and c.parent_id = i.id
                      and c.kind <> 'file') as has_children
       from storage_items i
      where i.account_id = $1 and coalesce(i.parent_id, '') = $2 and i.kind <> 'file'
      order by ${RANK}, lower(i.name), i.id
      limit $3`,
    [accountId, folderId ?? '', limit],
  );
  return rows;
}

/** True when a name is taken in a folder (folders and files apart; customer folders never clash). */
export async function nameTaken(
  q: Queryable,
  accountId: string,
  parentId: string | null,
  kind: 'file' | 'folder',
  name: string,
  ext: string | null,
  exceptId: string | null = null,
) {
  const { rows } = await q.query(
    `select 1 from storage_items
      where account_id = $1 and coalesce(parent_id, '') = $2 and (kind = 'file') = $3 and lower(name) = lower($4)
        and coalesce(ext, '') = $5 and kind <> 'customer_folder' and letter_id is null and id <> $6
      limit 1`,
    [accountId, parentId ?? '', kind === 'file', name, ext ?? '', exceptId ?? ''],
  );
  return rows.length > 0;
}

/** A free name in a folder: the name itself, else "name 2", "name 3"... */
export async function freeName(
  q: Queryable,
  accountId: string,
  parentId: string | null,
  kind: 'file' | 'folder',
  name: string,
  ext: string | null,
): Promise<string> {
  const { rows } = await q.query<{ lname: string }>(
    `select lower(name) as lname from storage_items
      where account_id = $1 and coalesce(parent_id, '') = $2 and (kind = 'file') = $3 and coalesce(ext, '') = $4
        and kind <> 'customer_folder' and letter_id is null
        and (lower(name) = lower($5) or lower(name) like lower($6) escape '\\')`,
    [accountId, parentId ?? '', kind === 'file', ext ?? '', name, `${name.replace(/[\\%_]/g, '\\$&')} %`],
  );
  const taken = new Set(rows.map((r) => r.lname));
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const base = [...name].slice(0, 255 - suffix.length).join('');
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** Creates a folder (the name checked by the spec's rules; empty: New Folder). */
export async function createFolder(
  q: pg.ClientBase,
  accountId: string,
  userId: string,
  parentId: string,
  typed: string,
): Promise<ItemRow> {
  const parent = await loadFolder(q, accountId, parentId, true);
  if (parent && !parent.editable) throw new AppError('PERMISSION_DENIED', STORAGE_MESSAGES.folderNotEditable);
  const name = storageNameOrDefault(typed, DEFAULT_FOLDER_NAME);
  const problem = storageNameProblem(name, 'folder', 'new');
  if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ path: 'name', message: problem }]);
  if (await nameTaken(q, accountId, parent?.id ?? null, 'folder', name, null))
    throw new AppError('CONFLICT', STORAGE_MESSAGES.nameTaken('folder', name), [
      { path: 'name', message: STORAGE_MESSAGES.nameTaken('folder', name) },
    ]);
  const { rows } = await q.query<ItemRow>(
    `insert into storage_items (id, account_id, parent_id, ancestors, kind, name, creator_id)
     values ($1, $2, $3, $4, 'folder', $5, $6) returning *`,
    [randomUUID(), accountId, parent?.id ?? null, parent ? [...parent.ancestors, parent.id] : [], name, userId],
  );
  if (parent) await touch(q, parent.id);
  return rows[0]!;
}

/** A folder's "last modified" moves when something in it is added, renamed or removed. */
export async function touch(q: Queryable, folderId: string | null) {
  if (folderId) await q.query('update storage_items set modified_at = now() where id = $1', [folderId]);
}

/**
 * Records a stored file in a folder (null: the root) under a free name: the folder is locked, the
 * name numbered when taken, the folder's "last modified" moved. The totals and usage follow by trigger.
 */
export async function insertFile(
  q: pg.ClientBase,
  f: {
    id: string;
    accountId: string;
    folderId: string | null;
    userId: string | null;
    name: string;
    ext: string;
    contentType: string;
    blobKey: string;
    size: number;
  },
): Promise<void> {
  const folder = f.folderId ? await loadFolder(q, f.accountId, f.folderId, true) : null;
  const name = await freeName(q, f.accountId, folder?.id ?? null, 'file', f.name, f.ext);
  await q.query(
    `insert into storage_items (id, account_id, parent_id, ancestors, kind, name, ext, content_type, blob_key,
                                size_bytes, num_files, creator_id)
     values ($1, $2, $3, $4, 'file', $5, $6, $7, $8, $9, -1, $10)`,
    [
      f.id,
      f.accountId,
      folder?.id ?? null,
      folder ? [...folder.ancestors, folder.id] : [],
      name,
      f.ext,
      f.contentType,
      f.blobKey,
      f.size,
      f.userId,
    ],
  );
  await touch(q, folder?.id ?? null);
}

/** Renames an editable folder or file (a file keeps its extension); empty keeps the name. */
export async function renameItem(q: pg.ClientBase, accountId: string, id: string, typed: string): Promise<ItemRow> {
  const item = await loadItem(q, accountId, id, true);
  if (!item.editable || item.kind === 'customer_folder' || item.letter_id)
    throw new AppError('PERMISSION_DENIED', STORAGE_MESSAGES.notEditable);
  const kind = item.kind === 'file' ? 'file' : 'folder';
  const name = storageNameOrDefault(typed, item.name);
  const problem = storageNameProblem(name, kind, 'rename');
  if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ path: 'name', message: problem }]);
  if (name === item.name) return item;
  if (await nameTaken(q, accountId, item.parent_id, kind, name, item.ext, item.id)) {
    const message = STORAGE_MESSAGES.nameTaken(kind, displayName({ kind: item.kind, name, ext: item.ext }));
    throw new AppError('CONFLICT', message, [{ path: 'name', message }]);
  }
  const { rows } = await q.query<ItemRow>(
    'update storage_items set name = $2, modified_at = now() where id = $1 returning *',
    [item.id, name],
  );
  await touch(q, item.parent_id);
  return rows[0]!;
}

/**
 * Deletes an item and, for a folder, everything below it; answers the blob keys to remove once the
 * transaction commits (the totals and the usage follow by trigger).
 */
export interface Removed {
  blobKeys: string[];
  uploads: Array<{ blob_key: string; multipart_id: string }>;
}

export async function deleteItem(q: pg.ClientBase, item: ItemRow): Promise<Removed> {
  if (!item.editable || item.kind === 'customer_folder' || item.letter_id)
    throw new AppError('PERMISSION_DENIED', STORAGE_MESSAGES.notEditable);
  // Uploads under way into the folder (or below) end with it; their reservations are released.
  const { rows: uploads } = await q.query<Pick<StorageUploadRow, 'size_bytes' | 'blob_key' | 'multipart_id'>>(
    `delete from storage_uploads where account_id = $1 and item_id is null
        and folder_id in (select id from storage_items where account_id = $1 and (id = $2 or ancestors @> array[$2]))
      returning size_bytes, blob_key, multipart_id`,
    [item.account_id, item.id],
  );
  const released = uploads.reduce((sum, u) => sum + Number(u.size_bytes), 0);
  if (released > 0)
    await q.query('update storage_usage set reserved_bytes = greatest(reserved_bytes - $2, 0) where account_id = $1', [
      item.account_id,
      released,
    ]);
  const { rows } = await q.query<Pick<StorageItemRow, 'blob_key'>>(
    `delete from storage_items where account_id = $1 and (id = $2 or ancestors @> array[$2]) returning blob_key`,
    [item.account_id, item.id],
  );
  await touch(q, item.parent_id);
  return { blobKeys: rows.flatMap((r) => (r.blob_key ? [r.blob_key] : [])), uploads };
}
