import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { letterKeys } from './api';
import { uploadDialog, uploadQueue } from './upload-store';

// The modal and the toast are loaded when first needed: the shell carries only this button and the stores.
const UploadDialog = lazy(() => import('./upload-dialog'));
const UploadToast = lazy(() => import('./upload-toast'));

export const UPLOAD_BUTTON = 'Upload letters';

/** May the member upload letters (create_letter)? */
export function canUploadLetters(abilities: readonly string[]): boolean {
  return abilities.includes('create_letter');
}

/** The header's button opening the global upload modal (shown with create_letter). */
export function UploadLettersButton({ abilities, compact }: { abilities: readonly string[]; compact: boolean }) {
  if (!canUploadLetters(abilities)) return null;
  if (compact) {
    return (
      <IconButton color="inherit" aria-label={UPLOAD_BUTTON} onClick={() => uploadDialog.open()}>
        <UploadFile />
      </IconButton>
    );
  }
  return (
    <Button
      color="inherit"
      variant="outlined"
      startIcon={<UploadFile />}
      onClick={() => uploadDialog.open()}
      sx={{ borderColor: 'rgba(255,255,255,0.7)', whiteSpace: 'nowrap', mr: 0.5 }}
    >
      {UPLOAD_BUTTON}
    </Button>
  );
}

/**
 * The global upload modal and the upload-progress toast, mounted once by the signed-in shell. Each
 * finished upload refetches the open letter lists (the server's refresh event does too; this covers
 * a stream that is down).
 */
export function LetterUploadsHost() {
  const dialog = useSyncExternalStore(uploadDialog.subscribe, uploadDialog.getSnapshot, uploadDialog.getSnapshot);
  const queue = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.getSnapshot, uploadQueue.getSnapshot);
  const queryClient = useQueryClient();
  const [dialogWanted, setDialogWanted] = useState(false);
  if (dialog.open && !dialogWanted) setDialogWanted(true);

  const finished = queue.items.filter((i) => i.uploaded !== 'ready').length;
  const lastFinished = useRef(0);
  useEffect(() => {
    if (finished > lastFinished.current) void queryClient.invalidateQueries({ queryKey: letterKeys.all });
    lastFinished.current = finished;
  }, [finished, queryClient]);

  return (
    <Suspense fallback={null}>
      {dialogWanted ? (
        <UploadDialog
          key={dialog.session}
          open={dialog.open}
          initialFiles={dialog.files}
          onClose={uploadDialog.close}
          onUpload={(files) => uploadQueue.enqueue(files)}
        />
      ) : null}
      {queue.open ? <UploadToast queue={uploadQueue} /> : null}
    </Suspense>
  );
}
