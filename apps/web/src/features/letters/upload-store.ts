import { uploadLetterFile } from './upload-file';
import { createUploadQueue } from './upload-queue';

/** The app's one upload queue: it outlives pages, so uploads go on while the user moves around. */
export const uploadQueue = createUploadQueue(uploadLetterFile);

export interface UploadDialogState {
  open: boolean;
  /** Files dropped on a page's dropzone, offered in the dialog when it opens. */
  files: readonly File[];
  /** Changes on every opening, so the dialog starts afresh. */
  session: number;
}

let dialog: UploadDialogState = { open: false, files: [], session: 0 };
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** The global upload modal's state (opened by the header button or by the letters page's dropzone). */
export const uploadDialog = {
  getSnapshot: (): UploadDialogState => dialog,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  open(files: readonly File[] = []): void {
    dialog = { open: true, files, session: dialog.session + 1 };
    emit();
  },
  close(): void {
    dialog = { ...dialog, open: false, files: [] };
    emit();
  },
};
