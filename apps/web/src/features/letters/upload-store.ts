export interface UploadDialogState {
  open: boolean;
  /** Files dropped on a page's dropzone, offered in the dialog when it opens. */
  files: readonly File[];
  /** Changes on every opening, so the dialog starts afresh; 0 until it is first opened. */
  session: number;
}

let dialog: UploadDialogState = { open: false, files: [], session: 0 };
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/**
 * The global upload modal's state (opened by the header button or by the letters page's dropzone).
 * It lives in the shell, so it is kept tiny: the modal, the queue and the toast load on first use.
 */
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
