import { BREAKPOINTS, MESSAGES } from '@lp/domain';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
// The worker is part of our own build (a hashed file under /assets), never fetched from a CDN.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useId, useRef, useState } from 'react';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { LETTER_MESSAGES } from './messages';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfViewerDialogProps {
  open: boolean;
  onClose: () => void;
  /** The PDF's address (same origin; the session cookie goes with it). */
  url: string;
  title: string;
}

type Loaded = { state: 'loading' } | { state: 'error' } | { state: 'ready'; doc: PDFDocumentProxy };

/** The next page number after a step, kept within 1..pages. */
export function stepPage(page: number, step: number, pages: number): number {
  return Math.min(Math.max(1, page + step), Math.max(1, pages));
}

/**
 * The PDF viewer modal (part 1 section 2): one page at a time drawn by pdf.js, "Page X of Y" with
 * previous and next buttons (and the arrow keys), "Loading document..." while the file loads.
 */
export function PdfViewerDialog({ open, onClose, url, title }: PdfViewerDialogProps) {
  const fullScreen = useMediaQuery(`(max-width:${BREAKPOINTS.small - 0.05}px)`);
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [page, setPage] = useState(1);

  useEffect(() => {
    if (!open) return;
    setLoaded({ state: 'loading' });
    setPage(1);
    // No eval (the CSP allows none); fonts the file does not embed are drawn with the system's.
    const task = getDocument({ url, withCredentials: true, isEvalSupported: false });
    let live = true;
    task.promise.then(
      (doc) => {
        if (live) setLoaded({ state: 'ready', doc });
      },
      (error: unknown) => {
        if (!live) return;
        console.warn('pdf viewer: the document could not be loaded', error);
        setLoaded({ state: 'error' });
      },
    );
    return () => {
      live = false;
      void task.destroy();
    };
  }, [open, url]);

  const pages = loaded.state === 'ready' ? loaded.doc.numPages : 0;
  const go = (step: number) => setPage((p) => stepPage(p, step, pages));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'PageDown') go(1);
        if (e.key === 'ArrowLeft' || e.key === 'PageUp') go(-1);
      }}
      data-testid="pdf-viewer"
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          {title}
        </Box>
        <IconButton aria-label="Close preview" onClick={onClose}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'grey.100', p: { xs: 1, sm: 2 }, minHeight: 320 }}>
        {loaded.state === 'loading' ? <Loading label={LETTER_MESSAGES.loadingDocument} minHeight={320} /> : null}
        {loaded.state === 'error' ? <MessageBanner kind="error">{MESSAGES.genericError}</MessageBanner> : null}
        {loaded.state === 'ready' ? <PdfPage doc={loaded.doc} page={page} title={title} /> : null}
      </DialogContent>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, px: 2, py: 1.5 }}>
        <Button startIcon={<ChevronLeft />} onClick={() => go(-1)} disabled={pages === 0 || page <= 1}>
          Previous
        </Button>
        <Typography aria-live="polite" data-testid="pdf-page-label" sx={{ minWidth: 110, textAlign: 'center' }}>
          {pages > 0 ? LETTER_MESSAGES.pageOf(page, pages) : ''}
        </Typography>
        <Button endIcon={<ChevronRight />} onClick={() => go(1)} disabled={pages === 0 || page >= pages}>
          Next
        </Button>
      </Box>
    </Dialog>
  );
}

/** One page drawn on a canvas as wide as the dialog allows, sharp on high-density screens. */
function PdfPage({ doc, page, title }: { doc: PDFDocumentProxy; page: number; title: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(0);

  useEffect(() => {
    let task: RenderTask | null = null;
    let live = true;
    void doc.getPage(page).then((p) => {
      const target = canvas.current;
      if (!live || !target) return;
      const width = Math.min(box.current?.clientWidth || 800, 900);
      const base = p.getViewport({ scale: 1 });
      const viewport = p.getViewport({ scale: width / base.width });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      task = p.render({
        canvas: target,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      task.promise.then(
        () => {
          if (live) setDrawn(page);
        },
        (error: unknown) => {
          if (live && (error as { name?: string })?.name !== 'RenderingCancelledException')
            console.warn('pdf viewer: a page could not be drawn', error);
        },
      );
    });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, page]);

  return (
    <Box ref={box} sx={{ display: 'flex', justifyContent: 'center', width: '100%' }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`${title}, ${LETTER_MESSAGES.pageOf(page, doc.numPages)}`}
        data-page={drawn}
        style={{ background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,0.2)', maxWidth: '100%' }}
      />
    </Box>
  );
}

export default PdfViewerDialog;
