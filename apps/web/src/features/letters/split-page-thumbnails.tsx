import Box from '@mui/material/Box';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { usePdfDocument as loadPdf, type PdfState } from './pdf-document';

export type { PdfState };

/** The PDF at `url`, loaded once by pdf.js for the page thumbnails. */
export function usePdfDocument(url: string): PdfState {
  return loadPdf(url, 'split review');
}

/** Width of a page thumbnail in CSS pixels; the height follows the page's shape. */
export const THUMB_WIDTH = 112;

/**
 * One page drawn small, once it scrolls into view (a long merged file draws only what is seen).
 * Until then, and when pdf.js cannot draw it, a blank sheet of the same size holds its place.
 */
export function PageThumbnail({ doc, page, label }: { doc: PDFDocumentProxy | null; page: number; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const target = canvas.current;
    if (visible || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!doc || !visible) return;
    let task: RenderTask | null = null;
    let live = true;
    void doc.getPage(page).then((p) => {
      const target = canvas.current;
      if (!live || !target) return;
      const base = p.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: (THUMB_WIDTH / base.width) * ratio });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      target.style.height = `${Math.floor(viewport.height / ratio)}px`;
      task = p.render({ canvas: target, viewport });
      task.promise.then(
        () => {
          if (live) setDrawn(true);
        },
        (error: unknown) => {
          if (live && (error as { name?: string })?.name !== 'RenderingCancelledException')
            console.warn('split review: a page could not be drawn', error);
        },
      );
    });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, page, visible]);

  return (
    <Box
      component="canvas"
      ref={canvas}
      role="img"
      aria-label={label}
      data-drawn={drawn ? 'true' : 'false'}
      sx={{
        display: 'block',
        width: THUMB_WIDTH,
        height: Math.round(THUMB_WIDTH * Math.SQRT2),
        bgcolor: '#fff',
        boxShadow: '0 1px 3px rgba(0,0,0,0.25)',
      }}
    />
  );
}
