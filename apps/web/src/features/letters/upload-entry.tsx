import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { uploadDialog } from './upload-store';

// The modal, the queue and the toast load when the modal is first opened: the shell carries only
// this button and the modal's open state.
const UploadHost = lazy(() => import('./upload-host'));

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

/** The global upload modal and the upload-progress toast, mounted once by the signed-in shell. */
export function LetterUploadsHost() {
  const dialog = useSyncExternalStore(uploadDialog.subscribe, uploadDialog.getSnapshot, uploadDialog.getSnapshot);
  // Never opened yet: nothing to show (the toast only follows uploads chosen in the modal).
  if (dialog.session === 0) return null;
  return (
    <Suspense fallback={null}>
      <UploadHost />
    </Suspense>
  );
}
