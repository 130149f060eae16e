import { STORAGE_MAX_FILES, STORAGE_MESSAGES, uploadProblem } from '@lp/domain';
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
 * protocol. Each file says "Uploading {file}..." and then its success or failure; after each, the
 * listing is refetched (`onSettled`) and the queue moves on. When the queue empties and every file
 * of the run was stored: "All documents have been uploaded successfully!". It lives outside the
 * page, so uploads carry on while the user works elsewhere in the app.
 */
export function createUploadQueue(deps: UploadQueueDeps) {
  let items: readonly QueuedUpload[] = [];
  let nextKey = 1;
  let running = false;
  let runFailed = false;
  let runCount = 0;
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
      runCount += 1;
      const controller = new AbortController();
      controllers.set(next.key, controller);
      update(next.key, { state: 'uploading' });
      deps.notify(STORAGE_MESSAGES.uploading(next.file.name), { variant: 'info' });
      try {
        await deps.upload(next.folderId, next.file, {
          signal: controller.signal,
          onProgress: (sent) => update(next.key, { sent }),
        });
        update(next.key, { state: 'done', sent: next.file.size });
        deps.notify(STORAGE_MESSAGES.uploaded(next.file.name), { variant: 'success' });
      } catch (error) {
        if (controller.signal.aborted) {
          update(next.key, { state: 'cancelled', error: CANCELLED });
        } else {
          runFailed = true;
          const message = uploadFailureMessage(error, next.file.name);
          update(next.key, { state: 'failed', error: message });
          deps.notify(message, { variant: 'error' });
        }
      } finally {
        controllers.delete(next.key);
      }
      for (const h of settledHandlers) h();
    }
    if (runCount > 0 && !runFailed && items.some((i) => i.state === 'done'))
      deps.notify(STORAGE_MESSAGES.allUploaded, { variant: 'success' });
    running = false;
    runFailed = false;
    runCount = 0;
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
