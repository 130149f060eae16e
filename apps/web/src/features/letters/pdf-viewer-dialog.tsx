import { BREAKPOINTS, MESSAGES } from '@lp/domain';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useId, useRef, useState } from 'react';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import type { LayoutBox, LetterLayout } from './api';
import { LETTER_MESSAGES } from './messages';
import { usePdfDocument } from './pdf-document';

export interface PdfViewerDialogProps {
  open: boolean;
  onClose: () => void;
  /** The PDF's address (same origin; the session cookie goes with it). */
  url: string;
  title: string;
  /** Boxes drawn over page 1 (the window, the address, the barcode's space, what is in the way). */
  layout?: LetterLayout | null;
  /** Whether the outline starts shown (it can be switched off and on). */
  showLayout?: boolean;
}

/** The next page number after a step, kept within 1..pages. */
export function stepPage(page: number, step: number, pages: number): number {
  return Math.min(Math.max(1, page + step), Math.max(1, pages));
}

/**
 * The PDF viewer modal (part 1 section 2): one page at a time drawn by pdf.js, "Page X of Y" with
 * previous and next buttons (and the arrow keys), "Loading document..." while the file loads.
 */
export function PdfViewerDialog({ open, onClose, url, title, layout, showLayout = false }: PdfViewerDialogProps) {
  const [outlined, setOutlined] = useState(showLayout);
  const fullScreen = useMediaQuery(`(max-width:${BREAKPOINTS.small - 0.05}px)`);
  const titleId = useId();
  const loaded = usePdfDocument(url, 'pdf viewer', open);
  const [page, setPage] = useState(1);
  // A new file opens on its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page resets when the file or the dialog changes
  useEffect(() => setPage(1), [url, open]);

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
      {/* The page may be taller than the dialog: the region takes focus so the keyboard can scroll it. */}
      <DialogContent
        dividers
        tabIndex={0}
        role="region"
        aria-label={`${title}: page`}
        sx={{ bgcolor: 'grey.100', p: { xs: 1, sm: 2 }, minHeight: 320 }}
      >
        {loaded.state === 'loading' ? <Loading label={LETTER_MESSAGES.loadingDocument} minHeight={320} /> : null}
        {loaded.state === 'error' ? <MessageBanner kind="error">{MESSAGES.genericError}</MessageBanner> : null}
        {loaded.state === 'ready' ? (
          <PdfPage doc={loaded.doc} page={page} title={title} layout={outlined && page === 1 ? layout : null} />
        ) : null}
      </DialogContent>
      {layout ? (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, px: 2, pt: 1 }}>
          <FormControlLabel
            control={<Switch checked={outlined} onChange={(e) => setOutlined(e.target.checked)} />}
            label="Outline the address window on page 1"
          />
          {outlined ? <LayoutLegend /> : null}
        </Box>
      ) : null}
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

const OUTLINES = {
  window: { colour: '#5f6b7a', style: 'dashed', label: 'Address window' },
  address: { colour: '#1b7f3b', style: 'solid', label: 'Address read' },
  barcode: { colour: '#1565c0', style: 'solid', label: 'Space for the postal barcode' },
  intrusion: { colour: '#c62828', style: 'solid', label: 'In the way of the barcode' },
} as const;

function LayoutLegend() {
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, p: 0, listStyle: 'none' }}>
      {Object.values(OUTLINES).map((o) => (
        <Box component="li" key={o.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box
            aria-hidden
            sx={{ width: 14, height: 10, border: `2px ${o.style} ${o.colour}`, bgcolor: `${o.colour}22` }}
          />
          <Typography variant="body2">{o.label}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The layout's boxes over a page drawn `widthPx` wide (an A4 page is 210 mm wide). */
function LayoutOverlay({ layout, widthPx }: { layout: LetterLayout; widthPx: number }) {
  const scale = widthPx / 210;
  const boxes: { kind: keyof typeof OUTLINES; box: LayoutBox; title: string }[] = [
    { kind: 'window', box: layout.window, title: OUTLINES.window.label },
    { kind: 'address', box: layout.address, title: OUTLINES.address.label },
    ...(layout.barcode ? [{ kind: 'barcode' as const, box: layout.barcode, title: OUTLINES.barcode.label }] : []),
    ...layout.intrusions.map((i) => ({
      kind: 'intrusion' as const,
      box: i.box,
      title: i.kind === 'text' ? `Text in the way: ${i.text ?? ''}` : 'A graphic in the way',
    })),
  ];
  return (
    <Box data-testid="layout-overlay" sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
      {boxes.map(({ kind, box, title }) => (
        <Box
          key={`${kind}-${box.x}-${box.y}-${box.width}-${box.height}`}
          title={title}
          data-kind={kind}
          sx={{
            position: 'absolute',
            left: box.x * scale,
            top: box.y * scale,
            width: box.width * scale,
            height: box.height * scale,
            border: `2px ${OUTLINES[kind].style} ${OUTLINES[kind].colour}`,
            bgcolor: kind === 'window' ? 'transparent' : `${OUTLINES[kind].colour}22`,
          }}
        />
      ))}
    </Box>
  );
}

/** One page drawn on a canvas as wide as the dialog allows, sharp on high-density screens. */
function PdfPage({
  doc,
  page,
  title,
  layout,
}: {
  doc: PDFDocumentProxy;
  page: number;
  title: string;
  layout?: LetterLayout | null | undefined;
}) {
  const [cssWidth, setCssWidth] = useState(0);
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
      setCssWidth(Math.floor(viewport.width));
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
      <Box sx={{ position: 'relative', lineHeight: 0 }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${title}, ${LETTER_MESSAGES.pageOf(page, doc.numPages)}`}
          data-page={drawn}
          style={{ background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,0.2)', maxWidth: '100%' }}
        />
        {layout && cssWidth > 0 && drawn === page ? <LayoutOverlay layout={layout} widthPx={cssWidth} /> : null}
      </Box>
    </Box>
  );
}

export default PdfViewerDialog;
