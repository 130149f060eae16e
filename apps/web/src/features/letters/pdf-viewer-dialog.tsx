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
import type { LayoutBox, LayoutIntrusion, LayoutOverflow, LetterLayout } from './api';
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
          {outlined ? <LayoutLegend layout={layout} /> : null}
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

const RED = '#c62828';

const OUTLINES = {
  window: { colour: '#5f6b7a', style: 'dashed', label: 'Address window' },
  address: { colour: '#1b7f3b', style: 'solid', label: 'Address read' },
  line: { colour: '#1b7f3b', style: 'dotted', label: 'Address line' },
  barcode: { colour: '#1565c0', style: 'solid', label: 'Space for the postal barcode' },
  outside: { colour: RED, style: 'dashed', label: 'Address outside the window' },
  intrusion: { colour: RED, style: 'solid', label: 'In the window besides the address' },
} as const;

type OutlineKind = keyof typeof OUTLINES;

/** One box drawn over page 1, with what it is in words. */
export interface LayoutMark {
  kind: OutlineKind;
  box: LayoutBox;
  label: string;
}

const INTRUSION_WORDS: Record<LayoutIntrusion['kind'], string> = {
  date: 'The date',
  reference: 'A reference',
  return_address: 'A return-address line',
  salutation: 'The salutation',
  text: 'Text',
  graphic: 'A graphic',
};

const SIDE_WORDS: Record<LayoutOverflow['side'], string> = {
  top: 'above the window',
  bottom: 'below the window',
  left: 'past the left edge of the window',
  right: 'past the right edge of the window',
};

/** "The date "21 November 2026" in the window". */
export function intrusionLabel(i: LayoutIntrusion): string {
  const text = i.text?.trim() ? ` "${i.text.trim().slice(0, 60)}"` : '';
  return `${INTRUSION_WORDS[i.kind] ?? 'Something'}${text} in the window`;
}

/** "Address runs 4.8 mm below the window". */
export function overflowLabel(o: LayoutOverflow): string {
  return `Address runs ${(Math.round(o.by * 10) / 10).toFixed(1)} mm ${SIDE_WORDS[o.side]}`;
}

/** The part of the address beyond one edge of the window (at least `by` mm deep, so it always shows). */
function beyond(o: LayoutOverflow, address: LayoutBox, window: LayoutBox): LayoutBox {
  const wRight = window.x + window.width;
  const wBottom = window.y + window.height;
  const aRight = address.x + address.width;
  const aBottom = address.y + address.height;
  const depth = (measured: number) => Math.max(measured, o.by, 0.5);
  // Across the edge: the address's own extent, or the window's when the address has none.
  const across = address.width > 0 ? { x: address.x, width: address.width } : { x: window.x, width: window.width };
  const along = address.height > 0 ? { y: address.y, height: address.height } : { y: window.y, height: window.height };
  switch (o.side) {
    case 'top': {
      const h = depth(window.y - address.y);
      return { ...across, y: window.y - h, height: h };
    }
    case 'bottom':
      return { ...across, y: wBottom, height: depth(aBottom - wBottom) };
    case 'left': {
      const w = depth(window.x - address.x);
      return { ...along, x: window.x - w, width: w };
    }
    case 'right':
      return { ...along, x: wRight, width: depth(aRight - wRight) };
  }
}

/** What is drawn over page 1: the window, the address and its lines, the barcode's place, and in red what is wrong. */
export function layoutMarks(layout: LetterLayout): LayoutMark[] {
  const hasAddress = layout.address.width > 0 && layout.address.height > 0;
  return [
    { kind: 'window', box: layout.window, label: OUTLINES.window.label },
    ...(hasAddress ? [{ kind: 'address' as const, box: layout.address, label: OUTLINES.address.label }] : []),
    ...(layout.lines ?? []).map((box, i) => ({ kind: 'line' as const, box, label: `Address line ${i + 1}` })),
    ...(layout.barcode ? [{ kind: 'barcode' as const, box: layout.barcode, label: OUTLINES.barcode.label }] : []),
    ...(layout.outside ?? []).map((o) => ({
      kind: 'outside' as const,
      box: beyond(o, layout.address, layout.window),
      label: overflowLabel(o),
    })),
    ...layout.intrusions.map((i) => ({ kind: 'intrusion' as const, box: i.box, label: intrusionLabel(i) })),
  ];
}

/** The legend of the outlines on this page, and the red marks in words (they are not only colour). */
function LayoutLegend({ layout }: { layout: LetterLayout }) {
  const marks = layoutMarks(layout);
  const kinds = new Set(marks.map((m) => m.kind));
  const problems = marks.filter((m) => OUTLINES[m.kind].colour === RED);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box
        component="ul"
        aria-label="Legend"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, p: 0, listStyle: 'none' }}
      >
        {(Object.keys(OUTLINES) as OutlineKind[])
          .filter((k) => kinds.has(k))
          .map((k) => {
            const o = OUTLINES[k];
            return (
              <Box component="li" key={k} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                <Box
                  aria-hidden
                  sx={{ width: 14, height: 10, border: `2px ${o.style} ${o.colour}`, bgcolor: `${o.colour}22` }}
                />
                <Typography variant="body2">{o.label}</Typography>
              </Box>
            );
          })}
      </Box>
      {problems.length > 0 ? (
        <Box component="ul" aria-label="Marked in red" data-testid="layout-problems" sx={{ m: 0, pl: 2.5 }}>
          {problems.map((m) => (
            <Typography component="li" variant="body2" key={`${m.kind}-${m.label}-${m.box.x}-${m.box.y}`}>
              {m.label}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** The layout's boxes over a page drawn `widthPx` wide (an A4 page is 210 mm wide). */
export function LayoutOverlay({ layout, widthPx }: { layout: LetterLayout; widthPx: number }) {
  const scale = widthPx / 210;
  return (
    <Box
      data-testid="layout-overlay"
      role="group"
      aria-label="Outline of the address window on page 1"
      sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
    >
      {layoutMarks(layout).map(({ kind, box, label }) => {
        const o = OUTLINES[kind];
        const red = o.colour === RED;
        return (
          <Box
            key={`${kind}-${label}-${box.x}-${box.y}-${box.width}-${box.height}`}
            role="img"
            aria-label={label}
            title={label}
            data-kind={kind}
            data-colour={o.colour}
            sx={{
              position: 'absolute',
              left: box.x * scale,
              top: box.y * scale,
              width: box.width * scale,
              height: box.height * scale,
              border: `${kind === 'line' ? 1 : 2}px ${o.style} ${o.colour}`,
              bgcolor: kind === 'window' || kind === 'line' ? 'transparent' : `${o.colour}${red ? '40' : '22'}`,
            }}
          />
        );
      })}
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
