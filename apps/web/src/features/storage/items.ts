import type { StorageNameKind } from '@lp/domain';
import type { StorageItem } from './api';

/** The name shown for an item: a file's with its extension after a dot (decision 0020). */
export function displayName(item: Pick<StorageItem, 'kind' | 'name' | 'ext'>): string {
  if (item.kind !== 'file' || !item.ext) return item.name;
  const suffix = `.${item.ext}`;
  return item.name.toLowerCase().endsWith(suffix.toLowerCase()) ? item.name : `${item.name}${suffix}`;
}

/** A file's name without its extension (what a rename starts from). */
export function baseName(item: Pick<StorageItem, 'kind' | 'name' | 'ext'>): string {
  if (item.kind !== 'file' || !item.ext) return item.name;
  const suffix = `.${item.ext}`;
  return item.name.toLowerCase().endsWith(suffix.toLowerCase()) ? item.name.slice(0, -suffix.length) : item.name;
}

export const isFolder = (item: Pick<StorageItem, 'kind'>) => item.kind !== 'file';
export const isFile = (item: Pick<StorageItem, 'kind'>) => item.kind === 'file';
export const isCustomerFolder = (item: Pick<StorageItem, 'kind' | 'is_customer'>) =>
  item.kind === 'customer_folder' || (item.kind !== 'file' && item.is_customer);

/** 'file' or 'folder', for the spec's messages. */
export const nameKind = (item: Pick<StorageItem, 'kind'>): StorageNameKind => (isFile(item) ? 'file' : 'folder');

/** Whether the viewer shows it as an image (else as a PDF: a PDF file, or a letter's document). */
export function isImage(item: Pick<StorageItem, 'type' | 'content_type' | 'ext'>): boolean {
  if (item.type === 'image') return true;
  if (item.type === 'pdf' || item.type === 'letter_link') return false;
  if (item.content_type) return item.content_type.startsWith('image/');
  return ['png', 'jpg', 'jpeg', 'gif'].includes((item.ext ?? '').toLowerCase());
}

/** The Kind column's text. */
export function kindLabel(item: Pick<StorageItem, 'kind' | 'is_customer' | 'type' | 'ext'>): string {
  if (isCustomerFolder(item)) return 'Customer folder';
  if (item.kind === 'folder') return 'Folder';
  if (item.type === 'letter_link') return 'Letter';
  if (item.ext) return item.ext.toUpperCase();
  return 'File';
}

/** May this item be renamed or deleted (part 2 section 6): editable, and not a customer folder. */
export const isChangeable = (item: Pick<StorageItem, 'kind' | 'is_customer' | 'editable'>) =>
  item.editable && !isCustomerFolder(item);

/** Which bulk actions the selected rows allow (part 2 section 6). */
export interface BulkRules {
  /** Exactly one file (a letter-linked item shows its letter). */
  view: boolean;
  /** Exactly one editable item that is not a customer folder; needs manage_storage. */
  rename: boolean;
  /** Editable non-customer items: one of any kind (its name typed) or several files; needs manage_storage. */
  delete: boolean;
  /** Only files, one or more. */
  download: boolean;
}

export function bulkRules(selected: readonly StorageItem[], canManage: boolean): BulkRules {
  const one = selected.length === 1 ? selected[0]! : null;
  const allChangeable = selected.length > 0 && selected.every(isChangeable);
  const allFiles = selected.length > 0 && selected.every(isFile);
  return {
    view: one !== null && isFile(one),
    rename: canManage && one !== null && isChangeable(one),
    delete: canManage && allChangeable && (selected.length === 1 || allFiles),
    download: allFiles,
  };
}
