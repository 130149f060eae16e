import CloudUpload from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type DragEvent, useId, useRef, useState } from 'react';
import { ACCEPT } from './upload-files';

export const DROP_TEXT = 'Drag and drop PDF or DOCX letters here';
export const CHOOSE_FILES = 'Choose files';

export interface UploadDropzoneProps {
  onFiles: (files: File[]) => void;
  /** A slimmer area (the letters page) instead of the dialog's tall one. */
  compact?: boolean;
  disabled?: boolean;
}

/**
 * The drag-and-drop area: files dropped on it, or chosen with its "Choose files" button (which opens
 * the file picker, so it works from the keyboard), go to `onFiles`.
 */
export function UploadDropzone({ onFiles, compact = false, disabled = false }: UploadDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const textId = useId();

  const dragOver = (e: DragEvent) => {
    if (disabled || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = Array.from(e.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <Box
      role="group"
      aria-labelledby={textId}
      data-testid="letter-dropzone"
      onDragEnter={dragOver}
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        display: 'flex',
        flexDirection: compact ? { xs: 'column', sm: 'row' } : 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: compact ? 2 : 1.5,
        p: compact ? 2 : 4,
        border: 2,
        borderStyle: 'dashed',
        borderRadius: 2,
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.paper',
        textAlign: 'center',
        transition: 'background-color 120ms, border-color 120ms',
      }}
    >
      <CloudUpload color="primary" sx={{ fontSize: compact ? 32 : 48 }} aria-hidden="true" />
      <Typography id={textId}>{DROP_TEXT}</Typography>
      <Typography color="text.secondary" aria-hidden="true">
        or
      </Typography>
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled}>
        {CHOOSE_FILES}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        data-testid="letter-file-input"
        aria-label={CHOOSE_FILES}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Box>
  );
}
