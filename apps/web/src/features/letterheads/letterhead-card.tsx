import { LETTERHEAD_MESSAGES, LETTERHEAD_PREVIEW, type LetterheadKind, MESSAGES } from '@lp/domain';
import CloudUpload from '@mui/icons-material/CloudUpload';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { isApiError } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { formatFileSize } from '../letters/upload-files';
import { PdfPageCanvas, useBlobPdf } from '../storage/pdf-page';
import {
  checkLetterheadFiles,
  deleteLetterhead,
  LETTERHEAD_ACCEPT,
  type Letterhead,
  letterheadKeys,
  uploadLetterhead,
  useLetterheadFile,
} from './api';

export const LETTERHEAD_TEXT = {
  none: (kind: LetterheadKind) => `There is no ${kind} letterhead yet.`,
  preview: (kind: LetterheadKind) => `${LETTERHEAD_MESSAGES.title(kind)} preview`,
  previewFailed: 'The preview could not be shown.',
  loadingPreview: 'Loading preview...',
  drop: 'Drag and drop one PDF, PNG or JPEG here',
  upload: 'Upload',
  uploadLabel: (kind: LetterheadKind) => `Upload ${kind} letterhead`,
  replaces: (kind: LetterheadKind) => `A new file replaces the ${kind} letterhead.`,
  uploading: (kind: LetterheadKind) => `Uploading ${kind} letterhead`,
  deleteLabel: (kind: LetterheadKind) => `Delete ${kind} letterhead`,
  confirmDelete: (kind: LetterheadKind) => `The ${kind} letterhead will be deleted.`,
  uploaded: (at: string) => `Uploaded ${formatDisplayDate(at)}`,
} as const;

const FRAME_RATIO = LETTERHEAD_PREVIEW.height / LETTERHEAD_PREVIEW.width;

/** The server's refusals worth showing as they are (the file's type, size or content); anything else is the spec's failure text. */
function failureReason(error: unknown): string | null {
  if (isApiError(error) && [413, 415, 422].includes(error.status) && error.message !== MESSAGES.genericError)
    return error.message;
  return null;
}

export interface LetterheadCardProps {
  kind: LetterheadKind;
  letterhead: Letterhead | undefined;
  /** manage_letterheads: upload and Delete (hidden otherwise). */
  canManage: boolean;
}

/**
 * One letterhead (part 2 "Letterheads screen"): the preview at 595 by 841 (scaled down to fit), the
 * title, the file and when it was uploaded, Delete with "Are you sure", and an upload area taking
 * exactly one file, which replaces the letterhead of this kind.
 */
export function LetterheadCard({ kind, letterhead, canManage }: LetterheadCardProps) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const title = LETTERHEAD_MESSAGES.title(kind);
  const uploading = progress !== null;

  const upload = async (files: File[]) => {
    if (uploading) return;
    const refused = checkLetterheadFiles(files);
    if (refused) {
      setProblem(refused);
      notify(refused, { variant: 'error' });
      return;
    }
    setProblem(null);
    setProgress(0);
    notify(LETTERHEAD_MESSAGES.started(kind), { variant: 'info' });
    try {
      const saved = await uploadLetterhead(kind, files[0]!, setProgress);
      queryClient.setQueryData<Letterhead[]>(letterheadKeys.list, (list) => [
        ...(list ?? []).filter((l) => l.kind !== kind),
        saved,
      ]);
      notify(LETTERHEAD_MESSAGES.uploaded(kind), { variant: 'success' });
    } catch (error) {
      const reason = failureReason(error);
      setProblem(reason ?? LETTERHEAD_MESSAGES.failed);
      notify(LETTERHEAD_MESSAGES.failed, { variant: 'error' });
      if (!reason) console.warn('letterheads: the upload failed', error);
    } finally {
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: letterheadKeys.all });
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      const answer = await deleteLetterhead(kind);
      notify(answer.message, { variant: 'success' });
    } catch (error) {
      // Already gone (deleted elsewhere): the list is simply reloaded.
      if (!isApiError(error, 404))
        notify(isApiError(error) ? error.message : MESSAGES.genericError, { variant: 'error' });
    } finally {
      setDeleting(false);
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: letterheadKeys.all });
    }
  };

  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={`letterhead-${kind}`}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {canManage && letterhead ? (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutline />}
            aria-label={LETTERHEAD_TEXT.deleteLabel(kind)}
            onClick={() => setConfirming(true)}
            disabled={uploading || deleting}
          >
            Delete
          </Button>
        ) : null}
      </Box>

      <PreviewFrame kind={kind} letterhead={letterhead} />

      {letterhead ? (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{letterhead.file_name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {LETTERHEAD_TEXT.uploaded(letterhead.created_at)} · {formatFileSize(letterhead.size)}
          </Typography>
        </Box>
      ) : null}

      {problem ? (
        <MessageBanner kind="error" onClose={() => setProblem(null)}>
          {problem}
        </MessageBanner>
      ) : null}

      {canManage ? (
        <UploadArea
          kind={kind}
          replaces={letterhead !== undefined}
          progress={progress}
          onFiles={(files) => void upload(files)}
        />
      ) : null}

      <ConfirmDialog
        open={confirming}
        busy={deleting}
        message={LETTERHEAD_TEXT.confirmDelete(kind)}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    </Card>
  );
}

/** The 595 by 841 frame (scaled down to the card): the preview, or a note that there is none. */
function PreviewFrame({ kind, letterhead }: { kind: LetterheadKind; letterhead: Letterhead | undefined }) {
  return (
    <Box
      data-testid={`letterhead-${kind}-preview`}
      sx={{
        width: '100%',
        maxWidth: LETTERHEAD_PREVIEW.width,
        aspectRatio: `${LETTERHEAD_PREVIEW.width} / ${LETTERHEAD_PREVIEW.height}`,
        mx: 'auto',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        bgcolor: 'grey.100',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      {letterhead ? (
        <LetterheadPreview kind={kind} letterhead={letterhead} />
      ) : (
        <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
          {LETTERHEAD_TEXT.none(kind)}
        </Typography>
      )}
    </Box>
  );
}

function LetterheadPreview({ kind, letterhead }: { kind: LetterheadKind; letterhead: Letterhead }) {
  const file = useLetterheadFile(letterhead);
  if (file.isError) return <PreviewFailed />;
  if (!file.data) return <Loading label={LETTERHEAD_TEXT.loadingPreview} />;
  return letterhead.type === 'pdf' ? (
    <PdfPreview kind={kind} blob={file.data} />
  ) : (
    <ImagePreview kind={kind} blob={file.data} />
  );
}

function PreviewFailed() {
  return (
    <Box sx={{ p: 2 }}>
      <MessageBanner kind="error">{LETTERHEAD_TEXT.previewFailed}</MessageBanner>
    </Box>
  );
}

/** A PDF letterhead's first page (the page drawn behind a letter), through the app's pdf.js set-up. */
function PdfPreview({ kind, blob }: { kind: LetterheadKind; blob: Blob }) {
  const loaded = useBlobPdf(blob, 'letterheads');
  if (loaded.state === 'error') return <PreviewFailed />;
  if (loaded.state === 'loading') return <Loading label={LETTERHEAD_TEXT.loadingPreview} />;
  return (
    <PdfPageCanvas
      doc={loaded.doc}
      page={1}
      label={LETTERHEAD_TEXT.preview(kind)}
      maxWidth={LETTERHEAD_PREVIEW.width}
      frameRatio={FRAME_RATIO}
      what="letterheads"
    />
  );
}

/** An image letterhead, shown from an object URL (the CSP allows blob: images), released when it changes. */
function ImagePreview({ kind, blob }: { kind: LetterheadKind; blob: Blob }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const made = URL.createObjectURL(blob);
    setUrl(made);
    setFailed(false);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  if (failed) return <PreviewFailed />;
  if (!url) return null;
  return (
    <img
      src={url}
      alt={LETTERHEAD_TEXT.preview(kind)}
      onError={() => setFailed(true)}
      style={{ display: 'block', maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', background: '#fff' }}
    />
  );
}

interface UploadAreaProps {
  kind: LetterheadKind;
  replaces: boolean;
  /** The fraction sent while uploading, else null. */
  progress: number | null;
  onFiles: (files: File[]) => void;
}

/**
 * Where a letterhead is dropped, or chosen with Upload (the file picker, so it works from the
 * keyboard). Every file dropped or chosen goes to `onFiles`, which takes exactly one.
 */
function UploadArea({ kind, replaces, progress, onFiles }: UploadAreaProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const textId = useId();
  const uploading = progress !== null;

  const dragOver = (e: DragEvent) => {
    if (uploading || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (uploading) return;
    const files = Array.from(e.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <Box
      role="group"
      aria-labelledby={textId}
      data-testid={`letterhead-${kind}-dropzone`}
      onDragEnter={dragOver}
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        p: 2,
        border: 2,
        borderStyle: 'dashed',
        borderRadius: 2,
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.paper',
        textAlign: 'center',
        transition: 'background-color 120ms, border-color 120ms',
      }}
    >
      <CloudUpload color="primary" sx={{ fontSize: 32 }} aria-hidden="true" />
      <Typography id={textId}>{LETTERHEAD_TEXT.drop}</Typography>
      {replaces ? (
        <Typography variant="body2" color="text.secondary">
          {LETTERHEAD_TEXT.replaces(kind)}
        </Typography>
      ) : null}
      <Button
        variant="contained"
        onClick={() => input.current?.click()}
        disabled={uploading}
        aria-label={LETTERHEAD_TEXT.uploadLabel(kind)}
      >
        {LETTERHEAD_TEXT.upload}
      </Button>
      <input
        ref={input}
        type="file"
        accept={LETTERHEAD_ACCEPT}
        hidden
        data-testid={`letterhead-${kind}-input`}
        aria-label={LETTERHEAD_TEXT.uploadLabel(kind)}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      {uploading ? (
        <Box sx={{ width: '100%' }}>
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label={LETTERHEAD_TEXT.uploading(kind)}
          />
          <Typography variant="body2" color="text.secondary" aria-hidden="true" sx={{ mt: 0.5 }}>
            {`${LETTERHEAD_TEXT.uploading(kind)}... ${Math.round(progress * 100)}%`}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
