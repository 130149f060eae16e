import { BREAKPOINTS, UPLOAD_MAX_FILES } from '@lp/domain';
import Close from '@mui/icons-material/Close';
import Description from '@mui/icons-material/Description';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import NativeSelect from '@mui/material/NativeSelect';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { MessageBanner } from '../../components/message-banner';
import type { DocumentType } from './api';
import { LETTER_MESSAGES } from './messages';
import { UploadDropzone } from './upload-dropzone';
import { chooseFiles, formatFileSize } from './upload-files';

export const UPLOAD_DIALOG_TITLE = 'Upload letters';
export const TYPE_LABELS: Record<DocumentType, string> = { regular: 'Regular letter', merged: 'Merged letter' };

interface Chosen {
  key: number;
  file: File;
  type: DocumentType;
}

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Files to start with (dropped on the letters page). */
  initialFiles?: readonly File[];
  /** Queues the chosen files for upload. */
  onUpload: (files: { file: File; type: DocumentType }[]) => void;
}

let nextKey = 0;

/**
 * The upload modal: a drag-and-drop area, then every chosen file with its name, size, its type
 * (regular, or merged to be split) and a remove button. PDF or DOCX only, at most 100 a batch.
 */
export function UploadDialog({ open, onClose, initialFiles = [], onUpload }: UploadDialogProps) {
  const fullScreen = useMediaQuery(`(max-width:${BREAKPOINTS.tabs - 0.05}px)`);
  const titleId = useId();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [seeded, setSeeded] = useState<readonly File[] | null>(null);

  const add = (files: readonly File[], current: Chosen[]) => {
    const choice = chooseFiles(current.length, files);
    setChosen([...current, ...choice.accepted.map((file) => ({ key: nextKey++, file, type: 'regular' as const }))]);
    setProblems([
      ...choice.rejected.map((r) => `${r.name}: ${r.reason}`),
      ...(choice.overLimit ? [LETTER_MESSAGES.tooManyFiles] : []),
    ]);
  };

  // The files dropped on the page are offered once, when the dialog opens with them.
  if (seeded !== initialFiles) {
    setSeeded(initialFiles);
    if (initialFiles.length > 0) add(initialFiles, []);
  }

  const setType = (key: number, type: DocumentType) =>
    setChosen((list) => list.map((c) => (c.key === key ? { ...c, type } : c)));
  const remove = (key: number) => {
    setChosen((list) => list.filter((c) => c.key !== key));
    setProblems([]);
  };
  const upload = () => {
    onUpload(chosen.map(({ file, type }) => ({ file, type })));
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{UPLOAD_DIALOG_TITLE}</DialogTitle>
      <DialogContent dividers>
        <UploadDropzone onFiles={(files) => add(files, chosen)} disabled={chosen.length >= UPLOAD_MAX_FILES} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          PDF or DOCX, up to {UPLOAD_MAX_FILES} files at once. Mark a file that holds several letters as merged: it can
          be split into its letters once uploaded.
        </Typography>
        {problems.length > 0 ? (
          <Box sx={{ mt: 2 }}>
            <MessageBanner kind="warning">
              {problems.length === 1 ? (
                problems[0]
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </Box>
              )}
            </MessageBanner>
          </Box>
        ) : null}
        {chosen.length > 0 ? (
          <Box
            component="ul"
            aria-label="Chosen files"
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            {chosen.map((c) => (
              <ChosenFile key={c.key} chosen={c} onType={(t) => setType(c.key, t)} onRemove={() => remove(c.key)} />
            ))}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={upload} disabled={chosen.length === 0}>
          {chosen.length > 0 ? `Upload ${chosen.length} ${chosen.length === 1 ? 'file' : 'files'}` : 'Upload'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ChosenFile({
  chosen,
  onType,
  onRemove,
}: {
  chosen: Chosen;
  onType: (type: DocumentType) => void;
  onRemove: () => void;
}) {
  const { file } = chosen;
  const Icon = file.name.toLowerCase().endsWith('.docx') ? Description : PictureAsPdf;
  return (
    <Box
      component="li"
      data-testid="chosen-file"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        p: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Icon color="action" aria-hidden="true" />
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>{file.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatFileSize(file.size)}
        </Typography>
      </Box>
      <NativeSelect
        inputProps={{ 'aria-label': `Type of ${file.name}` }}
        value={chosen.type}
        onChange={(e) => onType(e.target.value as DocumentType)}
        size="small"
        sx={{ minWidth: 150 }}
      >
        <option value="regular">{TYPE_LABELS.regular}</option>
        <option value="merged">{TYPE_LABELS.merged}</option>
      </NativeSelect>
      <IconButton aria-label={`Remove ${file.name}`} onClick={onRemove} size="small">
        <Close />
      </IconButton>
    </Box>
  );
}
