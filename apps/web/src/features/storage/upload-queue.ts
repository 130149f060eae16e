import { STORAGE_MAX_FILES, STORAGE_MESSAGES, savedUploadName, uploadProblem } from '@lp/domain';
import { useSyncExternalStore } from 'react';
import { notify } from '../../lib/notify';
import type { StorageItem } from './api';
import { CANCELLED, type ResumableUploadOptions, uploadFailureMessage, uploadResumable } from './resumable-upload';

export type UploadState = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface QueuedUpload {
  key: number;
  file: File;
  folderId: string;
  folderName: string;
  state: UploadState;
  /** Bytes held by the server (or on their way), 0 to the file's size. */
  sent: number;
  error: string | null;
  /** The name the file was saved as when it is not the one it had (the name rule, or a name already taken). */
  savedAs: string | null;
}

export interface FileChoice {
  accepted: File[];
  /** Each refused file with the reason. */
  rejected: { name: string; reason: string }[];
  /** More than 100 files were chosen: those beyond were left out. */
  overLimit: boolean;
}

/** Sorts chosen files: pdf, png, jpg, jpeg or gif, at most 500,000,000 bytes each, at most 100 at a time. */
export function chooseStorageFiles(files: readonly File[]): FileChoice {
  const accepted: File[] = [];
  const rejected: FileChoice['rejected'] = [];
  let overLimit = false;
  for (const file of files) {
    const problem = uploadProblem(file);
    if (problem) rejected.push({ name: file.name, reason: problem });
    else if (accepted.length >= STORAGE_MAX_FILES) overLimit = true;
    else accepted.push(file);
  }
  return { accepted, rejected, overLimit };
}

export interface UploadQueueDeps {
  upload: (folderId: string, file: File, options: ResumableUploadOptions) => Promise<StorageItem | undefined>;
  notify: typeof notify;
}

/**
 * The storage uploads: one file at a time, in the order chosen, each through the resumable
 * protocol. The upload dialog shows each file's progress, state and the name it was saved as
 * (issue 27 item 10: a toast a file stacked over the dialog's list); after each, the listing is
 * refetched (`onSettled`) and the queue moves on. When the queue empties, one toast sums the run
 * up: "{file} uploaded to LetUsStore successfully!" for one file, "All documents have been uploaded
 * successfully!" for several, else the failure (one file) or how many were stored. Cancelled files
 * count for neither. It lives outside the page, so uploads carry on while the user works elsewhere.
 */
export function createUploadQueue(deps: UploadQueueDeps) {
  let items: readonly QueuedUpload[] = [];
  let nextKey = 1;
  let running = false;
  /** This run's outcomes, for the summary: the files stored and the failures with their messages. */
  let stored: string[] = [];
  let failed: string[] = [];
  const controllers = new Map<number, AbortController>();
  const listeners = new Set<() => void>();
  const settledHandlers = new Set<() => void>();

  const emit = () => {
    for (const l of listeners) l();
  };
  const update = (key: number, change: Partial<QueuedUpload>) => {
    items = items.map((i) => (i.key === key ? { ...i, ...change } : i));
    emit();
  };

  async function run() {
    if (running) return;
    running = true;
    for (;;) {
      const next = items.find((i) => i.state === 'waiting');
      if (!next) break;
      const controller = new AbortController();
      controllers.set(next.key, controller);
      update(next.key, { state: 'uploading' });
      try {
        const item = await deps.upload(next.folderId, next.file, {
          signal: controller.signal,
          onProgress: (sent) => update(next.key, { sent }),
        });
        // The stored name, else what the name rule makes of it (the server's rule, shared).
        const name = item?.name ?? savedUploadName(next.file.name).name;
        update(next.key, {
          state: 'done',
          sent: next.file.size,
          savedAs: name !== next.file.name.normalize('NFC') ? name : null,
        });
        stored.push(next.file.name);
      } catch (error) {
        if (controller.signal.aborted) {
          update(next.key, { state: 'cancelled', error: CANCELLED });
        } else {
          const message = uploadFailureMessage(error, next.file.name);
          update(next.key, { state: 'failed', error: message });
          failed.push(message);
        }
      } finally {
        controllers.delete(next.key);
      }
      for (const h of settledHandlers) h();
    }
    const total = stored.length + failed.length;
    if (failed.length === 0 && stored.length === 1)
      deps.notify(STORAGE_MESSAGES.uploaded(stored[0]!), { variant: 'success' });
    else if (failed.length === 0 && stored.length > 1)
      deps.notify(STORAGE_MESSAGES.allUploaded, { variant: 'success' });
    else if (failed.length === 1 && total === 1) deps.notify(failed[0]!, { variant: 'error' });
    else if (failed.length > 0 && stored.length === 0)
      deps.notify(STORAGE_MESSAGES.noneUploaded(total), { variant: 'error' });
    else if (failed.length > 0)
      deps.notify(STORAGE_MESSAGES.someUploaded(stored.length, total), { variant: 'warning' });
    running = false;
    stored = [];
    failed = [];
  }

  return {
    getSnapshot: (): readonly QueuedUpload[] => items,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Called after each file (stored, refused or cancelled): the listing is refetched. */
    onSettled(handler: () => void): () => void {
      settledHandlers.add(handler);
      return () => settledHandlers.delete(handler);
    },
    add(files: readonly File[], folderId: string, folderName: string): void {
      const added = files.map<QueuedUpload>((file) => ({
        key: nextKey++,
        file,
        folderId,
        folderName,
        state: 'waiting',
        sent: 0,
        error: null,
        savedAs: null,
      }));
      items = [...items, ...added];
      emit();
      void run();
    },
    cancel(key: number): void {
      const item = items.find((i) => i.key === key);
      if (!item) return;
      if (item.state === 'waiting') update(key, { state: 'cancelled', error: CANCELLED });
      controllers.get(key)?.abort();
    },
    /** Drops the finished rows from the list. */
    clearFinished(): void {
      items = items.filter((i) => i.state === 'waiting' || i.state === 'uploading');
      emit();
    },
    isBusy: () => items.some((i) => i.state === 'waiting' || i.state === 'uploading'),
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;

/** The app's one storage upload queue. */
export const storageUploads: UploadQueue = createUploadQueue({ upload: uploadResumable, notify });

export function useUploadQueue(queue: UploadQueue = storageUploads): readonly QueuedUpload[] {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot);
}
