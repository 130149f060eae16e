import { STORAGE_BULK_MAX, STORAGE_PAGE_MAX, STORAGE_ROOT_ID, type StorageItemKind } from '@lp/domain';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** An item of a folder's listing (decision 0020 "An item"). */
export interface StorageItem {
  id: string;
  kind: StorageItemKind;
  is_customer: boolean;
  /** The name shown: a file's with its extension. */
  name: string;
  /** Files below a folder; -1 for a file (not applicable). */
  numFiles: number;
  size: number;
  modified: string;
  editable: boolean;
  /** 'letter_link', 'pdf' or 'image'; null for folders. */
  type: 'letter_link' | 'pdf' | 'image' | null;
  ext: string | null;
  content_type: string | null;
  /** The folder path as text, `/Invoices/2026`. */
  path: string;
  creator: { name: string; email: string } | null;
  letterUUID: string | null;
  customer_uuid: string | null;
  document_uuid: string | null;
}

// These types follow the route schemas of apps/server/src/modules/storage (routes.ts, items.ts); the
// web cannot import server code, and the schemas are not in packages/domain yet.

/** A folder on the way from the root to the one listed. */
export interface StorageFolderRef {
  id: string;
  name: string;
}

/** The company's storage use (disk_usage of a listing, GET /api/storage/usage). */
export interface DiskUsage {
  used_bytes: number;
  /** Uploads under way. */
  reserved_bytes: number;
  quota_bytes: number;
  plan: string;
}

/** The folder listed: the root (id `root`) or a folder item. */
export interface StorageFolder {
  id: string;
  name: string;
  kind: StorageItemKind;
  editable: boolean;
}

/** One keyset page of GET /api/storage/folders/{id}. */
export interface StorageListingPage {
  folder: StorageFolder;
  /** The folders from the root (excluded) down to the one listed. */
  breadcrumb: StorageFolderRef[];
  items: StorageItem[];
  next: string | null;
  disk_usage: DiskUsage;
  /** The folder's own totals. */
  current_document_metadata: {
    id: string;
    name: string;
    path: string;
    numFiles: number;
    size: number;
    modified: string | null;
    editable: boolean;
  };
}

/** A folder of the tree (GET /api/storage/tree/{id}). */
export interface TreeNode {
  id: string;
  name: string;
  kind: StorageItemKind;
  /** False for customer folders and other folders nothing may be created in, renamed or deleted. */
  editable?: boolean;
  has_children: boolean;
}

/** Every key starts with 'storage', the entity the server's live `refresh` names. */
export const storageKeys = {
  all: ['storage'] as const,
  folder: (id: string) => ['storage', 'folder', id] as const,
  tree: (id: string) => ['storage', 'tree', id] as const,
};

const seg = (id: string) => encodeURIComponent(id);

/** A listing page: `after` is the previous page's `next` cursor (null for the first page). */
export function fetchFolderPage(id: string, after: string | null, signal?: AbortSignal): Promise<StorageListingPage> {
  const query = new URLSearchParams({ limit: String(STORAGE_PAGE_MAX) });
  if (after) query.set('after', after);
  return api.get<StorageListingPage>(`/api/storage/folders/${seg(id)}?${query}`, { signal });
}

/**
 * The folder's listing, one keyset page after another (customer folders, folders, files, each by
 * name: the server orders them). The previous folder stays on screen while the next one loads.
 */
export function useFolderListing(id: string) {
  return useInfiniteQuery({
    queryKey: storageKeys.folder(id),
    queryFn: ({ pageParam, signal }) => fetchFolderPage(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export async function fetchTreeChildren(id: string, signal?: AbortSignal): Promise<TreeNode[]> {
  const body = await api.get<{ nodes: TreeNode[] }>(`/api/storage/tree/${seg(id)}`, { signal });
  return body?.nodes ?? [];
}

/** The folders inside a folder of the tree, asked for when the folder is expanded. */
export function useTreeChildren(id: string, enabled: boolean) {
  return useQuery({
    queryKey: storageKeys.tree(id),
    queryFn: ({ signal }) => fetchTreeChildren(id, signal),
    enabled,
  });
}

export function createFolder(parentId: string, name: string) {
  return api.post<StorageItem>('/api/storage/folders', { parent_id: parentId, name });
}

export function renameItem(id: string, name: string) {
  return api.patch<StorageItem>(`/api/storage/items/${seg(id)}`, { name });
}

/** Deletes an item; `name` is what the user typed, which must be its current name exactly. */
export function deleteItem(id: string, name: string) {
  return api.delete<unknown>(`/api/storage/items/${seg(id)}`, { name });
}

/** Deletes files together, at most 100 a request (folders go one at a time, with their name typed). */
export async function deleteFiles(ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += STORAGE_BULK_MAX) {
    await api.post<unknown>('/api/storage/items/delete', { ids: ids.slice(i, i + STORAGE_BULK_MAX) });
  }
}

/** Where a file (or a letter-linked item's letter) is read: inline, or as an attachment. */
export function itemFileUrl(id: string, download = false): string {
  return `/api/storage/items/${seg(id)}/file${download ? '?download=1' : ''}`;
}

export const ROOT_ID = STORAGE_ROOT_ID;

/** Starts the browser's download of a file, as a link with a file name would (the server sends it as an attachment). */
export function startDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
