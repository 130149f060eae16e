import type { DocumentType } from './api';
import { LETTER_MESSAGES } from './messages';

/** Part 1 section 3's upload queue item: `uploaded` is ready, then uploaded (with its uuid) or failed. */
export interface UploadItem {
  index: number;
  type: DocumentType;
  file: File;
  uploaded: 'ready' | 'uploaded' | 'failed';
  uuid: string | null;
  /** Bytes sent so far, 0 to 1. */
  progress: number;
  /** Why it failed, for people. */
  error: string | null;
}

export interface UploadSnapshot {
  items: readonly UploadItem[];
  /** The progress toast is on screen. */
  open: boolean;
}

/** Sends one file; reports the share of bytes sent; resolves with the new letter's uuid. */
export type Uploader = (
  file: File,
  type: DocumentType,
  onProgress: (fraction: number) => void,
) => Promise<{ uuid: string }>;

export type ToastColour = 'purple' | 'teal' | 'red' | 'orange';

export interface UploadSummary {
  colour: ToastColour;
  message: string;
  /** Some item is still ready (waiting or being sent). */
  pending: boolean;
  /** The toast's close button is disabled while any item is ready. */
  canClose: boolean;
  done: number;
  total: number;
}

/** The toast's colour and message (part 1 sections 4 and 8): purple while pending, then teal, red or orange. */
export function uploadSummary(items: readonly UploadItem[]): UploadSummary {
  const total = items.length;
  const uploaded = items.filter((i) => i.uploaded === 'uploaded').length;
  const failed = items.filter((i) => i.uploaded === 'failed').length;
  const done = uploaded + failed;
  const pending = done < total;
  if (pending) {
    return {
      colour: 'purple',
      message: LETTER_MESSAGES.uploadPending(done, total),
      pending,
      canClose: false,
      done,
      total,
    };
  }
  if (failed === 0)
    return { colour: 'teal', message: LETTER_MESSAGES.uploadAllUploaded, pending, canClose: true, done, total };
  if (uploaded === 0)
    return { colour: 'red', message: LETTER_MESSAGES.uploadAllFailed, pending, canClose: true, done, total };
  return { colour: 'orange', message: LETTER_MESSAGES.uploadMixed, pending, canClose: true, done, total };
}

export interface UploadQueue {
  getSnapshot(): UploadSnapshot;
  subscribe(listener: () => void): () => void;
  /** Adds files (each with its type) and starts sending them, one at a time, in order. */
  enqueue(files: readonly { file: File; type: DocumentType }[]): void;
  /** Closes the toast and forgets the batch; refused (false) while any item is ready. */
  dismiss(): boolean;
}

/** What went wrong with an upload, for people (the server's message when it gave one). */
function failureText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'The upload failed.';
}

/**
 * The letter upload queue (part 1 section 4): items start ready, are sent one at a time, and end
 * uploaded (with the uuid) or failed; a failure marks only that item. Files added while a batch is
 * on screen join it; once the toast is closed the next files start a new batch.
 */
export function createUploadQueue(upload: Uploader): UploadQueue {
  let snapshot: UploadSnapshot = { items: [], open: false };
  let running = false;
  let nextIndex = 0;
  const listeners = new Set<() => void>();

  const set = (next: UploadSnapshot) => {
    snapshot = next;
    for (const l of listeners) l();
  };
  const patch = (index: number, change: Partial<UploadItem>) =>
    set({ ...snapshot, items: snapshot.items.map((i) => (i.index === index ? { ...i, ...change } : i)) });

  async function run() {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const item = snapshot.items.find((i) => i.uploaded === 'ready');
        if (!item) break;
        try {
          const { uuid } = await upload(item.file, item.type, (fraction) => {
            const progress = Math.max(0, Math.min(1, fraction));
            const current = snapshot.items.find((i) => i.index === item.index);
            if (current && current.uploaded === 'ready' && current.progress !== progress)
              patch(item.index, { progress });
          });
          patch(item.index, { uploaded: 'uploaded', uuid, progress: 1 });
        } catch (error) {
          patch(item.index, { uploaded: 'failed', error: failureText(error) });
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    enqueue(files) {
      if (files.length === 0) return;
      const keep = snapshot.open ? snapshot.items : [];
      const added: UploadItem[] = files.map(({ file, type }) => ({
        index: nextIndex++,
        type,
        file,
        uploaded: 'ready',
        uuid: null,
        progress: 0,
        error: null,
      }));
      set({ items: [...keep, ...added], open: true });
      void run();
    },
    dismiss() {
      if (snapshot.items.some((i) => i.uploaded === 'ready')) return false;
      set({ items: [], open: false });
      return true;
    },
  };
}
