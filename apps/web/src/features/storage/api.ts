import { STORAGE_BULK_MAX, STORAGE_PAGE_MAX, STORAGE_ROOT_ID } from '@lp/domain';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ApiResponse, api, apiUrl } from '../../lib/api';

/** One keyset page of GET /api/storage/folders/{id}. */
export type StorageListingPage = ApiResponse<'/api/storage/folders/{id}'>;

/** An item of a folder's listing (decision 0020 "An item"). */
export type StorageItem = StorageListingPage['items'][number];

/** A folder on the way from the root to the one listed. */
export type StorageFolderRef = StorageListingPage['breadcrumb'][number];

/** The company's storage use (disk_usage of a listing, GET /api/storage/usage). */
export type DiskUsage = StorageListingPage['disk_usage'];

/** The folder listed: the root (id `root`) or a folder item. */
export type StorageFolder = StorageListingPage['folder'];

/** A folder of the tree (GET /api/storage/tree/{id}). */
export type TreeNode = ApiResponse<'/api/storage/tree/{id}'>['nodes'][number];

/** Every key starts with 'storage', the entity the server's live `refresh` names. */
export const storageKeys = {
  all: ['storage'] as const,
  folder: (id: string) => ['storage', 'folder', id] as const,
  tree: (id: string) => ['storage', 'tree', id] as const,
};

/** A listing page: `after` is the previous page's `next` cursor (null for the first page). */
export function fetchFolderPage(id: string, after: string | null, signal?: AbortSignal): Promise<StorageListingPage> {
  return api.get('/api/storage/folders/{id}', {
    params: { id },
    query: { limit: STORAGE_PAGE_MAX, after: after ?? undefined },
    signal,
  });
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
  const body = await api.get('/api/storage/tree/{id}', { params: { id }, signal });
  return body.nodes;
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
  return api.post('/api/storage/folders', { body: { parent_id: parentId, name } });
}

export function renameItem(id: string, name: string) {
  return api.patch('/api/storage/items/{id}', { params: { id }, body: { name } });
}

/** Deletes an item; `name` is what the user typed, which must be its current name exactly. */
export function deleteItem(id: string, name: string) {
  return api.delete('/api/storage/items/{id}', { params: { id }, body: { name } });
}

/** Deletes files together, at most 100 a request (folders go one at a time, with their name typed). */
export async function deleteFiles(ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += STORAGE_BULK_MAX) {
    await api.post('/api/storage/items/delete', { body: { ids: ids.slice(i, i + STORAGE_BULK_MAX) } });
  }
}

/** Where a file (or a letter-linked item's letter) is read: inline, or as an attachment. */
export function itemFileUrl(id: string, download = false): string {
  return apiUrl('/api/storage/items/{id}/file', { params: { id }, query: download ? { download: '1' } : {} });
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
