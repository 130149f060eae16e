import { LETTER_MESSAGES, MESSAGES } from '@lp/domain';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { getDocument, type PDFDocumentLoadingTask, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
// The app's pdf.js set-up (the worker from our own build), shared with the letter preview.
import '../letters/pdf-document';
import type { PdfState } from '../letters/pdf-document';
import { stepPage } from '../letters/pdf-viewer-dialog';

/** The widest a page is drawn, in CSS pixels (A4 at about 110%). */
const MAX_PAGE_WIDTH = 900;

/**
 * The PDF in `blob`, loaded by pdf.js from its bytes. The bytes are a copy: pdf.js hands its buffer
 * to the worker, and the blob stays whole for the download.
 */
export function useBlobPdf(blob: Blob | undefined): PdfState {
  const [loaded, setLoaded] = useState<PdfState>({ state: 'loading' });
  useEffect(() => {
    if (!blob) return;
    setLoaded({ state: 'loading' });
    let live = true;
    let task: PDFDocumentLoadingTask | null = null;
    const failed = (error: unknown) => {
      if (!live) return;
      console.warn('cloud letter: the document could not be loaded', error);
      setLoaded({ state: 'error' });
    };
    blob.arrayBuffer().then((buffer) => {
      if (!live) return;
      task = getDocument({ data: new Uint8Array(buffer) });
      task.promise.then((doc: PDFDocumentProxy) => {
        if (live) setLoaded({ state: 'ready', doc });
      }, failed);
    }, failed);
    return () => {
      live = false;
      void task?.destroy();
    };
  }, [blob]);
  return loaded;
}

/**
 * The letter on the page (not in a dialog): one page at a time, "Page X of Y" with Previous and
 * Next (and the arrow keys while the page has focus), "Loading document..." meanwhile.
 */
export function CloudPdfViewer({ blob, title }: { blob: Blob | undefined; title: string }) {
  const loaded = useBlobPdf(blob);
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file opens on its first page
  useEffect(() => setPage(1), [blob]);
  const pages = loaded.state === 'ready' ? loaded.doc.numPages : 0;
  const go = (step: number) => setPage((p) => stepPage(p, step, pages));

  return (
    <Box>
      {/* The page may be taller than the screen: the region takes focus so the keyboard can scroll and turn it. */}
      <Box
        role="region"
        tabIndex={0}
        aria-label={pages > 0 ? `${title}, ${LETTER_MESSAGES.pageOf(page, pages)}` : title}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight' || e.key === 'PageDown') {
            e.preventDefault();
            go(1);
          }
          if (e.key === 'ArrowLeft' || e.key === 'PageUp') {
            e.preventDefault();
            go(-1);
          }
        }}
        sx={{
          bgcolor: 'grey.100',
          p: { xs: 1, sm: 2 },
          minHeight: 320,
          borderRadius: 1,
          outline: 'none',
          '&:focus-visible': { boxShadow: (t) => `0 0 0 3px ${t.palette.primary.main}` },
        }}
      >
        {!blob || loaded.state === 'loading' ? (
          <Loading label={LETTER_MESSAGES.loadingDocument} minHeight={320} />
        ) : null}
        {blob && loaded.state === 'error' ? <MessageBanner kind="error">{MESSAGES.genericError}</MessageBanner> : null}
        {blob && loaded.state === 'ready' ? <PdfPageCanvas doc={loaded.doc} page={page} title={title} /> : null}
      </Box>
      <Box
        component="nav"
        aria-label="Pages"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: { xs: 1, sm: 2 }, pt: 1.5 }}
      >
        <Button startIcon={<ChevronLeft />} onClick={() => go(-1)} disabled={pages === 0 || page <= 1}>
          Previous
        </Button>
        <Typography aria-live="polite" data-testid="pdf-page-label" sx={{ minWidth: 100, textAlign: 'center' }}>
          {pages > 0 ? LETTER_MESSAGES.pageOf(page, pages) : ''}
        </Typography>
        <Button endIcon={<ChevronRight />} onClick={() => go(1)} disabled={pages === 0 || page >= pages}>
          Next
        </Button>
      </Box>
    </Box>
  );
}

/** The width available to the page, followed as the window (or a phone's orientation) changes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setWidth(el.clientWidth));
    });
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [ref]);
  return width;
}

/** One page drawn on a canvas as wide as the space allows, sharp on high-density screens. */
function PdfPageCanvas({ doc, page, title }: { doc: PDFDocumentProxy; page: number; title: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const available = useWidth(box);
  // Widths are rounded to 40 px steps so a small resize does not redraw the page.
  const width = Math.min(Math.floor((available || 800) / 40) * 40 || 280, MAX_PAGE_WIDTH);
  const [drawn, setDrawn] = useState(0);

  useEffect(() => {
    let task: RenderTask | null = null;
    let live = true;
    void doc.getPage(page).then((p) => {
      const target = canvas.current;
      if (!live || !target) return;
      const base = p.getViewport({ scale: 1 });
      const viewport = p.getViewport({ scale: width / base.width });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
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
            console.warn('cloud letter: a page could not be drawn', error);
        },
      );
    });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, page, width]);

  return (
    <Box ref={box} sx={{ display: 'flex', justifyContent: 'center', width: '100%' }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`${title}, ${LETTER_MESSAGES.pageOf(page, doc.numPages)}`}
        data-page={drawn}
        style={{ background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,0.2)', maxWidth: '100%', height: 'auto' }}
      />
    </Box>
  );
}
