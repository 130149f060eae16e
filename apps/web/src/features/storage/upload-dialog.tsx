import { BREAKPOINTS, formatBytes, STORAGE_MESSAGES, STORAGE_UPLOAD_TYPES } from '@lp/domain';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type DragEvent, useId, useRef, useState } from 'react';
import { MessageBanner } from '../../components/message-banner';
import {
  chooseStorageFiles,
  type FileChoice,
  type QueuedUpload,
  storageUploads,
  type UploadQueue,
  useUploadQueue,
} from './upload-queue';

export const UPLOAD_TEXT = {
  title: 'Upload documents',
  drop: 'Drag and drop PDF, PNG, JPG, JPEG or GIF files here',
  choose: 'Choose files',
  limits: 'At most 100 files at a time, each at most 500,000,000 bytes.',
  into: (folder: string) => `They are stored in ${folder}.`,
  refused: 'These files were not added:',
  uploads: 'Uploads',
  waiting: 'Waiting',
  uploading: (percent: number) => `Uploading: ${percent}%`,
  done: 'Uploaded',
  cancel: 'Cancel',
  cancelLabel: (name: string) => `Cancel the upload of ${name}`,
  clear: 'Clear finished',
  close: 'Close',
  progressLabel: (name: string) => `${name} upload`,
} as const;

/** The picker's `accept`: the storage types by extension and by content type. */
export const STORAGE_ACCEPT = [
  ...STORAGE_UPLOAD_TYPES.map((t) => `.${t}`),
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
].join(',');

function stateText(item: QueuedUpload): string {
  switch (item.state) {
    case 'waiting':
      return UPLOAD_TEXT.waiting;
    case 'uploading':
      return UPLOAD_TEXT.uploading(percent(item));
    case 'done':
      return UPLOAD_TEXT.done;
    default:
      return item.error ?? '';
  }
}

const percent = (item: QueuedUpload) =>
  item.file.size === 0 ? (item.state === 'done' ? 100 : 0) : Math.floor((item.sent / item.file.size) * 100);

export interface UploadDialogProps {
  folderId: string;
  folderName: string;
  onClose: () => void;
  queue?: UploadQueue;
}

/**
 * The upload dropzone (part 2 "Document storage screen"): pdf, png, jpg, jpeg or gif, at most 100
 * files of at most 500,000,000 bytes; refused files are named with the reason. The accepted ones
 * join the queue at once, which uploads them one at a time with a progress bar each. Closing the
 * dialog does not stop the uploads.
 */
export function UploadDialog({ folderId, folderName, onClose, queue = storageUploads }: UploadDialogProps) {
  const items = useUploadQueue(queue);
  const [choice, setChoice] = useState<FileChoice | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const dropTextId = useId();
  const fullScreen = useMediaQuery(`(max-width:${BREAKPOINTS.small - 0.05}px)`);

  const take = (files: File[]) => {
    const chosen = chooseStorageFiles(files);
    setChoice(chosen);
    if (chosen.accepted.length > 0) queue.add(chosen.accepted, folderId, folderName);
  };
  const dragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };

  const finished = items.some((i) => i.state === 'done' || i.state === 'failed' || i.state === 'cancelled');
  const current = items.find((i) => i.state === 'uploading');

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{UPLOAD_TEXT.title}</DialogTitle>
      <DialogContent dividers>
        <Box
          role="group"
          aria-labelledby={dropTextId}
          data-testid="storage-dropzone"
          onDragEnter={dragOver}
          onDragOver={dragOver}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            const files = Array.from(e.dataTransfer.files);
            if (files.length > 0) take(files);
          }}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 1,
            p: { xs: 2, sm: 4 },
            border: 2,
            borderStyle: 'dashed',
            borderRadius: 2,
            borderColor: over ? 'primary.main' : 'divider',
            bgcolor: over ? 'action.hover' : 'background.paper',
            textAlign: 'center',
          }}
        >
          <CloudUpload color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
          <Typography id={dropTextId}>{UPLOAD_TEXT.drop}</Typography>
          <Typography variant="body2" color="text.secondary">
            {UPLOAD_TEXT.limits} {UPLOAD_TEXT.into(folderName)}
          </Typography>
          <Button variant="contained" onClick={() => input.current?.click()}>
            {UPLOAD_TEXT.choose}
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={STORAGE_ACCEPT}
            aria-label={UPLOAD_TEXT.choose}
            data-testid="storage-file-input"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              if (files.length > 0) take(files);
            }}
          />
        </Box>
        {choice && (choice.rejected.length > 0 || choice.overLimit) ? (
          <Box sx={{ mt: 2 }}>
            <MessageBanner kind="warning" title={UPLOAD_TEXT.refused} data-testid="upload-refused">
              <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 160, overflow: 'auto' }}>
                {choice.rejected.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name
                  <li key={i}>
                    <strong>{r.name}</strong>: {r.reason}
                  </li>
                ))}
                {choice.overLimit ? <li>{STORAGE_MESSAGES.tooManyFiles}</li> : null}
              </Box>
            </MessageBanner>
          </Box>
        ) : null}
        {/* The progress the toasts gave, here (they stacked over this list): the spec's words, read out as they change. */}
        <Typography role="status" variant="body2" sx={{ mt: items.length > 0 ? 2 : 0, overflowWrap: 'break-word' }}>
          {current ? STORAGE_MESSAGES.uploading(current.file.name) : ''}
        </Typography>
        {items.length > 0 ? <UploadList items={items} queue={queue} /> : null}
      </DialogContent>
      <DialogActions>
        {finished ? <Button onClick={() => queue.clearFinished()}>{UPLOAD_TEXT.clear}</Button> : null}
        <Button onClick={onClose}>{UPLOAD_TEXT.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The queue, a row per file: its name and size, its progress bar and state, Cancel while it may be. */
export function UploadList({ items, queue }: { items: readonly QueuedUpload[]; queue: UploadQueue }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {UPLOAD_TEXT.uploads}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {items.map((item) => (
          <Box component="li" key={item.key} data-testid="upload-row">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'break-word' }}>
                {item.file.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatBytes(item.file.size)}
              </Typography>
              {item.state === 'waiting' || item.state === 'uploading' ? (
                <Button
                  size="small"
                  aria-label={UPLOAD_TEXT.cancelLabel(item.file.name)}
                  onClick={() => queue.cancel(item.key)}
                >
                  {UPLOAD_TEXT.cancel}
                </Button>
              ) : null}
            </Box>
            <LinearProgress
              variant="determinate"
              value={percent(item)}
              color={item.state === 'failed' ? 'error' : item.state === 'done' ? 'success' : 'primary'}
              aria-label={UPLOAD_TEXT.progressLabel(item.file.name)}
              sx={{ my: 0.5, height: 6, borderRadius: 3 }}
            />
            <Typography
              variant="body2"
              color={item.state === 'failed' ? 'error' : 'text.secondary'}
              data-testid="upload-state"
            >
              {stateText(item)}
            </Typography>
            {item.savedAs ? (
              <Typography variant="body2" data-testid="upload-saved-as" sx={{ overflowWrap: 'break-word' }}>
                {STORAGE_MESSAGES.savedAs(item.savedAs)}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
