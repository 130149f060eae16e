import Box from '@mui/material/Box';
import { getDocument, type PDFDocumentLoadingTask, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import { type RefObject, useEffect, useRef, useState } from 'react';
// The app's pdf.js set-up (the worker from our own build), shared with the letter preview.
import '../letters/pdf-document';
import type { PdfState } from '../letters/pdf-document';

/**
 * The PDF in `blob`, loaded by pdf.js from its bytes. The bytes are a copy: pdf.js hands its buffer
 * to the worker, and the blob stays whole (for a download). `what` names the screen in the console.
 */
export function useBlobPdf(blob: Blob | undefined, what: string): PdfState {
  const [loaded, setLoaded] = useState<PdfState>({ state: 'loading' });
  useEffect(() => {
    if (!blob) return;
    setLoaded({ state: 'loading' });
    let live = true;
    let task: PDFDocumentLoadingTask | null = null;
    const failed = (error: unknown) => {
      if (!live) return;
      console.warn(`${what}: the document could not be loaded`, error);
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
  }, [blob, what]);
  return loaded;
}

/** The width available to an element, followed as the window (or a phone's orientation) changes. */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
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

export interface PdfPageCanvasProps {
  doc: PDFDocumentProxy;
  /** The page drawn, from 1. */
  page: number;
  /** The canvas's accessible name. */
  label: string;
  /** The widest the page is drawn, in CSS pixels. */
  maxWidth: number;
  /**
   * When given, the page also fits a frame this many times as tall as it is wide (a letterhead's
   * 841/595): a page taller than the frame is drawn narrower.
   */
  frameRatio?: number;
  /** Names the screen in the console when a page cannot be drawn. */
  what: string;
}

/** One page drawn on a canvas as wide as the space allows (up to `maxWidth`), sharp on high-density screens. */
export function PdfPageCanvas({ doc, page, label, maxWidth, frameRatio, what }: PdfPageCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const available = useElementWidth(box);
  // Widths are rounded to 40 px steps so a small resize does not redraw the page.
  const width = Math.min(Math.floor((available || 800) / 40) * 40 || 280, maxWidth);
  const [drawn, setDrawn] = useState(0);

  useEffect(() => {
    let task: RenderTask | null = null;
    let live = true;
    void doc.getPage(page).then((p) => {
      const target = canvas.current;
      if (!live || !target) return;
      const base = p.getViewport({ scale: 1 });
      const scale = frameRatio ? Math.min(width / base.width, (width * frameRatio) / base.height) : width / base.width;
      const viewport = p.getViewport({ scale });
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
            console.warn(`${what}: a page could not be drawn`, error);
        },
      );
    });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, page, width, frameRatio, what]);

  return (
    <Box ref={box} sx={{ display: 'flex', justifyContent: 'center', width: '100%' }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-page={drawn}
        style={{ background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,0.2)', maxWidth: '100%', height: 'auto' }}
      />
    </Box>
  );
}
