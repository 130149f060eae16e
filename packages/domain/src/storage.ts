/**
 * Document storage (part 2 sections 2, 3, 4, 5, 6, 8 and 9; decision 0020): the item kinds, the
 * name rules with the spec's messages, the upload limits and the byte format. Shared by the server
 * (which decides) and the web (which checks first).
 */

export const STORAGE_ITEM_KINDS = ['customer_folder', 'folder', 'file'] as const;
export type StorageItemKind = (typeof STORAGE_ITEM_KINDS)[number];

/** The file types storage accepts, by extension; the server checks the content too. */
export const STORAGE_UPLOAD_TYPES = ['pdf', 'png', 'jpg', 'jpeg', 'gif'] as const;
export type StorageUploadType = (typeof STORAGE_UPLOAD_TYPES)[number];
/** Part 2 section 9: at most 500,000,000 bytes a file and 100 files an upload. */
export const STORAGE_MAX_FILE_BYTES = 500_000_000;
export const STORAGE_MAX_FILES = 100;
/** Part 2 section 9: names of at most 255 characters; a breadcrumb of at most 9 segments; rows 150 high. */
export const STORAGE_NAME_MAX = 255;
export const BREADCRUMB_MAX_SEGMENTS = 9;
export const STORAGE_ROW_HEIGHT = 150;
/** The viewer shows an image at most 600 wide. */
export const STORAGE_VIEWER_IMAGE_MAX_WIDTH = 600;
/** Uploads arrive in chunks of this size (S3 parts must be at least 5 MiB). */
export const STORAGE_CHUNK_BYTES = 8 * 1024 * 1024;
/** A listing page holds at most this many items. */
export const STORAGE_PAGE_MAX = 1000;
/** Files deleted in one bulk request. */
export const STORAGE_BULK_MAX = 100;
/** An upload untouched this long is dropped and its reservation released. */
export const STORAGE_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** The names used when the input is empty. */
export const DEFAULT_FOLDER_NAME = 'New Folder';
/** The root folder's id in the API and in the tree. */
export const STORAGE_ROOT_ID = 'root';

export type StorageNameKind = 'file' | 'folder';

export const STORAGE_MESSAGES = {
  noSlash: "No '/' allowed",
  invalidName: (kind: StorageNameKind) => `Invalid ${kind} name. Only alphanumeric characters are accepted.`,
  nameTooLong: (kind: StorageNameKind) => `This ${kind} name too long`,
  folderExtension: 'A folder should not have any extensions',
  renameExtension: "Do not specify an extension - we'll handle that for you.",
  deleteMismatch: (kind: StorageNameKind) => `The ${kind}'s name and the inputted ${kind} name don't match.`,
  deleteThoseFiles: 'delete those files?',
  uploading: (file: string) => `Uploading ${file}...`,
  uploaded: (file: string) => `${file} uploaded to LetUsStore successfully!`,
  allUploaded: 'All documents have been uploaded successfully!',
  uploadFailed: (file: string) => `Failed to upload ${file} to LetUsStore`,
  // Ours: the upload list's note on a renamed file, and the summary of a run of several files.
  savedAs: (name: string) => `Saved as ${name}`,
  someUploaded: (stored: number, total: number) =>
    `${stored} of ${total} documents uploaded. The upload list says what happened to the others.`,
  noneUploaded: (total: number) => `None of the ${total} documents was uploaded. The upload list says why.`,
  noSpace: 'Not enough disk space. Please upgrade your storage plan.',
  empty: 'This folder is empty',
  // Ours (the spec gives no words for these).
  type: 'Only PDF, PNG, JPG, JPEG and GIF files can be stored.',
  contentMismatch: (file: string) =>
    `${file} is not the kind of file its name says: only PDF, PNG, JPEG and GIF files can be stored.`,
  tooLarge: (file: string) => `${file} is larger than 500,000,000 bytes, the most a file can be.`,
  tooManyFiles: `Choose at most ${STORAGE_MAX_FILES} files at a time.`,
  nameTaken: (kind: StorageNameKind, name: string) => `A ${kind} named ${name} is already here.`,
  notEditable: 'This item cannot be changed.',
  folderNotEditable: 'Nothing can be created in this folder.',
  bulkFilesOnly: 'Only files can be deleted together; delete a folder on its own, typing its name.',
  created: (name: string) => `Folder ${name} created.`,
  renamed: (name: string) => `Renamed to ${name}.`,
  deleted: (name: string) => `${name} deleted.`,
  deletedMany: (n: number) => `${n} files deleted.`,
  offsetMismatch: 'This part of the file was already received; the upload continues from where it is.',
  uploadGone: 'This upload has expired or was cancelled. Start it again.',
  alreadyStored: 'This upload is finished: the file is stored.',
  emptyFile: (file: string) => `${file} is empty: there is nothing to store.`,
  chunkSize: 'The part sent is not the size expected.',
  incomplete: 'The upload is not complete.',
} as const;

/** Letters, digits (any script), spaces, underscores, hyphens and apostrophes. */
const NAME_CHARS = /^[\p{L}\p{N} _'’-]+$/u;

/**
 * The spec's folder and file name rules (part 2 section 5), for a name typed by a user: the
 * message of the first rule broken, or null. `mode` picks the extension message: a new folder's
 * or a rename's. An empty name is for the caller to replace with the default first.
 */
export function storageNameProblem(name: string, kind: StorageNameKind, mode: 'new' | 'rename'): string | null {
  if (name.includes('/')) return STORAGE_MESSAGES.noSlash;
  if ([...name].length > STORAGE_NAME_MAX) return STORAGE_MESSAGES.nameTooLong(kind);
  if (name.includes('.')) return mode === 'new' ? STORAGE_MESSAGES.folderExtension : STORAGE_MESSAGES.renameExtension;
  if (!NAME_CHARS.test(name) || name.trim() === '') return STORAGE_MESSAGES.invalidName(kind);
  return null;
}

/** The name to use for what was typed: trimmed, and the default when empty. */
export function storageNameOrDefault(typed: string, fallback: string): string {
  const trimmed = typed.trim();
  return trimmed === '' ? fallback : trimmed;
}

/** The lower-cased extension of a file name, without its dot ('' when none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** True when storage takes a file of this name (by its extension). */
export function isStorageUploadType(fileName: string): boolean {
  return (STORAGE_UPLOAD_TYPES as readonly string[]).includes(fileExtension(fileName));
}

/**
 * The name an uploaded file is kept under, without its extension: its characters outside the name
 * rule become spaces, runs of spaces one, trimmed to 255 characters; an empty result is Document.
 */
export function cleanUploadName(fileName: string): string {
  const ext = fileExtension(fileName);
  const base = ext ? fileName.slice(0, fileName.length - ext.length - 1) : fileName;
  const cleaned = [...base.normalize('NFC')]
    .map((c) => (/[\p{L}\p{N} _'’-]/u.test(c) ? c : ' '))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = [...cleaned].slice(0, STORAGE_NAME_MAX).join('').trim();
  return cut === '' ? 'Document' : cut;
}

/**
 * The name an uploaded file is saved as, extension included ("Supplier invoice #4471 (Nov).pdf" is
 * "Supplier invoice 4471 Nov.pdf"), and whether that differs from the name it was given.
 */
export function savedUploadName(fileName: string): { name: string; renamed: boolean } {
  const ext = fileExtension(fileName);
  const name = ext ? `${cleanUploadName(fileName)}.${ext}` : cleanUploadName(fileName);
  return { name, renamed: name !== fileName.normalize('NFC') };
}

/** Why a chosen file cannot be uploaded (type or size), or null. */
export function uploadProblem(file: { name: string; size: number }): string | null {
  if (!isStorageUploadType(file.name)) return STORAGE_MESSAGES.type;
  if (file.size > STORAGE_MAX_FILE_BYTES) return STORAGE_MESSAGES.tooLarge(file.name);
  if (file.size === 0) return STORAGE_MESSAGES.emptyFile(file.name);
  return null;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Bytes in B, KB, MB... base 1024, with 2 decimals (whole bytes have none): 1536 is "1.50 KB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let i = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  // 1023.999 KB rounds to "1024.00 KB": show it as the next unit instead.
  if (Number((bytes / 1024 ** i).toFixed(2)) >= 1024 && i < UNITS.length - 1) i += 1;
  return `${(bytes / 1024 ** i).toFixed(2)} ${UNITS[i]}`;
}

/**
 * The breadcrumb's segments to show: every one when there are at most 9, otherwise an ellipsis
 * first and the last 8 (9 positions in all).
 */
export function breadcrumbSegments<T>(path: readonly T[]): { collapsed: T[]; shown: T[] } {
  if (path.length <= BREADCRUMB_MAX_SEGMENTS) return { collapsed: [], shown: [...path] };
  const keep = BREADCRUMB_MAX_SEGMENTS - 1;
  return { collapsed: path.slice(0, path.length - keep), shown: path.slice(path.length - keep) };
}

/** What kind of content the first bytes of a file are, or null when none storage takes. */
export function sniffStorageType(
  head: Uint8Array,
): { family: 'pdf' | 'png' | 'jpeg' | 'gif'; contentType: string } | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(0, 5) === '%PDF-') return { family: 'pdf', contentType: 'application/pdf' };
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b))
    return { family: 'png', contentType: 'image/png' };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { family: 'jpeg', contentType: 'image/jpeg' };
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return { family: 'gif', contentType: 'image/gif' };
  return null;
}

/** The content family an extension promises. */
export function extensionFamily(ext: string): 'pdf' | 'png' | 'jpeg' | 'gif' | null {
  switch (ext) {
    case 'pdf':
      return 'pdf';
    case 'png':
      return 'png';
    case 'jpg':
    case 'jpeg':
      return 'jpeg';
    case 'gif':
      return 'gif';
    default:
      return null;
  }
}
